//! Guess and propagate: a depth-first search over the core tier's states. From a settled state
//! it picks the open cell with the fewest candidates, tries each of its digits in increasing
//! order, settles with the core deductions (placing removes what a digit excludes; naked and
//! hidden singles; table supports) and goes deeper; a contradiction undoes the guess.
//!
//! This is how the specialised Sudoku solvers answer (bitsets, singles, the fewest-candidates
//! cell first): for rule sets made of houses, exclusions, domains and tables it proves
//! uniqueness without a SAT solver, in a fraction of a solver's set-up time, sharing the
//! logic engine's propagation core rather than a second one. A state the core settles with
//! every cell placed satisfies every house, exclusion, domain and table, so the solutions it
//! reports need no further check here (the independent validator still checks every printed
//! solution). Sums (cages, arrows, gated sums) are not propagated by the core, so rule sets
//! with them go to the SAT solver. The search counts its nodes against a budget and checks
//! the [`Limits`] as it goes, so a caller can hand an unpromising search to the SAT solver.

use super::board::Board;
use super::state::State;
use crate::ir::Placement;
use crate::ir::propagate::Contradiction;
use crate::limits::{Limits, Stop};
use crate::model::geometry::Cell;
use crate::model::grid::Grid;

/// How often (in nodes) the search looks at its limits.
pub(super) const LIMIT_CHECK_EVERY: usize = 256;

/// What a search found: how many solutions (at most one past the bound), the first two, and
/// whether it saw the whole tree.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// Solutions found, up to one past the bound.
    pub count: usize,
    /// The first two solutions.
    pub first: Vec<Grid>,
    /// Whether the search ended with no part of the tree left unseen (so `count` is exact
    /// when it is within the bound).
    pub exhausted: bool,
}

impl Found {
    /// The exact count of the pre-pass alone: no solution (a contradiction), or the one it
    /// deduced.
    pub fn deduced(solution: Option<Grid>) -> Found {
        Found {
            count: usize::from(solution.is_some()),
            first: solution.into_iter().collect(),
            exhausted: true,
        }
    }
}

/// Why a search ended before its end.
#[derive(Clone, Debug)]
pub(crate) enum Unfinished {
    /// It used up its node budget: the question is better put to the SAT solver.
    OverBudget,
    /// A limit stopped it; what it found so far.
    Stopped(Stop, Found),
}

/// Whether the search answers for this board: its propagation must enforce every constraint,
/// which the core does for houses, exclusions, domains and tables but not for sums.
pub(crate) fn applies(board: &Board) -> bool {
    board.linears.is_empty() && board.gated.is_empty()
}

/// A search over one board, with its scratch states (one per depth, reused across searches).
#[derive(Debug, Default)]
pub(crate) struct Search {
    /// Spare states, kept between searches so that a search allocates nothing once the pool
    /// holds one per depth it reaches.
    pub(super) pool: Vec<State>,
    pub(super) nodes: usize,
    /// The grid whose digit each guess tries first, if any.
    prefer: Option<Grid>,
}

/// One search's question: its bound, budget and limits.
struct Question<'a> {
    board: &'a Board,
    max: usize,
    budget: usize,
    limits: &'a Limits,
}

impl Search {
    /// A search that tries `grid`'s digit first at every guess, so that with `grid` a
    /// solution it finds `grid` first and then a solution that agrees with it down to the
    /// deepest guess it can change: a neighbour of `grid`, not a far-off solution (what the
    /// fewest-givens search wants of "another solution": one that rules out few cells).
    pub fn preferring(grid: Grid) -> Search {
        Search { prefer: Some(grid), ..Search::default() }
    }

    /// Counts the solutions below `start` (a settled state of `board`), up to one past `max`,
    /// seeing at most `budget` nodes.
    ///
    /// # Errors
    /// [`Unfinished`] when the budget runs out or a limit is reached first.
    pub fn count(
        &mut self,
        board: &Board,
        start: &State,
        max: usize,
        budget: usize,
        limits: &Limits,
    ) -> Result<Found, Unfinished> {
        debug_assert!(applies(board), "the core must enforce every constraint");
        self.nodes = 0;
        let question = Question { board, max, budget, limits };
        let mut found = Found::default();
        if start.is_solved() {
            record(&mut found, start);
        } else {
            self.below(&question, start, &mut found)?;
        }
        found.exhausted = found.count <= max;
        Ok(found)
    }

    /// A copy of `state` in a spare state of the pool (or a new one when the pool is empty).
    pub(super) fn copy_of(&mut self, state: &State) -> State {
        match self.pool.pop() {
            Some(mut spare) => {
                spare.reset_to(state);
                spare
            }
            None => state.clone(),
        }
    }

    /// Searches the subtree of `state` (settled, open); stops early once the count passes the
    /// bound.
    fn below(
        &mut self,
        question: &Question,
        state: &State,
        found: &mut Found,
    ) -> Result<(), Unfinished> {
        let cell = fewest_candidates(question.board, state);
        let candidates = state.get(cell);
        let first = self.prefer.as_ref().and_then(|grid| grid.get(cell));
        let first = first.filter(|&digit| candidates.contains(digit));
        let rest = candidates.iter().filter(|&digit| Some(digit) != first);
        for digit in first.into_iter().chain(rest) {
            self.nodes += 1;
            if self.nodes > question.budget {
                return Err(Unfinished::OverBudget);
            }
            if self.nodes % LIMIT_CHECK_EVERY == 0 {
                if let Some(stop) = question.limits.reached() {
                    return Err(Unfinished::Stopped(stop, found.clone()));
                }
            }
            let mut next = self.copy_of(state);
            let settled = next
                .place(question.board, Placement::new(cell, digit))
                .and_then(|()| settle(question.board, &mut next));
            let outcome = match settled {
                Err(_) => Ok(()),
                Ok(_) if next.is_solved() => {
                    record(found, &next);
                    Ok(())
                }
                Ok(_) => self.below(question, &next, found),
            };
            self.pool.push(next);
            outcome?;
            if found.count > question.max {
                return Ok(());
            }
        }
        Ok(())
    }
}

/// The core deductions and locked candidates (`locked.rs`), to a fixed point.
pub(super) fn settle(board: &Board, state: &mut State) -> Result<(), Contradiction> {
    state.settle(board)?;
    while super::locked::lock(board, state)? {
        state.settle(board)?;
    }
    Ok(())
}

/// Counts a solved state, keeping it when it is among the first two.
fn record(found: &mut Found, state: &State) {
    found.count += 1;
    if found.first.len() < 2 {
        found.first.push(state.candidates.singles());
    }
}

/// The open cell with the fewest candidates, and among those the one with the most open peers
/// (its guess settles the most), the first in reading order among equals. Measured on SE 11+
/// puzzles, the tie-break takes a third fewer nodes than reading order.
pub(super) fn fewest_candidates(board: &Board, state: &State) -> Cell {
    let mut best: Option<(usize, (usize, usize))> = None;
    for (index, _) in state.placed.iter().enumerate().filter(|(_, placed)| !**placed) {
        let count = state.candidates.at(index).len();
        if best.is_some_and(|(_, (fewest, _))| count > fewest) {
            continue;
        }
        let open = board.peers[index].iter().filter(|&&p| !state.placed[p]).count();
        // Fewer candidates first, then more open peers.
        let key = (count, usize::MAX - open);
        if best.is_none_or(|(_, chosen)| key < chosen) {
            best = Some((index, key));
        }
    }
    board.geometry.cell(best.expect("an open state has an open cell").0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Prepass;
    use crate::model::puzzle::Puzzle;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    /// The settled pre-pass state of `text` (a puzzle), and its board.
    fn settled(text: &str) -> (Board, State) {
        let puzzle: Puzzle = text.parse().unwrap();
        let ir = crate::ir::Ir::lower(&puzzle);
        let prepass = Prepass::new(&ir);
        let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
        let mut scratch = None;
        prepass.run(givens, &mut scratch).unwrap();
        (Board::new(&ir), scratch.unwrap())
    }

    fn count(text: &str, max: usize, budget: usize) -> Result<Found, Unfinished> {
        let (board, state) = settled(text);
        Search::default().count(&board, &state, max, budget, &Limits::new())
    }

    #[test]
    fn the_empty_4x4_grids_are_counted_exactly() {
        // 288 classic grids; 48 with both diagonals (the SAT tests' figures).
        let all = count(&".".repeat(16), 1000, 100_000).unwrap();
        assert_eq!((all.count, all.exhausted, all.first.len()), (288, true, 2));
        let diagonal = count(&format!("rules: diagonal\n{}", ".".repeat(16)), 1000, 100_000);
        assert_eq!(diagonal.unwrap().count, 48);
    }

    #[test]
    fn a_preferring_search_finds_its_grid_first_then_another() {
        // The plain search's second grid of the empty 4x4 is not its first: the preferring
        // search reaches it first.
        let (board, state) = settled(&".".repeat(16));
        let limits = Limits::new();
        let plain = Search::default().count(&board, &state, 1, 100_000, &limits).unwrap();
        let wanted = plain.first[1].clone();
        let mut preferring = Search::preferring(wanted.clone());
        let found = preferring.count(&board, &state, 1, 100_000, &limits).unwrap();
        assert_eq!(found.first[0], wanted);
        assert_ne!(found.first[1], wanted);
        assert_eq!(found.count, 2);
    }

    #[test]
    fn a_count_past_its_bound_is_not_exact_and_shows_two_solutions() {
        let found = count(&".".repeat(16), 5, 100_000).unwrap();
        assert_eq!((found.count, found.exhausted), (6, false));
        assert_ne!(found.first[0], found.first[1]);
    }

    #[test]
    fn a_hard_puzzle_is_proved_unique_with_its_solution() {
        // Platinum Blonde: the pre-pass leaves it open.
        let line =
            ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...";
        assert!(!settled(line).1.is_solved());
        let found = count(line, 1, 100_000).unwrap();
        assert_eq!((found.count, found.exhausted), (1, true));
        let puzzle: Puzzle = line.parse().unwrap();
        assert_eq!(crate::model::validate::validate(&puzzle, &found.first[0]), Ok(()));
    }

    #[test]
    fn the_budget_and_the_limits_end_a_search() {
        let empty = ".".repeat(81);
        assert!(matches!(count(&empty, 1_000_000, 50), Err(Unfinished::OverBudget)));
        let (board, state) = settled(&empty);
        let raised = Limits::new().interrupt(Arc::new(AtomicBool::new(true)));
        let stopped = Search::default().count(&board, &state, 1_000_000, usize::MAX, &raised);
        assert!(matches!(stopped, Err(Unfinished::Stopped(Stop::Interrupted, _))));
    }

    #[test]
    fn sums_are_left_to_the_sat_solver() {
        let (board, _) = settled(&format!("cage: 3 r1c1 r1c2\n{}", ".".repeat(16)));
        assert!(!applies(&board));
        let (board, _) = settled(&format!("kropki-black: r1c1 r1c2\n{}", ".".repeat(16)));
        assert!(applies(&board), "tables are the core's");
    }
}
