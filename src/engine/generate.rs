//! The generator: a random solution grid for a rule set, minimised into a puzzle.
//!
//! The grid comes from the solver itself, so any rule set works, however sparse its grids
//! (the empty miracle has 72): random placements that propagation allows, completed (and
//! checked) by one SAT call (the crate-private `random_grid` module). Then the minimiser
//! strips the grid in a random order to a minimal unique puzzle. Everything random comes from
//! one ChaCha8 stream per puzzle, chosen by the seed and the puzzle's index, so puzzle k is
//! the same however many threads run.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::compiled::CompiledRules;
use crate::engine::minimise::{MinimiseError, MinimiseOptions, minimise_compiled};
use crate::engine::random_grid::GridDraw;
use crate::limits::{Limits, Stop};
use crate::model::puzzle::Puzzle;
use crate::model::symmetry::Symmetry;
use crate::session::{SolveError, Stats};

/// Choices of the generator.
#[derive(Clone, Debug)]
pub struct GenerateOptions {
    seed: u64,
    symmetry: Symmetry,
    givens_at_most: Option<usize>,
    max_attempts: usize,
    time_limit: Option<Duration>,
}

impl Default for GenerateOptions {
    fn default() -> GenerateOptions {
        GenerateOptions {
            seed: 0,
            symmetry: Symmetry::None,
            givens_at_most: None,
            max_attempts: 1000,
            time_limit: None,
        }
    }
}

impl GenerateOptions {
    /// Seed 0, no symmetry, any number of givens.
    pub fn new() -> GenerateOptions {
        GenerateOptions::default()
    }

    /// The seed; with the puzzle index it fixes everything random. [default: 0]
    pub fn seed(mut self, seed: u64) -> GenerateOptions {
        self.seed = seed;
        self
    }

    /// The symmetry of the givens. [default: none]
    pub fn symmetry(mut self, symmetry: Symmetry) -> GenerateOptions {
        self.symmetry = symmetry;
        self
    }

    /// Keep trying until a puzzle has at most this many givens. [default: any]
    pub fn givens_at_most(mut self, givens: Option<usize>) -> GenerateOptions {
        self.givens_at_most = givens;
        self
    }

    /// Give up after this many minimal puzzles that have too many givens. [default: 1000]
    /// [range: 1..]
    pub fn max_attempts(mut self, attempts: usize) -> GenerateOptions {
        self.max_attempts = attempts.max(1);
        self
    }

    /// With a givens limit: give up on a puzzle after this much time spent on it (a
    /// [`GenerateError::LimitReached`]; [`try_generate`]'s [`Limits`] stop the whole run
    /// instead). [default: none]
    pub fn time_limit(mut self, limit: Option<Duration>) -> GenerateOptions {
        self.time_limit = limit;
        self
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The minimal unique puzzle, with its solution recorded.
    pub puzzle: Puzzle,
    /// How many minimal puzzles were made to find it (more than one with a givens limit).
    pub attempts: usize,
    /// The solver's work.
    pub stats: Stats,
}

/// Why no puzzle came out.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The rules (and marks) admit no solution grid at all.
    #[error("these rules admit no solution grid")]
    NoGrid,
    /// The attempt or time limit ran out before a puzzle had few enough givens.
    #[error(
        "no puzzle with at most {wanted} givens after {attempts} attempts (fewest found: {fewest})"
    )]
    LimitReached {
        /// The givens limit asked for.
        wanted: usize,
        /// Attempts made.
        attempts: usize,
        /// The fewest givens seen.
        fewest: usize,
    },
    /// The SAT solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl GenerateError {
    /// The limit that stopped the search, when that is what happened ([`try_generate`]).
    pub fn stop(&self) -> Option<Stop> {
        match self {
            GenerateError::Solve(error) => error.stop(),
            _ => None,
        }
    }
}

/// Generates puzzle number `index` for the rules (and marks) of `template`; its givens are
/// ignored.
///
/// # Errors
/// See [`GenerateError`].
///
/// # Example
/// ```
/// use satdoku::engine::generate::{GenerateOptions, generate};
/// let template: satdoku::Puzzle = format!("rules: diagonal\n{}", ".".repeat(36)).parse()?;
/// let made = generate(&template, 0, &GenerateOptions::new().seed(1))?;
/// assert!(satdoku::count_up_to(&made.puzzle, 2)?.is_unique());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn generate(
    template: &Puzzle,
    index: u64,
    options: &GenerateOptions,
) -> Result<Generated, GenerateError> {
    try_generate(template, index, options, &Limits::new())
}

/// [`generate`] that stops at `limits`, with no puzzle: a half-minimised grid is no puzzle to
/// hand out.
///
/// # Errors
/// As [`generate`]; also [`GenerateError::Solve`] with a [`SolveError::stop`] when a limit is
/// reached ([`GenerateError::stop`] tells).
pub fn try_generate(
    template: &Puzzle,
    index: u64,
    options: &GenerateOptions,
    limits: &Limits,
) -> Result<Generated, GenerateError> {
    Generator::new(template).try_generate(index, options, limits)
}

/// The generator of one rule set: its rules compiled once (the IR, the logic board and the CNF
/// of the empty grid), for every puzzle of a batch and on every thread. Puzzle `index` is the
/// same as [`generate`] makes; only the compiling is shared.
///
/// # Example
/// ```
/// use satdoku::engine::generate::{GenerateOptions, Generator};
/// let template: satdoku::Puzzle = format!("rules: miracle\n{}", ".".repeat(81)).parse()?;
/// let generator = Generator::new(&template);
/// for index in 0..3 {
///     let made = generator.try_generate(index, &GenerateOptions::new(), &satdoku::Limits::new())?;
///     assert!(satdoku::count_up_to(&made.puzzle, 2)?.is_unique());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Generator {
    template: Puzzle,
    compiled: CompiledRules,
}

impl Generator {
    /// The generator for the rules (and marks) of `template`; its givens are ignored.
    pub fn new(template: &Puzzle) -> Generator {
        Generator { template: template.clone(), compiled: CompiledRules::compile(template) }
    }

    /// The rules compiled.
    pub(crate) fn compiled(&self) -> &CompiledRules {
        &self.compiled
    }

    /// Puzzle number `index` (see [`try_generate`]).
    ///
    /// # Errors
    /// As [`try_generate`].
    pub fn try_generate(
        &self,
        index: u64,
        options: &GenerateOptions,
        limits: &Limits,
    ) -> Result<Generated, GenerateError> {
        let start = Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
        rng.set_stream(index);
        let mut session = self.compiled.session(limits).ok_or(GenerateError::NoGrid)?;
        let draw = GridDraw::new(&self.compiled);
        let mut fewest = usize::MAX;
        for attempt in 1..=options.max_attempts {
            let grid = draw.draw(&mut session, &mut rng, &[])?.ok_or(GenerateError::NoGrid)?;
            let minimise_options =
                MinimiseOptions::new().seed(rng.random()).symmetry(options.symmetry);
            let puzzle = self.template.with_givens(grid);
            let minimal =
                minimise_compiled(&mut session, &self.compiled, &puzzle, &minimise_options)
                    .map_err(|error| match error {
                        MinimiseError::Solve(error) => GenerateError::Solve(error),
                        _ => unreachable!("a complete grid is a unique puzzle"),
                    })?;
            if let Some(stop) = minimal.stopped {
                return Err(GenerateError::Solve(stop.into()));
            }
            let givens = minimal.puzzle.givens().filled_count();
            if options.givens_at_most.is_none_or(|wanted| givens <= wanted) {
                return Ok(Generated {
                    puzzle: minimal.puzzle,
                    attempts: attempt,
                    stats: session.stats(),
                });
            }
            fewest = fewest.min(givens);
            if options.time_limit.is_some_and(|limit| start.elapsed() >= limit) {
                return Err(limit_reached(options, attempt, fewest));
            }
        }
        Err(limit_reached(options, options.max_attempts, fewest))
    }
}

fn limit_reached(options: &GenerateOptions, attempts: usize, fewest: usize) -> GenerateError {
    let wanted = options.givens_at_most.expect("only a givens limit is ever missed");
    GenerateError::LimitReached { wanted, attempts, fewest }
}
