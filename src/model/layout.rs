//! Where the parts of a rule sit and how setters colour them, for the tools that draw or write
//! them (the f-puzzles writer and the renderer): the spot outside the grid a little killer's
//! clue points from, the pill cell an arrow's line leaves, and the colours of line rules (the
//! f-puzzles palette, which SudokuPad follows).

use super::geometry::{Cell, Geometry};
use super::shape::touching;

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
/// Parity lines: purple (f-puzzles has none; as satdoku's SudokuPad links draw them).
pub const PARITY: LineStyle = LineStyle { colour: "#9060F0", width: 0.25, name: "Parity Line" };
/// Lockout lines: dark red, with diamonds at the ends (f-puzzles has none; as satdoku's
/// SudokuPad links draw them).
pub const LOCKOUT: LineStyle = LineStyle { colour: "#B00000", width: 0.2, name: "Lockout Line" };
/// Sum lines: white, edged in [`SUM_LINE_EDGE`] (setters' 10 lines; f-puzzles has none).
pub const SUM_LINE: LineStyle = LineStyle { colour: "#FFFFFF", width: 0.2, name: "Sum Line" };
/// The grey edge of a sum line, a line [`SUM_LINE_EDGE_WIDTH`] wide under the white one.
pub const SUM_LINE_EDGE: &str = "#A0A0A0";
/// The width of a sum line's edge, in cells.
pub const SUM_LINE_EDGE_WIDTH: f64 = 0.28;
/// Double arrows: a thin grey line (f-puzzles draws its circles apart).
pub const DOUBLE_ARROW: LineStyle =
    LineStyle { colour: "#A0A0A0", width: 0.05, name: "Double Arrow" };
/// Differences-count lines: brown (f-puzzles has none; as satdoku's SudokuPad links draw them).
pub const DIFFERENCES_COUNT: LineStyle =
    LineStyle { colour: "#8B5A2B", width: 0.2, name: "Differences-count Line" };
/// Sequence lines: dark grey, as Sudoku-Bench's "grey sequence lines" (f-puzzles has none).
pub const SEQUENCE: LineStyle = LineStyle { colour: "#8C8C8C", width: 0.2, name: "Sequence Line" };
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

/// The strokes that draw a renban's cells (a connected set, each cell after the first next to
/// one before it): runs of cells that step to a neighbour; a run after the first begins at the
/// first earlier cell next to its own first cell, so a branch is drawn from where it leaves.
/// A renban listed as a line is one stroke.
pub fn strokes(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut strokes: Vec<Vec<Cell>> = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        match strokes.last_mut() {
            Some(stroke) if touching(cells[i - 1], cell) => stroke.push(cell),
            _ => {
                let from = cells[..i].iter().find(|&&c| touching(c, cell));
                strokes.push(from.into_iter().copied().chain([cell]).collect());
            }
        }
    }
    strokes
}

/// The segments of a region-sum line (a connected set of cells listed as [`strokes`]): the
/// runs of each stroke within one box (or region), a branch's first run joining the segment
/// of the cell it leaves.
pub fn box_segments(line: &[Cell], geometry: Geometry) -> Vec<Vec<Cell>> {
    let mut segments: Vec<Vec<Cell>> = Vec::new();
    for stroke in strokes(line) {
        for run in stroke.chunk_by(|&a, &b| geometry.box_of(a) == geometry.box_of(b)) {
            match segments.iter_mut().find(|segment| segment.contains(&run[0])) {
                Some(segment) => segment.extend(&run[1..]),
                None => segments.push(run.to_vec()),
            }
        }
    }
    segments
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branched_renban_is_drawn_a_branch_at_a_time_from_where_it_leaves() {
        let fish = Cell::list("r3c9 r2c8 r3c7 r2c6 r1c7 r1c9");
        assert_eq!(
            strokes(&fish),
            [Cell::list("r3c9 r2c8 r3c7 r2c6 r1c7"), Cell::list("r2c8 r1c9")]
        );
        let line = Cell::list("r1c1 r1c2 r2c3");
        assert_eq!(strokes(&line), [line]);
    }

    #[test]
    fn a_region_sum_branch_joins_the_segment_it_leaves() {
        let shell = Cell::list("r7c8 r7c7 r7c6 r7c5 r7c4 r6c3 r6c7 r5c7");
        let segments = box_segments(&shell, Geometry::classic());
        let expected = ["r7c8 r7c7", "r7c6 r7c5 r7c4", "r6c3", "r6c7 r5c7"].map(Cell::list);
        assert_eq!(segments, expected);
    }
}
