//! Sum neighbours: a cell outside a sum that a rule ties to two of its cells or more (a
//! modular or entropic line running on from a cage, an anti-king neighbour touching two of its
//! cells), searched with the sum: a candidate of the cell, or of the sum, goes when no fill of
//! the sum and the cell together uses it, digits different wherever a house or a rule says so.
//! It is the step a solver takes by reading a cage with the line through it: "r5c9, r6c9 and
//! r7c9 are three cells of a modular line, one of each remainder, so r6c9+r7c9 is a multiple
//! of 3 less r5c9, and the 16 cage r6c8,r6c9,r7c9 needs r6c8 one more than r5c9 modulo 3; r6c8
//! has no 1, 4 or 7, so r5c9 is no 9".
//!
//! The search is the sums' ([`super::fill`]) with the cell counted in no total; it gives up
//! after [`BUDGET`] nodes a question, when the candidate stays. Sums of the rule of 45 are
//! left out (their neighbours are the cages').

use super::Technique;
use super::fill::Fills;
use crate::ir::Relation;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list};
use crate::model::geometry::Cell;

/// The nodes one question may visit before the search gives up.
const BUDGET: usize = 20_000;

/// A cell outside a sum that rules tie to two of the sum's cells or more.
#[derive(Clone, Debug)]
pub(crate) struct Neighbour {
    /// The sum (an index into [`Board::linears`]).
    sum: usize,
    /// The cell.
    cell: Cell,
    /// The sum's cells it is tied to.
    tied: Vec<Cell>,
    /// The rules that tie it, as a solver names them (`modular line`, `anti-king`).
    rules: Vec<&'static str>,
}

impl Neighbour {
    /// Every neighbour of every sum of the puzzle's own (an equality), sum by sum, cells in
    /// reading order.
    pub(crate) fn all(board: &Board) -> Vec<Neighbour> {
        let sums = (board.linears.iter().enumerate())
            .filter(|(_, linear)| !linear.derived && linear.relation == Relation::Equal);
        let mut all = Vec::new();
        for (sum, linear) in sums {
            let cells = linear.cells();
            for cell in board.geometry.cells().filter(|cell| !cells.contains(cell)) {
                let ties: Vec<(Cell, &'static str)> = (cells.iter())
                    .filter_map(|&other| rule_between(board, cell, other).map(|r| (other, r)))
                    .collect();
                if ties.len() < 2 {
                    continue;
                }
                let mut rules: Vec<&'static str> = Vec::new();
                for &(_, rule) in &ties {
                    let named = crate::logic::line::family(rule).unwrap_or(rule);
                    if !rules.contains(&named) {
                        rules.push(named);
                    }
                }
                let tied = ties.into_iter().map(|(other, _)| other).collect();
                all.push(Neighbour { sum, cell, tied, rules });
            }
        }
        all
    }
}

/// A rule whose `Exclude` pairs tie some digit of `a` to some digit of `b`, if one does.
fn rule_between(board: &Board, a: Cell, b: Cell) -> Option<&'static str> {
    let digits = (0..board.geometry.digits()).map(crate::model::digit::Digit::from_index);
    digits
        .flat_map(|digit| &board.excluded_by[board.geometry.slot(a, digit)])
        .find(|(placement, _)| placement.cell == b)
        .map(|&(_, rule)| rule)
}

/// The first sum and neighbour, in the order of [`Neighbour::all`], whose search together
/// removes a candidate; skipped when the neighbour is placed (its digit already left the sum's
/// cells what it excludes).
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.sum_neighbours().iter().enumerate().find_map(|(index, neighbour)| {
        if state.is_placed(board, neighbour.cell) {
            return None;
        }
        let linear = &board.linears[neighbour.sum];
        let fills = Fills::of_sum(board, state, linear, BUDGET).with_cell(neighbour.cell);
        let eliminations = board
            .sum_neighbour_eliminations
            .get_or_find(index, &fills.sets, || fills.unsupported(Vec::new()).0);
        if eliminations.is_empty() {
            return None;
        }
        let reason = format!(
            "no fill of {} and {:?} together uses it, {:?} being tied to {} by the {}",
            linear.name,
            neighbour.cell,
            neighbour.cell,
            cell_list(&neighbour.tied),
            neighbour.rules.join(" and the ")
        );
        Some(fills.step(Technique::SumNeighbour, reason, eliminations))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Placement;
    use crate::logic::technique::{Finder, test_util};
    use crate::model::digit::Digit;

    #[test]
    fn a_modular_line_through_two_cells_of_a_cage_ties_the_remainder_of_its_third_cell() {
        // r1c1..r1c3 run along a modular line (one of each remainder: they add up to a
        // multiple of 3), and r1c2,r1c3 are two cells of the 12 cage r1c2,r1c3,r2c3: so
        // r2c3 ≡ 12 − (r1c2 + r1c3) ≡ r1c1 (mod 3). Row 2's givens 1, 4 and 7 leave r2c3 no
        // digit of remainder 1, so r1c1 has none either.
        let text = format!(
            "modular: r1c1 r1c2 r1c3\ncage: 12 r1c2 r1c3 r2c3\n{}......147{}",
            ".".repeat(9),
            ".".repeat(63)
        );
        let puzzle: crate::Puzzle = text.parse().expect("a puzzle");
        let ir = crate::ir::Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, puzzle.givens()).expect("no contradiction");
        let one = Placement::new(Cell::new(0, 0), Digit::from_index(0));
        let removed_by = test_util::removed_by(&board, state, one, Finder::SumNeighbour)
            .map(|step| step.to_string());
        assert_eq!(
            removed_by.as_deref(),
            Some(
                "r1c1≠1,4,7: no fill of the 12 cage r1c2,r1c3,r2c3 and r1c1 together uses it, \
                 r1c1 being tied to r1c2,r1c3 by the modular line"
            )
        );
    }

    #[test]
    fn sum_neighbours_are_sound() {
        test_util::assert_sound(Finder::SumNeighbour);
    }
}
