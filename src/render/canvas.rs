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

/// The layers, bottom to top, in SudokuPad's order: cell shading and underlays, lines, arrows
/// (above lines, as SudokuPad draws them with "arrows above lines", so that no line hides an
/// arrowhead), the grid, cages, overlays, then the digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Whole-cell shading: extra regions, clones, indexers, extrema.
    Shading,
    /// Marks inside cells under the lines: even squares, odd circles.
    Underlay,
    /// Lines drawn through cells: thermometers, whispers, palindromes, diagonals.
    Lines,
    /// Arrows: their circles or pills, shafts and heads.
    Arrows,
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
const LAYERS: usize = 8;

/// The room round the grid, in cells, on each side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Margins {
    pub(crate) left: f64,
    pub(crate) top: f64,
    pub(crate) right: f64,
    pub(crate) bottom: f64,
}

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

/// An SVG picture being drawn: the grid's size and the margins around it, in cells, and a
/// caption under it.
pub(crate) struct Canvas {
    size: usize,
    margins: Margins,
    layers: [String; LAYERS],
    caption: Vec<String>,
}

/// The height of a caption line, in cells.
const CAPTION_LINE: f64 = 0.5;

impl Canvas {
    /// A blank canvas for a `size`×`size` grid with `margins` around it.
    pub(crate) fn new(size: usize, margins: Margins) -> Canvas {
        Canvas { size, margins, layers: Default::default(), caption: Vec::new() }
    }

    /// The grid's size in cells.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Adds a line of text under the grid (the rules of the whole grid, which have no mark).
    pub(crate) fn caption(&mut self, line: String) {
        self.caption.push(line);
    }

    /// A point's pixel coordinates, as SVG attribute text: the grid's top-left corner is the
    /// origin, and the viewBox starts left of and above it by the margins.
    fn xy(&self, (x, y): Point, names: (&str, &str)) -> String {
        format!(" {}=\"{}\" {}=\"{}\"", names.0, px(x), names.1, px(y))
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
            let _ = write!(data, "{command}{} {} ", px(x), px(y));
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

    /// The finished SVG document, with a white background, the caption under the grid, and
    /// `title` (the puzzle's, shown by viewers and read by screen readers) when there is one.
    pub(crate) fn finish(mut self, title: Option<&str>) -> String {
        let size = self.size as f64;
        let Margins { left, top, right, bottom } = self.margins;
        let caption = std::mem::take(&mut self.caption);
        for (i, line) in caption.iter().enumerate() {
            let at = (size / 2.0, size + bottom + (i as f64 + 0.5) * CAPTION_LINE);
            self.text(Layer::Digits, at, line, CAPTION_LINE * 0.7, &Style::fill("#000000"));
        }
        let bottom = bottom + caption.len() as f64 * CAPTION_LINE;
        let (width, height) = (px(left + size + right), px(top + size + bottom));
        let (x, y) = (px(-left), px(-top));
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"{x} {y} {width} {height}\" \
             font-family=\"DejaVu Sans, Arial, sans-serif\">\n\
             <rect x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{height}\" fill=\"#FFFFFF\"/>\n"
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
