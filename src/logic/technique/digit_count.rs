//! Digit count: a clue saying how many of some cells hold a digit (a pair of a look-and-say
//! clue), read as a solver reads it: once as many of the cells as the count hold the digit,
//! the others lose it; once only as many can still hold it, they all do. The count is the
//! IR's sum of one flag per cell, "the cell holds the digit" (`ir/lower/look_and_say.rs`);
//! gated sums would see these sums by their range, later in the ladder, and still catch a
//! count that no longer fits (a contradiction, which this technique leaves to them).

use super::Technique;
use crate::ir::{Literal, Placement, Relation};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// "Exactly `count` of `cells` hold `digit`", read off a gated sum.
struct Count<'a> {
    cells: Vec<Cell>,
    digit: Digit,
    count: usize,
    origin: &'a str,
}

/// The first count that places its digit or removes it.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.gated.iter().filter_map(|sum| read(board, sum)).find_map(|count| count.step(state))
}

/// The count `sum` states, when it is one: an equality over flags counted once each, every
/// flag defined as one placement of the same digit.
fn read<'a>(board: &Board, sum: &'a GatedSum) -> Option<Count<'a>> {
    if sum.relation != Relation::Equal || sum.terms.is_empty() {
        return None;
    }
    let mut placements = sum.terms.iter().map(|term| {
        let flag = term.gate.filter(|_| term.cell.is_none() && term.coefficient == 1)?;
        match board.flags[flag.index()].any_of[..] {
            [ref all] => match all[..] {
                [Literal::Placement(placement, true)] => Some(placement),
                _ => None,
            },
            _ => None,
        }
    });
    let first: Placement = placements.next()??;
    let mut cells = vec![first.cell];
    for placement in placements {
        let placement = placement.filter(|p| p.digit == first.digit)?;
        cells.push(placement.cell);
    }
    let count = usize::try_from(sum.bound).ok()?;
    Some(Count { cells, digit: first.digit, count, origin: sum.origin })
}

impl Count<'_> {
    /// The step the count gives in `state`, if any.
    fn step(&self, state: &State) -> Option<Step> {
        let digit = self.digit;
        let holding: Vec<Cell> = self
            .cells
            .iter()
            .copied()
            .filter(|&c| state.get(c) == DigitSet::single(digit))
            .collect();
        let open: Vec<Cell> = self
            .cells
            .iter()
            .copied()
            .filter(|&c| state.get(c).contains(digit) && !holding.contains(&c))
            .collect();
        if open.is_empty() {
            return None;
        }
        let clue = format!(
            "the {} clue over {} counts {} of the digit {digit:?}",
            self.origin,
            cell_list(&self.cells),
            self.count
        );
        let mut step = if holding.len() == self.count {
            let reason = match holding.len() {
                0 => format!("{clue}: none of them holds it"),
                _ => format!("{clue}, already in {}", cell_list(&holding)),
            };
            let mut step = Step::new(Technique::DigitCount, reason);
            step.eliminations = open.iter().map(|&c| Placement::new(c, digit)).collect();
            step
        } else if holding.len() + open.len() == self.count {
            let reason =
                format!("{clue}, and only {} can hold it", cell_list(&self.cells_of(state)));
            let mut step = Step::new(Technique::DigitCount, reason);
            step.placements = open.iter().map(|&c| Placement::new(c, digit)).collect();
            step
        } else {
            return None;
        };
        step.cells = self.cells.clone();
        step.digits.insert(digit);
        Some(step)
    }

    /// The cells that can still hold the digit.
    fn cells_of(&self, state: &State) -> Vec<Cell> {
        self.cells.iter().copied().filter(|&c| state.get(c).contains(self.digit)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;
    use crate::ir::Ir;

    fn first_step(text: &str) -> Option<Step> {
        let puzzle: Puzzle = text.parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, puzzle.givens()).unwrap();
        find(&board, &state)
    }

    #[test]
    fn a_count_met_removes_the_digit_from_the_other_cells() {
        // One 1 among r1c1, r1c2, r2c3: r1c1 holds it, so r1c2 and r2c3 do not.
        let step = first_step("look-and-say: 11 r1c1 r1c2 r2c3\ngivens:\n1...\n....\n....\n....")
            .expect("r1c1 meets the count");
        assert_eq!(step.technique(), Technique::DigitCount);
        assert_eq!(step.effect(), "r2c3≠1");
        assert!(step.to_string().contains("counts 1 of the digit 1, already in r1c1"), "{step}");
    }

    #[test]
    fn a_count_with_as_many_places_left_fills_them() {
        // Two 2s among r1c1, r2c3, r3c1: r3c1 cannot hold 2 (r3c2 does), so r1c1 and r2c3 do.
        let step = first_step("look-and-say: 22 r1c1 r2c3 r3c1\ngivens:\n....\n....\n.2..\n....")
            .expect("two places left for two 2s");
        assert_eq!(step.effect(), "r1c1=2; r2c3=2");
        assert!(step.to_string().contains("only r1c1,r2c3 can hold it"), "{step}");
    }
}
