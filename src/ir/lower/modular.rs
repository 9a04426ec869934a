//! Modular lines: any three consecutive cells hold digits of different remainders modulo 3.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Cells up to two steps apart on the line hold digits of different remainders modulo 3.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    builder.pairs_within(line, 2, |a, b| a % 3 != b % 3);
}
