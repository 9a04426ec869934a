//! Gated sums, the `support` technique for sums that read flags (sandwiches, X-sums,
//! skyscrapers): a candidate goes when, with it in its cell, the sum can no longer reach its
//! bound, judged by the range its terms span with every flag in three values (settled by the
//! candidates, or unknown). The same range check the search engines prune with, so these
//! clues take part in a logical solve without a technique of their own.

use super::Technique;
use crate::ir::{Placement, flag_states, linear_reachable};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list};
use crate::model::digit::DigitSet;

/// The out-of-range candidates of the first gated sum that has some.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.gated.iter().find_map(|sum| {
        let eliminations = out_of_range(board, sum, state);
        if eliminations.is_empty() {
            return None;
        }
        let reason = format!(
            "the {} over {} cannot reach its total with it",
            sum.origin,
            cell_list(&sum.cells)
        );
        let mut step = Step::new(Technique::Support, reason);
        step.eliminations = eliminations;
        step.cells = sum.cells.clone();
        Some(step)
    })
}

/// The candidates of `sum`'s cells that put it out of range.
fn out_of_range(board: &Board, sum: &GatedSum, state: &State) -> Vec<Placement> {
    let mut eliminations = Vec::new();
    for &cell in &sum.cells {
        for digit in state.get(cell).iter() {
            let candidates_of = |c| if c == cell { DigitSet::single(digit) } else { state.get(c) };
            let flags = flag_states(&board.flags, candidates_of);
            if !linear_reachable(&sum.terms, sum.relation, sum.bound, candidates_of, &flags) {
                eliminations.push(Placement::new(cell, digit));
            }
        }
    }
    eliminations
}

#[cfg(test)]
mod tests {
    use super::super::Finder;
    use super::super::test_util::assert_sound;

    #[test]
    fn gated_sums_are_sound_and_fire_on_sandwiches_x_sums_and_skyscrapers() {
        assert_sound(Finder::GatedSum);
    }
}
