//! Minimising many puzzles: a [`Minimiser`] keeps a rule set's compilation (see
//! `compiled.rs`) and its SAT session from one puzzle to the next; the algorithm is the
//! minimiser's (see [`super::minimise`]).

use super::compiled::CompiledRules;
use super::minimise::{MinimiseError, MinimiseOptions, Minimised, minimise_with};
use crate::limits::Limits;
use crate::model::puzzle::Puzzle;
use crate::session::Session;

/// Minimises many puzzles one after another, keeping the rule set compiled and its session from
/// one puzzle to the next (the session is renewed every [`Minimiser::RENEW_EVERY`] puzzles, and
/// after a limit stopped it). One per thread: a batch worker keeps its own.
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
    /// The compiled rule set of the last puzzle, its session (`None` when the rules alone
    /// have no solution) and how many puzzles the session served.
    rules: Option<(CompiledRules, Option<Session<'static>>, usize)>,
}

impl Minimiser {
    /// Puzzles a session serves before it is replaced, which bounds its learned clauses.
    pub const RENEW_EVERY: usize = 100;

    /// A minimiser whose SAT calls stop at `limits`.
    pub fn new(limits: &Limits) -> Minimiser {
        Minimiser { limits: limits.clone(), rules: None }
    }

    /// [`try_minimise`](super::minimise::try_minimise) with the compiled rule set and session of earlier puzzles when they
    /// fit.
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
        let fits = self.rules.as_ref().is_some_and(|(compiled, session, served)| {
            compiled.fits(puzzle) && session.is_some() && *served < Minimiser::RENEW_EVERY
        });
        if !fits {
            let compiled = match self.rules.take() {
                Some((compiled, ..)) if compiled.fits(puzzle) => compiled,
                _ => CompiledRules::compile(puzzle),
            };
            let session = compiled.session(&self.limits);
            self.rules = Some((compiled, session, 0));
        }
        let (compiled, session, served) = self.rules.as_mut().expect("compiled above");
        let Some(session) = session else { return Err(MinimiseError::NoSolution) };
        *served += 1;
        let result = minimise_with(session, compiled, puzzle, options);
        if result.as_ref().map_or_else(|e| e.stop().is_some(), |m| m.stopped.is_some()) {
            // varisat cannot go on after a stop.
            self.rules = None;
        }
        result
    }
}
