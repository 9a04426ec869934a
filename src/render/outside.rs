//! Clues outside the grid: little killer sums (and look-and-say clues on diagonals), each with a small arrow along its diagonal, and
//! the numbers of sandwiches, X-sums (circled), skyscrapers and numbered rooms (boxed) at the
//! end of their row or column. A side of the grid with such clues has a margin of one cell.

use super::canvas::{Canvas, Layer, Margins, Style};
use super::lines::{CLUE_ARROW, arrowhead};
use crate::model::geometry::Cell;
use crate::model::layout::diagonal_clue;
use crate::model::look_and_say::is_full_diagonal;
use crate::model::rule::Rule;

/// The spots (row, column; -1 or N outside the grid) where `rule` writes clues outside a
/// `size` grid: one per line of equal totals, else at most one.
fn clue_spots(rule: &Rule, size: usize) -> Vec<(isize, isize)> {
    match rule {
        Rule::EqualTotals { lines, .. } => {
            lines.iter().map(|line| diagonal_clue(line, size).0).collect()
        }
        rule => clue_spot(rule, size).into_iter().collect(),
    }
}

/// The spot where `rule` writes its one clue outside a `size` grid, if it writes one there.
fn clue_spot(rule: &Rule, size: usize) -> Option<(isize, isize)> {
    match rule {
        Rule::LittleKiller { cells, .. } => Some(diagonal_clue(cells, size).0),
        Rule::LookAndSay { cells, .. } if is_full_diagonal(cells, size) => {
            Some(diagonal_clue(cells, size).0)
        }
        Rule::Sandwich { cells, .. }
        | Rule::XSum { cells, .. }
        | Rule::Skyscraper { cells, .. }
        | Rule::NumberedRoom { cells, .. } => {
            let back = |a: usize, b: usize| 2 * a as isize - b as isize;
            Some((back(cells[0].row(), cells[1].row()), back(cells[0].column(), cells[1].column())))
        }
        _ => None,
    }
}

/// The margins round a `size` grid: a cell on each side where `rules` write clues, a quarter
/// cell on the others.
pub(crate) fn margins(rules: &[Rule], size: usize) -> Margins {
    let spots: Vec<_> = rules.iter().flat_map(|rule| clue_spots(rule, size)).collect();
    let side = |clue: fn((isize, isize), isize) -> bool| {
        if spots.iter().any(|&spot| clue(spot, size as isize)) { 1.0 } else { 0.25 }
    };
    Margins {
        left: side(|(_, column), _| column < 0),
        top: side(|(row, _), _| row < 0),
        right: side(|(_, column), n| column >= n),
        bottom: side(|(row, _), n| row >= n),
    }
}

/// A clue on a row or column: its number in the cell just outside the grid where its cells
/// (from the clue inwards) start; an X-sum's number in a thin circle and a numbered room's in a
/// thin square, so that they read apart from a sandwich's or a skyscraper's plain number.
pub(crate) fn line_clue(canvas: &mut Canvas, rule: &Rule, number: usize) {
    let (row, column) = clue_spot(rule, canvas.size()).expect("a clue outside the grid");
    let at = (column as f64 + 0.5, row as f64 + 0.5);
    if matches!(rule, Rule::XSum { .. }) {
        canvas.circle(Layer::Marks, at, 0.36, &Style::stroke("#000000", 0.03));
    }
    if matches!(rule, Rule::NumberedRoom { .. }) {
        let corner = (at.0 - 0.32, at.1 - 0.32);
        canvas.rect(Layer::Marks, corner, (0.64, 0.64), &Style::stroke("#000000", 0.03));
    }
    canvas.text(Layer::Marks, at, &number.to_string(), 0.45, &Style::fill("#000000"));
}

/// A little killer clue: the sum (or a look-and-say clue) in the cell outside the grid where
/// the diagonal starts, and a small arrow pointing along the diagonal; without a label (a
/// line of equal totals), the arrow alone.
pub(crate) fn little_killer(canvas: &mut Canvas, cells: &[Cell], label: Option<&str>) {
    let ((row, column), (down, right)) = diagonal_clue(cells, canvas.size());
    let clue = (column as f64 + 0.5, row as f64 + 0.5);
    let (dx, dy) = (right as f64, down as f64);
    let text_at = (clue.0 - dx * 0.1, clue.1 - dy * 0.1);
    if let Some(label) = label {
        canvas.text(Layer::Marks, text_at, label, 0.3, &Style::fill("#000000"));
    }
    let from = (clue.0 + dx * 0.22, clue.1 + dy * 0.22);
    let tip = (clue.0 + dx * 0.42, clue.1 + dy * 0.42);
    canvas.path(Layer::Marks, &[from, tip], false, &Style::stroke(CLUE_ARROW.colour(), 0.03));
    arrowhead(canvas, from, tip, CLUE_ARROW);
}
