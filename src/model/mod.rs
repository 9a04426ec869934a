//! Layer 1, the puzzle model: geometry, digits, grids, rules, puzzles, the parser and the
//! independent validator. Nothing here knows about constraints, clauses or solvers.

pub mod digit;
pub mod dot_relation;
pub mod equal_totals;
pub mod fpuzzles;
pub mod geometry;
pub mod grid;
pub mod layout;
pub mod look_and_say;
pub mod parse;
pub mod puzzle;
pub mod record;
pub mod regions;
pub mod rule;
pub mod shape;
pub mod sudokumaker;
pub mod sudokupad;
pub mod symmetry;
pub mod validate;
