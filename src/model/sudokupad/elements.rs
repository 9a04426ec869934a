//! SudokuPad's drawings as plain values: lines and arrows (way points in grid units, `[row,
//! column]` from the top-left corner, a cell's centre at `r + 0.5`), and shapes (the
//! `overlays` and `underlays`: rectangles and circles with a centre, a size, colours and text),
//! each with where it is, for notes and refusals.

use std::fmt;

use serde_json::Value;

use super::colour::Colour;
use crate::model::geometry::Cell;

/// A point in grid units: `(row, column)`, `(0, 0)` the grid's top-left corner.
pub type Point = (f64, f64);

/// A line or an arrow.
#[derive(Clone, Debug)]
pub struct Line {
    /// The way points, in order.
    pub points: Vec<Point>,
    /// Its colour.
    pub colour: Colour,
    /// Whether it has an arrowhead (SudokuPad's `arrows`).
    pub arrow: bool,
    /// Its thickness (SudokuPad's `thickness`, 0 when absent).
    pub thickness: f64,
}

/// A rectangle or circle of the `overlays` or `underlays`.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Its centre.
    pub center: Point,
    /// Width and height in cells.
    pub size: (f64, f64),
    /// Whether it is rounded (a circle or a pill).
    pub rounded: bool,
    /// Its fill.
    pub fill: Colour,
    /// Its border.
    pub border: Colour,
    /// Its text, trimmed (empty when none).
    pub text: String,
    /// Whether it is drawn under the grid (`underlays`).
    pub under: bool,
}

impl Line {
    /// The line from its JSON object (`wayPoints`, `color`, `thickness`), `None` when it has
    /// fewer than two way points.
    pub fn from_json(value: &Value, arrow: bool) -> Option<Line> {
        let points: Vec<Point> =
            value.get("wayPoints")?.as_array()?.iter().filter_map(point).collect();
        (points.len() >= 2).then(|| Line {
            points,
            colour: Colour::from_json(value.get("color")),
            arrow,
            thickness: value.get("thickness").and_then(Value::as_f64).unwrap_or(0.0),
        })
    }

    /// The cells its way points pass through, in order, each once (a way point off the grid's
    /// cells, such as a corner, gives none).
    pub fn cells(&self, n: usize) -> Vec<Cell> {
        let mut cells: Vec<Cell> = Vec::new();
        for pair in self.points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            // One sample per cell crossed: a king's-move path samples each cell's centre.
            let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil().max(1.0) as usize;
            for step in 0..=steps {
                let t = step as f64 / steps as f64;
                let at = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
                if let Some(cell) = cell_at(at, n).filter(|cell| cells.last() != Some(cell)) {
                    cells.push(cell);
                }
            }
        }
        cells
    }

    /// Whether it ends where it starts (a closed loop).
    pub fn closed(&self) -> bool {
        let (first, last) = (self.points[0], self.points[self.points.len() - 1]);
        self.points.len() > 2 && (first.0 - last.0).abs() < 0.05 && (first.1 - last.1).abs() < 0.05
    }

    /// Whether every way point lies well inside a cell, off its edges: a line through cells
    /// (through their centres, or with rounded corners, or from a circle's rim), not one
    /// along the grid lines.
    pub fn on_centres(&self) -> bool {
        let inside = |v: f64| (v - v.floor() - 0.5).abs() < 0.4;
        self.points.iter().all(|&(r, c)| inside(r) && inside(c))
    }

    /// The unit edges of the grid lines it runs along, when every stretch of it does (a drawn
    /// border, not a line of cells): `(row, column, across)`, an edge `across` from grid
    /// point (row, column) to (row, column + 1), else from (row, column) to (row + 1, column).
    pub fn grid_edges(&self) -> Option<Vec<(usize, usize, bool)>> {
        if !self.points.iter().all(|&(r, c)| is_whole(r) && is_whole(c) && r >= 0.0 && c >= 0.0) {
            return None;
        }
        let mut edges = Vec::new();
        for pair in self.points.windows(2) {
            let [(r0, c0), (r1, c1)] =
                [pair[0], pair[1]].map(|(r, c)| (r.round() as usize, c.round() as usize));
            if r0 == r1 {
                edges.extend((c0.min(c1)..c0.max(c1)).map(|c| (r0, c, true)));
            } else if c0 == c1 {
                edges.extend((r0.min(r1)..r0.max(r1)).map(|r| (r, c0, false)));
            } else {
                return None;
            }
        }
        Some(edges)
    }

    /// The tip of a small chevron (`<` drawn as a line of three points, each stroke shorter
    /// than `reach`): its middle point, with the direction it points in (from the middle of
    /// its ends to the tip).
    pub fn chevron(&self, reach: f64) -> Option<(Point, Point)> {
        let [a, tip, b] = self.points[..] else { return None };
        let short = |p: Point| (p.0 - tip.0).hypot(p.1 - tip.1) < reach;
        let direction = (tip.0 - (a.0 + b.0) / 2.0, tip.1 - (a.1 + b.1) / 2.0);
        (!self.arrow && short(a) && short(b) && direction.0.hypot(direction.1) > 0.01)
            .then_some((tip, direction))
    }
}

impl Shape {
    /// The shape from its JSON object.
    pub fn from_json(value: &Value, under: bool) -> Option<Shape> {
        let center = point(value.get("center")?)?;
        let width = number(value.get("width")).unwrap_or(0.0);
        let height = number(value.get("height")).unwrap_or(width);
        let text = match value.get("text") {
            Some(Value::String(text)) => text.trim().to_string(),
            Some(Value::Number(number)) => number.to_string(),
            _ => String::new(),
        };
        Some(Shape {
            center,
            size: (width, height),
            rounded: value.get("rounded").and_then(Value::as_bool).unwrap_or(false),
            fill: Colour::from_json(value.get("backgroundColor")),
            border: Colour::from_json(value.get("borderColor")),
            text,
            under,
        })
    }

    /// The cell whose centre it sits on, if any.
    pub fn cell(&self, n: usize) -> Option<Cell> {
        let (r, c) = self.center;
        (is_half(r) && is_half(c)).then(|| cell_at(self.center, n)).flatten()
    }

    /// The two orthogonal neighbours whose shared edge it sits on the middle of, if any.
    pub fn edge(&self, n: usize) -> Option<[Cell; 2]> {
        let (r, c) = self.center;
        let cells = match (is_whole(r), is_whole(c), is_half(r), is_half(c)) {
            (true, _, _, true) => [cell_at((r - 0.5, c), n)?, cell_at((r + 0.5, c), n)?],
            (_, true, true, _) => [cell_at((r, c - 0.5), n)?, cell_at((r, c + 0.5), n)?],
            _ => return None,
        };
        Some(cells)
    }

    /// The cells it covers (their centres inside it).
    pub fn covered(&self, n: usize) -> Vec<Cell> {
        let (r, c) = self.center;
        let (w, h) = self.size;
        (0..n)
            .flat_map(|row| (0..n).map(move |column| Cell::new(row, column)))
            .filter(|cell| {
                let (cr, cc) = (cell.row() as f64 + 0.5, cell.column() as f64 + 0.5);
                (cr - r).abs() < h / 2.0 && (cc - c).abs() < w / 2.0
            })
            .collect()
    }

    /// The larger of its sides.
    pub fn extent(&self) -> f64 {
        self.size.0.max(self.size.1)
    }
}

/// The cell holding a point, if it is on the grid.
pub fn cell_at((r, c): Point, n: usize) -> Option<Cell> {
    let (row, column) = (r.floor(), c.floor());
    let inside = |v: f64| v >= 0.0 && v < n as f64;
    (inside(row) && inside(column)).then(|| Cell::new(row as usize, column as usize))
}

/// Whether `v` is a whole number (a grid line), within drawing precision.
pub fn is_whole(v: f64) -> bool {
    (v - v.round()).abs() < 0.06
}

/// Whether `v` is a half (a cell's middle), within drawing precision.
pub fn is_half(v: f64) -> bool {
    is_whole(v - 0.5)
}

fn point(value: &Value) -> Option<Point> {
    let pair = value.as_array()?;
    Some((number(pair.first())?, number(pair.get(1))?))
}

fn number(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
}

/// A cell list for messages: `r1c1-r1c2-r2c2`, shortened past eight cells.
pub fn cells_name(cells: &[Cell]) -> String {
    let named: Vec<String> = cells.iter().take(8).map(Cell::to_string).collect();
    let more =
        if cells.len() > 8 { format!("-... ({} cells)", cells.len()) } else { String::new() };
    format!("{}{more}", named.join("-"))
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.rounded { "circle" } else { "rectangle" };
        let layer = if self.under { "underlay" } else { "overlay" };
        write!(f, "{} {kind} {layer}", self.fill.name())?;
        if !self.text.is_empty() {
            write!(f, " with text `{}`", self.text)?;
        }
        Ok(())
    }
}
