//! Hidden single: a digit with one place left in a house goes there. Boxes are looked at
//! first (cost 1.2), then rows, columns and the other houses (1.5), as Sudoku Explainer rates
//! them.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::geometry::HouseKind;

/// The first hidden single, boxes first.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let boxes = board.houses.iter().filter(|h| h.full && h.kind == Some(HouseKind::Box));
    let others = board.houses.iter().filter(|h| h.full && h.kind != Some(HouseKind::Box));
    for house in boxes.chain(others) {
        let (_, once) = state.house_digits(&house.cells);
        for digit in once.iter() {
            let cell = state.place_of(&house.cells, digit)?;
            if state.is_placed(board, cell) {
                continue;
            }
            let reason = format!("the only place for {digit} in {}", house.name);
            let placement = Placement::new(cell, digit);
            let mut step =
                Step::placing(Technique::HiddenSingle, reason, placement, house.cells.clone());
            if house.kind != Some(HouseKind::Box) {
                step.rating = 1.5;
            }
            return Some(step);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn hidden_singles_are_sound() {
        test_util::assert_sound(Finder::HiddenSingle);
    }
}
