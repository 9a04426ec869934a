//! Renban lines: the digits are different and consecutive, in any order.
//!
//! k different digits form a run exactly when no two are k or more apart, so a renban is a
//! short house plus exclusions, with no tuples at all.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::geometry::Cell;

/// A short house over the line, and for each pair of its cells, no two digits `len` apart or
/// more.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    builder.house(line.to_vec());
    let digits: Vec<_> = builder.digits().collect();
    for (i, &a) in line.iter().enumerate() {
        for &b in &line[i + 1..] {
            for (&x, &y) in itertools::iproduct!(&digits, &digits) {
                if x.value().abs_diff(y.value()) >= line.len() {
                    builder.push(Constraint::Exclude(Placement::new(a, x), Placement::new(b, y)));
                }
            }
        }
    }
}
