//! The independent proof checker: reads a CNF in DIMACS and a DRUP proof in text DRAT, and
//! checks by forward reverse-unit-propagation that the proof refutes the CNF.
//!
//! It exists so that a certificate from satdoku (see [`crate::engine::certify`]) can be
//! trusted without trusting varisat: this module imports nothing from the rest of the crate
//! (not the encoder, not the session, not varisat) and is small enough to read in one
//! sitting. It trusts only the text of the two files it is given.
//!
//! What it checks (see [`check`] and `rup.rs` for the details):
//! - every lemma is RUP with respect to the clauses present when it comes: assuming each of
//!   its literals false, unit propagation meets a conflict;
//! - every deleted clause is present (a deletion of the reason of a top-level assignment is
//!   ignored, as drat-trim does);
//! - the lemmas end in a top-level conflict (the empty clause, or one that unit propagation
//!   reaches).
//!
//! The readers [`parse_dimacs`] and [`parse_proof`] never panic and report bad input with
//! the line and column; they are public so that fuzzers can drive them.
//!
//! # Example
//! ```
//! use satdoku::verify::{check, parse_dimacs, parse_proof};
//! // x1 ∨ x2, x1 ∨ ¬x2, ¬x1 ∨ x2, ¬x1 ∨ ¬x2: unsatisfiable.
//! let cnf = parse_dimacs("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n")?;
//! // The lemma x1 is RUP; then x2 and ¬x2 propagate, a conflict: the empty clause.
//! assert!(check(&cnf, &parse_proof("1 0\n0\n")?).is_ok());
//! // Without the lemma, unit propagation alone finds nothing: rejected.
//! assert!(check(&cnf, &parse_proof("0\n")?).is_err());
//! # Ok::<(), satdoku::verify::InputError>(())
//! ```

mod dimacs;
mod drat;
mod lex;
mod rup;
#[cfg(test)]
mod tests;

pub use dimacs::{Cnf, parse_dimacs};
pub use drat::{Proof, Step, StepKind, parse_proof};
pub use lex::InputError;
pub use rup::{Rejection, Verified, check};
