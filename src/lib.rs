//! satdoku compiles Sudoku and its variants to CNF, solves them with the
//! [varisat](https://docs.rs/varisat) SAT solver, proves uniqueness, lists true candidates,
//! strips puzzles to minimal sets of givens and generates minimal puzzles.
//!
//! # Quick start
//!
//! ```
//! use satdoku::{Puzzle, Uniqueness};
//!
//! // The Miracle (Mitchell Lee): two givens under anti-king, anti-knight and non-consecutive.
//! let text = format!("rules: miracle\n{}1{}2{}", ".".repeat(38), ".".repeat(12), ".".repeat(29));
//! let puzzle: Puzzle = text.parse()?;
//! let Uniqueness::Unique(solution) = satdoku::uniqueness(&puzzle)? else { panic!("unique") };
//! assert!(solution.to_line().starts_with("483726159"));
//! // The independent validator agrees, without going through the CNF.
//! assert!(satdoku::validate(&puzzle, &solution).is_ok());
//! # Ok::<(), satdoku::Error>(())
//! ```
//!
//! # The pipeline
//!
//! ```text
//! text ──parse──▶ Puzzle ──lower──▶ Ir ──propagate──▶ Candidates ──encode──▶ CNF ──▶ Session
//!                                                                                    │
//!          count · uniqueness · true candidates · minimise · complete · generate ◀───┘
//! ```
//!
//! - [`model`]: the puzzle model: [`Geometry`], [`Cell`], [`Digit`], [`Grid`], [`Rule`],
//!   [`Puzzle`], the parser and the independent validator [`validate`].
//! - [`ir`]: the constraint IR every rule lowers to ([`ir::Constraint`]), and propagation.
//! - [`encode`]: the extended CNF encoding and DIMACS output.
//! - [`session`]: the incremental varisat session: assumptions, blocking clauses, cores.
//! - [`engine`]: counting, true candidates, minimising, completing, generating.
//! - [`logic`]: the human-style logic engine: techniques, explanations, ratings.
//! - [`mod@reference`]: backtracking and dancing links, to cross-check the SAT engine.
//! - [`limits`]: deadlines and interrupts for every search ([`Limits`]).
//! - [`render`]: SVG pictures of puzzles, drawn the way setters draw them.
//! - [`verify`]: the independent DRUP proof checker for certificates, sharing no code with
//!   the encoder or varisat.
//!
//! # Which engine?
//!
//! - Is it unique, what is the solution? [`uniqueness`], or [`count_up_to`] for a bounded count.
//!   Many puzzles: [`engine::counter::Counter`] and [`engine::minimise::Minimiser`] compile a
//!   rule set once and answer what deduction solves without the SAT solver.
//! - What can each cell hold across all solutions? [`true_candidates`].
//! - Which givens are redundant? [`engine::minimise::minimise`].
//! - Make a multi-solution puzzle unique: [`engine::complete::complete`].
//! - New puzzles: [`engine::generate::generate`] (a batch: [`engine::generate::Generator`]);
//!   hard ones: [`engine::hard::search`].
//! - How would a person solve it, how hard is it? [`logic::explain`], [`logic::rate`]; what
//!   next, when stuck? [`logic::hint`].
//! - The CNF for another solver: [`encode::dimacs::write_puzzle_dimacs`].
//! - Open it in f-puzzles or SudokuPad: [`model::fpuzzles::write_fpuzzles`], then
//!   [`model::fpuzzles::fpuzzles_link`]; see it: [`render::render_svg`].
//! - Baselines to compare with: [`reference::backtrack`] (with a backtrack counter) and
//!   [`reference::dlx`] (exact cover), and the course's solver [`reference::textbook`] (its
//!   backtrack counts reproduced exactly).
//!
//! # API themes
//!
//! - Indices are 0-based inside (`Cell::new(0, 0)`) and 1-based in every user form (`r1c1`,
//!   digits `1..=N`); `Debug` prints the user form.
//! - "No solution" is a result ([`Uniqueness::None`], a count of 0), never an error; errors
//!   are bad input ([`ParseError`]) or a solver failure.
//! - Bounded operations say so in their name ([`count_up_to`]); options are `…Options` structs
//!   with chainable setters and documented defaults.
//! - Operations that can be interrupted or hit a time limit are named `try_…` and take
//!   [`Limits`]; when one stops, it returns what it found so far, labelled with the [`Stop`]
//!   (a count becomes "at least N"). The logic engine takes them in its options instead
//!   ([`logic::ExplainOptions::limits`]), its outcome then [`logic::Outcome::Limited`].
//! - Randomness comes from a `seed` option, never from the environment: the same seed gives the
//!   same output on every machine.
#![warn(missing_docs)]

// The property tests draw their puzzles with the differential harness of
// `examples/differential`, written against the public API as `satdoku::...`.
#[cfg(test)]
extern crate self as satdoku;

pub mod encode;
pub mod engine;
mod error;
pub mod ir;
pub mod limits;
pub mod logic;
pub mod model;
pub mod reference;
pub mod render;
pub mod session;
pub mod verify;

pub use engine::candidates::{TrueCandidates, true_candidates};
pub use engine::count::{Count, Uniqueness, count_up_to, uniqueness};
pub use error::Error;
pub use ir::{Ir, Placement};
pub use limits::{Limits, Stop};
pub use model::digit::Digit;
pub use model::geometry::{Cell, Geometry};
pub use model::grid::Grid;
pub use model::parse::{ParseError, ParseOptions};
pub use model::puzzle::Puzzle;
pub use model::rule::Rule;
pub use model::validate::validate;
pub use session::Session;
