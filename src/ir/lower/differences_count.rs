//! Differences-count lines: the difference between two neighbours on the line is the number of
//! neighbouring pairs on the line with that difference.
//!
//! Per difference k, flags "step j differs by k" are counted: the count is 0 or k, a
//! [`CountGroup`] (one not-equal sum for each other count, and the group for the logic
//! engine). Equal neighbours would count their difference 0 zero times: neighbours differ.

use itertools::iproduct;

use crate::ir::{CountGroup, Counted, IrBuilder, Literal, Placement};
use crate::model::geometry::Cell;

/// A pair per step (different digits), and per difference the steps with it counted 0 or the
/// difference.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    builder.pairs_along(line, |a, b| a != b);
    let digits: Vec<_> = builder.digits().collect();
    for k in 1..digits.len() {
        let flags = line
            .windows(2)
            .map(|pair| {
                let any_of = iproduct!(&digits, &digits)
                    .filter(|(x, y)| x.value().abs_diff(y.value()) == k)
                    .map(|(&x, &y)| {
                        vec![
                            Literal::Placement(Placement::new(pair[0], x), true),
                            Literal::Placement(Placement::new(pair[1], y), true),
                        ]
                    })
                    .collect();
                builder.flag(any_of)
            })
            .collect();
        let counted = Counted::StepsDiffering { difference: k, line: line.to_vec() };
        builder.count_group(CountGroup { flags, count: k, counted });
    }
}
