//! Counting circles: a digit in a circle appears in exactly as many circles as its value.
//!
//! For each digit d, flags "circle c holds d" are counted: the count is 0 or d, so it differs
//! from every other count the circles reach; a digit above the number of circles stays out.

use crate::ir::{IrBuilder, Placement, Relation, Term};
use crate::model::geometry::Cell;

/// Per digit, one not-equal sum for each count other than 0 and the digit.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell]) {
    let digits: Vec<_> = builder.digits().collect();
    for d in digits {
        if d.value() > cells.len() {
            for &cell in cells {
                builder.domain(cell, |digit| digit != d);
            }
            continue;
        }
        let holds: Vec<Term> = cells
            .iter()
            .map(|&cell| Term::flag(builder.flag_any([Placement::new(cell, d)]), 1))
            .collect();
        for count in (1..=cells.len()).filter(|&k| k != d.value()) {
            builder.linear_terms(holds.clone(), Relation::NotEqual, count as i32);
        }
    }
}
