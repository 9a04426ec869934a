//! Sum pairs: two sums crossing houses (little killers, arrows, the rule of 45's sums with
//! coefficients) that meet in a house, searched together: a candidate of the first goes when
//! every fill of the first using it leaves the second no fill, the second's digits different
//! from the first's wherever two cells share a house ("with r7c6=3 the 42 diagonal needs 22
//! from r4c9,r5c8,r6c7, which leaves the 47 diagonal no 6 or 7 in box 6"). Cages wholly inside
//! a house, searched together, are [`super::house_sums`]'s.
//!
//! The first sum's fills are listed whole ([`Fills::every`], at most [`MOST_FILLS`]; a sum
//! with more is passed over); each restricts the second's candidates, whose search gives up
//! after [`BUDGET`] nodes (the fill then stays).

use super::Technique;
use super::fill::{Answer, Fills};
use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// The nodes one search may visit.
const BUDGET: usize = 100_000;

/// The most fills of the first sum the pair is tried with.
const MOST_FILLS: usize = 5_000;

/// A crossing sum and the crossing sums it meets (indices into [`Board::linears`]), with the
/// cells of them all: the pairs' answers depend on those cells' candidates alone.
#[derive(Clone, Debug)]
pub(crate) struct Meeting {
    first: usize,
    seconds: Vec<usize>,
    cells: Vec<Cell>,
}

impl Meeting {
    /// Per crossing sum that meets another, in order, its meeting.
    pub(crate) fn all(board: &Board) -> Vec<Meeting> {
        let crossing: Vec<(usize, &Linear)> = board.crossing_sums().collect();
        let meeting = |&(first, linear): &(usize, &Linear)| {
            let seconds: Vec<usize> = (crossing.iter())
                .filter(|&&(j, second)| j != first && meet(board, linear, second))
                .map(|&(j, _)| j)
                .collect();
            let cells =
                (seconds.iter()).fold(linear.cells(), |cells, &j| joined(cells, &board.linears[j]));
            (!seconds.is_empty()).then_some(Meeting { first, seconds, cells })
        };
        crossing.iter().filter_map(meeting).collect()
    }
}

/// The first pair of crossing sums meeting in a house whose first sum loses a candidate;
/// each sum's pairs are remembered by the candidates of its meeting's cells.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.sum_meetings().iter().find_map(|meeting| {
        let sets: Vec<DigitSet> = meeting.cells.iter().map(|&cell| state.get(cell)).collect();
        let first = &board.linears[meeting.first];
        let found = board.sum_pair_steps.get_or_find(meeting.first, &sets, || {
            // The first sum's fills, once for all the sums it meets.
            let fills = Fills::of_sum(board, state, first, BUDGET);
            let every = fills.every_remembered(&board.sum_fill_lists, meeting.first, MOST_FILLS)?;
            let first = (meeting.first, &fills, &every[..]);
            meeting.seconds.iter().find_map(|&second| pair(board, state, first, second))
        });
        let (second, eliminations) = found?;
        let second = &board.linears[second];
        let reason = format!(
            "no fill of {} with it leaves {} a fill of different digits",
            first.name, second.name
        );
        let mut step = Step::new(Technique::SumPair, reason);
        step.eliminations = eliminations;
        step.cells = joined(first.cells(), second);
        Some(step)
    })
}

/// `cells`, then the cells of `sum` not among them.
fn joined(mut cells: Vec<Cell>, sum: &Linear) -> Vec<Cell> {
    for cell in sum.cells() {
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// Whether a cell of `a` is a cell of `b` or shares a house with one.
fn meet(board: &Board, a: &Linear, b: &Linear) -> bool {
    let (a, b) = (a.cells(), b.cells());
    a.iter().any(|&x| b.iter().any(|&y| x == y || board.share_house(x, y)))
}

/// Sum `second` and the candidates of `first` (sum `i`, its fills, and every one of them)
/// that no fill of it leaving `second` a fill uses, if there are some; remembered by the two
/// sums' candidates, on which alone they depend.
fn pair(
    board: &Board,
    state: &State,
    (i, fills, every): (usize, &Fills, &[Vec<Digit>]),
    second: usize,
) -> Option<(usize, Vec<Placement>)> {
    let linear = &board.linears[second];
    let mut sets = fills.sets.clone();
    sets.extend(linear.terms.iter().map(|&(cell, _)| state.get(cell)));
    let eliminations = board.sum_pair_eliminations.get_or_find((i, second), &sets, || {
        let others = Fills::of_sum(board, state, linear, BUDGET);
        unsupported(board, fills, every, &others)
    });
    (!eliminations.is_empty()).then_some((second, eliminations))
}

/// The candidates of the first sum (`fills`, `every` one of them) that no fill leaving the
/// second (`others`) a fill uses; none when the first has no fill.
fn unsupported(
    board: &Board,
    fills: &Fills,
    every: &[Vec<Digit>],
    others: &Fills,
) -> Vec<Placement> {
    if every.is_empty() {
        return Vec::new();
    }
    let mut supported = vec![DigitSet::EMPTY; fills.cells.len()];
    for fill in every {
        let new = fill.iter().zip(&supported).any(|(&digit, set)| !set.contains(digit));
        if new && !matches!(others.search(&others_with(board, fills, others, fill)), Answer::None) {
            fill.iter().zip(&mut supported).for_each(|(&digit, set)| set.insert(digit));
        }
    }
    let candidates = fills.cells.iter().zip(&fills.sets).zip(&supported);
    candidates
        .flat_map(|((&cell, set), kept)| {
            set.difference(*kept).iter().map(move |digit| Placement::new(cell, digit))
        })
        .collect()
}

/// The second sum's candidates once the first holds `fill`: a cell of both holds the first's
/// digit, a cell sharing a house with a cell of the first loses that cell's digit.
fn others_with(board: &Board, fills: &Fills, others: &Fills, fill: &[Digit]) -> Vec<DigitSet> {
    let candidates = others.cells.iter().zip(&others.sets);
    candidates
        .map(|(&cell, &set)| {
            fills.cells.iter().zip(fill).fold(set, |set, (&placed, &digit)| {
                if placed == cell {
                    set.intersection(DigitSet::single(digit))
                } else if board.share_house(placed, cell) {
                    set.difference(DigitSet::single(digit))
                } else {
                    set
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::{Finder, test_util};
    use crate::model::geometry::Cell;

    #[test]
    fn the_42_diagonal_loses_3_in_box_8_to_the_47_diagonal() {
        // The 47 diagonal holds 8, 9 and one of 6 and 7 in box 6; with r7c6=3 the 42 diagonal
        // needs 22 from r4c9,r5c8,r6c7 (9+7+6), which leaves the 47 none of 6 and 7 there.
        let (board, state) = test_util::start(
            "little-killer: 47 r1c4 r2c5 r3c6 r4c7 r5c8 r6c9\n\
             little-killer: 42 r9c4 r8c5 r7c6 r6c7 r5c8 r4c9",
        );
        let three = Placement::new(Cell::new(6, 5), Digit::from_index(2));
        let removed_by = test_util::removed_by(&board, state, three, Finder::SumPairs)
            .map(|step| step.technique);
        assert_eq!(removed_by, Some(Technique::SumPair));
    }

    #[test]
    fn sum_pairs_are_sound() {
        test_util::assert_sound(Finder::SumPairs);
    }
}
