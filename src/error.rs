//! The crate's error type: one per layer, joined here.

use crate::engine::generate::GenerateError;
use crate::engine::hard::HardError;
use crate::engine::minimise::MinimiseError;
use crate::model::parse::ParseError;
use crate::session::SolveError;

/// Anything the library can fail with.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input is not a puzzle.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The SAT solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A puzzle could not be minimised or completed (no solution, or several).
    #[error(transparent)]
    Minimise(#[from] MinimiseError),
    /// No puzzle could be generated.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// The search for a hard puzzle found none (or none hard enough).
    #[error(transparent)]
    Hard(#[from] HardError),
}
