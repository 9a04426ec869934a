//! The drawings SudokuPad's f-puzzles converter makes of minimum and maximum cells (a grey
//! square under the cell and four short arrows from near its centre to the middle of its
//! edges, pointing out on a maximum and in on a minimum) and of quadruples (a white circle
//! edged in black on a grid corner, the digits written over it two to a line), read back
//! as those rules, and drawn the same way by the `scl` writer.

use serde_json::{Value, json};

use super::elements::{Line, Shape, is_whole};
use crate::model::geometry::Cell;

/// How far from a cell's centre a minimum or maximum arrow starts (its other end is on the
/// edge, 0.5 away).
const ARROW_FROM: f64 = 0.3;

/// The four directions from a cell's centre to its edges, `(rows, columns)`.
const SIDES: [(f64, f64); 4] = [(-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0)];

/// The cell a short arrow of a minimum or maximum belongs to, and whether it points out (a
/// maximum), when `line` is one: two way points, one 0.3 and one 0.5 from a cell's centre
/// along one axis.
pub fn extremum_arrow(line: &Line, n: usize) -> Option<(Cell, bool)> {
    let [a, b] = line.points[..] else { return None };
    if !line.arrow {
        return None;
    }
    let near = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 0.03 && (p.1 - q.1).abs() < 0.03;
    (0..n * n).map(|i| Cell::new(i / n, i % n)).find_map(|cell| {
        let centre = (cell.row() as f64 + 0.5, cell.column() as f64 + 0.5);
        SIDES.iter().find_map(|&(dr, dc)| {
            let inner = (centre.0 + dr * ARROW_FROM, centre.1 + dc * ARROW_FROM);
            let edge = (centre.0 + dr * 0.5, centre.1 + dc * 0.5);
            match (near(a, inner) && near(b, edge), near(a, edge) && near(b, inner)) {
                (true, _) => Some((cell, true)),
                (_, true) => Some((cell, false)),
                _ => None,
            }
        })
    })
}

/// The digits a quadruple's circle holds, when `shape` is one (a circle edged in black on a
/// grid corner inside the grid) and `texts` the shapes written over it.
pub fn quadruple_corner(shape: &Shape, n: usize) -> Option<(usize, usize)> {
    let (r, c) = shape.center;
    let inside = |v: f64| v > 0.5 && v < n as f64 - 0.5;
    let plain = shape.text.is_empty() && shape.rounded && (0.4..=0.7).contains(&shape.extent());
    (plain && is_whole(r) && is_whole(c) && inside(r) && inside(c))
        .then(|| (r.round() as usize, c.round() as usize))
}

/// The digits of a quadruple's text ("1 2", with SudokuPad's thin space), if it is only digits.
pub fn quadruple_digits(text: &str) -> Option<Vec<usize>> {
    let digits: Option<Vec<usize>> = text
        .split(|c: char| c.is_whitespace() || c == '\u{2009}')
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().ok())
        .collect();
    digits.filter(|digits| !digits.is_empty())
}

/// The four cells around grid corner `(r, c)`.
pub fn around((r, c): (usize, usize)) -> Vec<Cell> {
    vec![Cell::new(r - 1, c - 1), Cell::new(r - 1, c), Cell::new(r, c - 1), Cell::new(r, c)]
}

/// The underlay and four arrows of a minimum or maximum on `cell`.
pub fn extremum_drawing(cell: Cell, maximum: bool) -> (Value, Vec<Value>) {
    let centre = (cell.row() as f64 + 0.5, cell.column() as f64 + 0.5);
    let square = json!({"center": [centre.0, centre.1], "width": 1, "height": 1,
        "backgroundColor": "#CFCFCF", "borderColor": "#CFCFCF", "rounded": false});
    let arrows = SIDES
        .iter()
        .map(|&(dr, dc)| {
            let inner = [centre.0 + dr * ARROW_FROM, centre.1 + dc * ARROW_FROM];
            let edge = [centre.0 + dr * 0.5, centre.1 + dc * 0.5];
            let points = if maximum { [inner, edge] } else { [edge, inner] };
            json!({"wayPoints": points, "color": "#000000", "thickness": 1, "headLength": 0.3})
        })
        .collect();
    (square, arrows)
}

/// The circle and texts of a quadruple on the corner its cells surround.
pub fn quadruple_drawing(cells: &[Cell], digits: &[usize]) -> Vec<Value> {
    let row = cells.iter().map(|c| c.row()).max().unwrap_or(0) as f64;
    let column = cells.iter().map(|c| c.column()).max().unwrap_or(0) as f64;
    let mut shapes = vec![json!({"center": [row, column], "width": 0.6, "height": 0.6,
        "borderColor": "#000000", "backgroundColor": "#FFFFFF", "rounded": true, "text": ""})];
    let lines: Vec<String> = digits
        .chunks(2)
        .map(|pair| pair.iter().map(usize::to_string).collect::<Vec<_>>().join("\u{2009}"))
        .collect();
    for (k, text) in lines.iter().enumerate() {
        let offset = (k as f64 - (lines.len() as f64 - 1.0) / 2.0) * 0.19;
        shapes.push(json!({"center": [row + offset, column], "width": 0.6, "height": 0.6,
            "rounded": true, "fontSize": 10, "text": text}));
    }
    shapes
}
