//! Where the parts of a rule sit and how setters colour them, for the tools that draw or write
//! them (the f-puzzles writer and the renderer): the spot outside the grid a little killer's
//! clue points from, the pill cell an arrow's line leaves, and the colours of line rules (the
//! f-puzzles palette, which SudokuPad follows).

use super::geometry::Cell;

/// How setters draw a line rule: colour, width (in cells) and the name f-puzzles gives the
/// line it draws for the rule (`fromConstraint`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineStyle {
    /// The colour, `#RRGGBB`.
    pub colour: &'static str,
    /// The width, in cells.
    pub width: f64,
    /// The constraint's name in f-puzzles.
    pub name: &'static str,
}

/// Whispers: green.
pub const WHISPERS: LineStyle = LineStyle { colour: "#67F067", width: 0.3, name: "Whispers" };
/// Renban: purple.
pub const RENBAN: LineStyle = LineStyle { colour: "#F067F0", width: 0.3, name: "Renban" };
/// Region-sum lines: blue.
pub const REGION_SUM: LineStyle =
    LineStyle { colour: "#2ECBFF", width: 0.25, name: "Region Sum Line" };
/// Palindromes: grey.
pub const PALINDROME: LineStyle = LineStyle { colour: "#C0C0C0", width: 0.3, name: "Palindrome" };
/// Entropic lines: peach.
pub const ENTROPIC: LineStyle = LineStyle { colour: "#FFCCAA", width: 0.25, name: "Entropic Line" };
/// Modular lines: teal (f-puzzles has none).
pub const MODULAR: LineStyle = LineStyle { colour: "#40B0A0", width: 0.25, name: "Modular Line" };
/// Zipper lines: lavender.
pub const ZIPPER: LineStyle = LineStyle { colour: "#CDB1EC", width: 0.25, name: "Zipper Line" };
/// Parity lines: red (f-puzzles has none).
pub const PARITY: LineStyle = LineStyle { colour: "#F05050", width: 0.25, name: "Parity Line" };
/// Lockout lines: purple-blue, with diamonds at the ends (f-puzzles has none).
pub const LOCKOUT: LineStyle = LineStyle { colour: "#8080F0", width: 0.25, name: "Lockout Line" };
/// Sum lines: orange (f-puzzles has none).
pub const SUM_LINE: LineStyle = LineStyle { colour: "#FFA030", width: 0.25, name: "Sum Line" };
/// Double arrows: a thin grey line (f-puzzles draws its circles apart).
pub const DOUBLE_ARROW: LineStyle =
    LineStyle { colour: "#A0A0A0", width: 0.05, name: "Double Arrow" };
/// Differences-count lines: light purple (f-puzzles has none).
pub const DIFFERENCES_COUNT: LineStyle =
    LineStyle { colour: "#DFB1F4", width: 0.25, name: "Differences-count Line" };
/// Thermometers, slow ones too: grey, wide, with a bulb.
pub const THERMO: LineStyle = LineStyle { colour: "#C8C8C8", width: 0.3, name: "Thermometer" };

/// A step between cells, `(rows, columns)`: `(1, 1)` is down and to the right.
pub type Step = (isize, isize);

/// The step along a little killer's diagonal (given by its cells, from the clue inwards) and
/// the spot of its clue outside the grid, one step before the first cell, as `(row, column)`
/// (negative or `size` when outside). A one-cell diagonal (a corner) takes a step whose line
/// leaves the grid on both sides of the cell.
///
/// # Panics
/// When `cells` is empty: a little killer has cells.
pub fn diagonal_clue(cells: &[Cell], size: usize) -> ((isize, isize), Step) {
    let at = |cell: Cell| (cell.row() as isize, cell.column() as isize);
    let (row, column) = at(cells[0]);
    let step = match cells.get(1) {
        Some(&next) => (at(next).0 - row, at(next).1 - column),
        None => {
            let off =
                |r: isize, c: isize| r < 0 || c < 0 || r >= size as isize || c >= size as isize;
            let leaves =
                |&(dr, dc): &Step| off(row - dr, column - dc) && off(row + dr, column + dc);
            [(1, 1), (1, -1), (-1, 1), (-1, -1)].into_iter().find(leaves).unwrap_or((1, 1))
        }
    };
    ((row - step.0, column - step.1), step)
}

/// The pill cell an arrow's line leaves: the last pill cell a king's move from the line's
/// first cell (the last pill cell when none is, or the line is empty).
///
/// # Panics
/// When `pill` is empty: an arrow has a pill.
pub fn arrow_start(pill: &[Cell], line: &[Cell]) -> Cell {
    let touches = |cell: &&Cell| {
        line.first().is_some_and(|first| {
            cell.row().abs_diff(first.row()) <= 1 && cell.column().abs_diff(first.column()) <= 1
        })
    };
    *pill.iter().rev().find(touches).unwrap_or(&pill[pill.len() - 1])
}
