//! Naked subsets: k cells of a house whose candidates make k digits between them hold those
//! digits, which leave the house's other cells. Pairs cost 3.0, triples 3.6, quads 5.0.

use super::{Technique, combination};
use crate::ir::Placement;
use crate::logic::board::{Board, House};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list, digit_list};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// The first naked subset of `size` cells that removes something.
pub(super) fn find(board: &Board, state: &State, size: usize) -> Option<Step> {
    // Sound in any house (its cells all differ): the full houses, and the grid's rows,
    // columns, boxes, regions and diagonals, which are not full when the digits 1..=M
    // outnumber their cells.
    for house in board.houses.iter().filter(|h| h.full || h.kind.is_some()) {
        // Each open cell with 2..=size candidates, with its candidates as a bit mask.
        let open: Vec<(Cell, u64)> = house
            .cells
            .iter()
            .filter(|&&c| !state.is_placed(board, c) && (2..=size).contains(&state.get(c).len()))
            .map(|&c| (c, state.get(c).bits()))
            .collect();
        let found = combination::first(&open, size, &mut |cells, union| {
            step(board, state, house, cells, DigitSet::from_bits(union))
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The step of a naked subset, when its digits have somewhere to go from.
fn step(
    board: &Board,
    state: &State,
    house: &House,
    cells: &[Cell],
    digits: DigitSet,
) -> Option<Step> {
    let eliminations: Vec<Placement> = house
        .cells
        .iter()
        .filter(|c| !cells.contains(c) && !state.is_placed(board, **c))
        .flat_map(|&c| state.get(c).intersection(digits).iter().map(move |d| Placement::new(c, d)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let technique =
        [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][cells.len() - 2];
    let reason = format!(
        "{} {} in {} ({})",
        technique.name(),
        digit_list(digits),
        cell_list(cells),
        house.name
    );
    let mut step = Step::new(technique, reason);
    step.eliminations = eliminations;
    step.cells = cells.to_vec();
    step.digits = digits;
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn naked_subsets_are_sound() {
        for size in 2..=4 {
            test_util::assert_sound(Finder::NakedSubset(size));
        }
    }
}
