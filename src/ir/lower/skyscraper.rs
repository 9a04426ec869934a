//! Skyscrapers: reading digits as heights from the clue, the count of those taller than all
//! before them. Flags `reached(i, d)` ("some cell up to the i-th holds d or more") chain along
//! the line; the i-th cell is seen when it holds some d not yet reached; the sum counts the
//! seen flags.

use crate::ir::{Flag, IrBuilder, Literal, Placement, Relation, Term};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// One linear sum of flags, the flags defined along the line.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], count: usize) {
    let digits: Vec<_> = builder.digits().collect();
    let mut reached: Vec<Option<Flag>> = vec![None; digits.len()];
    let mut terms = Vec::new();
    for &cell in cells {
        let holds = |d| Literal::Placement(Placement::new(cell, d), true);
        let seen_with = |&d: &Digit| match reached[d.index()] {
            Some(flag) => vec![holds(d), flag.is_not()],
            None => vec![holds(d)],
        };
        let seen = builder.flag(digits.iter().map(seen_with).collect());
        terms.push(Term::flag(seen, 1));
        for d in &digits {
            let mut any_of: Vec<Vec<Literal>> =
                digits.iter().filter(|e| e.value() >= d.value()).map(|&e| vec![holds(e)]).collect();
            any_of.extend(reached[d.index()].map(|flag| vec![flag.is()]));
            reached[d.index()] = Some(builder.flag(any_of));
        }
    }
    builder.linear_terms(terms, Relation::Equal, count as i32);
}
