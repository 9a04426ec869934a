//! XY-wing: a pivot cell with candidates {x, y} and two pincers {x, z} and {y, z}, each
//! excluding the pivot's digit they share: whichever the pivot holds, one pincer holds z, so z
//! leaves every cell both pincers' z exclude (cost 4.2).

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::geometry::Cell;

/// The first XY-wing that removes something.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let pairs: Vec<Cell> = board.geometry.cells().filter(|&c| state.get(c).len() == 2).collect();
    for &pivot in &pairs {
        let digits: Vec<_> = state.get(pivot).iter().collect();
        let (x, y) = (digits[0], digits[1]);
        let pincers = |shared| {
            pairs.iter().copied().filter(move |&c| {
                c != pivot
                    && state.get(c).contains(shared)
                    && board.excludes(Placement::new(pivot, shared), Placement::new(c, shared))
            })
        };
        for a in pincers(x) {
            let Some(z) = state.get(a).iter().find(|&d| d != x) else { continue };
            if z == y {
                continue;
            }
            for b in pincers(y).filter(|&b| b != a && state.get(b).contains(z)) {
                let ends = [Placement::new(a, z), Placement::new(b, z)];
                let eliminations = excluded_by_all(board, state, &ends);
                if eliminations.is_empty() {
                    continue;
                }
                let reason = format!(
                    "xy-wing: pivot {pivot:?} ({x}{y}) with pincers {a:?} ({x}{z}) and {b:?} ({y}{z}); one pincer is {z}"
                );
                let mut step = Step::new(Technique::XyWing, reason);
                step.eliminations = eliminations;
                step.cells = vec![pivot, a, b];
                step.digits = state.get(pivot).union(state.get(a)).union(state.get(b));
                return Some(step);
            }
        }
    }
    None
}

/// The candidates (other than `ends`) that every one of `ends` excludes.
pub(super) fn excluded_by_all(board: &Board, state: &State, ends: &[Placement]) -> Vec<Placement> {
    board
        .excluded(ends[0])
        .filter(|&t| state.allows(t) && !ends.contains(&t))
        .filter(|&t| ends[1..].iter().all(|&e| board.excludes(e, t)))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn xy_wings_are_sound() {
        test_util::assert_sound(Finder::XyWing);
    }
}
