//! The SVG canvas the drawing families paint on: shapes in cell units (x from the grid's left
//! edge, y from its top edge), gathered in layers so that shading lies under lines, lines under
//! the grid, and digits on top whatever order the rules come in.

use std::fmt::Write;

use crate::model::geometry::Cell;

/// A point in cell units: `(x, y)`, from the grid's top-left corner (negative or past the size
/// outside the grid, where outside clues go).
pub(crate) type Point = (f64, f64);

/// The pixels of one cell.
pub(crate) const CELL: f64 = 64.0;

/// The layers, bottom to top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Cell shading: even/odd marks, extra regions, clones, extrema.
    Shading,
    /// Lines drawn through cells: thermometers, arrows, whispers, diagonals.
    Lines,
    /// The cell lines and region borders.
    Grid,
    /// Killer cages and their sums.
    Cages,
    /// Marks on the grid lines: dots, XV letters, quadruple circles; clues outside the grid.
    Marks,
    /// Givens, solution digits and candidates.
    Digits,
}

/// How many layers there are.
const LAYERS: usize = 6;

/// How a shape is painted: fill, stroke (its width in cell units), dashes, font weight.
#[derive(Clone, Debug, Default)]
pub(crate) struct Style {
    fill: Option<&'static str>,
    stroke: Option<(&'static str, f64)>,
    dash: Option<f64>,
    bold: bool,
}

impl Style {
    /// Filled with `colour`, no outline.
    pub(crate) fn fill(colour: &'static str) -> Style {
        Style { fill: Some(colour), ..Style::default() }
    }

    /// Outlined in `colour`, `width` cells wide, not filled.
    pub(crate) fn stroke(colour: &'static str, width: f64) -> Style {
        Style { stroke: Some((colour, width)), ..Style::default() }
    }

    /// The same, also outlined.
    pub(crate) fn outlined(mut self, colour: &'static str, width: f64) -> Style {
        self.stroke = Some((colour, width));
        self
    }

    /// The same, with dashes `length` cells long.
    pub(crate) fn dashed(mut self, length: f64) -> Style {
        self.dash = Some(length);
        self
    }

    /// The same, in bold (for text).
    pub(crate) fn bold(mut self) -> Style {
        self.bold = true;
        self
    }

    /// The SVG attributes.
    fn attributes(&self) -> String {
        let mut out = format!(" fill=\"{}\"", self.fill.unwrap_or("none"));
        if let Some((colour, width)) = self.stroke {
            let _ = write!(out, " stroke=\"{colour}\" stroke-width=\"{}\"", px(width));
            out.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
        }
        if let Some(length) = self.dash {
            let _ = write!(out, " stroke-dasharray=\"{} {}\"", px(length), px(length));
        }
        if self.bold {
            out.push_str(" font-weight=\"bold\"");
        }
        out
    }
}

/// Pixels of a length in cell units, rounded to a tenth.
fn px(cells: f64) -> String {
    let pixels = (cells * CELL * 10.0).round() / 10.0;
    format!("{pixels}")
}

/// An SVG picture being drawn: the grid's size and the margin around it, in cells.
pub(crate) struct Canvas {
    size: usize,
    margin: f64,
    layers: [String; LAYERS],
}

impl Canvas {
    /// A blank canvas for a `size`×`size` grid with `margin` cells around it.
    pub(crate) fn new(size: usize, margin: f64) -> Canvas {
        Canvas { size, margin, layers: Default::default() }
    }

    /// The grid's size in cells.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// A point's pixel coordinates, as SVG attribute text.
    fn xy(&self, (x, y): Point, names: (&str, &str)) -> String {
        format!(" {}=\"{}\" {}=\"{}\"", names.0, px(x + self.margin), names.1, px(y + self.margin))
    }

    fn push(&mut self, layer: Layer, element: String) {
        self.layers[layer as usize].push_str(&element);
        self.layers[layer as usize].push('\n');
    }

    /// A rectangle from its top-left corner `at`, `width`×`height` cells.
    pub(crate) fn rect(&mut self, layer: Layer, at: Point, (width, height): Point, style: &Style) {
        let element = format!(
            "<rect{} width=\"{}\" height=\"{}\"{}/>",
            self.xy(at, ("x", "y")),
            px(width),
            px(height),
            style.attributes()
        );
        self.push(layer, element);
    }

    /// A pill (a rectangle with round ends) round the segment from `from` to `to`, `radius`
    /// cells from it: an arrow's pill of several cells.
    pub(crate) fn pill(
        &mut self,
        layer: Layer,
        from: Point,
        to: Point,
        radius: f64,
        style: &Style,
    ) {
        let (left, top) = (from.0.min(to.0) - radius, from.1.min(to.1) - radius);
        let (width, height) =
            ((from.0 - to.0).abs() + 2.0 * radius, (from.1 - to.1).abs() + 2.0 * radius);
        let element = format!(
            "<rect{} width=\"{}\" height=\"{}\" rx=\"{}\"{}/>",
            self.xy((left, top), ("x", "y")),
            px(width),
            px(height),
            px(radius),
            style.attributes()
        );
        self.push(layer, element);
    }

    /// A circle around `centre`, `radius` cells.
    pub(crate) fn circle(&mut self, layer: Layer, centre: Point, radius: f64, style: &Style) {
        let element = format!(
            "<circle{} r=\"{}\"{}/>",
            self.xy(centre, ("cx", "cy")),
            px(radius),
            style.attributes()
        );
        self.push(layer, element);
    }

    /// A path through `points`, closed when `closed` (a polygon).
    pub(crate) fn path(&mut self, layer: Layer, points: &[Point], closed: bool, style: &Style) {
        let mut data = String::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            let command = if i == 0 { 'M' } else { 'L' };
            let _ = write!(data, "{command}{} {} ", px(x + self.margin), px(y + self.margin));
        }
        if closed {
            data.push('Z');
        }
        let element = format!("<path d=\"{}\"{}/>", data.trim_end(), style.attributes());
        self.push(layer, element);
    }

    /// `text` centred on `centre`, `height` cells tall.
    pub(crate) fn text(
        &mut self,
        layer: Layer,
        centre: Point,
        text: &str,
        height: f64,
        style: &Style,
    ) {
        // The baseline sits a third of the height below the centre: digits look centred.
        let baseline = (centre.0, centre.1 + height * 0.35);
        let element = format!(
            "<text{} font-size=\"{}\" text-anchor=\"middle\"{}>{}</text>",
            self.xy(baseline, ("x", "y")),
            px(height),
            style.attributes(),
            escape(text)
        );
        self.push(layer, element);
    }

    /// The finished SVG document, with a white background and `title` (the puzzle's, shown by
    /// viewers and read by screen readers) when there is one.
    pub(crate) fn finish(self, title: Option<&str>) -> String {
        let side = px(self.size as f64 + 2.0 * self.margin);
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" \
             viewBox=\"0 0 {side} {side}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n\
             <rect width=\"{side}\" height=\"{side}\" fill=\"#FFFFFF\"/>\n"
        );
        if let Some(title) = title {
            svg.push_str(&format!("<title>{}</title>\n", escape(title)));
        }
        for layer in &self.layers {
            svg.push_str(layer);
        }
        svg.push_str("</svg>\n");
        svg
    }
}

/// `text` with the XML special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The centre of a cell, in cell units.
pub(crate) fn centre(cell: Cell) -> Point {
    (cell.column() as f64 + 0.5, cell.row() as f64 + 0.5)
}

/// The point halfway between two cells' centres: where a dot between neighbours goes.
pub(crate) fn midpoint(a: Cell, b: Cell) -> Point {
    let ((ax, ay), (bx, by)) = (centre(a), centre(b));
    ((ax + bx) / 2.0, (ay + by) / 2.0)
}
