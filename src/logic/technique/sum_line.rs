//! Sum lines followed along: the line divides into segments of one total (on a loop, from
//! some cell round), so walking it cell by cell the segment begun so far adds up to less than
//! the total, and a segment closes where it reaches it. The partial totals each cell can be
//! reached with from the line's start, and those from which the rest of the line still closes,
//! are carried forwards and backwards; a candidate that joins no two goes. This is the
//! `line` technique for sum lines, whose flags (`ir/lower/sum_line.rs`) `gated_sum.rs` would
//! otherwise evaluate again for every candidate of the line, each time the whole line after it
//! (Sudoku-Bench 57's loops took seconds a step that way); `gated_sum.rs` leaves them here.

use super::Technique;
use crate::ir::{Placement, SumLine};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent};
use crate::model::digit::DigitSet;

/// The largest segment total followed here (partial totals are bits of a `u64`); a longer
/// one is left to the flags' ranges.
const MAX_TOTAL: usize = 63;

/// Whether `sum` is the sum a sum line lowers to and every sum line's total is one this
/// technique follows (`gated_sum.rs` then leaves them to it).
pub(super) fn reads(board: &Board, sum: &GatedSum) -> bool {
    matches!(sum.origin, "sum-line" | "sum-loop")
        && board.sum_lines.iter().all(|line| line.total <= MAX_TOTAL)
}

/// The candidates of the first sum line that has some used by no division into segments.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.sum_lines.iter().filter(|line| line.total <= MAX_TOTAL).find_map(|line| step(line, state))
}

/// The step of one line, if it removes something.
fn step(line: &SumLine, state: &State) -> Option<Step> {
    let candidates: Vec<DigitSet> = line.cells.iter().map(|&c| state.get(c)).collect();
    let used = used(&candidates, line.total, line.closed);
    let eliminations: Vec<Placement> = line
        .cells
        .iter()
        .zip(candidates.iter().zip(&used))
        .flat_map(|(&cell, (all, kept))| {
            all.iter().filter(|d| !kept.contains(*d)).map(move |d| Placement::new(cell, d))
        })
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let (kind, shape) = if line.closed { ("loop", "round") } else { ("line", "along") };
    let reason = format!(
        "no division of the sum {kind} {} into segments of {} {shape} it uses it",
        cell_extent(&line.cells),
        line.total
    );
    let mut step = Step::new(Technique::Line, reason);
    step.eliminations = eliminations;
    step.cells = line.cells.clone();
    Some(step)
}

/// Per cell, the candidates some division of the line into segments of `total` uses; on a
/// loop, a division may start at any of the first `total` cells (digits are 1 or more, so
/// one of them begins a segment).
fn used(candidates: &[DigitSet], total: usize, closed: bool) -> Vec<DigitSet> {
    if !closed {
        return used_from(candidates, total);
    }
    let n = candidates.len();
    let mut used = vec![DigitSet::EMPTY; n];
    for start in 0..n.min(total) {
        let around: Vec<DigitSet> = (0..n).map(|i| candidates[(start + i) % n]).collect();
        for (i, set) in used_from(&around, total).into_iter().enumerate() {
            used[(start + i) % n] = used[(start + i) % n].union(set);
        }
    }
    used
}

/// [`used`] on an open line from its first cell: the partial totals reachable before each
/// cell (bit v: the open segment adds up to v, 0 when one has just closed), forwards, and
/// those from which the rest still closes, backwards.
fn used_from(candidates: &[DigitSet], total: usize) -> Vec<DigitSet> {
    let next = |v: usize, d: usize| match v + d {
        reached if reached < total => Some(reached),
        reached if reached == total => Some(0),
        _ => None,
    };
    let n = candidates.len();
    let mut forward = vec![0u64; n + 1];
    forward[0] = 1;
    for (i, set) in candidates.iter().enumerate() {
        for v in bits(forward[i]) {
            for d in set.iter() {
                if let Some(w) = next(v, d.value()) {
                    forward[i + 1] |= 1 << w;
                }
            }
        }
    }
    let mut backward = vec![0u64; n + 1];
    backward[n] = 1;
    let mut used = vec![DigitSet::EMPTY; n];
    for (i, set) in candidates.iter().enumerate().rev() {
        for v in 0..total {
            for d in set.iter() {
                let Some(w) = next(v, d.value()) else { continue };
                if backward[i + 1] & (1 << w) == 0 {
                    continue;
                }
                backward[i] |= 1 << v;
                if forward[i] & (1 << v) != 0 {
                    used[i].insert(d);
                }
            }
        }
    }
    used
}

/// The positions of the set bits of `mask`.
fn bits(mask: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&bit| mask & (1 << bit) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::Finder;
    use crate::logic::technique::test_util::{assert_sound, start};

    #[test]
    fn sum_line_steps_are_sound_on_real_solves() {
        assert_sound(Finder::SumLine);
    }

    #[test]
    fn three_cells_of_ten_are_one_segment_without_a_nine() {
        // No cell holds 10, so r1c1-r1c3 is one segment: 9 would leave 1 for two cells.
        let (board, state) = start("sum-line: 10 r1c1 r1c2 r1c3");
        let step = find(&board, &state).expect("9 goes");
        assert_eq!(step.effect(), "r1c1,r1c2,r1c3≠9");
        assert_eq!(
            step.reason(),
            "no division of the sum line r1c1-r1c3 into segments of 10 along it uses it"
        );
    }

    #[test]
    fn a_loop_may_start_anywhere() {
        let set = |digits: &[usize]| -> DigitSet {
            digits.iter().map(|&d| crate::model::digit::Digit::new(d).unwrap()).collect()
        };
        // 4 → 6 | 3 → 7: a loop of four; as an open line from its first cell the same holds,
        // but starting inside the first segment (6 → 3 | 7 → 4) only the loop closes.
        let open = [set(&[4]), set(&[6]), set(&[3]), set(&[7])];
        assert_eq!(used(&open, 10, false), open.to_vec());
        let shifted = [set(&[6]), set(&[3]), set(&[7]), set(&[4])];
        assert_eq!(used(&shifted, 10, false), vec![DigitSet::EMPTY; 4]);
        assert_eq!(used(&shifted, 10, true), shifted.to_vec());
        // 1 or 2 then 9: only 1 closes.
        let pair = [set(&[1, 2]), set(&[9])];
        assert_eq!(used(&pair, 10, false), vec![set(&[1]), set(&[9])]);
    }
}
