//! Inequality signs: the first cell's digit is greater than the second's.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// One pair constraint.
pub(super) fn lower(builder: &mut IrBuilder, a: Cell, b: Cell) {
    builder.pair(a, b, |x, y| x > y);
}
