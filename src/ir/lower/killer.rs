//! Killer cages: the cells of a cage hold different digits, adding up to its total if shown.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// A short house over the cage, and a linear sum when the cage has a total.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], sum: Option<usize>) {
    builder.house(cells.to_vec());
    if let Some(sum) = sum {
        builder.sum(cells, sum);
    }
}
