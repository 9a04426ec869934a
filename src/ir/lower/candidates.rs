//! Given pencil marks: the cell's domain is the digits marked.

use crate::ir::IrBuilder;
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// `cell` holds one of `digits`.
pub(super) fn lower(builder: &mut IrBuilder, cell: Cell, digits: DigitSet) {
    builder.domain(cell, |digit| digits.contains(digit));
}
