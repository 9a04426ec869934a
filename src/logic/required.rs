//! Digits a line, cage or table must hold, read as houses for chains: a 6×6 renban of four
//! cells always holds 3 and 4, a 10 cage of four cells 1, 2, 3 and 4, so when a chain leaves 3
//! one place on the renban it goes there ("the only place for 3 on the renban ..."), and when
//! it leaves none the chain has met a contradiction, as with a digit in a row. The digits are
//! those every fill holds at a state (the lines' whole-line search, [`super::technique::fill`],
//! a cage's combinations, a table's tuples), each with its places (two or more) there; like
//! the rest of [`super::rule_links`], true at that state and after any sound removal.

use super::board::Board;
use super::rule_links::Source;
use super::state::State;
use super::technique::fill::Fills;
use crate::ir::Placement;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// A digit that a line, cage or table holds in every fill, with its places.
#[derive(Debug)]
pub(crate) struct Required {
    /// The digit.
    pub digit: Digit,
    /// Its places (slots), two or more: one of them holds it.
    pub slots: Vec<u32>,
    /// The line, cage or table that holds it.
    pub source: Source,
}

/// The digits every line, cage and table holds at one state.
#[derive(Debug, Default)]
pub(crate) struct Requirements {
    /// Each digit with its places, once for each set of places.
    pub groups: Vec<Required>,
    /// Per slot: the groups it is a place of (indices into `groups`).
    pub of: Vec<Vec<u32>>,
}

impl Requirements {
    /// The digits every line, cage and table of `board` holds at `state`, each with two or
    /// more places.
    pub fn derive(board: &Board, state: &State) -> Requirements {
        let mut groups = Vec::new();
        let mut add = |cells: &[Cell], digits: DigitSet, source: Source| {
            for digit in digits.iter() {
                let places = cells.iter().filter(|&&c| state.get(c).contains(digit));
                let slots: Vec<u32> =
                    places.map(|&c| board.slot(Placement::new(c, digit)) as u32).collect();
                if slots.len() >= 2 {
                    groups.push(Required { digit, slots, source });
                }
            }
        };
        for (index, line) in board.lines.iter().enumerate() {
            if line.cells.iter().all(|&cell| state.is_placed(board, cell)) {
                continue;
            }
            let fills = Fills::of_line(board, state, index, super::technique::line_fill::BUDGET);
            let found = fills.found(&board.line_memo, index);
            add(&line.cells, found.in_every_fill, Source::Line(index));
        }
        for (index, table) in board.tables.iter().enumerate().filter(|(_, t)| t.line.is_none()) {
            add(
                &table.cells,
                in_every_tuple(state, &table.cells, &table.tuples),
                Source::Table(index),
            );
        }
        for (index, sum) in board.linears.iter().enumerate() {
            let Some(cells) = super::rule_links::cage_cells(board, sum) else { continue };
            let Some(sets) = super::rule_links::combinations(state, &cells, sum.bound) else {
                continue;
            };
            let every = sets
                .iter()
                .fold(DigitSet::full(board.geometry.digits()), |all, &s| all.intersection(s));
            add(&cells, every, Source::Sum(index));
        }
        groups.sort_by(|a, b| a.slots.cmp(&b.slots));
        groups.dedup_by(|a, b| a.slots == b.slots);
        let mut of = vec![Vec::new(); board.geometry.slot_count()];
        for (index, group) in groups.iter().enumerate() {
            for &slot in &group.slots {
                of[slot as usize].push(index as u32);
            }
        }
        Requirements { groups, of }
    }
}

/// The digits every tuple of `tuples` over `cells` holds, among those the state's candidates
/// allow; none when no tuple is allowed.
fn in_every_tuple(state: &State, cells: &[Cell], tuples: &[Vec<Digit>]) -> DigitSet {
    let allowed = |tuple: &&Vec<Digit>| {
        cells.iter().zip(tuple.iter()).all(|(&c, &d)| state.get(c).contains(d))
    };
    let sets =
        tuples.iter().filter(allowed).map(|tuple| tuple.iter().copied().collect::<DigitSet>());
    sets.reduce(|all, set| all.intersection(set)).unwrap_or(DigitSet::EMPTY)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::test_util;

    #[test]
    fn every_required_digit_is_in_one_of_its_places_in_the_solution() {
        let mut groups = 0;
        let mut sources = std::collections::HashSet::new();
        for (board, states, solution) in test_util::states() {
            for state in states {
                let requirements = super::Requirements::derive(board, state);
                for group in &requirements.groups {
                    let held = group.slots.iter().any(|&slot| {
                        let p = board.placement(slot as usize);
                        solution.get(p.cell) == Some(p.digit)
                    });
                    assert!(held, "{} not on {}", group.digit, group.source.describe(board));
                    sources.insert(std::mem::discriminant(&group.source));
                    groups += 1;
                }
            }
        }
        assert!(groups > 100 && sources.len() >= 2, "{groups} groups of {} kinds", sources.len());
    }
}
