//! The puzzle of a workbench request: whatever the command line reads as one puzzle (the text
//! format, the one-line form, f-puzzles, Sudoku Maker or satdoku JSON, an f-puzzles or
//! SudokuPad link or its bare payload, a bundled puzzle's name), never a file of the server.

use satdoku::model::parse::{ParseOptions, parse_document};
use satdoku::model::sudokupad::decode_link;
use satdoku::{ParseError, Puzzle};

use crate::cli::sources::BUNDLED;

/// The largest puzzle text a request may carry, in bytes (the longest bundled puzzle is a few
/// kilobytes; an f-puzzles document of a 16×16 with many lines, some tens).
pub const MAX_INPUT: usize = 1 << 20;

/// A puzzle read from a request, with what the reader read but could not use.
#[derive(Debug)]
pub struct Read {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The reader's warnings (an f-puzzles solver's own entries, ...): nothing is dropped
    /// without a word.
    pub warnings: Vec<String>,
}

/// The one puzzle `data` holds.
///
/// # Errors
/// An empty or oversized input, an undecodable link, a text holding no puzzle or several, or
/// a puzzle that does not parse (with its line and column, and the line echoed with a caret).
pub fn read_puzzle(data: &str) -> Result<Read, String> {
    let data = data.trim();
    if data.is_empty() {
        return Err("expected a puzzle (a link, a grid, the text format or JSON), found nothing"
            .to_string());
    }
    if data.len() > MAX_INPUT {
        return Err(format!(
            "expected a puzzle of at most {MAX_INPUT} bytes, found {} bytes",
            data.len()
        ));
    }
    let text = match decode_link(data) {
        Some(payload) => payload.map_err(|e| format!("cannot read the link: {e}"))?.into_json(),
        None => bundled(data).unwrap_or(data).to_string(),
    };
    one_puzzle(&text)
}

/// The text of the bundled puzzle named `name`, if there is one.
fn bundled(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(bundled, _)| *bundled == name).map(|(_, text)| *text)
}

/// The single puzzle of `text`.
fn one_puzzle(text: &str) -> Result<Read, String> {
    let mut entries = parse_document(text, &ParseOptions::new());
    match entries.len() {
        1 => {}
        0 => return Err("expected a puzzle, found no grid in the text".to_string()),
        n => return Err(format!("expected one puzzle, found {n}")),
    }
    let entry = entries.remove(0);
    let puzzle = entry.puzzle.map_err(|error| parse_message(&error))?;
    Ok(Read { puzzle, warnings: entry.warnings })
}

/// `line L, column C: message`, then the line with a caret under the column.
fn parse_message(error: &ParseError) -> String {
    format!(
        "line {}, column {}: {}\n{}",
        error.line(),
        error.column(),
        error.message(),
        error.snippet()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_lines_json_and_bundled_names_are_puzzles() {
        let line = "1...............";
        assert_eq!(read_puzzle(line).unwrap().puzzle.geometry().size(), 4);
        let link = satdoku::model::fpuzzles::fpuzzles_link(
            &satdoku::model::fpuzzles::write_fpuzzles(&line.parse().unwrap()).unwrap(),
        );
        assert_eq!(read_puzzle(&link).unwrap().puzzle.givens().to_line(), line);
        assert_eq!(read_puzzle("miracle").unwrap().puzzle.givens().filled_count(), 2);
    }

    #[test]
    fn bad_inputs_say_what_was_expected() {
        assert!(read_puzzle("  ").unwrap_err().contains("found nothing"));
        assert!(read_puzzle("https://www.f-puzzles.com/?load=xyz").unwrap_err().contains("link"));
        let two = "1...............\n2...............";
        assert_eq!(read_puzzle(two).unwrap_err(), "expected one puzzle, found 2");
        let message = read_puzzle("size: 4\n1..5\n....\n....\n....").unwrap_err();
        assert!(message.starts_with("line 2, column "), "{message}");
    }
}
