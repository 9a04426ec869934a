//! Region-sum lines: each segment of the line within one box (or region) has the same sum
//! (a branch's first run joins the segment it leaves: [`box_segments`]).

use crate::ir::{IrBuilder, Relation};
use crate::model::geometry::Cell;
use crate::model::layout::box_segments;

/// The segments of the line by box; each later one's sum minus the first one's sum is 0.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let runs = box_segments(line, builder.geometry());
    for run in runs.iter().skip(1) {
        let first = runs[0].iter().map(|&c| (c, -1));
        builder.linear(run.iter().map(|&c| (c, 1)).chain(first), Relation::Equal, 0);
    }
}
