//! Sum parts: a sum whose cells cross several houses (a little killer's diagonal through two
//! boxes, an arrow, the rule of 45's sums), and a house holding two or more of its cells: the
//! digits every fill of the sum puts among those cells leave the house's other cells ("the 47
//! diagonal r6c9-r1c4 holds 8 and 9 in box 2, and again in box 6"). A sum wholly inside one
//! house is [`super::sum_combination`]'s.
//!
//! The fills come from the sum search ([`super::fill`]), all of them: a sum with more than
//! [`MOST_FILLS`] fills, or whose search runs past [`BUDGET`] nodes, is passed over.

use super::Technique;
use super::fill::Fills;
use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent, digit_ranges};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// The nodes the search for a sum's fills may visit.
const BUDGET: usize = 20_000;

/// The most fills a sum may have to be read part by part.
const MOST_FILLS: usize = 256;

/// The first house whose part of a sum holds a digit in every fill that the house's other
/// cells still allow.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.crossing_sums().find_map(|(index, linear)| in_parts(board, state, index, linear))
}

/// The step of `linear`'s (sum `index`'s) first part that removes something.
fn in_parts(board: &Board, state: &State, index: usize, linear: &Linear) -> Option<Step> {
    let cells = linear.cells();
    let geometry = board.geometry;
    let mut houses: Vec<usize> = cells
        .iter()
        .flat_map(|&cell| board.houses_of[geometry.index(cell)].iter().copied())
        .collect();
    houses.sort_unstable();
    houses.dedup();
    let part = |house: usize| -> Vec<usize> {
        let holds = |cell: &Cell| board.houses[house].cells.contains(cell);
        (0..cells.len()).filter(|&i| holds(&cells[i])).collect()
    };
    let parted: Vec<(usize, Vec<usize>)> = houses
        .into_iter()
        .map(|house| (house, part(house)))
        .filter(|(_, part)| part.len() >= 2 && part.len() < cells.len())
        .collect();
    if parted.is_empty() {
        return None;
    }
    let fills = Fills::of_sum(board, state, linear, BUDGET);
    let every = fills.every_remembered(&board.sum_fill_lists, index, MOST_FILLS)?;
    if every.is_empty() {
        return None;
    }
    parted.iter().find_map(|(house, part)| {
        let held = |fill: &Vec<crate::model::digit::Digit>| -> DigitSet {
            part.iter().map(|&i| fill[i]).collect()
        };
        let always =
            every.iter().map(held).fold(DigitSet::full(geometry.digits()), DigitSet::intersection);
        let house = &board.houses[*house];
        let eliminations: Vec<Placement> = house
            .cells
            .iter()
            .filter(|cell| !cells.contains(cell))
            .flat_map(|&cell| {
                state.get(cell).intersection(always).iter().map(move |d| Placement::new(cell, d))
            })
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let lost: DigitSet = eliminations.iter().map(|p| p.digit).collect();
        let part_cells: Vec<Cell> = part.iter().map(|&i| cells[i]).collect();
        let reason = format!(
            "every fill of {} has {} in {} ({}), which the rest of {} loses",
            linear.name,
            digit_ranges(lost),
            house.name,
            cell_extent(&part_cells),
            house.name
        );
        let technique = if linear.derived { Technique::RuleOf45 } else { Technique::Combination };
        Some(fills.step(technique, reason, eliminations))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn a_diagonal_of_47_through_two_boxes_holds_8_and_9_in_each() {
        // At the start every fill is 689 or 789 in each box: 8 and 9 leave box 2's other cells.
        let (board, state) = test_util::start("little-killer: 47 r1c4 r2c5 r3c6 r4c7 r5c8 r6c9");
        let step = find(&board, &state).expect("a step");
        assert_eq!(
            step.to_string(),
            "r1c5,r1c6,r2c4,r2c6,r3c4,r3c5≠8,9: every fill of the 47 little-killer \
             r1c4,r2c5,r3c6,r4c7,r5c8,r6c9 has 8,9 in box 2 (r1c4,r2c5,r3c6), which the rest of \
             box 2 loses"
        );
    }

    #[test]
    fn sum_parts_are_sound() {
        test_util::assert_sound(Finder::SumParts);
    }
}
