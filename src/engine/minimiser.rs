//! Minimising many puzzles: a [`Minimiser`] keeps a rule set's compilation (see
//! `compiled.rs`) from one puzzle to the next; the algorithm is the minimiser's (see
//! [`super::minimise`]).

use super::compiled::CompiledRules;
use super::minimise::{MinimiseError, MinimiseOptions, Minimised, minimise_with};
use super::minimise_search::minimise_by_search;
use crate::limits::Limits;
use crate::logic::Search;
use crate::model::puzzle::Puzzle;

/// Minimises many puzzles one after another, keeping the rule set compiled from one puzzle to
/// the next. Rule sets the guess-and-propagate search answers are minimised by it (see
/// `minimise_search.rs`); for the others each puzzle gets a new SAT session over the compiled CNF: a session kept across
/// puzzles carries learned clauses that change the solver's failed-assumption cores, hence
/// which givens a minimisation drops, so a puzzle's result would depend on the puzzles a worker
/// saw before it (and on `--jobs`); kept sessions also measured no faster. One per thread: a
/// batch worker keeps its own.
///
/// # Example
/// ```
/// use satdoku::engine::minimise::{MinimiseOptions, Minimiser};
/// let mut minimiser = Minimiser::new(&satdoku::Limits::new());
/// for line in ["1234341221434321", "2143341212344321"] {
///     let grid: satdoku::Puzzle = line.parse()?;
///     let minimal = minimiser.minimise(&grid, &MinimiseOptions::new())?;
///     // A full 4×4 grid keeps at least 4 givens.
///     assert!(minimal.puzzle.givens().filled_count() >= 4);
/// }
/// # Ok::<(), satdoku::Error>(())
/// ```
#[derive(Debug)]
pub struct Minimiser {
    limits: Limits,
    /// The compiled rule set of the last puzzle.
    rules: Option<CompiledRules>,
    /// The guess-and-propagate search's scratch states.
    search: Search,
}

impl Minimiser {
    /// A minimiser whose SAT calls stop at `limits`.
    pub fn new(limits: &Limits) -> Minimiser {
        Minimiser { limits: limits.clone(), rules: None, search: Search::default() }
    }

    /// [`try_minimise`](super::minimise::try_minimise) with the compiled rule set of earlier
    /// puzzles when it fits.
    ///
    /// # Errors
    /// As [`try_minimise`](super::minimise::try_minimise).
    pub fn minimise(
        &mut self,
        puzzle: &Puzzle,
        options: &MinimiseOptions,
    ) -> Result<Minimised, MinimiseError> {
        // A limit already reached stops before any work, even work the pre-pass could do
        // without the solver.
        if let Some(stop) = self.limits.reached() {
            return Err(MinimiseError::Solve(stop.into()));
        }
        let (compiled, _) = CompiledRules::kept(&mut self.rules, puzzle);
        let searched =
            minimise_by_search(compiled, puzzle, options, &self.limits, &mut self.search);
        if let Some(minimised) = searched {
            return minimised;
        }
        let Some(mut session) = compiled.session(&self.limits) else {
            return Err(MinimiseError::NoSolution);
        };
        minimise_with(&mut session, compiled, puzzle, options)
    }
}
