//! Rasterised pictures for the render tests: an SVG drawn with resvg and read in cell units,
//! colour tests for its pixels, and the collection puzzles they draw.

use std::fs;
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use satdoku::render::{CELL_PIXELS, RenderOptions, render_svg};
use satdoku::{Cell, Puzzle};

/// The system fonts, loaded once (the pictures name DejaVu Sans first).
pub(super) fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut database = fontdb::Database::new();
            database.load_system_fonts();
            Arc::new(database)
        })
        .clone()
}

/// Whether text can be drawn here; tests of digits say so and pass when no font is installed.
pub(super) fn has_fonts(test: &str) -> bool {
    let found = !fonts().is_empty();
    if !found {
        eprintln!("SKIPPED: {test}: no system fonts, so no digits to check");
    }
    found
}

/// A rasterised picture of an N×N puzzle, read in cell units from the grid's top-left corner.
pub(super) struct Picture {
    pixmap: Pixmap,
    /// The margin round the grid, in cells.
    pub(super) margin: f64,
}

impl Picture {
    /// The picture of `svg`, drawn for a grid of `size`.
    pub(super) fn of(svg: &str, size: usize) -> Picture {
        let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
        let tree = usvg::Tree::from_str(svg, &options).expect("a valid SVG");
        let (width, height) = (tree.size().width(), tree.size().height());
        let mut pixmap = Pixmap::new(width as u32, height as u32).expect("a non-empty picture");
        resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
        let margin = (f64::from(width) / CELL_PIXELS - size as f64) / 2.0;
        Picture { pixmap, margin }
    }

    /// The picture of `puzzle` with `options`.
    pub(super) fn draw(puzzle: &Puzzle, options: &RenderOptions) -> Picture {
        Picture::of(&render_svg(puzzle, options), puzzle.geometry().size())
    }

    /// The colour at a point, in cells from the grid's top-left corner.
    pub(super) fn rgb(&self, (x, y): (f64, f64)) -> [u8; 3] {
        let pixel = |v: f64| ((v + self.margin) * CELL_PIXELS) as u32;
        let colour = self.pixmap.pixel(pixel(x), pixel(y)).expect("a point inside the picture");
        [colour.red(), colour.green(), colour.blue()]
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
