//! The engines that answer questions about puzzles through the SAT session: counting and
//! uniqueness, true candidates, minimising, completing and generating.

pub mod candidates;
pub mod complete;
pub mod count;
pub mod generate;
pub mod minimise;

use crate::encode::{EncodeOptions, Encoding, encode};
use crate::ir::Ir;
use crate::ir::Placement;
use crate::ir::propagate::{Contradiction, propagate};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::Session;

/// A puzzle taken down the pipeline: lowered, propagated from `givens` and encoded, or the
/// contradiction propagation found on the way.
pub(crate) fn compile(puzzle: &Puzzle, givens: &Grid) -> Result<Encoding, Contradiction> {
    let ir = Ir::lower(puzzle);
    let candidates = propagate(&ir, givens)?;
    Ok(encode(&ir, &candidates, EncodeOptions::default()))
}

/// A session over the rules of `puzzle` alone (candidates of the empty grid), in which givens
/// are assumptions: one encoding for every set of givens. `None` when the rules alone have no
/// solution.
pub(crate) fn rules_session(puzzle: &Puzzle) -> Option<Session<'static>> {
    let encoding = compile(puzzle, &Grid::empty(puzzle.geometry())).ok()?;
    Some(Session::new(encoding))
}

/// The givens of `grid` as placements, in reading order.
pub(crate) fn placements_of(grid: &Grid) -> Vec<Placement> {
    grid.filled().map(|(cell, digit)| Placement::new(cell, digit)).collect()
}
