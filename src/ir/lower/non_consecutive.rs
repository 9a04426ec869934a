//! Non-consecutive: orthogonal neighbours never hold digits that differ by one, unless a
//! kropki dot lies between them.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::rule::{Dot, Rule};

/// For each pair of orthogonal neighbours without a kropki dot among `rules`, and each digit
/// d < N: not d beside d+1, either way.
pub(super) fn lower(builder: &mut IrBuilder, rules: &[Rule]) {
    let size = builder.geometry().size();
    let digits: Vec<_> = builder.digits().collect();
    for cell in builder.geometry().cells() {
        for neighbour in [cell.offset(0, 1, size), cell.offset(1, 0, size)].into_iter().flatten() {
            if Rule::is_marked(rules, cell, neighbour, Dot::WHITE) {
                continue;
            }
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
