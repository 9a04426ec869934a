//! Clues outside the grid: little killer sums, each with a small arrow along its diagonal, and
//! the numbers of sandwiches, X-sums and skyscrapers at the end of their row or column. Rules
//! with such clues widen the margin round the grid to one cell.

use super::canvas::{Canvas, Layer, Style};
use super::lines::{CLUE_ARROW, arrowhead};
use crate::model::geometry::Cell;
use crate::model::layout::diagonal_clue;
use crate::model::rule::Rule;

/// Whether `rule` writes clues outside the grid (so the picture needs a margin for them).
pub(crate) fn is_outside(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::LittleKiller { .. }
            | Rule::Sandwich { .. }
            | Rule::XSum { .. }
            | Rule::Skyscraper { .. }
    )
}

/// A clue on a row or column (sandwich, X-sum, skyscraper): its number in the cell just
/// outside the grid where `cells` (from the clue inwards) starts.
pub(crate) fn line_clue(canvas: &mut Canvas, cells: &[Cell], number: usize) {
    let (first, second) = (cells[0], cells[1]);
    let back = |a: usize, b: usize| 2.0 * a as f64 - b as f64 + 0.5;
    let at = (back(first.column(), second.column()), back(first.row(), second.row()));
    canvas.text(Layer::Marks, at, &number.to_string(), 0.45, &Style::fill("#000000"));
}

/// A little killer clue: the sum in the cell outside the grid where the diagonal starts, and
/// a small arrow pointing along the diagonal.
pub(crate) fn little_killer(canvas: &mut Canvas, cells: &[Cell], sum: usize) {
    let ((row, column), (down, right)) = diagonal_clue(cells, canvas.size());
    let clue = (column as f64 + 0.5, row as f64 + 0.5);
    let (dx, dy) = (right as f64, down as f64);
    let text_at = (clue.0 - dx * 0.1, clue.1 - dy * 0.1);
    canvas.text(Layer::Marks, text_at, &sum.to_string(), 0.3, &Style::fill("#000000"));
    let from = (clue.0 + dx * 0.22, clue.1 + dy * 0.22);
    let tip = (clue.0 + dx * 0.42, clue.1 + dy * 0.42);
    canvas.path(Layer::Marks, &[from, tip], false, &Style::stroke(CLUE_ARROW.colour(), 0.03));
    arrowhead(canvas, from, tip, CLUE_ARROW);
}
