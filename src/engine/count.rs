//! Counting solutions: first the pre-pass (the logic engine's core tier), which answers a
//! puzzle it solves (unique by deduction) or contradicts (no solution) without a SAT call; then
//! blocking-clause re-solve over what it left: solve, forbid that solution, solve again, up to a
//! bound. A puzzle is unique when the count stops at one. [`try_count`] also stops at
//! [`Limits`] and returns the solutions found so far as a lower bound. For many puzzles use a
//! [`Counter`], which compiles each rule set once and can reuse one solver.

use super::counter::{Counter, Solvers};
use crate::limits::{Limits, Stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::{SolveError, Stats};

/// The solutions of a puzzle, counted up to a bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub(super) count: usize,
    pub(super) exhausted: bool,
    pub(super) first: Vec<Grid>,
    pub(super) stats: Stats,
    pub(super) stopped: Option<Stop>,
}

impl Count {
    /// No solution found yet, no work done.
    pub(super) fn start(conflicts: bool) -> Count {
        let stats = Stats { conflicts: conflicts.then_some(0), ..Stats::default() };
        Count { count: 0, exhausted: false, first: vec![], stats, stopped: None }
    }

    /// The count a guess-and-propagate search gives (see `logic/search.rs`): at most `max`
    /// solutions counted, the one past the bound kept among the first two, stopped by `stop`
    /// if a limit ended it.
    pub(super) fn found(
        mut self,
        found: crate::logic::Found,
        max: usize,
        stop: Option<Stop>,
    ) -> Count {
        self.count = found.count.min(max);
        self.first = found.first;
        self.exhausted = found.exhausted && stop.is_none();
        self.stopped = stop;
        self
    }

    /// How many solutions were found (at most the bound).
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether [`Count::count`] is exact; `false` when a solution beyond the bound exists (the
    /// search looks for one more than the bound to tell) or a limit stopped the search (the
    /// count is then a lower bound: "at least").
    pub fn is_exact(&self) -> bool {
        self.exhausted
    }

    /// The limit that stopped the search before its end, if one did ([`try_count`]).
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.count == 1 && self.exhausted
    }

    /// The first two solutions found (fewer when there are fewer); with a bound of 1, the second
    /// is the one past the bound that made the count inexact.
    pub fn first_solutions(&self) -> &[Grid] {
        &self.first
    }

    /// The solver's work.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// What the count says about uniqueness; `None` when a limit stopped the search before
    /// it could tell.
    pub fn try_uniqueness(&self) -> Option<Uniqueness> {
        match (self.first.as_slice(), self.exhausted) {
            ([a, b, ..], _) => Some(Uniqueness::Multiple(a.clone(), b.clone())),
            (_, false) if self.stopped.is_some() => None,
            ([], _) => Some(Uniqueness::None),
            ([one], true) => Some(Uniqueness::Unique(one.clone())),
            ([_], false) => unreachable!("a count cut at its bound keeps the solution past it"),
        }
    }

    /// What the count says about uniqueness.
    ///
    /// # Panics
    /// When a limit stopped the search before it could tell (only [`try_count`] stops so; use
    /// [`Count::try_uniqueness`] there).
    pub fn uniqueness(&self) -> Uniqueness {
        self.try_uniqueness().expect("a count that ran to its end")
    }
}

/// Whether a puzzle has no solution, one, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly this solution.
    Unique(Grid),
    /// Several solutions; two of them.
    Multiple(Grid, Grid),
}

/// What a count is asked: its bound, and whether to count the solver's conflicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountOptions {
    pub(super) max: usize,
    pub(super) conflicts: bool,
    pub(super) prepass: bool,
    pub(super) search: bool,
}

impl CountOptions {
    /// Count up to `max` solutions, without counting conflicts.
    ///
    /// # Panics
    /// When `max` is 0: a count bounded by nothing is a caller bug.
    pub fn up_to(max: usize) -> CountOptions {
        assert!(max > 0, "a count needs a bound of at least 1");
        CountOptions { max, conflicts: false, prepass: true, search: true }
    }

    /// Run the pre-pass first, and answer without the SAT solver when it solves the puzzle or
    /// meets a contradiction; off, the solver gets the givens alone (the cross-checks compare
    /// both paths). [default: true]
    pub fn prepass(mut self, yes: bool) -> CountOptions {
        self.prepass = yes;
        self
    }

    /// After the pre-pass, guess and propagate on its candidates (the way specialised Sudoku
    /// solvers do) for rule sets without sums, handing the question to the SAT solver only
    /// when the search runs past its node budget; off, the SAT solver answers whatever the
    /// pre-pass leaves open (the cross-checks compare both paths). Counting conflicts turns it
    /// off: conflicts are the SAT solver's. [default: true]
    pub fn search(mut self, yes: bool) -> CountOptions {
        self.search = yes;
        self
    }

    /// Also count the solver's conflicts into [`Stats::conflicts`]; every open puzzle then goes
    /// to the SAT solver (no guess-and-propagate search), which writes its proof to be read:
    /// about three times the time on hard classic puzzles. [default: false]
    pub fn count_conflicts(mut self, yes: bool) -> CountOptions {
        self.conflicts = yes;
        self
    }

    /// The bound in force.
    pub fn get_max(&self) -> usize {
        self.max
    }
}

/// Counts the solutions of `puzzle`, stopping at `max`. Each call compiles the puzzle's rule
/// set anew; for many puzzles keep a [`Counter`], which compiles each rule set once.
///
/// # Panics
/// When `max` is 0: a count bounded by nothing is a caller bug.
///
/// # Errors
/// [`SolveError`] when the SAT solver fails.
///
/// # Example
/// ```
/// let empty: satdoku::Puzzle = "................".parse()?;
/// // The empty 4×4 grid has 288 solutions.
/// assert_eq!(satdoku::count_up_to(&empty, 1000)?.count(), 288);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn count_up_to(puzzle: &Puzzle, max: usize) -> Result<Count, SolveError> {
    count(puzzle, &CountOptions::up_to(max))
}

/// Counts the solutions of `puzzle` as `options` say: solve, block that solution, solve again,
/// until there is none or one more than the bound shows the count is not exact.
///
/// # Errors
/// [`SolveError`] when the SAT solver fails.
///
/// # Example
/// ```
/// use satdoku::engine::count::{CountOptions, count};
/// let platinum: satdoku::Puzzle =
///     ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...".parse()?;
/// let counted = count(&platinum, &CountOptions::up_to(2).count_conflicts(true))?;
/// assert!(counted.is_unique());
/// // A hard puzzle: propagation alone does not solve it, the solver meets conflicts.
/// assert!(counted.stats().conflicts.unwrap() > 0);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn count(puzzle: &Puzzle, options: &CountOptions) -> Result<Count, SolveError> {
    try_count(puzzle, options, &Limits::new())
}

/// [`count`] that stops at `limits`: then the count is the solutions found so far, a lower
/// bound, with [`Count::stopped`] saying which limit ended it.
///
/// # Errors
/// [`SolveError`] when the SAT solver fails (reaching a limit is not an error here).
///
/// # Example
/// ```
/// use satdoku::engine::count::{CountOptions, try_count};
/// let empty: satdoku::Puzzle = "................".parse()?;
/// // A deadline far away: the count runs to its end.
/// let limits = satdoku::Limits::new().timeout(std::time::Duration::from_secs(3600));
/// let counted = try_count(&empty, &CountOptions::up_to(1000), &limits)?;
/// assert_eq!((counted.count(), counted.stopped()), (288, None));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn try_count(
    puzzle: &Puzzle,
    options: &CountOptions,
    limits: &Limits,
) -> Result<Count, SolveError> {
    Counter::new(limits).solvers(Solvers::Fresh).count(puzzle, options)
}

/// Whether `puzzle` has no solution, one or several (a count up to 2).
///
/// # Errors
/// [`SolveError`] when the SAT solver fails.
///
/// # Example
/// ```
/// use satdoku::Uniqueness;
/// let miracle: satdoku::Puzzle = format!("rules: miracle\n{}", ".".repeat(81)).parse()?;
/// assert!(matches!(satdoku::uniqueness(&miracle)?, Uniqueness::Multiple(..)));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn uniqueness(puzzle: &Puzzle) -> Result<Uniqueness, SolveError> {
    Ok(count_up_to(puzzle, 2)?.uniqueness())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_4x4() -> Puzzle {
        ".".repeat(16).parse().unwrap()
    }

    #[test]
    fn a_bound_equal_to_the_count_is_still_exact() {
        let at = count_up_to(&empty_4x4(), 288).unwrap();
        assert_eq!((at.count(), at.is_exact()), (288, true));
        let below = count_up_to(&empty_4x4(), 287).unwrap();
        assert_eq!((below.count(), below.is_exact()), (287, false));
    }

    #[test]
    fn a_bound_of_one_still_shows_two_different_solutions() {
        let count = count_up_to(&empty_4x4(), 1).unwrap();
        let Uniqueness::Multiple(a, b) = count.uniqueness() else { panic!("several solutions") };
        assert_ne!(a, b);
    }
}
