//! The engines that answer questions about puzzles through the SAT session: counting and
//! uniqueness, true candidates, minimising, completing and generating.

pub mod count;

use crate::encode::{EncodeOptions, Encoding, encode};
use crate::ir::Ir;
use crate::ir::propagate::{Candidates, Contradiction, propagate};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// A puzzle taken down the pipeline: lowered, propagated from `givens` and encoded, or the
/// contradiction propagation found on the way.
pub(crate) fn compile(puzzle: &Puzzle, givens: &Grid) -> Result<(Candidates, Encoding), Contradiction> {
    let ir = Ir::lower(puzzle);
    let candidates = propagate(&ir, givens)?;
    let encoding = encode(&ir, &candidates, EncodeOptions::default());
    Ok((candidates, encoding))
}
