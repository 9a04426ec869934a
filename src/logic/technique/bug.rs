//! BUG+1 (bivalue universal grave plus one), a uniqueness technique: when every open cell but
//! one holds two candidates and that one holds three, and removing one digit d from it would
//! leave each digit with zero or two places in every house, the cell is d (cost 5.6).
//!
//! Why: in such a grave every open cell holds two candidates and every house has each of its
//! missing digits in exactly two cells, so turning every open cell to its other candidate turns
//! any solution into a second one (each missing digit moves to its other place in each house).
//! If the cell were not d, the grave would have a solution, hence two. That needs every house to
//! be full and no exclusion, table, sum or linear constraint on an open cell; it applies only
//! when [`Board::unique`] says the puzzle is known to have one solution.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// The BUG+1 placement, when the grid is one candidate away from a grave.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    if !board.unique {
        return None;
    }
    let geometry = board.geometry;
    let open: Vec<Cell> = geometry.cells().filter(|&c| !state.is_placed(board, c)).collect();
    let mut three = open.iter().copied().filter(|&c| state.get(c).len() != 2);
    let (Some(cell), None) = (three.next(), three.next()) else { return None };
    if state.get(cell).len() != 3 || !open.iter().all(|&c| free(board, state, c)) {
        return None;
    }
    let digit =
        state.get(cell).iter().find(|&d| grave_without(board, state, Placement::new(cell, d)))?;
    let reason = format!(
        "bug+1: every other open cell holds two candidates; without {digit}, {cell:?} would leave each digit two places in each house, and the puzzle two solutions"
    );
    let mut step = Step::new(Technique::Bug, reason);
    step.placements.push(Placement::new(cell, digit));
    step.cells.push(cell);
    step.digits = state.get(cell);
    Some(step)
}

/// Whether only full houses hold `cell`, and no exclusion or relation involves its candidates.
fn free(board: &Board, state: &State, cell: Cell) -> bool {
    let index = board.geometry.index(cell);
    !board.in_relation[index]
        && board.houses_of[index].iter().all(|&h| board.houses[h].full)
        && state
            .get(cell)
            .iter()
            .all(|d| board.excluded_by[board.slot(Placement::new(cell, d))].is_empty())
}

/// Whether every digit has zero or two places in every house once `removed` is gone.
fn grave_without(board: &Board, state: &State, removed: Placement) -> bool {
    board.houses.iter().all(|house| {
        (0..board.geometry.digits()).map(Digit::from_index).all(|digit| {
            let places = house
                .cells
                .iter()
                .filter(|&&c| !state.is_placed(board, c))
                .filter(|&&c| {
                    Placement::new(c, digit) != removed && state.allows(Placement::new(c, digit))
                })
                .count();
            places == 0 || places == 2
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn bugs_are_sound() {
        test_util::assert_sound(Finder::Bug);
    }
}
