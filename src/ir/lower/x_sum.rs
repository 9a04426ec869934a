//! X-sums: the first X digits from the clue add up to it, X being the first digit. The i-th
//! cell counts under the flag "the first digit is more than i".

use crate::ir::{IrBuilder, Placement, Relation, Term};
use crate::model::geometry::Cell;

/// One linear sum of gated digits, each gate a disjunction of the first cell's placements.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], sum: usize) {
    let digits: Vec<_> = builder.digits().collect();
    let terms: Vec<Term> = cells
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let reaches = digits.iter().filter(|d| d.value() > i);
            let gate = builder.flag_any(reaches.map(|&d| Placement::new(cells[0], d)));
            Term::gated(cell, gate, 1)
        })
        .collect();
    builder.linear_terms(terms, Relation::Equal, sum as i32);
}
