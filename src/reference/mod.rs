//! Reference engines: slow, simple solvers that share nothing with the CNF encoder or the SAT
//! session, so that tests can check the SAT engine's answers against them.
//!
//! - [`backtrack`]: depth-first search over the IR with the fewest-candidates heuristic and a
//!   backtrack counter; supports every constraint (houses, exclusions, domains, tables, sums).
//! - [`dlx`]: exact cover by Knuth's dancing links; houses, exclusions and domains only.
//! - [`textbook`]: the course's recursive solver (first empty cell, digits ascending) with its
//!   exact backtrack count and its two improvements (implications); every constraint.
//!
//! Neither is meant for real work: use [`crate::count_up_to`] for that.

pub mod backtrack;
pub mod dlx;
pub mod textbook;
