//! Numbered rooms: the D-th digit seen from the clue is the clue's digit, D being the first
//! digit seen. The first cell holding D excludes every other digit of the D-th cell.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// Exclusions: `first = D` rules out every digit but the clue's in the D-th cell (and, for
/// D = 1, the first cell itself holds the clue's digit or not 1).
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], digit: usize) {
    let digits: Vec<Digit> = builder.digits().collect();
    let first = cells[0];
    for &d in &digits {
        let room = cells[d.index()];
        if room == first {
            if d.value() != digit {
                builder.domain(first, |other| other != d);
            }
            continue;
        }
        for &other in digits.iter().filter(|other| other.value() != digit) {
            let (from, to) = (Placement::new(first, d), Placement::new(room, other));
            builder.push(Constraint::Exclude(from, to));
        }
    }
}
