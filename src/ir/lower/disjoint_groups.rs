//! Disjoint groups: cells in the same position of their boxes form a house.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// One house per position in a box (N houses of N cells).
pub(super) fn lower(builder: &mut IrBuilder) {
    let geometry = builder.geometry();
    let (rows, columns) = (geometry.box_rows(), geometry.box_columns());
    for position in 0..geometry.size() {
        let (r, c) = (position / columns, position % columns);
        let group =
            geometry.cells().filter(|cell| cell.row() % rows == r && cell.column() % columns == c);
        builder.house(group.collect::<Vec<Cell>>());
    }
}
