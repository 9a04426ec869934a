//! Lines through cell centres, coloured as setters colour them (the f-puzzles and SudokuPad
//! palette): grey thermometers with a bulb, arrows with their circle or pill, green whispers,
//! purple renban, blue region-sum lines, and the other line rules; and the diagonals.

use super::canvas::{Canvas, Layer, Point, Style, centre};
use crate::model::geometry::Cell;
use crate::model::layout::{self, LineStyle, arrow_start};

/// A kind of line: its colour and width (in cells).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ink {
    colour: &'static str,
    width: f64,
}

impl Ink {
    /// The ink of a line rule, as setters colour it.
    const fn of(style: LineStyle) -> Ink {
        Ink { colour: style.colour, width: style.width }
    }

    /// The colour.
    pub(crate) fn colour(self) -> &'static str {
        self.colour
    }
}

/// Whispers.
pub(crate) const WHISPERS: Ink = Ink::of(layout::WHISPERS);
/// Renban.
pub(crate) const RENBAN: Ink = Ink::of(layout::RENBAN);
/// Region-sum lines.
pub(crate) const REGION_SUM: Ink = Ink::of(layout::REGION_SUM);
/// Palindromes.
pub(crate) const PALINDROME: Ink = Ink::of(layout::PALINDROME);
/// Entropic lines.
pub(crate) const ENTROPIC: Ink = Ink::of(layout::ENTROPIC);
/// Modular lines.
pub(crate) const MODULAR: Ink = Ink::of(layout::MODULAR);
/// Zipper lines.
pub(crate) const ZIPPER: Ink = Ink::of(layout::ZIPPER);
/// Parity lines.
pub(crate) const PARITY: Ink = Ink::of(layout::PARITY);
/// Sum lines: white, over their grey edge.
const SUM_LINE: Ink = Ink::of(layout::SUM_LINE);
/// A sum line's edge.
const SUM_LINE_EDGE: Ink =
    Ink { colour: layout::SUM_LINE_EDGE, width: layout::SUM_LINE_EDGE_WIDTH };
/// Differences-count lines.
pub(crate) const DIFFERENCES_COUNT: Ink = Ink::of(layout::DIFFERENCES_COUNT);
/// Sequence lines.
pub(crate) const SEQUENCE: Ink = Ink::of(layout::SEQUENCE);
/// Lockout lines.
const LOCKOUT: Ink = Ink::of(layout::LOCKOUT);
/// Thermometers.
const THERMO: Ink = Ink::of(layout::THERMO);
/// Arrows and between lines: a thin grey line.
const THIN_GREY: Ink = Ink { colour: "#A0A0A0", width: 0.05 };
/// The diagonals of diagonal Sudoku: thin blue.
const DIAGONAL: Ink = Ink { colour: "#4A7FC0", width: 0.03 };

/// The radius of a thermometer's bulb and of an arrow's circle, in cells.
const BULB: f64 = 0.4;

/// A line of `ink` through the centres of `cells`.
pub(crate) fn line(canvas: &mut Canvas, cells: &[Cell], ink: Ink) {
    let points: Vec<Point> = cells.iter().map(|&cell| centre(cell)).collect();
    stroke(canvas, &points, ink);
}

/// A sum line: white, edged in grey, as satdoku's SudokuPad links draw it.
pub(crate) fn sum_line(canvas: &mut Canvas, cells: &[Cell]) {
    line(canvas, cells, SUM_LINE_EDGE);
    line(canvas, cells, SUM_LINE);
}

/// Lines of `ink` through the centres of a connected set of `cells`, a stroke at a time
/// ([`layout::strokes`]).
pub(crate) fn strokes(canvas: &mut Canvas, cells: &[Cell], ink: Ink) {
    for stroke in layout::strokes(cells) {
        line(canvas, &stroke, ink);
    }
}

fn stroke(canvas: &mut Canvas, points: &[Point], ink: Ink) {
    stroke_on(canvas, Layer::Lines, points, ink);
}

fn stroke_on(canvas: &mut Canvas, layer: Layer, points: &[Point], ink: Ink) {
    canvas.path(layer, points, false, &Style::stroke(ink.colour, ink.width));
}

/// A thermometer: a bulb on the first cell and a wide line on; a slow thermometer's bulb is
/// hollow.
pub(crate) fn thermo(canvas: &mut Canvas, cells: &[Cell], slow: bool) {
    line(canvas, cells, THERMO);
    let bulb = if slow {
        Style::fill("#FFFFFF").outlined(THERMO.colour, 0.1)
    } else {
        Style::fill(THERMO.colour)
    };
    canvas.circle(Layer::Lines, centre(cells[0]), BULB, &bulb);
}

/// An arrow: a circle (one cell) or a pill (several), and a thin line from it to an arrowhead
/// on the last cell, all on the arrows' layer above the lines.
pub(crate) fn arrow(canvas: &mut Canvas, pill: &[Cell], shaft: &[Cell]) {
    let start = centre(arrow_start(pill, shaft));
    let mut points: Vec<Point> = shaft.iter().map(|&cell| centre(cell)).collect();
    if let Some(&first) = points.first() {
        points.insert(0, towards(start, first, BULB));
        stroke_on(canvas, Layer::Arrows, &points, THIN_GREY);
        let tip = points[points.len() - 1];
        let before = points[points.len() - 2];
        arrowhead_on(canvas, Layer::Arrows, before, tip, THIN_GREY);
    }
    let outline = Style::fill("#FFFFFF").outlined(THIN_GREY.colour, THIN_GREY.width);
    let (first, last) = (centre(pill[0]), centre(pill[pill.len() - 1]));
    canvas.pill(Layer::Arrows, first, last, BULB, &outline);
}

/// A between line: a thin grey line with a circle on each end.
pub(crate) fn between(canvas: &mut Canvas, cells: &[Cell]) {
    line(canvas, cells, THIN_GREY);
    let outline = Style::fill("#FFFFFF").outlined(THIN_GREY.colour, THIN_GREY.width);
    for end in [cells[0], cells[cells.len() - 1]] {
        canvas.circle(Layer::Lines, centre(end), BULB, &outline);
    }
}

/// A double arrow: a between line's circles on both ends, and an arrowhead at each end of the
/// line pointing into its circle.
pub(crate) fn double_arrow(canvas: &mut Canvas, cells: &[Cell]) {
    between(canvas, cells);
    let points: Vec<Point> = cells.iter().map(|&cell| centre(cell)).collect();
    for (end, before) in
        [(points[0], points[1]), (points[points.len() - 1], points[points.len() - 2])]
    {
        let tip = towards(end, before, BULB);
        arrowhead_on(canvas, Layer::Lines, before, tip, THIN_GREY);
    }
}

/// A diagonal of the grid: the main one (top-left to bottom-right) or the anti-diagonal.
pub(crate) fn diagonal(canvas: &mut Canvas, main: bool) {
    let n = canvas.size() as f64;
    let points = if main { [(0.0, 0.0), (n, n)] } else { [(0.0, n), (n, 0.0)] };
    stroke(canvas, &points, DIAGONAL);
}

/// The point `distance` cells from `from` towards `to`.
pub(crate) fn towards(from: Point, to: Point, distance: f64) -> Point {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy).max(f64::EPSILON);
    (from.0 + dx / length * distance, from.1 + dy / length * distance)
}

/// Two short strokes at `tip`, pointing the way from `before` to `tip`, on the marks' layer
/// (outside the grid: little killer clues).
pub(crate) fn arrowhead(canvas: &mut Canvas, before: Point, tip: Point, ink: Ink) {
    arrowhead_on(canvas, Layer::Marks, before, tip, ink);
}

/// [`arrowhead`] on `layer`.
fn arrowhead_on(canvas: &mut Canvas, layer: Layer, before: Point, tip: Point, ink: Ink) {
    let (dx, dy) = (tip.0 - before.0, tip.1 - before.1);
    let length = dx.hypot(dy).max(f64::EPSILON);
    let (ux, uy) = (dx / length * 0.15, dy / length * 0.15);
    let left = (tip.0 - ux - uy, tip.1 - uy + ux);
    let right = (tip.0 - ux + uy, tip.1 - uy - ux);
    stroke_on(canvas, layer, &[left, tip, right], ink);
}

/// The ink of small arrows outside the grid (little killer clues).
pub(crate) const CLUE_ARROW: Ink = Ink { colour: "#000000", width: 0.03 };

/// A lockout line: the line, and a diamond on each end.
pub(crate) fn lockout(canvas: &mut Canvas, line: &[Cell]) {
    self::line(canvas, line, LOCKOUT);
    for end in [line[0], line[line.len() - 1]] {
        let (x, y) = centre(end);
        let diamond = [(x, y - 0.35), (x + 0.35, y), (x, y + 0.35), (x - 0.35, y)];
        let style = Style::fill("#FFFFFF").outlined(LOCKOUT.colour, 0.05);
        canvas.path(Layer::Lines, &diamond, true, &style);
    }
}
