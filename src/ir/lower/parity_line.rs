//! Parity lines: neighbours along the line hold one even and one odd digit.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// A pair per step: digits of different parity.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    builder.pairs_along(line, |a, b| a % 2 != b % 2);
}
