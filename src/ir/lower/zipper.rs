//! Zipper lines: cells the same distance from the centre add up to the same total, which is
//! the centre's digit on a line of odd length.

use crate::ir::{IrBuilder, Relation};
use crate::model::geometry::Cell;

/// One linear sum per pair: `a + b − centre = 0` (odd length), or `a + b − first pair = 0`.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let k = line.len();
    let pairs: Vec<(Cell, Cell)> = (0..k / 2).map(|i| (line[i], line[k - 1 - i])).collect();
    let reference: Vec<Cell> = match k % 2 {
        1 => vec![line[k / 2]],
        _ => pairs.first().map(|&(a, b)| vec![a, b]).unwrap_or_default(),
    };
    let skip = 1 - k % 2;
    for &(a, b) in pairs.iter().skip(skip) {
        let against = reference.iter().map(|&c| (c, -1));
        builder.linear([(a, 1), (b, 1)].into_iter().chain(against), Relation::Equal, 0);
    }
}
