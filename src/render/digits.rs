//! Digits in cells: givens in black, solution digits in blue in the other cells, true
//! candidates as small digits placed like a phone keypad (1 top-left, 9 bottom-right on 9×9),
//! and given pencil marks ([`Rule::Candidates`]) as a
//! row of small black digits across the cell's middle, as SudokuPad draws centre marks; all
//! written in figures as f-puzzles and SudokuPad write them (10 to 16 on a 16×16 grid,
//! where the text format writes letters).

use super::canvas::{Canvas, Layer, Style, centre};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

/// The colour of givens.
pub(crate) const GIVEN: &str = "#000000";
/// The colour of solution digits.
pub(crate) const SOLVED: &str = "#1E64C8";
/// The colour of candidates.
const CANDIDATE: &str = "#505050";

/// Draws each cell's digit: its given, else its solution digit, else its candidates (below
/// the sum in the `labelled` cells, which hold a cage's sum in their top-left corner), else
/// its given pencil marks.
pub(crate) fn draw(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    solution: Option<&Grid>,
    candidates: Option<&[DigitSet]>,
    labelled: &[Cell],
) {
    let givens = puzzle.givens();
    let geometry = givens.geometry();
    for cell in geometry.cells() {
        if let Some(digit) = givens.get(cell) {
            big(canvas, cell, digit, GIVEN);
        } else if let Some(digit) = solution.and_then(|grid| grid.get(cell)) {
            big(canvas, cell, digit, SOLVED);
        } else if let Some(set) = candidates.and_then(|sets| sets.get(geometry.index(cell))) {
            let top = if labelled.contains(&cell) { LABEL_BOTTOM } else { KEYPAD_INSET };
            small(canvas, cell, *set, geometry.digits(), top);
        } else if let Some(marks) = Rule::candidates_of(puzzle.rules(), cell) {
            centre_marks(canvas, cell, marks);
        }
    }
}

/// The height of centre marks, in cells, while they fit the cell's width.
const CENTRE_MARK: f64 = 0.28;

/// How much of a cell's width a row of centre marks may take.
const CENTRE_ROW: f64 = 0.84;

/// A cell's given pencil marks, one row across its middle, smaller when many (a figure is
/// about 0.6 of its height wide), as SudokuPad writes centre marks.
fn centre_marks(canvas: &mut Canvas, cell: Cell, marks: DigitSet) {
    let text: String = marks.iter().map(|digit| digit.value().to_string()).collect();
    let height = CENTRE_MARK.min(CENTRE_ROW / (0.6 * text.len() as f64));
    canvas.text(Layer::Digits, centre(cell), &text, height, &Style::fill(GIVEN));
}

fn big(canvas: &mut Canvas, cell: Cell, digit: Digit, colour: &'static str) {
    let text = digit.value().to_string();
    // Two figures (10 and up on 16×16 and larger grids) take a narrower size.
    let height = if text.len() > 1 { 0.5 } else { 0.62 };
    canvas.text(Layer::Digits, centre(cell), &text, height, &Style::fill(colour));
}

/// How far inside its cell the candidates' keypad keeps, in cells: clear of a cage's dashed
/// outline (0.08 in) and of a minimum's or maximum's chevrons (up to 0.11 in).
const KEYPAD_INSET: f64 = 0.16;

/// Where a cage's sum label ends, in cells below its cell's top edge (see `cages::killer`).
const LABEL_BOTTOM: f64 = 0.3;

/// The candidates of a cell on a k×k keypad (k² ≥ M, the largest digit) from `top` cells below the cell's top
/// edge down to [`KEYPAD_INSET`] above its bottom, in figures as f-puzzles and SudokuPad write
/// them (10 and up on grids larger than 9×9).
fn small(canvas: &mut Canvas, cell: Cell, set: DigitSet, size: usize, top: f64) {
    let side = (1..).find(|k| k * k >= size).unwrap_or(1);
    let pitch = (1.0 - 2.0 * KEYPAD_INSET) / side as f64;
    let rows = (1.0 - KEYPAD_INSET - top) / side as f64;
    let (x, y) = (cell.column() as f64 + KEYPAD_INSET, cell.row() as f64 + top);
    for digit in set.iter() {
        let (row, column) = (digit.index() / side, digit.index() % side);
        let at = (x + (column as f64 + 0.5) * pitch, y + (row as f64 + 0.5) * rows);
        let text = digit.value().to_string();
        let height = pitch.min(rows) * if text.len() > 1 { 0.7 } else { 0.9 };
        canvas.text(Layer::Digits, at, &text, height, &Style::fill(CANDIDATE));
    }
}
