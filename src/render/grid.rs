//! The grid: thin lines between cells, thick borders between regions (boxes or irregular
//! regions alike, found by comparing neighbours' regions) and round the grid.

use super::canvas::{Canvas, Layer, Style};
use crate::model::geometry::Geometry;

/// The width of a cell line, in cells.
const THIN: f64 = 0.015;
/// The width of a region border, in cells.
pub(crate) const THICK: f64 = 0.05;
/// The colour of cell lines.
const THIN_COLOUR: &str = "#A0A0A0";
/// The colour of region borders.
const THICK_COLOUR: &str = "#000000";

/// Draws the cell lines, the region borders and the outer border.
pub(crate) fn draw(canvas: &mut Canvas, geometry: Geometry) {
    let n = geometry.size();
    let thin = Style::stroke(THIN_COLOUR, THIN);
    for i in 1..n {
        let at = i as f64;
        canvas.path(Layer::Grid, &[(at, 0.0), (at, n as f64)], false, &thin);
        canvas.path(Layer::Grid, &[(0.0, at), (n as f64, at)], false, &thin);
    }
    let thick = Style::stroke(THICK_COLOUR, THICK);
    for cell in geometry.cells() {
        let (x, y) = (cell.column() as f64, cell.row() as f64);
        let region = geometry.box_of(cell);
        let right = cell.offset(0, 1, n).filter(|&r| geometry.box_of(r) != region);
        if right.is_some() {
            canvas.path(Layer::Grid, &[(x + 1.0, y), (x + 1.0, y + 1.0)], false, &thick);
        }
        let below = cell.offset(1, 0, n).filter(|&b| geometry.box_of(b) != region);
        if below.is_some() {
            canvas.path(Layer::Grid, &[(x, y + 1.0), (x + 1.0, y + 1.0)], false, &thick);
        }
    }
    let side = n as f64;
    canvas.rect(Layer::Grid, (0.0, 0.0), (side, side), &thick);
}
