//! Sandwiches: the digits strictly between the 1 and the N of a row or column add up to the
//! clue. A flag per cell says "this cell lies between them" (a 1 on one side and an N on the
//! other); the sum counts each digit under its flag.

use crate::ir::{Flag, IrBuilder, Placement, Relation, Term};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// One linear sum of gated digits, the gates defined from where the 1 and the N stand.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], sum: usize) {
    let k = cells.len();
    let (low, high) = (Digit::from_index(0), Digit::from_index(builder.geometry().size() - 1));
    let seen = |builder: &mut IrBuilder, range: std::ops::Range<usize>, digit: Digit| -> Flag {
        builder.flag_any(cells[range].iter().map(|&c| Placement::new(c, digit)))
    };
    let terms: Vec<Term> = (0..k)
        .map(|i| {
            let (low_before, high_after) =
                (seen(builder, 0..i, low), seen(builder, i + 1..k, high));
            let (high_before, low_after) =
                (seen(builder, 0..i, high), seen(builder, i + 1..k, low));
            let between = builder.flag(vec![
                vec![low_before.is(), high_after.is()],
                vec![high_before.is(), low_after.is()],
            ]);
            Term::gated(cells[i], between, 1)
        })
        .collect();
    builder.linear_terms(terms, Relation::Equal, sum as i32);
}
