//! A grid of N×N cells, each empty or holding a digit: givens, solutions, partial fills.

use std::fmt;

use super::digit::Digit;
use super::geometry::{Cell, Geometry};

/// N×N cells, each empty or holding a digit.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    geometry: Geometry,
    cells: Vec<Option<Digit>>,
}

impl Grid {
    /// The grid of this geometry with every cell empty.
    pub fn empty(geometry: Geometry) -> Grid {
        Grid { geometry, cells: vec![None; geometry.cell_count()] }
    }

    /// Reads a grid written as one line of N² symbols (`.` `0` `_` empty where N ≤ 9, `.` `_`
    /// above), or `None` when the length or a symbol does not fit the geometry.
    pub fn from_line(geometry: Geometry, line: &str) -> Option<Grid> {
        let count = geometry.cell_count();
        let mut cells = Vec::with_capacity(count);
        for symbol in line.chars() {
            if cells.len() == count {
                return None;
            }
            cells.push(read_symbol(symbol, geometry.digits())?);
        }
        (cells.len() == count).then_some(Grid { geometry, cells })
    }

    /// Writes the grid as one line of N² symbols, `.` for an empty cell.
    pub fn to_line(&self) -> String {
        self.cells.iter().map(|cell| cell.map_or('.', Digit::to_char)).collect()
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[self.geometry.index(cell)]
    }

    /// Puts `digit` (or nothing) in `cell`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let index = self.geometry.index(cell);
        self.cells[index] = digit;
    }

    /// The filled cells with their digits, in reading order.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.geometry.cells().filter_map(|cell| Some((cell, self.get(cell)?)))
    }

    /// How many cells hold a digit.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The cells where the two grids differ.
    ///
    /// # Panics
    /// When the geometries differ: comparing grids of different shapes is a caller bug.
    pub fn differences<'a>(&'a self, other: &'a Grid) -> impl Iterator<Item = Cell> + 'a {
        assert_eq!(self.geometry, other.geometry, "grids of different geometry");
        self.geometry.cells().filter(|&cell| self.get(cell) != other.get(cell))
    }

    /// The grid drawn over N lines with `|` between box columns and a rule between box rows.
    pub fn to_pretty(&self) -> String {
        draw(self.geometry, |cell| self.get(cell).map_or('.', Digit::to_char))
    }
}

/// Draws a grid of `geometry` over N lines, one `symbol` per cell, with `|` between box columns
/// and a rule between box rows.
pub(crate) fn draw(geometry: Geometry, symbol: impl Fn(Cell) -> char) -> String {
    let n = geometry.size();
    let rule = (0..n / geometry.box_columns())
        .map(|_| "-".repeat(geometry.box_columns() * 2 - 1))
        .collect::<Vec<_>>()
        .join("-+-");
    let mut lines = Vec::new();
    for row in 0..n {
        if row > 0 && row % geometry.box_rows() == 0 {
            lines.push(rule.clone());
        }
        let mut line = String::new();
        for column in 0..n {
            if column > 0 {
                line.push_str(if column % geometry.box_columns() == 0 { " | " } else { " " });
            }
            line.push(symbol(Cell::new(row, column)));
        }
        lines.push(line);
    }
    lines.join("\n") + "\n"
}

/// Reads one grid symbol for a grid of `size`: `Some(None)` for empty, `None` when not a symbol.
pub(crate) fn read_symbol(symbol: char, digits: usize) -> Option<Option<Digit>> {
    match symbol {
        '.' | '_' => Some(None),
        '0' if digits <= 9 => Some(None),
        _ => Digit::from_char(symbol).filter(|d| d.value() <= digits).map(Some),
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.to_pretty())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let grid = Grid::from_line(geometry, "1.3.0..4____2..1").unwrap();
        assert_eq!(grid.to_line(), "1.3....4....2..1");
        assert_eq!(grid.filled_count(), 5);
        assert_eq!(Grid::from_line(geometry, "1.3."), None);
        assert_eq!(Grid::from_line(geometry, "5..............."), None);
    }

    #[test]
    fn pretty_draws_boxes() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let grid = Grid::from_line(geometry, "1234341221434321").unwrap();
        assert_eq!(grid.to_pretty(), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n");
    }
}
