//! An f-puzzles document as its solver buttons send it: besides the puzzle, the solver's
//! position (the digits entered without `"given": true`, the centre pencil marks) and the
//! setter's given pencil marks (`givenPencilMarks`: the digits a cell is restricted to, as
//! binding as a given).

use serde_json::Value;

use super::{Document, Marks, is_empty, read_document};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;
use crate::model::parse::{ParseError, ParseErrorKind as Kind, ParseOptions};
use crate::model::puzzle::Puzzle;

/// The puzzle of an f-puzzles document, and the marks its solver buttons use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FpuzzlesBoard {
    /// The puzzle: givens and rules, as [`super::parse_fpuzzles`] reads them.
    pub puzzle: Puzzle,
    /// The cells with given pencil marks, and the digits they allow.
    pub given_marks: Vec<(Cell, DigitSet)>,
    /// The solver's own entries: digits without `"given": true`.
    pub entered: Vec<(Cell, Digit)>,
    /// The cells with centre pencil marks, and the marks.
    pub centre_marks: Vec<(Cell, DigitSet)>,
    /// What drawings without a rule of their own were read as (a line, a cage without a total,
    /// ...), one sentence each, to be shown to the setter.
    pub notes: Vec<String>,
}

/// Reads an f-puzzles document as [`super::parse_fpuzzles`] does, but with its given pencil
/// marks apart from the puzzle (the position the solver buttons start from, where that makes
/// them [`Rule::Candidates`](crate::model::rule::Rule::Candidates)), and also its solver
/// entries and its centre pencil marks.
///
/// # Errors
/// As [`super::parse_fpuzzles`], and a [`ParseError`] at a mark or entry that is not a digit
/// (or list of digits) of the grid.
///
/// # Example
/// ```
/// use satdoku::model::fpuzzles::read_board;
/// let json = r#"{"size": 4, "grid": [
///     [{"value": 1, "given": true}, {"givenPencilMarks": [3, 4]}, {"value": 2}, {}],
///     [{"centerPencilMarks": [3, 4]}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
/// let board = read_board(json, &Default::default())?;
/// assert_eq!(board.puzzle.givens().to_line(), "1...............");
/// assert_eq!(board.given_marks.len(), 1);
/// assert_eq!(board.entered.len(), 1);
/// assert_eq!(board.centre_marks.len(), 1);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn read_board(text: &str, options: &ParseOptions) -> Result<FpuzzlesBoard, ParseError> {
    let marks = Marks { marks_apart: true, ..Marks::default() };
    let Document { puzzle, entries, given_marks, notes, object, reader } =
        read_document(text, options, marks)?;
    // Entries and centre marks run over the digits 1..=M.
    let m = puzzle.geometry().digits();
    let mut entered = Vec::with_capacity(entries.len());
    for (cell, value) in entries {
        let digit = value.as_u64().and_then(|v| Digit::new(usize::try_from(v).ok()?));
        match digit.filter(|d| d.value() <= m) {
            Some(digit) => entered.push((cell, digit)),
            None => {
                let path = format!("grid/{}/{}/value", cell.row(), cell.column());
                let message = format!("expected a digit from 1 to {m} in {cell}, found `{value}`");
                return Err(reader.error(Kind::Digit, &path, message));
            }
        }
    }
    let mut centre_marks = Vec::new();
    let rows = object.get("grid").and_then(Value::as_array).into_iter().flatten();
    for (r, row) in rows.enumerate() {
        for (c, fields) in row.as_array().into_iter().flatten().enumerate() {
            let cell = Cell::new(r, c);
            let Some(value) = fields.get("centerPencilMarks").filter(|v| !is_empty(v)) else {
                continue;
            };
            let path = format!("grid/{r}/{c}/centerPencilMarks");
            centre_marks.push((cell, reader.digit_set(value, m, &path, cell, "centre mark")?));
        }
    }
    Ok(FpuzzlesBoard { puzzle, given_marks, entered, centre_marks, notes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: &str) -> Result<FpuzzlesBoard, ParseError> {
        let empty = "[{}, {}, {}, {}]";
        let json = format!(r#"{{"size": 4, "grid": [{cells}, {empty}, {empty}, {empty}]}}"#);
        read_board(&json, &ParseOptions::new())
    }

    #[test]
    fn marks_and_entries_are_read() {
        let read = board(
            r#"[{"givenPencilMarks": [2, 3]}, {"value": 4}, {"centerPencilMarks": [1]}, {}]"#,
        )
        .unwrap();
        let digits = |values: &[usize]| values.iter().filter_map(|&v| Digit::new(v)).collect();
        assert_eq!(read.given_marks, vec![(Cell::new(0, 0), digits(&[2, 3]))]);
        assert_eq!(read.entered, vec![(Cell::new(0, 1), Digit::new(4).unwrap())]);
        assert_eq!(read.centre_marks, vec![(Cell::new(0, 2), digits(&[1]))]);
    }

    #[test]
    fn a_mark_out_of_the_grid_is_refused_where_it_is() {
        let error = board(r#"[{}, {"givenPencilMarks": [5]}, {}, {}]"#).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("expected a list of digits from 1 to 4"), "{message}");
        assert!(message.contains("line 1"), "{message}");
    }

    #[test]
    fn the_plain_reader_makes_given_pencil_marks_rules_and_this_one_keeps_them_apart() {
        let json = r#"{"size": 4, "grid": [[{"givenPencilMarks": [1, 3]}, {}, {}, {}],
            [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]}"#;
        let puzzle = super::super::parse_fpuzzles(json, &ParseOptions::new()).unwrap();
        let digits = [1, 3].into_iter().filter_map(Digit::new).collect();
        let rule = crate::model::rule::Rule::Candidates { cell: Cell::new(0, 0), digits };
        assert_eq!(puzzle.rules(), [rule]);
        let board = read_board(json, &ParseOptions::new()).unwrap();
        assert!(board.puzzle.rules().is_empty());
        assert_eq!(board.given_marks, vec![(Cell::new(0, 0), digits)]);
    }
}
