//! Minimum and maximum cells: less (greater) than each orthogonal neighbour, except
//! neighbours that are minima (maxima) too, as in fortress sudoku.

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;
use crate::model::rule::Rule;

/// A two-cell table with each orthogonal neighbour that is not an extremum of the same kind.
pub(super) fn lower(builder: &mut IrBuilder, cell: Cell, maximum: bool, rules: &[Rule]) {
    let size = builder.geometry().size();
    let neighbours = [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|(r, c)| cell.offset(r, c, size));
    let others = neighbours.into_iter().flatten();
    for neighbour in others.filter(|&other| !Rule::is_extremum(rules, other, maximum)) {
        builder.pair(cell, neighbour, |a, b| if maximum { a > b } else { a < b });
    }
}
