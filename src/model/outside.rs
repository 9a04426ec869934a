//! Where a clue outside the grid sits: a little killer's diagonal starts one step outside the
//! grid, and the f-puzzles writer and the renderer both need that spot and the step.

use super::geometry::Cell;

/// A step between cells, `(rows, columns)`: `(1, 1)` is down and to the right.
pub type Step = (isize, isize);

/// The step along a little killer's diagonal (given by its cells, from the clue inwards) and
/// the spot of its clue outside the grid, one step before the first cell, as `(row, column)`
/// (negative or `size` when outside). A one-cell diagonal (a corner) takes a step whose line
/// leaves the grid on both sides of the cell.
///
/// # Panics
/// When `cells` is empty: a little killer has cells.
pub fn diagonal_clue(cells: &[Cell], size: usize) -> ((isize, isize), Step) {
    let at = |cell: Cell| (cell.row() as isize, cell.column() as isize);
    let (row, column) = at(cells[0]);
    let step = match cells.get(1) {
        Some(&next) => (at(next).0 - row, at(next).1 - column),
        None => {
            let off =
                |r: isize, c: isize| r < 0 || c < 0 || r >= size as isize || c >= size as isize;
            let leaves =
                |&(dr, dc): &Step| off(row - dr, column - dc) && off(row + dr, column + dc);
            [(1, 1), (1, -1), (-1, 1), (-1, -1)].into_iter().find(leaves).unwrap_or((1, 1))
        }
    };
    ((row - step.0, column - step.1), step)
}
