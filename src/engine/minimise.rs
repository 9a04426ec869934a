//! The minimiser: removes givens while the solution stays unique, until every remaining given
//! is necessary (a *minimal* puzzle).
//!
//! Algorithm (one incremental session per rule set): the givens are assumptions and the known
//! solution S is blocked under an activation literal, so "is this given redundant?" is one SAT
//! call with the given's assumption dropped: unsatisfiable means no other solution appears
//! without it. An unsatisfiable call also yields a failed-assumption core, a subset of the
//! remaining givens that alone forces S, so every given outside the core goes at once. One pass
//! suffices: removing givens only ever adds solutions, so a given found necessary stays
//! necessary. A removal after which the remaining givens still force the whole grid by the
//! pre-pass (the logic engine's core tier, compiled once per rule set) needs no SAT call at
//! all. With a symmetry, givens are removed orbit by orbit, and the result is minimal
//! among puzzles with that symmetry. [`try_minimise`] stops at [`Limits`] with the givens kept
//! so far: still a unique puzzle, not yet minimal. Rule sets without sums skip the SAT session
//! altogether: the pre-pass and the guess-and-propagate search answer each removal
//! (`minimise_search.rs`), and the SAT path here takes over only when a search runs past its
//! budget.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::minimise_search::minimise_by_search;
use crate::engine::compiled::CompiledRules;
use crate::engine::{grid_of, placements_of};
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
use crate::logic::{Search, State};
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::symmetry::Symmetry;
use crate::session::{Outcome, Session, SolveError, Stats};

/// The order in which givens are tried for removal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Reading order, r1c1 first.
    Given,
    /// Reverse reading order.
    Reverse,
    /// A random order drawn from the seed.
    #[default]
    Random,
}

/// Choices of the minimiser.
#[derive(Clone, Debug, Default)]
pub struct MinimiseOptions {
    seed: u64,
    order: Order,
    symmetry: Symmetry,
    keep: Vec<Cell>,
}

impl MinimiseOptions {
    /// Random order with seed 0, no symmetry, nothing kept.
    pub fn new() -> MinimiseOptions {
        MinimiseOptions::default()
    }

    /// The seed of the random order; the same seed gives the same result. [default: 0]
    pub fn seed(mut self, seed: u64) -> MinimiseOptions {
        self.seed = seed;
        self
    }

    /// The removal order. [default: random]
    pub fn order(mut self, order: Order) -> MinimiseOptions {
        self.order = order;
        self
    }

    /// Givens related by this symmetry are removed together. [default: none]
    pub fn symmetry(mut self, symmetry: Symmetry) -> MinimiseOptions {
        self.symmetry = symmetry;
        self
    }

    /// Cells whose givens must stay. [default: none]
    pub fn keep(mut self, cells: Vec<Cell>) -> MinimiseOptions {
        self.keep = cells;
        self
    }

    /// The seed in force.
    pub fn get_seed(&self) -> u64 {
        self.seed
    }
}

/// A minimal puzzle and how it was reached.
#[derive(Clone, Debug)]
pub struct Minimised {
    /// The minimal puzzle, with its solution recorded.
    pub puzzle: Puzzle,
    /// How many givens were removed.
    pub removed: usize,
    /// SAT calls made, including the two that prove the input unique.
    pub sat_calls: u64,
    /// The solver's work.
    pub stats: Stats,
    /// The limit that stopped the removal, if one did ([`try_minimise`]): the puzzle is unique
    /// but may not be minimal.
    pub stopped: Option<Stop>,
}

/// Why a puzzle cannot be minimised.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MinimiseError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has several solutions; two of them.
    #[error("the puzzle has several solutions, so it has no minimal form; two differ at {}", differing(.0, .1))]
    MultipleSolutions(Grid, Grid),
    /// The SAT solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl MinimiseError {
    /// The limit that stopped the search, when that is what happened.
    pub fn stop(&self) -> Option<Stop> {
        match self {
            MinimiseError::Solve(error) => error.stop(),
            _ => None,
        }
    }
}

fn differing(a: &Grid, b: &Grid) -> String {
    let cells: Vec<String> = a.differences(b).map(|cell| cell.to_string()).collect();
    cells.join(" ")
}

/// Removes givens from `puzzle` until it is minimal (see the module doc).
///
/// # Errors
/// [`MinimiseError::NoSolution`] or [`MinimiseError::MultipleSolutions`] when the puzzle is not
/// unique; [`MinimiseError::Solve`] when the solver fails.
///
/// # Example
/// ```
/// use satdoku::engine::minimise::{MinimiseOptions, minimise};
/// let sqlite: satdoku::Puzzle =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let minimal = minimise(&sqlite, &MinimiseOptions::new().seed(7))?;
/// // Fewer givens, same unique solution.
/// assert!(minimal.puzzle.givens().filled_count() < 30);
/// let solution = minimal.puzzle.solution().expect("recorded").clone();
/// assert_eq!(satdoku::uniqueness(&minimal.puzzle)?, satdoku::Uniqueness::Unique(solution));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn minimise(puzzle: &Puzzle, options: &MinimiseOptions) -> Result<Minimised, MinimiseError> {
    try_minimise(puzzle, options, &Limits::new())
}

/// [`minimise`] that stops at `limits`. A stop before uniqueness is proved is an error; a stop
/// during the removal returns the givens kept so far, unique but perhaps not minimal, with
/// [`Minimised::stopped`] set.
///
/// # Errors
/// As [`minimise`]; also [`MinimiseError::Solve`] with a [`SolveError::stop`] when a limit is
/// reached before the puzzle is known to be unique.
pub fn try_minimise(
    puzzle: &Puzzle,
    options: &MinimiseOptions,
    limits: &Limits,
) -> Result<Minimised, MinimiseError> {
    Minimiser::new(limits).minimise(puzzle, options)
}

pub use super::minimiser::Minimiser;

/// [`minimise`] with the puzzle's rule set already compiled, in `session` (a session over its
/// rules alone, [`CompiledRules::session`], which a generator reuses for many puzzles): by the
/// guess-and-propagate search where it answers (`minimise_search.rs`), else with SAT.
pub(crate) fn minimise_compiled(
    session: &mut Session,
    compiled: &CompiledRules,
    puzzle: &Puzzle,
    options: &MinimiseOptions,
) -> Result<Minimised, MinimiseError> {
    let limits = session.limits().clone();
    let searched = minimise_by_search(compiled, puzzle, options, &limits, &mut Search::default());
    searched.unwrap_or_else(|| minimise_with(session, compiled, puzzle, options))
}

/// The SAT minimiser of [`minimise_compiled`]. A puzzle the pre-pass solves
/// is unique without a SAT call, and so is each removal after which the pre-pass still solves
/// the remaining givens.
pub(super) fn minimise_with(
    session: &mut Session,
    compiled: &CompiledRules,
    puzzle: &Puzzle,
    options: &MinimiseOptions,
) -> Result<Minimised, MinimiseError> {
    let before = session.stats();
    let givens = placements_of(puzzle.givens());
    let mut scratch = None;
    let deduced = compiled.deduce(givens.iter().copied(), &mut scratch);
    let (solution, unique) = match deduced {
        Ok(state) if state.is_solved() => (state.candidates.singles(), true),
        Err(_) => return Err(MinimiseError::NoSolution),
        Ok(_) => match session.solve(&givens)? {
            Outcome::Solution(solution) => (solution, false),
            Outcome::NoSolution { .. } => return Err(MinimiseError::NoSolution),
        },
    };
    let other = session.activation();
    let blocking = session.blocking_clause(&solution);
    session.add_clause_while(other, &blocking);
    let removal = Removal { compiled, other, givens: &givens, unique };
    let result = removal.run(session, &mut scratch, options);
    session.retire(other);
    let (kept, stopped) = match result? {
        Ok(kept) => kept,
        Err(second) => return Err(MinimiseError::MultipleSolutions(solution, second)),
    };
    let grid = grid_of(puzzle.geometry(), &kept);
    let stats = session.stats().since(before);
    Ok(Minimised {
        removed: givens.len() - kept.len(),
        puzzle: puzzle.with_givens(grid).with_solution(solution),
        sat_calls: stats.solve_calls,
        stats,
        stopped,
    })
}

/// The givens kept, and the limit that stopped the pass early if one did.
type Kept = (Vec<Placement>, Option<Stop>);

/// The pass over the orbits of givens, for one puzzle.
struct Removal<'a> {
    compiled: &'a CompiledRules,
    /// The activation literal of the clause blocking the known solution.
    other: varisat::Lit,
    givens: &'a [Placement],
    /// Whether the pre-pass already proved the givens unique.
    unique: bool,
}

impl Removal<'_> {
    /// The givens kept; `Ok(Err(grid))` when the givens have a second solution.
    fn run(
        &self,
        session: &mut Session,
        scratch: &mut Option<State>,
        options: &MinimiseOptions,
    ) -> Result<Result<Kept, Grid>, SolveError> {
        let (compiled, other, givens) = (self.compiled, self.other, self.givens);
        let calls_before = session.stats().solve_calls;
        if !self.unique {
            if let Outcome::Solution(second) = session.solve_while(givens, &[other])? {
                return Ok(Err(second));
            }
        }
        let orbits = removal_orbits(givens, session.var_map().geometry().size(), options);
        // The solver's core favours the assumptions it meets first, so they go in removal order,
        // kept givens first: givens late in the order are the likeliest to leave with a core, and
        // the order (not reading order) decides which.
        let in_orbits: Vec<usize> = orbits.iter().flatten().copied().collect();
        let kept = (0..givens.len()).filter(|i| !in_orbits.contains(i));
        let assumption_order: Vec<usize> = kept.chain(in_orbits.iter().copied()).collect();
        let mut present = vec![true; givens.len()];
        let mut stopped = None;
        for orbit in &orbits {
            if !orbit.iter().all(|&i| present[i]) {
                continue;
            }
            let remaining: Vec<Placement> = assumption_order
                .iter()
                .filter(|&&i| present[i] && !orbit.contains(&i))
                .map(|&i| givens[i])
                .collect();
            // The remaining givens force the whole grid by deduction: no SAT call needed. Not
            // before the first SAT call, whose failed-assumption core drops most givens of a
            // full grid at once (measured: without this wait, 16×16 generation took twice as
            // long).
            let deduced = (session.stats().solve_calls > calls_before)
                .then(|| compiled.deduce(remaining.iter().copied(), scratch));
            if deduced.is_some_and(|deduced| deduced.is_ok_and(|state| state.is_solved())) {
                orbit.iter().for_each(|&i| present[i] = false);
                continue;
            }
            let outcome = match session.solve_while(&remaining, &[other]) {
                Err(error) if error.stop().is_some() => {
                    stopped = error.stop();
                    break;
                }
                outcome => outcome?,
            };
            let Outcome::NoSolution { core } = outcome else {
                continue;
            };
            orbit.iter().for_each(|&i| present[i] = false);
            for rest in &orbits {
                let outside_core = rest.iter().all(|&i| present[i] && !core.contains(&givens[i]));
                if outside_core {
                    rest.iter().for_each(|&i| present[i] = false);
                }
            }
        }
        let kept = (0..givens.len()).filter(|&i| present[i]).map(|i| givens[i]).collect();
        Ok(Ok((kept, stopped)))
    }
}

/// The givens (as indices into `givens`) grouped by symmetry orbit, minus the orbits holding a
/// kept cell, in the order of the options.
pub(super) fn removal_orbits(
    givens: &[Placement],
    size: usize,
    options: &MinimiseOptions,
) -> Vec<Vec<usize>> {
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for (index, given) in givens.iter().enumerate() {
        if orbits.iter().any(|orbit| orbit.contains(&index)) {
            continue;
        }
        let cells = options.symmetry.orbit(given.cell, size);
        let orbit: Vec<usize> =
            (0..givens.len()).filter(|&i| cells.contains(&givens[i].cell)).collect();
        if !orbit.iter().any(|&i| options.keep.contains(&givens[i].cell)) {
            orbits.push(orbit);
        }
    }
    match options.order {
        Order::Given => {}
        Order::Reverse => orbits.reverse(),
        Order::Random => orbits.shuffle(&mut ChaCha8Rng::seed_from_u64(options.seed)),
    }
    orbits
}
