//! Between lines: the digits on the line lie strictly between those of its two ends.

use itertools::iproduct;

use crate::ir::{Constraint, IrBuilder};
use crate::model::geometry::Cell;

/// For each middle cell, a three-cell table (first end, cell, last end).
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let (Some(&first), Some(&last)) = (line.first(), line.last()) else { return };
    let digits: Vec<_> = builder.digits().collect();
    for &middle in &line[1..line.len().saturating_sub(1).max(1)] {
        let tuples = iproduct!(&digits, &digits, &digits)
            .filter(|(a, m, b)| a.min(b) < m && m < a.max(b))
            .map(|(&a, &m, &b)| vec![a, m, b])
            .collect();
        builder.push(Constraint::Table { cells: vec![first, middle, last], tuples });
    }
}
