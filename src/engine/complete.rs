//! Completing a puzzle to uniqueness: for a puzzle with several solutions, add givens from one
//! of its solutions until only that solution is left.
//!
//! Algorithm: fix a target solution T; draw a sample of other solutions (blocking clauses under
//! an activation literal); add T's digit in the cell where the fewest sampled solutions agree
//! with T, so the new given cuts away as many of them as it can; repeat until T is unique. Each
//! round removes at least one solution, so it ends. The givens added are not guaranteed to be
//! fewest possible (that is a much harder problem); minimise afterwards, keeping the original
//! givens, to drop any the later ones made redundant. [`try_complete`] stops at [`Limits`].

use crate::engine::compiled::CompiledRules;
use crate::engine::minimise::{MinimiseError, MinimiseOptions, minimise_compiled};
use crate::engine::placements_of;
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::{Outcome, Session, SolveError, Stats};

/// How many other solutions each round samples to choose the next given.
const SAMPLE: usize = 8;

/// A puzzle made unique, and what was added.
#[derive(Clone, Debug)]
pub struct Completed {
    /// The unique puzzle (every original given kept), with its solution recorded.
    pub puzzle: Puzzle,
    /// The givens added, in the order they were chosen.
    pub added: Vec<Placement>,
    /// The solver's work.
    pub stats: Stats,
    /// The limit that stopped the minimising afterwards, if one did: the puzzle is unique, but
    /// some added givens may be redundant.
    pub stopped: Option<Stop>,
}

/// Adds givens to `puzzle` until it has a unique solution; with `minimise_after`, then removes
/// the added givens that became redundant (original givens always stay).
///
/// # Errors
/// [`MinimiseError::NoSolution`] when the puzzle has no solution; [`MinimiseError::Solve`] when
/// the solver fails.
///
/// # Example
/// ```
/// use satdoku::engine::complete::complete;
/// let open: satdoku::Puzzle = "1...............".parse()?;
/// let done = complete(&open, true)?;
/// assert!(satdoku::count_up_to(&done.puzzle, 2)?.is_unique());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn complete(puzzle: &Puzzle, minimise_after: bool) -> Result<Completed, MinimiseError> {
    try_complete(puzzle, minimise_after, &Limits::new())
}

/// [`complete`] that stops at `limits`: a stop before the puzzle is unique is an error; a stop
/// while minimising afterwards returns the unique puzzle with [`Completed::stopped`] set.
///
/// # Errors
/// As [`complete`]; also [`MinimiseError::Solve`] with a [`SolveError::stop`] when a limit is
/// reached before the puzzle is unique.
pub fn try_complete(
    puzzle: &Puzzle,
    minimise_after: bool,
    limits: &Limits,
) -> Result<Completed, MinimiseError> {
    let compiled = CompiledRules::compile(puzzle);
    let mut session = compiled.session(limits).ok_or(MinimiseError::NoSolution)?;
    let mut givens = placements_of(puzzle.givens());
    let target = match session.solve(&givens)? {
        Outcome::Solution(target) => target,
        Outcome::NoSolution { .. } => return Err(MinimiseError::NoSolution),
    };
    let mut added = complete_towards(&mut session, &mut givens, &target)?;
    let mut grid = puzzle.givens().clone();
    added.iter().for_each(|p| grid.set(p.cell, Some(p.digit)));
    let mut completed = puzzle.with_givens(grid).with_solution(target);
    let mut stopped = None;
    if minimise_after {
        let keep: Vec<_> = puzzle.givens().filled().map(|(cell, _)| cell).collect();
        let options = MinimiseOptions::new().keep(keep);
        let minimised = minimise_compiled(&mut session, &compiled, &completed, &options);
        // A stop before the minimiser proved uniqueness again leaves the completed puzzle.
        match minimised {
            Err(error) if error.stop().is_some() => stopped = error.stop(),
            minimised => {
                let minimised = minimised?;
                (completed, stopped) = (minimised.puzzle, minimised.stopped);
            }
        }
        added.retain(|p| completed.givens().get(p.cell).is_some());
    }
    Ok(Completed { puzzle: completed, added, stats: session.stats(), stopped })
}

/// Adds givens from `target` (a solution of `givens`) to `givens` until `target` is their only
/// solution; returns the givens added, in order. The session is over the rules alone (see
/// [`CompiledRules::session`]), so the generator's local search can complete towards any grid.
pub(crate) fn complete_towards(
    session: &mut Session,
    givens: &mut Vec<Placement>,
    target: &Grid,
) -> Result<Vec<Placement>, SolveError> {
    let mut added = Vec::new();
    while let Some(next) = next_given(session, givens, target)? {
        givens.push(next);
        added.push(next);
    }
    Ok(added)
}

/// The given that cuts away most sampled solutions other than `target`, or `None` when
/// `target` is already the only solution.
fn next_given(
    session: &mut Session,
    givens: &[Placement],
    target: &Grid,
) -> Result<Option<Placement>, SolveError> {
    let others = sample_others(session, givens, target)?;
    if others.is_empty() {
        return Ok(None);
    }
    let geometry = target.geometry();
    let best = geometry
        .cells()
        .filter(|&cell| others.iter().any(|o| o.get(cell) != target.get(cell)))
        .min_by_key(|&cell| others.iter().filter(|o| o.get(cell) == target.get(cell)).count())
        .expect("other solutions differ from the target somewhere");
    Ok(Some(Placement::new(best, target.get(best).expect("a complete solution"))))
}

/// Up to [`SAMPLE`] solutions of `givens` other than `target`.
fn sample_others(
    session: &mut Session,
    givens: &[Placement],
    target: &Grid,
) -> Result<Vec<Grid>, SolveError> {
    let activation = session.activation();
    let mut others = Vec::new();
    let mut blocked = target.clone();
    while others.len() < SAMPLE {
        let blocking = session.blocking_clause(&blocked);
        session.add_clause_while(activation, &blocking);
        let Outcome::Solution(other) = session.solve_while(givens, &[activation])? else {
            break;
        };
        blocked = other.clone();
        others.push(other);
    }
    session.retire(activation);
    Ok(others)
}
