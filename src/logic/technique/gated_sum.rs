//! Gated sums, the `support` technique for sums that read flags (sandwiches, X-sums,
//! skyscrapers): a candidate goes when, with it in its cell, the sum can no longer reach its
//! bound, judged by the range its terms span with every flag in three values (settled by the
//! candidates, or unknown). The same range check the search engines prune with, so every
//! such sum takes part in a logical solve; the clues `outside_clue.rs` reads (sandwiches,
//! X-sums and skyscrapers on full rows and columns of grids up to 10×10) are left to it,
//! which decides them exactly, the sums of lines of equal totals to `equal_totals.rs`, those
//! of counting circles and differences-count lines to `counting.rs` and those of sum lines to
//! `sum_line.rs`, which read them whole (and would cost a flag evaluation per candidate of
//! each of their many sums here).

use super::{Technique, counting, equal_totals, outside_clue, sum_line};
use crate::ir::{Placement, flag_states_of, linear_reachable};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list};
use crate::model::digit::DigitSet;

/// The out-of-range candidates of the first gated sum that has some.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let left = |sum: &&GatedSum| {
        !outside_clue::reads(board, sum)
            && !equal_totals::reads(sum)
            && !counting::reads(sum)
            && !sum_line::reads(board, sum)
    };
    board.gated.iter().filter(left).find_map(|sum| {
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

/// The candidates of `sum`'s cells that put it out of range. The sum's flags are evaluated
/// once with the candidates, then, for each candidate, only those that depend on its cell.
fn out_of_range(board: &Board, sum: &GatedSum, state: &State) -> Vec<Placement> {
    let mut flags = vec![None; board.flags.len()];
    flag_states_of(&board.flags, &sum.flags, |c| state.get(c), &mut flags);
    let mut eliminations = Vec::new();
    for (&cell, touched) in sum.cells.iter().zip(&sum.touched) {
        for digit in state.get(cell).iter() {
            let candidates_of = |c| if c == cell { DigitSet::single(digit) } else { state.get(c) };
            let before: Vec<Option<bool>> = touched.iter().map(|f| flags[f.index()]).collect();
            flag_states_of(&board.flags, touched, candidates_of, &mut flags);
            if !linear_reachable(&sum.terms, sum.relation, sum.bound, candidates_of, &flags) {
                eliminations.push(Placement::new(cell, digit));
            }
            touched.iter().zip(before).for_each(|(f, state)| flags[f.index()] = state);
        }
    }
    eliminations
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{IrBuilder, Term};
    use crate::model::digit::Digit;
    use crate::model::geometry::{Cell, Geometry};
    use crate::model::grid::Grid;

    #[test]
    fn a_sum_that_reads_a_flag_loses_what_puts_it_out_of_range() {
        // On 4×4: r1c2 (counted when r1c1 is 4) plus r1c3 is 1, so r1c3 is 1 and r1c1 not 4.
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let mut builder = IrBuilder::new(geometry);
        let at = |column| Cell::new(0, column);
        let four = builder.flag_any([Placement::new(at(0), Digit::new(4).unwrap())]);
        let terms = [Term::gated(at(1), four, 1), Term::digit(at(2), 1)];
        builder.linear_terms(terms, crate::ir::Relation::Equal, 1);
        let ir = builder.build();
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, &Grid::empty(geometry)).unwrap();
        let step = find(&board, &state).expect("the range rules out r1c1=4 and r1c3>1");
        assert_eq!(step.effect(), "r1c3≠2,3; r1c1,r1c3≠4");
        assert!(step.to_string().contains("cannot reach its total"), "{step}");
    }
}
