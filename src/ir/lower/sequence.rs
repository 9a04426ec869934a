//! Sequence lines: the digits step by one difference, not zero, along the line.
//!
//! Equal steps on every three consecutive cells chain into one step for the whole line, so
//! the rule is a three-cell table per such run (and, on a line of two cells, different
//! digits).

use itertools::iproduct;

use crate::ir::{Constraint, IrBuilder};
use crate::model::geometry::Cell;

/// A three-cell table per run of three (`b - a = c - b ≠ 0`); a pair on a two-cell line.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    if line.len() == 2 {
        builder.pair(line[0], line[1], |a, b| a != b);
    }
    let digits: Vec<_> = builder.digits().collect();
    for run in line.windows(3) {
        let tuples = iproduct!(&digits, &digits, &digits)
            .filter(|&(a, b, c)| a != b && b.value() * 2 == a.value() + c.value())
            .map(|(&a, &b, &c)| vec![a, b, c])
            .collect();
        builder.push(Constraint::Table { cells: run.to_vec(), tuples });
    }
}
