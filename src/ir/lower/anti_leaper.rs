//! Anti-leaper rules (anti-camel, anti-zebra, anti-giraffe, any leap): cells a leap apart
//! never hold the same digit.

use crate::ir::IrBuilder;

/// Cells a leap `[a, b]` apart differ (the downward moves cover every pair once).
pub(super) fn lower(builder: &mut IrBuilder, [a, b]: [usize; 2]) {
    let (a, b) = (a as isize, b as isize);
    let mut offsets = vec![(a, -b), (a, b), (b, -a), (b, a)];
    offsets.sort();
    offsets.dedup();
    builder.exclude_equal_at_offsets(&offsets);
}
