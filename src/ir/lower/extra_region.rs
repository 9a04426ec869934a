//! Extra regions: the cells hold different digits (every digit, with N cells).

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// One house.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell]) {
    builder.house(cells.to_vec());
}
