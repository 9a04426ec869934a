//! Arrows: the digits on the line add up to the number in the pill.

use crate::ir::{IrBuilder, Relation};
use crate::model::geometry::Cell;

/// One linear sum: the line's digits, minus the pill's digits weighted 100, 10, 1 (read as a
/// number, first cell first), equal 0.
pub(super) fn lower(builder: &mut IrBuilder, pill: &[Cell], line: &[Cell]) {
    let weight = |i: usize| -(10i32.pow((pill.len() - 1 - i) as u32));
    let pill_terms = pill.iter().enumerate().map(|(i, &cell)| (cell, weight(i)));
    let terms = line.iter().map(|&cell| (cell, 1)).chain(pill_terms);
    builder.linear(terms, Relation::Equal, 0);
}
