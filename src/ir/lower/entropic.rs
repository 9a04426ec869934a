//! Entropic lines: any three consecutive cells hold a low, a middle and a high digit.
//!
//! Three cells hold one digit of each third exactly when no two of them share a third, so the
//! rule is two-cell tables between cells one and two steps apart.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Cells up to two steps apart on the line hold digits of different thirds of 1..N.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let digits = builder.geometry().digits();
    builder.pairs_within(line, 2, |a, b| (a - 1) * 3 / digits != (b - 1) * 3 / digits);
}
