//! Palindromes: the line reads the same digits from either end.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Cells the same distance from either end hold equal digits.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let k = line.len();
    for i in 0..k / 2 {
        builder.pair(line[i], line[k - 1 - i], |a, b| a == b);
    }
}
