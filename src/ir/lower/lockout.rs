//! Lockout lines: the ends differ by at least the gap, and every other cell of the line lies
//! outside the ends' range (neither between them nor equal to one).

use itertools::iproduct;

use crate::ir::{Constraint, IrBuilder};
use crate::model::geometry::Cell;

/// A pair for the ends, and for each middle cell a three-cell table (end, cell, end).
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell], gap: usize) {
    let (first, last) = (line[0], line[line.len() - 1]);
    builder.pair(first, last, |a, b| a.abs_diff(b) >= gap);
    let digits: Vec<_> = builder.digits().collect();
    for &middle in &line[1..line.len() - 1] {
        let tuples = iproduct!(&digits, &digits, &digits)
            .filter(|(a, m, b)| {
                a.value().abs_diff(b.value()) >= gap && (m < a.min(b) || m > a.max(b))
            })
            .map(|(&a, &m, &b)| vec![a, m, b])
            .collect();
        builder.push(Constraint::Table { cells: vec![first, middle, last], tuples });
    }
}
