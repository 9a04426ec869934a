//! Anti-taxicab: a digit D never stands at taxicab distance D from another D (the rows and
//! the columns between two cells, added). Cells of one row or column differ already.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::digit::Digit;

/// For each pair of cells in different rows and columns, an exclusion of the digit equal to
/// their distance.
pub(super) fn lower(builder: &mut IrBuilder) {
    let digits = builder.geometry().digits();
    let cells: Vec<_> = builder.geometry().cells().collect();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let (rows, columns) = (a.row().abs_diff(b.row()), a.column().abs_diff(b.column()));
            let distance = rows + columns;
            if rows == 0 || columns == 0 || distance > digits {
                continue;
            }
            let d = Digit::from_index(distance - 1);
            builder.push(Constraint::Exclude(Placement::new(a, d), Placement::new(b, d)));
        }
    }
}
