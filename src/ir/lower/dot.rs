//! Dots between neighbours (kropki white and black, XV's X and V), and the negative rules
//! saying every dot of a kind is given.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::geometry::Cell;
use crate::model::rule::{Dot, Rule};

/// The two digits satisfy the dot: a two-cell table.
pub(super) fn lower(builder: &mut IrBuilder, [a, b]: [Cell; 2], dot: Dot) {
    builder.pair(a, b, |x, y| dot.holds(x, y));
}

/// Orthogonal neighbours without a dot of `dot`'s family among `rules` never hold digits that
/// satisfy `dot`: one exclusion per such pair of digits.
pub(super) fn lower_negative(builder: &mut IrBuilder, dot: Dot, rules: &[Rule]) {
    let marked = |a: Cell, b: Cell| Rule::is_marked(rules, a, b, dot);
    let size = builder.geometry().size();
    let digits: Vec<_> = builder.digits().collect();
    for a in builder.geometry().cells() {
        for b in [a.offset(0, 1, size), a.offset(1, 0, size)].into_iter().flatten() {
            if marked(a, b) {
                continue;
            }
            for (&x, &y) in itertools::iproduct!(&digits, &digits) {
                if dot.holds(x.value(), y.value()) {
                    builder.push(Constraint::Exclude(Placement::new(a, x), Placement::new(b, y)));
                }
            }
        }
    }
}
