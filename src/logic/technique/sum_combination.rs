//! Sum combinations: a candidate of a sum's cell goes when no way of filling the sum's cells
//! uses it (digits from their candidates, different wherever two cells share a house or a
//! rule excludes the pair, adding up to the total); and a digit every way uses goes from the
//! cells that see all its places in the sum. For a killer cage these are the combinations a
//! solver lists ("16 in two cells is 7+9", "every combination of 6 in three cells has 1"); the
//! same search serves arrows, little killers, region sums and the rule of 45's innies and
//! outies ([`super::rule_of_45`]).
//!
//! The search ([`super::fill`], shared with lines) fills cells with fewer candidates first, cut
//! by the range the cells after it span, and gives up after [`BUDGET`] nodes a question, when
//! the candidate stays. Sums compared with `≤` or `≠` are left to the range check
//! ([`super::sum_bounds`]).

use super::Technique;
use super::fill::{Answer, Fills};
use crate::ir::Relation;
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::{Step, digit_list, digit_ranges};
use crate::model::digit::DigitSet;

/// The nodes one question may visit before the search gives up.
const BUDGET: usize = 20_000;

/// The first step of the puzzle's own sums (`derived` false: the `combination` technique) or
/// of the rule of 45's (`derived` true).
pub(super) fn find(board: &Board, state: &State, derived: bool) -> Option<Step> {
    let technique = if derived { Technique::RuleOf45 } else { Technique::Combination };
    board
        .linears
        .iter()
        .enumerate()
        .filter(|(_, linear)| linear.derived == derived && linear.relation == Relation::Equal)
        .find_map(|(index, linear)| {
            let sums = SumFills::new(board, state, linear);
            let fills = &sums.fills;
            let found = fills.found(&board.sum_memo, index);
            if !found.unsupported.is_empty() {
                let reason = match sums.what_fits() {
                    Some(fits) => format!("{} {fits}", linear.name),
                    None => format!("no fill of {} adds up with it", linear.name),
                };
                return Some(fills.step(technique, reason, found.unsupported.clone()));
            }
            let eliminations = fills.seen_by_every_place(&found);
            if eliminations.is_empty() {
                return None;
            }
            let digits =
                found.in_every_fill.intersection(eliminations.iter().map(|p| p.digit).collect());
            let (list, they) = match digits.len() {
                1 => (digit_ranges(digits), "it goes"),
                _ => (digit_ranges(digits), "they go"),
            };
            let reason = match sums.what_fits() {
                Some(fits) => format!(
                    "{} {fits}, so it holds {list}, which these cells see wherever {they}",
                    linear.name
                ),
                None => format!(
                    "every fill of {} has {list}, which these cells see wherever {they}",
                    linear.name
                ),
            };
            Some(fills.step(technique, reason, eliminations))
        })
}

/// What a solver says of a cage's `combinations`: `can only be 79`, `has the combinations
/// 159, 168 left`, `has 8 combinations left`.
pub(super) fn fits(combinations: &[DigitSet]) -> String {
    let combinations: Vec<String> = combinations.iter().map(|&set| digit_list(set)).collect();
    match combinations.as_slice() {
        [] => "has no combination left".to_string(),
        [only] => format!("can only be {only}"),
        many if many.len() <= 6 => format!("has the combinations {} left", many.join(", ")),
        many => format!("has {} combinations left", many.len()),
    }
}

/// A sum's fills, with what a solver says of them.
pub(super) struct SumFills<'a> {
    board: &'a Board,
    /// The fills of the sum's cells.
    pub fills: Fills<'a>,
    linear: &'a Linear,
}

impl<'a> SumFills<'a> {
    /// The fills of `linear` at `state`.
    pub fn new(board: &'a Board, state: &'a State, linear: &'a Linear) -> SumFills<'a> {
        SumFills { board, fills: Fills::of_sum(board, state, linear, BUDGET), linear }
    }

    /// What still fits, for the reason, when the sum is cage-like (cells all different, each
    /// counted once): its combinations (`can only be 79`, `has the combinations 159, 168
    /// left`); `None` for other sums.
    fn what_fits(&self) -> Option<String> {
        self.board.is_cage_like(self.linear).then(|| fits(&self.combinations()))
    }

    /// The digit sets of the cells' size adding up to the total that some fill uses whole.
    pub fn combinations(&self) -> Vec<DigitSet> {
        let all: DigitSet = self.fills.sets.iter().fold(DigitSet::EMPTY, |a, &b| a.union(b));
        let used = |set: DigitSet| {
            let sets: Vec<DigitSet> = self.fills.sets.iter().map(|s| s.intersection(set)).collect();
            !matches!(self.fills.search(&sets), Answer::None)
        };
        let (count, total) = (self.fills.sets.len(), self.linear.bound);
        super::fill::digit_sets(all, count, total, usize::MAX, &used).expect("no bound")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util::start;
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn a_two_cell_cage_of_16_can_only_be_7_and_9() {
        let (board, state) = start("cage: 16 r1c1 r1c2");
        let step = find(&board, &state, false).expect("a step");
        assert_eq!(step.eliminations.len(), 14);
        assert_eq!(step.to_string(), "r1c1,r1c2≠1–6,8: the 16 cage r1c1,r1c2 can only be 79");
    }

    #[test]
    fn a_digit_every_combination_has_leaves_the_cells_that_see_all_its_places() {
        // 6 in three cells of box 1 is 1+2+3: first the cage loses 4 to 9, then the rest of
        // box 1 loses 1 to 3, which every combination has (row 1 keeps them: r2c1 is not in it).
        let (board, mut state) = start("cage: 6 r1c1 r1c2 r2c1");
        let first = find(&board, &state, false).expect("a step");
        assert!(first.reason.ends_with("can only be 123"), "{first}");
        state.apply(&board, &first.placements, &first.eliminations).unwrap();
        let second = find(&board, &state, false).expect("a second step");
        assert_eq!(
            second.to_string(),
            "r1c3,r2c2,r2c3,r3c1,r3c2,r3c3≠1–3: the 6 cage r1c1,r1c2,r2c1 can only be 123, so it \
             holds 1–3, which these cells see wherever they go"
        );
    }

    #[test]
    fn combinations_are_sound() {
        test_util::assert_sound(Finder::SumCombination);
    }
}
