//! Rasterised pictures for the render tests: an SVG read by `svg`, drawn by `raster` (text in
//! the system's DejaVu Sans through `font`) and read in cell units, colour tests for its
//! pixels, and the collection puzzles they draw.

use std::fs;

use satdoku::render::{CELL_PIXELS, RenderOptions, render_svg};
use satdoku::{Cell, Puzzle};

use super::font::system_fonts;
use super::raster::{self, Raster};
use super::svg::{Paint, Shape, Svg};

/// Whether text can be drawn here; tests of digits say so and pass when no font is installed.
pub(super) fn has_fonts(test: &str) -> bool {
    let found = system_fonts().is_some();
    if !found {
        eprintln!("SKIPPED: {test}: no DejaVu Sans or Arial font, so no digits to check");
    }
    found
}

/// A rasterised picture of an N×N puzzle, read in cell units from the grid's top-left corner.
pub(super) struct Picture {
    raster: Raster,
    /// The margins left of and above the grid, in cells.
    pub(super) margin: (f64, f64),
    /// The picture's width and height, in cells.
    pub(super) size: (f64, f64),
}

impl Picture {
    /// The picture of `svg`.
    pub(super) fn of(svg: &str) -> Picture {
        let svg = Svg::parse(svg).unwrap_or_else(|e| panic!("an SVG render_svg writes: {e}"));
        let (width, height) = svg.size;
        let mut raster = Raster::new(width, height);
        for (shape, paint) in &svg.elements {
            paint_shape(&mut raster, &shape.moved(svg.origin), paint);
        }
        let margin = (-svg.origin.0 / CELL_PIXELS, -svg.origin.1 / CELL_PIXELS);
        let size = (width as f64 / CELL_PIXELS, height as f64 / CELL_PIXELS);
        Picture { raster, margin, size }
    }

    /// The picture of `puzzle` with `options`.
    pub(super) fn draw(puzzle: &Puzzle, options: &RenderOptions) -> Picture {
        Picture::of(&render_svg(puzzle, options))
    }

    /// The colour at a point, in cells from the grid's top-left corner.
    pub(super) fn rgb(&self, (x, y): (f64, f64)) -> [u8; 3] {
        let pixel = |v: f64, margin: f64| ((v + margin) * CELL_PIXELS) as usize;
        let (left, top) = self.margin;
        self.raster.pixel(pixel(x, left), pixel(y, top)).expect("a point inside the picture")
    }

    /// How many pixels of the box from `(x0, y0)` to `(x1, y1)` (cells) satisfy `test`.
    pub(super) fn count(
        &self,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        test: fn([u8; 3]) -> bool,
    ) -> usize {
        let step = 1.0 / CELL_PIXELS;
        let mut found = 0;
        let mut y = y0;
        while y < y1 {
            let mut x = x0;
            while x < x1 {
                found += usize::from(test(self.rgb((x, y))));
                x += step;
            }
            y += step;
        }
        found
    }

    /// Dark pixels in the middle of a cell (where its digit is).
    pub(super) fn dark_in_cell(&self, cell: Cell) -> usize {
        let (x, y) = (cell.column() as f64, cell.row() as f64);
        self.count((x + 0.2, y + 0.2), (x + 0.8, y + 0.8), is_dark)
    }
}

/// Paints one element: its fill, then its stroke (text is filled only, and left out when no
/// font is installed).
fn paint_shape(raster: &mut Raster, shape: &Shape, paint: &Paint) {
    let outlines = match shape {
        Shape::Rect { at, size, radius } => vec![(raster::rounded_rect(*at, *size, *radius), true)],
        Shape::Circle { centre, radius } => vec![(raster::circle(*centre, *radius), true)],
        Shape::Path(polylines) => polylines.clone(),
        Shape::Text { at, size, bold, text } => {
            if let (Some(fonts), Some(colour)) = (system_fonts(), paint.fill) {
                raster.fill(&fonts[usize::from(*bold)].outline(text, *size, *at), colour);
            }
            return;
        }
    };
    if let Some(colour) = paint.fill {
        let polygons: Vec<_> = outlines.iter().map(|(points, _)| points.clone()).collect();
        raster.fill(&polygons, colour);
    }
    if let Some((colour, width)) = paint.stroke {
        let bands = outlines
            .iter()
            .flat_map(|(points, closed)| raster::stroke(points, *closed, width, paint.dash))
            .collect::<Vec<_>>();
        raster.fill(&bands, colour);
    }
}

/// The brightness of a colour, 0 (black) to 255 (white).
pub(super) fn luma([r, g, b]: [u8; 3]) -> u32 {
    (u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b)) / 10
}

/// Ink: digits, black marks, region borders.
pub(super) fn is_dark(rgb: [u8; 3]) -> bool {
    luma(rgb) < 90
}

/// The background.
pub(super) fn is_white(rgb: [u8; 3]) -> bool {
    rgb.iter().all(|&c| c > 245)
}

/// The mid grey of even/odd marks and thermometers (#C8C8C8), give or take antialiasing.
pub(super) fn is_grey(rgb: [u8; 3]) -> bool {
    rgb.iter().all(|&c| (185..=215).contains(&c))
}

/// The light grey of indexer cells (#E0E0E0), give or take antialiasing.
pub(super) fn is_light_grey(rgb: [u8; 3]) -> bool {
    rgb.iter().all(|&c| (216..=232).contains(&c))
}

/// Solution digits, diagonals.
pub(super) fn is_blue(rgb: [u8; 3]) -> bool {
    let [r, g, b] = rgb.map(i32::from);
    b > 150 && b > r + 60 && b > g + 30
}

/// Whispers lines.
pub(super) fn is_green(rgb: [u8; 3]) -> bool {
    let [r, g, b] = rgb.map(i32::from);
    g > 200 && g > r + 80 && g > b + 80
}

/// A puzzle of the collection in `puzzles/`.
pub(super) fn collection(name: &str) -> Puzzle {
    let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The cell called `name` (r1c1 style).
pub(super) fn cell(name: &str) -> Cell {
    Cell::from_name(name).expect("a cell name")
}

/// The centre of a cell, in cells.
pub(super) fn centre(cell: Cell) -> (f64, f64) {
    (cell.column() as f64 + 0.5, cell.row() as f64 + 0.5)
}
