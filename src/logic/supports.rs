//! Supports: the solutions through each candidate, counted up to a cap by one
//! guess-and-propagate search (as sigh's Interactive Sudoku Solver counts them), where the SAT
//! path makes one call per solution and one per candidate it closes.
//!
//! The search is [`Search`]'s: the open cell with the fewest candidates first, each guess
//! settled by the core deductions and locked candidates. Every full grid it reaches is checked
//! exactly ([`State::check_solved`]: tables, sums and gated sums; houses and exclusions hold by
//! placement), so rules the core does not propagate (sums) are answered too, only more slowly.
//! Each solution counts for every placement it uses. A branch is left as soon as every
//! candidate still in it has reached the cap: no solution below it can change a count short
//! of the cap. So a candidate whose count stays below the cap was in no branch left early, and
//! its count is exact.

use super::board::Board;
use super::search::{LIMIT_CHECK_EVERY, Search, fewest_candidates, settle};
use super::state::State;
use crate::ir::Placement;
use crate::limits::{Limits, Stop};

/// Why a count of supports ended before its end (the counts so far are lower bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// It used up its node budget: the question is better put to the SAT solver.
    OverBudget,
    /// A limit stopped it.
    Stopped(Stop),
}

/// One count's question: its cap, budget and limits.
struct Question<'a> {
    board: &'a Board,
    cap: usize,
    budget: usize,
    limits: &'a Limits,
}

impl Search {
    /// Adds to `counts` (indexed by placement slot) the solutions below `start` (a settled
    /// state of `board`) through each candidate, until each has `cap` (a count may pass it),
    /// seeing at most `budget` nodes.
    ///
    /// # Errors
    /// [`Ended`] when the budget runs out or a limit is reached first.
    pub fn count_supports(
        &mut self,
        board: &Board,
        start: &State,
        cap: usize,
        budget: usize,
        limits: &Limits,
        counts: &mut [usize],
    ) -> Result<(), Ended> {
        self.nodes = 0;
        let question = Question { board, cap, budget, limits };
        if start.is_solved() {
            tally(board, start, counts);
            Ok(())
        } else {
            self.supports_below(&question, start, counts)
        }
    }

    /// Counts the supports below `state` (settled, open), leaving it once it cannot help.
    fn supports_below(
        &mut self,
        question: &Question,
        state: &State,
        counts: &mut [usize],
    ) -> Result<(), Ended> {
        let board = question.board;
        let cell = fewest_candidates(board, state);
        for digit in state.get(cell).iter() {
            if !short_of_cap(board, state, question.cap, counts) {
                return Ok(());
            }
            self.nodes += 1;
            if self.nodes > question.budget {
                return Err(Ended::OverBudget);
            }
            if self.nodes % LIMIT_CHECK_EVERY == 0 {
                if let Some(stop) = question.limits.reached() {
                    return Err(Ended::Stopped(stop));
                }
            }
            let mut next = self.copy_of(state);
            let settled = next
                .place(board, Placement::new(cell, digit))
                .and_then(|()| settle(board, &mut next));
            let outcome = match settled {
                Err(_) => Ok(()),
                Ok(()) if next.is_solved() => {
                    tally(board, &next, counts);
                    Ok(())
                }
                Ok(()) => self.supports_below(question, &next, counts),
            };
            self.pool.push(next);
            outcome?;
        }
        Ok(())
    }
}

/// Counts a solved state for each of its placements, when it satisfies every constraint.
fn tally(board: &Board, state: &State, counts: &mut [usize]) {
    if state.check_solved(board).is_err() {
        return;
    }
    for placement in state.placements() {
        counts[board.geometry.slot(placement.cell, placement.digit)] += 1;
    }
}

/// Whether some candidate of `state` has fewer than `cap` solutions counted: only then can a
/// solution below it change an answer.
fn short_of_cap(board: &Board, state: &State, cap: usize, counts: &[usize]) -> bool {
    board.geometry.cells().any(|cell| {
        let slot = |digit| board.geometry.slot(cell, digit);
        state.get(cell).iter().any(|digit| counts[slot(digit)] < cap)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Prepass;
    use crate::model::puzzle::Puzzle;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// The counts of supports of the empty grid of `cells` cells, up to `cap`.
    fn empty_counts(
        cells: usize,
        cap: usize,
        budget: usize,
        limits: &Limits,
    ) -> (Result<(), Ended>, Vec<usize>) {
        let puzzle: Puzzle = ".".repeat(cells).parse().unwrap();
        let ir = crate::ir::Ir::lower(&puzzle);
        let prepass = Prepass::new(&ir);
        let mut scratch = None;
        let state = prepass.run([], &mut scratch).unwrap();
        let mut counts = vec![0; puzzle.geometry().slot_count()];
        let ended = Search::default().count_supports(
            prepass.board(),
            state,
            cap,
            budget,
            limits,
            &mut counts,
        );
        (ended, counts)
    }

    #[test]
    fn the_empty_4x4_has_72_grids_through_each_candidate() {
        // 288 grids, a quarter through each placement.
        let (ended, counts) = empty_counts(16, usize::MAX, usize::MAX, &Limits::new());
        assert_eq!(ended, Ok(()));
        assert!(counts.iter().all(|&count| count == 72), "{counts:?}");
        // Capped at 3: every count reaches 3, and the search stops well short of 288 grids.
        let (ended, counts) = empty_counts(16, 3, usize::MAX, &Limits::new());
        assert_eq!(ended, Ok(()));
        assert!(counts.iter().all(|&count| (3..72).contains(&count)), "{counts:?}");
        assert!(counts.iter().sum::<usize>() < 16 * 72);
    }

    #[test]
    fn the_budget_and_the_limits_end_a_count() {
        let (ended, _) = empty_counts(81, usize::MAX, 50, &Limits::new());
        assert_eq!(ended, Err(Ended::OverBudget));
        let raised = Limits::new().interrupt(Arc::new(AtomicBool::new(true)));
        let (ended, counts) = empty_counts(81, usize::MAX, usize::MAX, &raised);
        assert_eq!(ended, Err(Ended::Stopped(Stop::Interrupted)));
        assert!(counts.iter().any(|&count| count > 0), "it counted before it looked");
    }
}
