//! Reading f-puzzles JSON (the format of the f-puzzles.com editor).

use super::parse::{ParseError, ParseOptions};
use super::puzzle::Puzzle;

/// Whether `text` is a JSON object rather than the text format.
pub fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// Reads one f-puzzles JSON puzzle.
///
/// # Errors
/// A [`ParseError`] naming the line and column of the problem.
pub fn parse_fpuzzles(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    todo!("{text} {options:?}")
}
