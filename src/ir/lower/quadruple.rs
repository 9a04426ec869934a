//! Quadruples: each listed digit appears among the cells, as often as it is listed.

use itertools::Itertools;

use crate::ir::{Constraint, IrBuilder};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// A table of the tuples (at most N⁴) that hold every listed digit.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], digits: &[usize]) {
    let all: Vec<Digit> = builder.digits().collect();
    let holds = |tuple: &Vec<Digit>| {
        digits.iter().all(|&d| {
            let listed = digits.iter().filter(|&&x| x == d).count();
            tuple.iter().filter(|t| t.value() == d).count() >= listed
        })
    };
    let tuples = (0..cells.len()).map(|_| all.iter().copied()).multi_cartesian_product();
    builder
        .push(Constraint::Table { cells: cells.to_vec(), tuples: tuples.filter(holds).collect() });
}
