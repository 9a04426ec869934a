//! Non-consecutive: orthogonal neighbours never hold digits that differ by one.

use crate::ir::{Constraint, IrBuilder, Placement};

/// For each pair of orthogonal neighbours and each digit d < N: not d beside d+1, either way.
pub(super) fn lower(builder: &mut IrBuilder) {
    let size = builder.geometry().size();
    let digits: Vec<_> = builder.digits().collect();
    for cell in builder.geometry().cells() {
        for neighbour in [cell.offset(0, 1, size), cell.offset(1, 0, size)].into_iter().flatten() {
            for pair in digits.windows(2) {
                for (a, b) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                    let exclusion =
                        Constraint::Exclude(Placement::new(cell, a), Placement::new(neighbour, b));
                    builder.push(exclusion);
                }
            }
        }
    }
}
