//! Hidden subsets: k digits whose places in a house are k cells between them fill those cells,
//! which lose every other candidate. Pairs cost 3.4, triples 4.0, quads 5.4.

use super::{Technique, combination};
use crate::ir::Placement;
use crate::logic::board::{Board, House};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list, digit_list};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// The first hidden subset of `size` digits that removes something.
pub(super) fn find(board: &Board, state: &State, size: usize) -> Option<Step> {
    for house in board.houses.iter().filter(|h| h.full) {
        // For each digit with 2..=size places, the bitmask of its places among the house's cells.
        let places: Vec<(Digit, u64)> = (0..board.geometry.digits())
            .map(Digit::from_index)
            .map(|d| (d, mask(state, &house.cells, d)))
            .filter(|(_, m)| (2..=size as u32).contains(&m.count_ones()))
            .collect();
        let found = combination::first(&places, size, &mut |digits, union| {
            step(state, house, digits, union)
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The places of `digit` among `cells`, bit i for `cells[i]`.
fn mask(state: &State, cells: &[Cell], digit: Digit) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter(|(_, c)| state.allows(Placement::new(**c, digit)))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// The step of a hidden subset, when its cells hold other candidates.
fn step(state: &State, house: &House, digits: &[Digit], places: u64) -> Option<Step> {
    let digits: DigitSet = digits.iter().copied().collect();
    let cells: Vec<Cell> = house
        .cells
        .iter()
        .enumerate()
        .filter(|(i, _)| places >> i & 1 == 1)
        .map(|(_, &c)| c)
        .collect();
    let eliminations: Vec<Placement> = cells
        .iter()
        .flat_map(|&c| state.get(c).difference(digits).iter().map(move |d| Placement::new(c, d)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let technique =
        [Technique::HiddenPair, Technique::HiddenTriple, Technique::HiddenQuad][digits.len() - 2];
    let reason = format!(
        "{} {}: the only places for them in {} are {}",
        technique.name(),
        digit_list(digits),
        house.name,
        cell_list(&cells)
    );
    let mut step = Step::new(technique, reason);
    step.eliminations = eliminations;
    step.cells = cells;
    step.digits = digits;
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn hidden_subsets_are_sound() {
        for size in 2..=4 {
            test_util::assert_sound(Finder::HiddenSubset(size));
        }
    }
}
