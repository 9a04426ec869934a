//! The validator's checks of the chess rules beyond the king and the knight: any leaper, and
//! anti-taxicab, straight from their statements, over every pair of filled cells.

use crate::model::geometry::Cell;
use crate::model::grid::Grid;

/// The first two filled cells in reading order a leap of `[a, b]` apart holding the same
/// digit, with that digit.
pub(super) fn leaper([a, b]: [usize; 2], grid: &Grid) -> Option<(Vec<Cell>, usize)> {
    first_pair(grid, |rows, columns, _| (rows, columns) == (a, b) || (rows, columns) == (b, a))
}

/// The first two filled cells in reading order holding the same digit D at taxicab distance
/// D, with that digit.
pub(super) fn taxicab(grid: &Grid) -> Option<(Vec<Cell>, usize)> {
    first_pair(grid, |rows, columns, d| rows + columns == d)
}

/// The first two filled cells holding the same digit whose distances in rows and columns
/// (and digit) `related` accepts.
fn first_pair(
    grid: &Grid,
    related: impl Fn(usize, usize, usize) -> bool,
) -> Option<(Vec<Cell>, usize)> {
    let filled: Vec<_> = grid.filled().collect();
    filled.iter().enumerate().find_map(|(i, &(a, x))| {
        filled[i + 1..].iter().find_map(|&(b, y)| {
            let (rows, columns) = (a.row().abs_diff(b.row()), a.column().abs_diff(b.column()));
            (x == y && related(rows, columns, x.value())).then(|| (vec![a, b], x.value()))
        })
    })
}
