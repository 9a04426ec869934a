//! Differences-count lines: the difference between two neighbours on the line is the number of
//! neighbouring pairs on the line with that difference.
//!
//! Per difference k, flags "step j differs by k" are counted: the count is 0 or k, so it
//! differs from every other count the steps reach. Equal neighbours would count their
//! difference 0 zero times: neighbours differ.

use itertools::iproduct;

use crate::ir::{IrBuilder, Literal, Placement, Relation, Term};
use crate::model::geometry::Cell;

/// A pair per step (different digits), and per difference one not-equal sum for each count
/// other than 0 and the difference.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell]) {
    builder.pairs_along(line, |a, b| a != b);
    let digits: Vec<_> = builder.digits().collect();
    let steps = line.len() - 1;
    for k in 1..digits.len() {
        let differs: Vec<Term> = line
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
                Term::flag(builder.flag(any_of), 1)
            })
            .collect();
        for count in (1..=steps).filter(|&count| count != k) {
            builder.linear_terms(differs.clone(), Relation::NotEqual, count as i32);
        }
    }
}
