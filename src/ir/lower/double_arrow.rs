//! Double arrows: the digits between the two circles add up to the circles' digits together.

use crate::ir::{IrBuilder, Relation};
use crate::model::geometry::Cell;

/// One linear sum: the middle cells' digits, minus the two ends' digits, equal 0.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let ends = [line[0], line[line.len() - 1]].map(|cell| (cell, -1));
    let middle = line[1..line.len() - 1].iter().map(|&cell| (cell, 1));
    builder.linear(middle.chain(ends), Relation::Equal, 0);
}
