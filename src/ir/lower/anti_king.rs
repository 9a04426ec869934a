//! Anti-king: cells a king's move apart never hold the same digit. Orthogonal neighbours
//! already share a row or column, so only the diagonal steps add anything.

use crate::ir::IrBuilder;

/// Diagonal neighbours differ.
pub(super) fn lower(builder: &mut IrBuilder) {
    builder.exclude_equal_at_offsets(&[(1, -1), (1, 1)]);
}
