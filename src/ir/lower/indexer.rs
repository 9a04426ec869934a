//! Indexers: a digit X in an indexing cell rRcC puts C in rRcX (column indexer) or R in rXcC
//! (row indexer). Each placement excludes every other digit of the cell it points to.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// Exclusions: `cell = X` rules out every digit but the pointed one in the cell X names.
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], columns: bool) {
    let digits: Vec<Digit> = builder.digits().collect();
    for &cell in cells {
        let own = Digit::from_index(if columns { cell.column() } else { cell.row() });
        for &x in &digits {
            let target = match columns {
                true => Cell::new(cell.row(), x.index()),
                false => Cell::new(x.index(), cell.column()),
            };
            for &other in digits.iter().filter(|&&d| d != own) {
                let (from, to) = (Placement::new(cell, x), Placement::new(target, other));
                if from.cell != to.cell {
                    builder.push(Constraint::Exclude(from, to));
                }
            }
        }
    }
}
