//! Even and odd marks: a marked cell's domain is the digits of its parity.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Each of `cells` holds a digit whose value leaves `remainder` when divided by 2.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], remainder: usize) {
    for &cell in cells {
        builder.domain(cell, |digit| digit.value() % 2 == remainder);
    }
}
