//! Counting circles: a digit in a circle appears in exactly as many circles as its value.
//!
//! For each digit d, flags "circle c holds d" are counted: the count is 0 or d, a
//! [`CountGroup`] (one not-equal sum for each other count, and the group for the logic
//! engine); a digit above the number of circles stays out.

use crate::ir::{CountGroup, Counted, IrBuilder, Placement};
use crate::model::geometry::Cell;

/// Per digit, the circles holding it counted 0 or the digit.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell]) {
    let digits: Vec<_> = builder.digits().collect();
    for d in digits {
        if d.value() > cells.len() {
            for &cell in cells {
                builder.domain(cell, |digit| digit != d);
            }
            continue;
        }
        let flags = cells.iter().map(|&cell| builder.flag_any([Placement::new(cell, d)])).collect();
        let counted = Counted::CirclesHolding { digit: d, circles: cells.to_vec() };
        builder.count_group(CountGroup { flags, count: d.value(), counted });
    }
}
