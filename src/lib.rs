//! satdoku: Sudoku and its variants compiled to CNF and solved with varisat.
#![warn(missing_docs)]

pub mod encode;
pub mod engine;
mod error;
pub mod ir;
pub mod model;
pub mod reference;
pub mod session;

pub use engine::candidates::{TrueCandidates, true_candidates};
pub use engine::count::{Count, Uniqueness, count_up_to, uniqueness};
pub use error::Error;
pub use ir::{Ir, Placement};
pub use model::digit::Digit;
pub use model::geometry::{Cell, Geometry};
pub use model::grid::Grid;
pub use model::parse::{ParseError, ParseOptions};
pub use model::puzzle::Puzzle;
pub use model::rule::Rule;
pub use model::validate::validate;
pub use session::Session;
