//! Little killers: the digits along a diagonal add up to the clue (repeats allowed).

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// One linear sum over the diagonal.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], sum: usize) {
    builder.sum(cells, sum);
}
