//! Supports: the solutions through each candidate, counted up to a cap by one
//! guess-and-propagate search (as sigh's Interactive Sudoku Solver counts them), where the SAT
//! path makes one call per solution and one per candidate it closes.
//!
//! The search splits on one candidate at a time: first with it placed, then without it, each
//! side settled by the core deductions and locked candidates ([`settle`]). It splits on a
//! candidate whose count is still short of the cap (the fewest counted, in the open cell with
//! the fewest candidates among those that hold one), so the search goes where an answer is
//! still open: once that candidate is left out, a branch whose other candidates have all
//! reached the cap is done. Measured on the 9×9 puzzles of `examples/serve_latency` with a
//! fifth of their givens removed, this takes a third to a sixth of the nodes of branching on
//! every digit of the fewest-candidates cell on classic and anti-knight puzzles.
//!
//! Every full grid the search reaches is checked exactly ([`State::check_solved`]: tables,
//! sums and gated sums; houses and exclusions hold by placement), so rules the core does not
//! propagate (sums) are answered too, only more slowly. Each solution counts for every
//! placement it uses. A branch is left as soon as every candidate still in it has reached the
//! cap: no solution below it can change a count short of the cap. So a candidate whose count
//! stays below the cap was in no branch left early, and its count is exact.
//!
//! Rule sets whose lines the core propagates weakly (entropic and modular lines: pairs of
//! cells that exclude each other, where a solver reasons about the whole run of three) lead
//! the search into long fruitless branches: with no solution in its first [`FRUITLESS_AFTER`]
//! nodes, the search gives the question back to the SAT solver, which learns from its
//! conflicts.

use super::board::Board;
use super::search::{LIMIT_CHECK_EVERY, Search, settle};
use super::state::State;
use crate::ir::Placement;
use crate::ir::propagate::Contradiction;
use crate::limits::{Limits, Stop};

/// The nodes a count of supports sees before it gives up for want of any solution: measured on
/// the 9×9 puzzles of `examples/serve_latency` with a fifth of their givens removed, classic
/// puzzles find about 350 solutions in their first 1,000 nodes, anti-knight 100, whispers 8,
/// where modular and entropic lines find none (entropic lines find their first few only past
/// 16,000 nodes; the SAT solver answers those in a fraction of the time).
pub(crate) const FRUITLESS_AFTER: usize = 1_000;

/// Why a count of supports ended before its end (the counts so far are lower bounds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// It used up its node budget: the question is better put to the SAT solver.
    OverBudget,
    /// It found no solution in its first [`FRUITLESS_AFTER`] nodes: the core propagates these
    /// rules too weakly for a search, and the SAT solver should answer them.
    Fruitless,
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

/// The counts so far: per placement slot, the solutions through it; and the solutions.
struct Tally<'a> {
    counts: &'a mut [usize],
    solutions: usize,
}

impl Search {
    /// Adds to `counts` (indexed by placement slot) the solutions below `start` (a settled
    /// state of `board`) through each candidate, until each has `cap` (a count may pass it),
    /// seeing at most `budget` nodes.
    ///
    /// # Errors
    /// [`Ended`] when the budget runs out, the search is fruitless, or a limit is reached
    /// first.
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
        let mut tally = Tally { counts, solutions: 0 };
        if start.is_solved() {
            tally.add(board, start);
            Ok(())
        } else {
            self.supports_below(&question, start, &mut tally)
        }
    }

    /// Counts the supports below `state` (settled, open), leaving it once it cannot help.
    fn supports_below(
        &mut self,
        question: &Question,
        state: &State,
        tally: &mut Tally,
    ) -> Result<(), Ended> {
        let mut rest = self.copy_of(state);
        let outcome = self.splits(question, &mut rest, tally);
        self.pool.push(rest);
        outcome
    }

    /// Splits `rest` on one candidate after another ([`focus`]): first with it placed, then
    /// without it, until nothing below can change a count short of the cap.
    fn splits(
        &mut self,
        question: &Question,
        rest: &mut State,
        tally: &mut Tally,
    ) -> Result<(), Ended> {
        let board = question.board;
        while let Some(placement) = focus(board, rest, question.cap, tally.counts) {
            self.count_node(question, tally)?;
            let mut next = self.copy_of(rest);
            let settled = next.place(board, placement).and_then(|()| settle(board, &mut next));
            let outcome = self.follow(question, settled, &next, tally);
            self.pool.push(next);
            outcome?;
            self.count_node(question, tally)?;
            if rest.eliminate(placement).and_then(|_| settle(board, rest)).is_err() {
                return Ok(());
            }
            if rest.is_solved() {
                tally.add(board, rest);
                return Ok(());
            }
        }
        Ok(())
    }

    /// Follows a branch that settled to `state`, or to a contradiction.
    fn follow(
        &mut self,
        question: &Question,
        settled: Result<(), Contradiction>,
        state: &State,
        tally: &mut Tally,
    ) -> Result<(), Ended> {
        match settled {
            Err(_) => Ok(()),
            Ok(()) if state.is_solved() => {
                tally.add(question.board, state);
                Ok(())
            }
            Ok(()) => self.supports_below(question, state, tally),
        }
    }

    /// Counts one node against the budget, the yield and (now and then) the limits.
    fn count_node(&mut self, question: &Question, tally: &Tally) -> Result<(), Ended> {
        self.nodes += 1;
        if self.nodes > FRUITLESS_AFTER && tally.solutions == 0 {
            return Err(Ended::Fruitless);
        }
        if self.nodes > question.budget {
            return Err(Ended::OverBudget);
        }
        if self.nodes % LIMIT_CHECK_EVERY == 0 {
            if let Some(stop) = question.limits.reached() {
                return Err(Ended::Stopped(stop));
            }
        }
        Ok(())
    }
}

/// The candidate to split on next: the candidate with the fewest solutions counted (short of
/// the cap) in the open cell with the fewest candidates among those that hold one; when every
/// open cell's candidates have reached the cap but a placed cell's has not, any solution
/// helps: the first candidate of the open cell with the fewest. `None` when no candidate is
/// short of the cap.
fn focus(board: &Board, state: &State, cap: usize, counts: &[usize]) -> Option<Placement> {
    let geometry = board.geometry;
    // (candidates of the cell, cell index, its digit to split on)
    let mut short = None;
    let mut fewest = None;
    let mut placed_short = false;
    for (index, &placed) in state.placed.iter().enumerate() {
        let digits = state.candidates.at(index);
        let cell = geometry.cell(index);
        let count = |digit| counts[geometry.slot(cell, digit)];
        let mut below_cap = digits.iter().filter(|&digit| count(digit) < cap);
        if placed {
            placed_short |= below_cap.next().is_some();
            continue;
        }
        let len = digits.len();
        if fewest.is_none_or(|(least, _)| len < least) {
            fewest = Some((len, index));
        }
        if short.is_some_and(|(least, _)| len >= least) {
            continue;
        }
        if let Some(digit) = below_cap.min_by_key(|&digit| count(digit)) {
            short = Some((len, Placement::new(cell, digit)));
        }
    }
    match (short, fewest) {
        (Some((_, placement)), _) => Some(placement),
        (None, Some((_, index))) if placed_short => {
            let digit = state.candidates.at(index).iter().next()?;
            Some(Placement::new(geometry.cell(index), digit))
        }
        _ => None,
    }
}

impl Tally<'_> {
    /// Counts a solved state for each of its placements, when it satisfies every constraint.
    fn add(&mut self, board: &Board, state: &State) {
        if state.check_solved(board).is_err() {
            return;
        }
        self.solutions += 1;
        for placement in state.placements() {
            self.counts[board.geometry.slot(placement.cell, placement.digit)] += 1;
        }
    }
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
