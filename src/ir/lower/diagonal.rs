//! Diagonals: the main diagonal (`diagonal-`) and the anti-diagonal (`diagonal+`) are houses.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// r1c1, r2c2, ..., rNcN hold every digit once.
pub(super) fn main(builder: &mut IrBuilder) {
    let n = builder.geometry().size();
    builder.house((0..n).map(|i| Cell::new(i, i)).collect());
}

/// rNc1, ..., r1cN (bottom-left to top-right) hold every digit once.
pub(super) fn anti(builder: &mut IrBuilder) {
    let n = builder.geometry().size();
    builder.house((0..n).map(|i| Cell::new(n - 1 - i, i)).collect());
}
