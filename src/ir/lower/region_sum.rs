//! Region-sum lines: each run of the line within one box (or region) has the same sum.

use crate::ir::{IrBuilder, Relation};
use crate::model::geometry::Cell;

/// The runs of the line by box; each later run's sum minus the first run's sum is 0.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    let geometry = builder.geometry();
    let runs: Vec<&[Cell]> =
        line.chunk_by(|&a, &b| geometry.box_of(a) == geometry.box_of(b)).collect();
    for run in runs.iter().skip(1) {
        let first = runs[0].iter().map(|&c| (c, -1));
        builder.linear(run.iter().map(|&c| (c, 1)).chain(first), Relation::Equal, 0);
    }
}
