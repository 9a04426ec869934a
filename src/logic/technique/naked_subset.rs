//! Naked subsets: k cells of a house whose candidates make k digits between them hold those
//! digits, which leave the house's other cells. Pairs cost 3.0, triples 3.6, quads 5.0.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::{Board, House};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list, digit_list};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// The first naked subset of `size` cells that removes something.
pub(super) fn find(board: &Board, state: &State, size: usize) -> Option<Step> {
    for house in board.houses.iter().filter(|h| h.full) {
        let open: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| !state.is_placed(board, c) && (2..=size).contains(&state.get(c).len()))
            .collect();
        let mut chosen = Vec::with_capacity(size);
        if let Some(step) =
            search(board, state, house, &open, size, 0, DigitSet::EMPTY, &mut chosen)
        {
            return Some(step);
        }
    }
    None
}

/// Extends `chosen` with cells of `open` from `from` on, keeping their union within `size`
/// digits; at `size` cells, the step if it removes anything.
#[allow(clippy::too_many_arguments)] // a recursive search: the house, its cells and the partial subset
fn search(
    board: &Board,
    state: &State,
    house: &House,
    open: &[Cell],
    size: usize,
    from: usize,
    union: DigitSet,
    chosen: &mut Vec<Cell>,
) -> Option<Step> {
    if chosen.len() == size {
        return step(board, state, house, chosen, union);
    }
    for index in from..open.len() {
        let joined = union.union(state.get(open[index]));
        if joined.len() > size {
            continue;
        }
        chosen.push(open[index]);
        let found = search(board, state, house, open, size, index + 1, joined, chosen);
        chosen.pop();
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
