//! Areas of cells: killer cages (a dashed outline just inside the cells, the sum in the top-left
//! corner), rellik cages (the same, with `≠` before the number) and look-and-say cages (the
//! clue's digits), extra regions and clones (shaded).

use super::canvas::{Canvas, Layer, Point, Style};
use crate::model::geometry::Cell;
use crate::model::look_and_say::is_full_diagonal;
use crate::model::rule::Rule;

/// How far inside its cells a cage's outline runs, in cells.
const INSET: f64 = 0.08;
/// The shade of extra regions.
const EXTRA_REGION: &str = "#CFE3FF";
/// The shade of cloned cells and their copies.
const CLONE: &str = "#FFE3B0";
/// The shading of indexing cells.
const INDEXER: &str = "#E0E0E0";

/// A killer cage: its outline dashed, and its sum (when given) in its first cell's corner.
pub(crate) fn killer(canvas: &mut Canvas, cells: &[Cell], sum: Option<usize>) {
    cage(canvas, cells, sum.map(|sum| sum.to_string()));
}

/// A rellik cage: a killer cage's outline, and `≠` with its number in the corner.
pub(crate) fn rellik(canvas: &mut Canvas, cells: &[Cell], sum: usize) {
    cage(canvas, cells, Some(format!("≠{sum}")));
}

/// A look-and-say cage: a killer cage's outline, and the clue (`2314`) in the corner.
pub(crate) fn look_and_say(canvas: &mut Canvas, cells: &[Cell], clue: String) {
    cage(canvas, cells, Some(clue));
}

/// A cage's dashed outline, and its label (when it has one) in its first cell's corner.
fn cage(canvas: &mut Canvas, cells: &[Cell], label: Option<String>) {
    let style = Style::stroke("#000000", 0.02).dashed(0.06);
    for segment in outline(cells) {
        canvas.path(Layer::Cages, &segment, false, &style);
    }
    if let (Some(text), Some(first)) = (label, cells.iter().min()) {
        let (x, y) = (first.column() as f64, first.row() as f64);
        let width = 0.04 + 0.14 * text.chars().count() as f64;
        canvas.rect(Layer::Cages, (x + 0.03, y + 0.03), (width, 0.24), &Style::fill("#FFFFFF"));
        let at = (x + 0.03 + width / 2.0, y + 0.14);
        canvas.text(Layer::Cages, at, &text, 0.22, &Style::fill("#000000"));
    }
}

/// The cell whose top-left corner holds a cage's sum, when it has one: its first in reading
/// order.
fn label_cell(cells: &[Cell], sum: Option<usize>) -> Option<&Cell> {
    sum.and(cells.iter().min())
}

/// The cells holding a cage's sum (or clue) in their corner on a `size` grid, where
/// candidates keep below it.
pub(crate) fn labelled(rules: &[Rule], size: usize) -> Vec<Cell> {
    let label = |rule: &Rule| match rule {
        Rule::Killer { cells, sum } => label_cell(cells, *sum).copied(),
        Rule::Rellik { cells, .. } => cells.iter().min().copied(),
        Rule::LookAndSay { cells, .. } if !is_full_diagonal(cells, size) => {
            cells.iter().min().copied()
        }
        _ => None,
    };
    rules.iter().filter_map(label).collect()
}

/// The segments of a cage's outline, `INSET` inside its border: for each side of a cell on the
/// border, a segment that meets its neighbours' at the corners (reaching past the cell where
/// the border turns inwards).
fn outline(cells: &[Cell]) -> Vec<[Point; 2]> {
    let at = |cell: &Cell| (cell.row() as isize, cell.column() as isize);
    let inside = |row: isize, column: isize| cells.iter().any(|cell| at(cell) == (row, column));
    let mut segments = Vec::new();
    for cell in cells {
        let (row, column) = at(cell);
        let (x, y) = (column as f64 + 0.5, row as f64 + 0.5);
        // Each side by its outward normal (rows, columns); the tangent is the normal turned.
        for (nr, nc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
            if inside(row + nr, column + nc) {
                continue;
            }
            let (tr, tc) = (nc, -nr);
            let end = |sign: isize| {
                let (ar, ac) = (row + sign * tr, column + sign * tc);
                let reach = if !inside(ar, ac) {
                    0.5 - INSET
                } else if inside(ar + nr, ac + nc) {
                    0.5 + INSET
                } else {
                    0.5
                };
                let along = sign as f64 * reach;
                let out = 0.5 - INSET;
                (x + nc as f64 * out + tc as f64 * along, y + nr as f64 * out + tr as f64 * along)
            };
            segments.push([end(-1), end(1)]);
        }
    }
    segments
}

/// An extra region: its cells shaded.
pub(crate) fn extra_region(canvas: &mut Canvas, cells: &[Cell]) {
    shade(canvas, cells, EXTRA_REGION);
}

/// Indexing cells: shaded, as setters shade them.
pub(crate) fn indexer(canvas: &mut Canvas, cells: &[Cell]) {
    shade(canvas, cells, INDEXER);
}

/// A clone: the cells and their copy shaded alike.
pub(crate) fn clone(canvas: &mut Canvas, cells: &[Cell], copy: &[Cell]) {
    shade(canvas, cells, CLONE);
    shade(canvas, copy, CLONE);
}

fn shade(canvas: &mut Canvas, cells: &[Cell], colour: &'static str) {
    for cell in cells {
        let corner = (cell.column() as f64, cell.row() as f64);
        canvas.rect(Layer::Shading, corner, (1.0, 1.0), &Style::fill(colour));
    }
}
