//! The shape of a grid: its size, its box shape, its cells and its houses.

use std::fmt;

use super::digit::{Digit, MAX_SIZE};
use super::regions::Regions;

/// The grid sizes satdoku handles: 4×4 up to 35×35 (digits 1–9 then A–Z).
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=MAX_SIZE;

/// Reads a box shape written `RxC` (rows × columns of a box, e.g. `3x3`, `2x3`).
pub fn parse_box_shape(text: &str) -> Option<(usize, usize)> {
    let lower = text.trim().to_ascii_lowercase();
    let (rows, columns) = lower.split_once('x')?;
    Some((rows.trim().parse().ok()?, columns.trim().parse().ok()?))
}

/// Reads the digits of a puzzle written `1-M` (`1-9`, `1-12`, or M as a digit symbol: `1-C`):
/// the largest digit M.
pub fn parse_digits(text: &str) -> Option<usize> {
    let (first, last) = text.split_once('-')?;
    let last = last.trim();
    let mut symbols = last.chars();
    let largest = match (symbols.next(), symbols.next()) {
        (Some(symbol), None) => Digit::from_char(symbol).map(Digit::value),
        _ => last.parse().ok(),
    };
    (first.trim() == "1").then_some(largest).flatten()
}

/// A cell of the grid, by 0-based row and column; written `r1c1` (1-based) to users.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    row: u8,
    column: u8,
}

impl Cell {
    /// The cell at 0-based `row` and `column`.
    ///
    /// # Panics
    /// When either index is at least [`MAX_SIZE`]: indices come from the code, never from input.
    pub fn new(row: usize, column: usize) -> Cell {
        assert!(row < MAX_SIZE && column < MAX_SIZE, "cell ({row}, {column}) out of range");
        Cell { row: row as u8, column: column as u8 }
    }

    /// The 0-based row.
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// The 0-based column.
    pub fn column(self) -> usize {
        self.column as usize
    }

    /// The cell `rows` down and `columns` right of this one, if that stays on a `size` grid.
    pub fn offset(self, rows: isize, columns: isize, size: usize) -> Option<Cell> {
        let row = self.row().checked_add_signed(rows).filter(|&r| r < size)?;
        let column = self.column().checked_add_signed(columns).filter(|&c| c < size)?;
        Some(Cell::new(row, column))
    }

    /// Reads the user form `r1c1` (case-insensitive), 1-based.
    pub fn from_name(name: &str) -> Option<Cell> {
        let lower = name.trim().to_ascii_lowercase();
        let (row, column) = lower.strip_prefix('r')?.split_once('c')?;
        let (row, column): (usize, usize) = (row.parse().ok()?, column.parse().ok()?);
        (row >= 1 && column >= 1 && row <= MAX_SIZE && column <= MAX_SIZE)
            .then(|| Cell::new(row - 1, column - 1))
    }

    /// The cells named in `names`, apart at spaces (`"r1c1 r1c2"`): the tests' shorthand.
    #[cfg(test)]
    pub(crate) fn list(names: &str) -> Vec<Cell> {
        names.split(' ').map(|name| Cell::from_name(name).expect("a cell name")).collect()
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.column + 1)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// What kind of house a group of cells is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box (block) of the grid.
    Box,
    /// An irregular region, where a jigsaw grid has them instead of boxes.
    Region,
    /// The main diagonal, r1c1 to rNcN (`diagonal-`).
    MainDiagonal,
    /// The anti-diagonal, rNc1 to r1cN (`diagonal+`).
    AntiDiagonal,
}

/// A house: N cells that hold every digit exactly once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// What kind of house it is.
    pub kind: HouseKind,
    /// Its 0-based number among the houses of its kind.
    pub index: usize,
    /// Its cells, in reading order.
    pub cells: Vec<Cell>,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            HouseKind::Row => write!(f, "row {}", self.index + 1),
            HouseKind::Column => write!(f, "column {}", self.index + 1),
            HouseKind::Box => write!(f, "box {}", self.index + 1),
            HouseKind::Region => write!(f, "region {}", self.index + 1),
            HouseKind::MainDiagonal => write!(f, "the main diagonal"),
            HouseKind::AntiDiagonal => write!(f, "the anti-diagonal"),
        }
    }
}

/// The size of a grid and the shape of its boxes, or the irregular regions that replace them,
/// and its digits: `1..=M`, M at least N (N unless the puzzle says otherwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    size: usize,
    // Bytes, as `digits`: N and M are at most [`MAX_SIZE`].
    box_rows: u8,
    box_columns: u8,
    regions: Option<Regions>,
    /// M, at most [`MAX_SIZE`] (a byte keeps grids, which copy the geometry, small).
    digits: u8,
}

impl Geometry {
    /// A grid of `size`×`size` cells with boxes of `box_rows`×`box_columns` cells, or `None`
    /// when the boxes do not tile the grid (`box_rows * box_columns` must be `size`) or the size
    /// is outside [`SIZES`].
    pub fn new(size: usize, box_rows: usize, box_columns: usize) -> Option<Geometry> {
        let tiles = box_rows.checked_mul(box_columns) == Some(size);
        (SIZES.contains(&size) && tiles).then_some(Geometry {
            size,
            box_rows: box_rows as u8,
            box_columns: box_columns as u8,
            regions: None,
            digits: size as u8,
        })
    }

    /// The grid of `size` with its usual boxes: the most square factorisation `R×C` with
    /// `R <= C` (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 12: 3x4, 16: 4x4, 25: 5x5), or `None` when the
    /// only factorisation is `1×size` (a prime size, which needs explicit boxes).
    pub fn with_usual_boxes(size: usize) -> Option<Geometry> {
        let box_rows = (2..=size).take_while(|r| r * r <= size).filter(|r| size % r == 0).last()?;
        Geometry::new(size, box_rows, size / box_rows)
    }

    /// A grid of `size`×`size` cells whose houses are `regions` instead of boxes (a jigsaw),
    /// or `None` when the size is outside [`SIZES`] or the regions are of another size.
    pub fn with_regions(size: usize, regions: Regions) -> Option<Geometry> {
        let fits = SIZES.contains(&size) && regions.labels().len() == size * size;
        let regions = Some(regions);
        let side = size as u8;
        fits.then_some(Geometry { size, box_rows: side, box_columns: side, regions, digits: side })
    }

    /// The classic 9×9 grid with 3×3 boxes.
    pub fn classic() -> Geometry {
        Geometry { size: 9, box_rows: 3, box_columns: 3, regions: None, digits: 9 }
    }

    /// The same grid with the digits `1..=digits` instead, or `None` when `digits` is below N
    /// (a house could not hold different digits) or above [`MAX_SIZE`] (no symbol to write).
    pub fn with_digits(self, digits: usize) -> Option<Geometry> {
        let fits = (self.size..=MAX_SIZE).contains(&digits);
        fits.then_some(Geometry { digits: digits as u8, ..self })
    }

    /// M, the largest digit: the digits are `1..=M`. M is N unless the puzzle declares more
    /// (`digits: 1-9` on a 4×4 grid); each house of N cells then holds N different digits of
    /// the M, and no digit needs to appear in it.
    pub fn digits(self) -> usize {
        usize::from(self.digits)
    }

    /// The digits as every form writes them, `1-M` (`1-9`): the text format's `digits:` line,
    /// a JSON record's `digits` field, `Debug`.
    pub fn digit_range(self) -> String {
        format!("1-{}", self.digits)
    }

    /// Whether every house of N cells holds every digit exactly once (M = N): what the
    /// reasoning on "where does this digit go in this house" (hidden singles, fish, the rule
    /// of 45) needs.
    pub fn has_one_of_each_digit(self) -> bool {
        self.digits() == self.size
    }

    /// The irregular regions, when they replace the boxes.
    pub fn regions(self) -> Option<Regions> {
        self.regions
    }

    /// N, the number of rows and of columns (and of digits, unless [`Geometry::digits`] says
    /// more).
    pub fn size(self) -> usize {
        self.size
    }

    /// How many rows a box spans (N with irregular regions: drawings then have no box lines).
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// How many columns a box spans (N with irregular regions).
    pub fn box_columns(self) -> usize {
        usize::from(self.box_columns)
    }

    /// The box shape, rows × columns.
    pub fn box_shape(self) -> (usize, usize) {
        (self.box_rows(), self.box_columns())
    }

    /// N², the number of cells.
    pub fn cell_count(self) -> usize {
        self.size * self.size
    }

    /// The cell with this reading-order index.
    pub fn cell(self, index: usize) -> Cell {
        Cell::new(index / self.size, index % self.size)
    }

    /// The reading-order index of `cell`.
    pub fn index(self, cell: Cell) -> usize {
        cell.row() * self.size + cell.column()
    }

    /// Whether `cell` lies on this grid.
    pub fn contains(self, cell: Cell) -> bool {
        cell.row() < self.size && cell.column() < self.size
    }

    /// Every cell, in reading order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        Cells { next: (0, 0), size: self.size as u8 }
    }

    /// The index of the placement `digit` in `cell` among all N²·M placements (cells in
    /// reading order, digits ascending): the slot tables of placements are indexed by.
    pub fn slot(self, cell: Cell, digit: Digit) -> usize {
        self.index(cell) * self.digits() + digit.index()
    }

    /// The number of placements, N²·M (N³ with the usual digits).
    pub fn slot_count(self) -> usize {
        self.cell_count() * self.digits()
    }

    /// The 0-based number of the box (or region) holding `cell`, numbered in reading order
    /// (of their first cells, for regions).
    pub fn box_of(self, cell: Cell) -> usize {
        if let Some(regions) = self.regions {
            return regions.region_of(self.index(cell));
        }
        let (box_rows, box_columns) = self.box_shape();
        (cell.row() / box_rows) * (self.size / box_columns) + cell.column() / box_columns
    }

    /// The rows, the columns and the boxes (or regions), in that order.
    pub fn houses(self) -> Vec<House> {
        let n = self.size;
        let rows = (0..n).map(|r| (HouseKind::Row, r, (0..n).map(|c| Cell::new(r, c)).collect()));
        let columns =
            (0..n).map(|c| (HouseKind::Column, c, (0..n).map(|r| Cell::new(r, c)).collect()));
        let kind = if self.regions.is_some() { HouseKind::Region } else { HouseKind::Box };
        let boxes = (0..n).map(|b| (kind, b, self.box_cells(b)));
        rows.chain(columns)
            .chain(boxes)
            .map(|(kind, index, cells)| House { kind, index, cells })
            .collect()
    }

    fn box_cells(self, number: usize) -> Vec<Cell> {
        if self.regions.is_some() {
            return self.cells().filter(|&cell| self.box_of(cell) == number).collect();
        }
        let (box_rows, box_columns) = self.box_shape();
        let boxes_per_row = self.size / box_columns;
        let top = (number / boxes_per_row) * box_rows;
        let left = (number % boxes_per_row) * box_columns;
        (0..box_rows)
            .flat_map(|r| (0..box_columns).map(move |c| Cell::new(top + r, left + c)))
            .collect()
    }
}

/// The cells of an N×N grid in reading order, stepping row and column (the reading-order
/// index would take a division per cell to split).
struct Cells {
    /// The row and column of the next cell; the row is N at the end.
    next: (u8, u8),
    size: u8,
}

impl Iterator for Cells {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        let (row, column) = self.next;
        if row >= self.size {
            return None;
        }
        self.next = if column + 1 == self.size { (row + 1, 0) } else { (row, column + 1) };
        Some(Cell { row, column })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let (row, column) = (usize::from(self.next.0), usize::from(self.next.1));
        let size = usize::from(self.size);
        let left = (size * size).saturating_sub(row * size + column);
        (left, Some(left))
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(regions) = self.regions {
            return write!(f, "{}x{} with {regions:?}", self.size, self.size);
        }
        write!(f, "{}x{} with {}x{} boxes", self.size, self.size, self.box_rows, self.box_columns)?;
        if !self.has_one_of_each_digit() {
            write!(f, " and digits {}", self.digit_range())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_in_reading_order_each_once() {
        for size in [4, 9, MAX_SIZE] {
            let geometry = Geometry::new(size, 1, size).unwrap();
            let cells: Vec<Cell> = geometry.cells().collect();
            let by_index: Vec<Cell> = (0..size * size).map(|i| geometry.cell(i)).collect();
            assert_eq!(cells, by_index);
            assert_eq!(geometry.cells().skip(size + 1).size_hint().0, size * size - size - 1);
        }
    }

    #[test]
    fn usual_boxes_are_the_most_square() {
        let shapes: Vec<_> = [4, 6, 8, 9, 12, 16, 25]
            .into_iter()
            .map(|n| Geometry::with_usual_boxes(n).map(|g| (g.box_rows(), g.box_columns())))
            .collect();
        let expected = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)];
        assert_eq!(shapes, expected.map(Some).to_vec());
        assert_eq!(Geometry::with_usual_boxes(7), None);
        assert_eq!(Geometry::new(6, 4, 2), None);
    }

    #[test]
    fn boxes_tile_the_grid() {
        let geometry = Geometry::new(6, 2, 3).unwrap();
        let houses = geometry.houses();
        assert_eq!(houses.len(), 18);
        let mut seen = [0; 36];
        for house in houses.iter().filter(|h| h.kind == HouseKind::Box) {
            for &cell in &house.cells {
                seen[geometry.index(cell)] += 1;
                assert_eq!(geometry.box_of(cell), house.index);
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn regions_replace_boxes() {
        let labels: Vec<u8> = "1111222111322244333254433555446355546667776667777".bytes().collect();
        let geometry = Geometry::with_regions(7, Regions::new(7, &labels).unwrap()).unwrap();
        let houses = geometry.houses();
        assert_eq!(houses.len(), 21);
        let regions: Vec<_> = houses.iter().filter(|h| h.kind == HouseKind::Region).collect();
        assert_eq!(regions.len(), 7);
        assert!(regions.iter().all(|h| h.cells.len() == 7));
        assert_eq!(regions[1].cells[0], Cell::new(0, 4));
        assert_eq!(geometry.box_of(Cell::new(6, 6)), 6);
        assert_eq!(regions[2].to_string(), "region 3");
    }

    #[test]
    fn cell_names_are_one_based() {
        assert_eq!(Cell::from_name("R5c3"), Some(Cell::new(4, 2)));
        assert_eq!(format!("{:?}", Cell::new(0, 8)), "r1c9");
        assert_eq!(Cell::from_name("r0c1"), None);
    }
}
