//! Digits in cells: givens in black, solution digits in blue in the other cells, and true
//! candidates as small digits placed like a phone keypad (1 top-left, 9 bottom-right on 9×9).

use super::canvas::{Canvas, Layer, Style, centre};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;
use crate::model::grid::Grid;

/// The colour of givens.
pub(crate) const GIVEN: &str = "#000000";
/// The colour of solution digits.
pub(crate) const SOLVED: &str = "#1E64C8";
/// The colour of candidates.
const CANDIDATE: &str = "#505050";

/// Draws each cell's digit: its given, else its solution digit, else its candidates.
pub(crate) fn draw(
    canvas: &mut Canvas,
    givens: &Grid,
    solution: Option<&Grid>,
    candidates: Option<&[DigitSet]>,
) {
    let geometry = givens.geometry();
    for cell in geometry.cells() {
        if let Some(digit) = givens.get(cell) {
            big(canvas, cell, digit, GIVEN);
        } else if let Some(digit) = solution.and_then(|grid| grid.get(cell)) {
            big(canvas, cell, digit, SOLVED);
        } else if let Some(set) = candidates.and_then(|sets| sets.get(geometry.index(cell))) {
            small(canvas, cell, *set, geometry.size());
        }
    }
}

fn big(canvas: &mut Canvas, cell: Cell, digit: Digit, colour: &'static str) {
    let text = digit.to_char().to_string();
    canvas.text(Layer::Digits, centre(cell), &text, 0.62, &Style::fill(colour));
}

/// The candidates of a cell on a k×k keypad (k² ≥ N).
fn small(canvas: &mut Canvas, cell: Cell, set: DigitSet, size: usize) {
    let side = (1..).find(|k| k * k >= size).unwrap_or(1);
    let pitch = 0.84 / side as f64;
    let (x, y) = (cell.column() as f64 + 0.08, cell.row() as f64 + 0.08);
    for digit in set.iter() {
        let (row, column) = (digit.index() / side, digit.index() % side);
        let at = (x + (column as f64 + 0.5) * pitch, y + (row as f64 + 0.5) * pitch);
        let text = digit.to_char().to_string();
        canvas.text(Layer::Digits, at, &text, pitch * 0.9, &Style::fill(CANDIDATE));
    }
}
