//! Look-and-say clues: for each pair "count, digit", exactly `count` of the cells hold the
//! digit, a count of one flag per cell ("this cell holds the digit") equal to it; a count of
//! none or of every cell is a domain instead.

use crate::ir::{IrBuilder, Placement, Relation, Term};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;
use crate::model::look_and_say::DigitCount;

/// One exact count per pair of the clue.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], counts: &[DigitCount]) {
    for pair in counts {
        let digit = Digit::new(pair.digit).expect("the shape check bounds the clue's digits");
        match pair.count {
            0 => cells.iter().for_each(|&cell| builder.domain(cell, |d| d != digit)),
            all if all == cells.len() => {
                cells.iter().for_each(|&cell| builder.domain(cell, |d| d == digit))
            }
            count => {
                let holds: Vec<Term> = cells
                    .iter()
                    .map(|&cell| Term::flag(builder.flag_any([Placement::new(cell, digit)]), 1))
                    .collect();
                builder.linear_terms(holds, Relation::Equal, count as i32);
            }
        }
    }
}
