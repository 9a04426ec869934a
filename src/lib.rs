//! satdoku: Sudoku and its variants compiled to CNF and solved with varisat.
#![warn(missing_docs)]

pub mod ir;
pub mod model;
