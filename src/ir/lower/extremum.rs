//! Minimum and maximum cells: less (greater) than each orthogonal neighbour.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// A two-cell table with each orthogonal neighbour.
pub(super) fn lower(builder: &mut IrBuilder, cell: Cell, maximum: bool) {
    let size = builder.geometry().size();
    let neighbours = [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|(r, c)| cell.offset(r, c, size));
    for neighbour in neighbours.into_iter().flatten() {
        builder.pair(cell, neighbour, |a, b| if maximum { a > b } else { a < b });
    }
}
