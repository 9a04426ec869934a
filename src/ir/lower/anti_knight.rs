//! Anti-knight: cells a knight's move apart never hold the same digit.

use crate::ir::IrBuilder;

/// Cells a knight's move apart differ (the four downward moves cover every pair once).
pub(super) fn lower(builder: &mut IrBuilder) {
    builder.exclude_equal_at_offsets(&[(1, -2), (1, 2), (2, -1), (2, 1)]);
}
