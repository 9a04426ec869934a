//! Dots between neighbours (kropki white and black, XV's X and V, and dots of a combined
//! relation such as `x|v`), and the negative rules saying every dot of a kind is given.

use crate::ir::{Constraint, IrBuilder, Placement};
use crate::model::dot_relation::DotRelation;
use crate::model::geometry::Cell;
use crate::model::rule::{Dot, Rule};

/// The two digits satisfy the dot: a two-cell table.
pub(super) fn lower(builder: &mut IrBuilder, [a, b]: [Cell; 2], dot: Dot) {
    builder.pair(a, b, |x, y| dot.holds(x, y));
}

/// The two digits satisfy the combined relation: a two-cell table.
pub(super) fn lower_combined(builder: &mut IrBuilder, [a, b]: [Cell; 2], relation: &DotRelation) {
    builder.pair(a, b, |x, y| relation.holds(x, y));
}

/// Orthogonal neighbours without a dot of `dot`'s family among `rules` never hold digits that
/// satisfy `dot`: one exclusion per such pair of digits.
pub(super) fn lower_negative(builder: &mut IrBuilder, dot: Dot, rules: &[Rule]) {
    exclude_unmarked(builder, |x, y| dot.holds(x, y), |a, b| Rule::is_marked(rules, a, b, dot));
}

/// Orthogonal neighbours without any dot among `rules` never hold digits that satisfy
/// `relation`.
pub(super) fn lower_negative_combined(
    builder: &mut IrBuilder,
    relation: &DotRelation,
    rules: &[Rule],
) {
    exclude_unmarked(builder, |x, y| relation.holds(x, y), |a, b| Rule::has_dot(rules, a, b));
}

/// For each pair of orthogonal neighbours not `marked`, an exclusion per pair of digits that
/// `holds`.
fn exclude_unmarked(
    builder: &mut IrBuilder,
    holds: impl Fn(usize, usize) -> bool,
    marked: impl Fn(Cell, Cell) -> bool,
) {
    let size = builder.geometry().size();
    let digits: Vec<_> = builder.digits().collect();
    for a in builder.geometry().cells() {
        for b in [a.offset(0, 1, size), a.offset(1, 0, size)].into_iter().flatten() {
            if marked(a, b) {
                continue;
            }
            for (&x, &y) in itertools::iproduct!(&digits, &digits) {
                if holds(x.value(), y.value()) {
                    builder.push(Constraint::Exclude(Placement::new(a, x), Placement::new(b, y)));
                }
            }
        }
    }
}
