//! Whisper lines (German, Dutch): neighbours along the line differ by at least the gap.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Each step of the line as a two-cell table of digits at least `gap` apart.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell], gap: usize) {
    builder.pairs_along(line, |a, b| a.abs_diff(b) >= gap);
}
