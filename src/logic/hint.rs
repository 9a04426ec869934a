//! Hints: what a stuck solver asks for, the next placement and only the steps it needs.
//!
//! The engine solves on, cheapest step first, up to the first step that places a digit (so the
//! hardest step on the way is as easy as the ladder allows). Going back from that placement, a
//! step is kept when it removes a candidate in the *footprint* of the placement or of a later
//! kept step; the others (deductions elsewhere on the grid) are dropped. A step's footprint is
//! every candidate of its justifying cells, and its justifying digits in every house of those
//! cells: it holds every candidate whose absence the step relies on (the other places of a
//! hidden single's digit, the other digits of a naked single's cell, a fish's base houses, a
//! chain's strong links, ...), so the kept steps, applied in order, still justify one another.
//! Bifurcations and BUG+1 rely on the whole grid: their footprint is every candidate.

use super::board::Board;
use super::explain::{ExplainOptions, Explanation, Outcome, run};
use super::state::State;
use super::step::Step;
use super::technique::Technique;
use crate::ir::{Ir, Placement};
use crate::model::digit::Digit;
use crate::model::puzzle::Puzzle;

/// The next placement of `puzzle` and the steps it needs, in order, with
/// [`Outcome::Stopped`]; when the solve ends before placing a digit, its first step (if any)
/// and how it ended.
///
/// # Example
/// ```
/// use satdoku::logic::{ExplainOptions, hint};
/// let puzzle: satdoku::Puzzle = std::fs::read_to_string("puzzles/golden-nugget.txt")?.parse()?;
/// let hint = hint(&puzzle, &ExplainOptions::new());
/// // It ends with a placement, and every step before it removes something it needs.
/// let last = hint.steps().last().expect("a step");
/// assert_eq!(last.placements().len(), 1);
/// assert!(hint.steps()[..hint.steps().len() - 1].iter().all(|s| s.placements().is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(puzzle: &Puzzle, options: &ExplainOptions) -> Explanation {
    let ir = Ir::lower(puzzle);
    let mut board = Board::new(&ir);
    board.unique = options.is_unique();
    let mut state = match State::start(&board, &ir, puzzle.givens()) {
        Err(contradiction) => {
            return Explanation::new(Vec::new(), Outcome::Contradiction(contradiction.to_string()));
        }
        Ok(state) => state,
    };
    let (steps, outcome) = to_placement(&board, &mut state, options);
    Explanation::new(steps, outcome)
}

/// The steps from `state` up to the first placement, pruned to those it needs.
fn to_placement(
    board: &Board,
    state: &mut State,
    options: &ExplainOptions,
) -> (Vec<Step>, Outcome) {
    let (mut steps, outcome) = solve_to_placement(board, state, options);
    let placed = steps.last().is_some_and(|s| !s.placements().is_empty());
    if !placed {
        steps.truncate(1);
        return (steps, outcome);
    }
    (needed(board, steps), outcome)
}

/// Every step from `state` up to the first placement, and how the solve stands.
fn solve_to_placement(
    board: &Board,
    state: &mut State,
    options: &ExplainOptions,
) -> (Vec<Step>, Outcome) {
    let mut steps = Vec::new();
    loop {
        let one = options.clone().max_steps(Some(steps.len() + 1));
        let outcome = run(board, state, &one, &mut steps);
        let placed = steps.last().is_some_and(|s: &Step| !s.placements().is_empty());
        if placed || outcome != Outcome::Stopped {
            return (steps, outcome);
        }
    }
}

/// The steps the last one needs: going back, those removing a candidate in the footprint of
/// the last step or of a later kept one.
fn needed(board: &Board, steps: Vec<Step>) -> Vec<Step> {
    let mut footprint = vec![false; board.geometry.slot_count()];
    let mut kept: Vec<Step> = Vec::new();
    for step in steps.into_iter().rev() {
        let relevant =
            kept.is_empty() || step.eliminations().iter().any(|&p| footprint[board.slot(p)]);
        if relevant {
            mark(board, &step, &mut footprint);
            kept.push(step);
        }
    }
    kept.reverse();
    kept
}

/// Adds the footprint of `step` to `footprint`.
fn mark(board: &Board, step: &Step, footprint: &mut [bool]) {
    if matches!(step.technique(), Technique::Bifurcation | Technique::Bug) {
        footprint.fill(true);
        return;
    }
    let geometry = board.geometry;
    for &cell in step.cells() {
        for digit in (0..geometry.digits()).map(Digit::from_index) {
            footprint[board.slot(Placement::new(cell, digit))] = true;
        }
        for &house in &board.houses_of[geometry.index(cell)] {
            for &other in &board.houses[house].cells {
                for digit in step.digits().iter() {
                    footprint[board.slot(Placement::new(other, digit))] = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util;

    #[test]
    fn the_steps_a_hint_keeps_still_justify_its_single() {
        let mut pruned = 0;
        let mut checked = 0;
        for (board, states, _) in test_util::states() {
            if !board.geometry.has_one_of_each_digit() {
                // A hint prunes the same way whatever the digits, and the same-digits fixture's
                // solve takes 25 bifurcations: from its states this test took 20 times as long.
                continue;
            }
            for start in states.iter().step_by(7) {
                let options = ExplainOptions::new().max_depth(1);
                let (full, _) = solve_to_placement(board, &mut start.clone(), &options);
                let (hint, _) = to_placement(board, &mut start.clone(), &options);
                let Some((last, before)) = hint.split_last() else { continue };
                assert!(hint.len() <= full.len());
                pruned += full.len() - hint.len();
                // Replay the kept eliminations alone: the placing single still holds.
                let mut replay = start.clone();
                for step in before {
                    replay.apply(board, &[], step.eliminations()).expect("sound steps");
                }
                let [placement] = last.placements() else { continue };
                let holds = match last.technique() {
                    Technique::NakedSingle => replay.get(placement.cell).len() == 1,
                    Technique::HiddenSingle => {
                        last.cells()
                            .iter()
                            .filter(|&&c| replay.allows(Placement::new(c, placement.digit)))
                            .count()
                            == 1
                    }
                    _ => continue,
                };
                assert!(holds, "the hint dropped a step its single needs: {last}");
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
        assert!(pruned > 0, "no hint ever dropped a step");
    }
}
