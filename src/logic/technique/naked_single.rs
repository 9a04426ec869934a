//! Naked single: a cell with one candidate left holds it (cost 2.3).

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;

/// The first unplaced cell with one candidate.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let cell = board
        .geometry
        .cells()
        .find(|&cell| !state.is_placed(board, cell) && state.get(cell).len() == 1)?;
    let digit = state.get(cell).single_digit()?;
    let reason = format!("the only digit left in {cell:?}");
    Some(Step::placing(Technique::NakedSingle, reason, Placement::new(cell, digit), vec![cell]))
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn naked_singles_are_sound() {
        test_util::assert_sound(Finder::NakedSingle);
    }
}
