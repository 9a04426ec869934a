//! Bifurcation: assume a candidate, propagate with cheaper techniques, and when that reaches a
//! contradiction (a cell without candidates, a digit without a place, a table without tuples)
//! the candidate goes. It is the last resort that gives every unique puzzle a finite rating.
//!
//! The depth says what the propagation may use: depth 1 the core (singles and supports; cost
//! 7.5), depth 2 every technique below chains (8.5), depth 3 those and depth-1 bifurcations
//! inside (9.5), and so on. Of all candidates that fail, the one whose contradiction took the
//! least work (placements, removals and steps made before it) is reported, and the work adds
//! the length penalty of chains: hard puzzles spread out by how much work their
//! contradictions take. Like Sudoku Explainer's forcing chains and nishio, but found by
//! propagation, not by tracing chains.

use super::{Finder, LADDER, SINGLES, Technique, length_penalty};
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;

/// The finders of [`LADDER`] the propagation of depth 2 and more uses: those after the singles
/// and supports (which `settle` does), up to chains.
const INNER: std::ops::Range<usize> = SINGLES + 1..LADDER.len() - 2;

/// The candidate whose assumption fails with the least work at `depth`, removed.
pub(super) fn find(board: &Board, state: &State, depth: usize) -> Option<Step> {
    let mut best: Option<(usize, Placement)> = None;
    for cell in board.geometry.cells().filter(|&c| !state.is_placed(board, c)) {
        for digit in state.get(cell).iter() {
            let assumed = Placement::new(cell, digit);
            let Some(work) = refute(board, state, assumed, depth) else { continue };
            if best.is_none_or(|(least, _)| work < least) {
                best = Some((work, assumed));
            }
        }
    }
    let (work, assumed) = best?;
    let reason = format!(
        "assuming {assumed:?} leads to a contradiction after {work} deductions (depth {depth})"
    );
    let mut step = Step::new(Technique::Bifurcation, reason);
    step.rating += (depth - 1) as f64 + length_penalty(work);
    step.eliminations.push(assumed);
    step.cells.push(assumed.cell);
    step.digits.insert(assumed.digit);
    Some(step)
}

/// The work it takes to reach a contradiction from `assumed` at `depth`, or `None` when there
/// is none.
fn refute(board: &Board, state: &State, assumed: Placement, depth: usize) -> Option<usize> {
    let mut state = state.clone();
    if state.place(board, assumed).is_err() {
        return Some(1);
    }
    let mut work = 1;
    loop {
        match state.settle(board) {
            Err(_) => return Some(work),
            Ok(done) => work += done,
        }
        if depth == 1 {
            return None;
        }
        let inner = LADDER[INNER]
            .iter()
            .copied()
            .chain((depth >= 3).then_some(Finder::Bifurcation(depth - 2)));
        let step = inner.into_iter().find_map(|finder| finder.find(board, &state))?;
        work += 1;
        if state.apply(board, &step.placements, &step.eliminations).is_err() {
            return Some(work);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn bifurcations_are_sound() {
        test_util::assert_sound(Finder::Bifurcation(1));
    }
}
