//! XYZ-wing: a pivot cell with candidates {x, y, z} and two pincers {x, z} and {y, z}, each
//! excluding the pivot's digit they share: one of the three holds z, so z leaves every cell all
//! three z exclude (cost 4.4).

use super::Technique;
use super::xy_wing::excluded_by_all;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::geometry::Cell;

/// The first XYZ-wing that removes something.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let pairs: Vec<Cell> = board.geometry.cells().filter(|&c| state.get(c).len() == 2).collect();
    for pivot in board.geometry.cells().filter(|&c| state.get(c).len() == 3) {
        let digits = state.get(pivot);
        let inside: Vec<Cell> = pairs
            .iter()
            .copied()
            .filter(|&c| state.get(c).intersection(digits) == state.get(c))
            .collect();
        for (i, &a) in inside.iter().enumerate() {
            for &b in &inside[i + 1..] {
                let common = state.get(a).intersection(state.get(b));
                let Some(z) = common.single_digit() else { continue };
                let sees_pivot = |cell: Cell| {
                    let other = state.get(cell).iter().find(|&d| d != z).expect("a pair");
                    board.excludes(Placement::new(pivot, other), Placement::new(cell, other))
                };
                if !sees_pivot(a) || !sees_pivot(b) {
                    continue;
                }
                let ends = [Placement::new(pivot, z), Placement::new(a, z), Placement::new(b, z)];
                let eliminations = excluded_by_all(board, state, &ends);
                if eliminations.is_empty() {
                    continue;
                }
                let reason = format!(
                    "xyz-wing: pivot {pivot:?} with pincers {a:?} and {b:?}; one of the three is {z}"
                );
                let mut step = Step::new(Technique::XyzWing, reason);
                step.eliminations = eliminations;
                step.cells = vec![pivot, a, b];
                step.digits = digits;
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn xyz_wings_are_sound() {
        test_util::assert_sound(Finder::XyzWing);
    }
}
