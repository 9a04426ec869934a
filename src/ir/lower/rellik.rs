//! Rellik cages: the cage's digits differ, and no set of them adds up to the cage's number.
//!
//! Every set of different digits adding up to the number (no larger than the cage) must miss
//! one of its digits: per set, the flags "the cage holds d" count at most its size less one; a
//! set of one digit is a digit the cage never holds.

use itertools::Itertools;

use crate::ir::{Flag, IrBuilder, Placement, Relation, Term};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// A short house over the cage, and per set of digits adding up to `sum` an at-most count.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], sum: usize) {
    builder.house(cells.to_vec());
    let digits: Vec<Digit> = builder.digits().collect();
    let mut holds: Vec<Option<Flag>> = vec![None; digits.len()];
    for size in 1..=cells.len() {
        for set in digits.iter().combinations(size) {
            if set.iter().map(|d| d.value()).sum::<usize>() != sum {
                continue;
            }
            if let [&single] = set[..] {
                for &cell in cells {
                    builder.domain(cell, |d| d != single);
                }
                continue;
            }
            let terms: Vec<Term> = set
                .iter()
                .map(|&&d| {
                    let flag = *holds[d.index()].get_or_insert_with(|| {
                        builder.flag_any(cells.iter().map(|&cell| Placement::new(cell, d)))
                    });
                    Term::flag(flag, 1)
                })
                .collect();
            builder.linear_terms(terms, Relation::AtMost, size as i32 - 1);
        }
    }
}
