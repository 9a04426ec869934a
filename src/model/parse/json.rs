//! JSON documents: an f-puzzles document, a Sudoku Maker document or a satdoku JSON record,
//! told apart by their keys and handed to their own reader (the stream reader splits an input
//! into documents).

use serde_json::Value;

use super::{Entry, ParseError, ParseErrorKind, ParseOptions};
use crate::model::fpuzzles::{read_fpuzzles, syntax_error};
use crate::model::puzzle::Puzzle;
use crate::model::{record, sudokupad};

/// Whether `text` is JSON rather than the text format: it starts with `{`.
pub(super) fn looks_like_json(text: &str) -> bool {
    text.trim_start().starts_with('{')
}

/// The entry of one document that starts on the 0-based `line_index` of its input, `column`
/// characters in (errors are placed in the whole input).
pub(super) fn document_entry(
    document: &str,
    line_index: usize,
    column: usize,
    options: &ParseOptions,
) -> Entry {
    let padded = format!("{}{document}", " ".repeat(column));
    let (puzzle, warnings) = match parse_one(&padded, options) {
        Ok((puzzle, warnings)) => (Ok(puzzle), warnings),
        Err(error) => (Err(error.shifted(line_index)), Vec::new()),
    };
    Entry { line: line_index + 1, puzzle, warnings }
}

/// Reads one JSON document as the format its keys name, with the reader's warnings.
///
/// # Errors
/// Invalid JSON, a document of no known format, or what its reader refuses.
pub(super) fn parse_one(
    text: &str,
    options: &ParseOptions,
) -> Result<(Puzzle, Vec<String>), ParseError> {
    let document: Value = match serde_json::from_str(text) {
        Ok(document) => document,
        Err(error) => match sudokupad::unzip(text) {
            Ok(document) if document.get("cells").is_some() => document,
            _ => return Err(syntax_error(text, &error)),
        },
    };
    let has = |key: &str| document.get(key).is_some();
    if has("grid") {
        read_fpuzzles(text, options)
    } else if has("cells") {
        sudokupad::read_value(&document, options)
    } else if has("givens") {
        record::read(text, options).map(|puzzle| (puzzle, Vec::new()))
    } else {
        let keys = match &document {
            Value::Object(object) => object.keys().map(|k| format!("`{k}`")).collect::<Vec<_>>(),
            _ => vec![],
        };
        let found = if keys.is_empty() { "none".to_string() } else { keys.join(", ") };
        let message = format!(
            "expected an f-puzzles document (with `grid`), a Sudoku Maker document (with \
             `cells`) or a satdoku JSON record (with `givens`), found keys {found}"
        );
        let first = text.lines().next().unwrap_or("");
        let column = first.chars().take_while(|c| c.is_whitespace()).count() + 1;
        Err(ParseError::at(ParseErrorKind::Shape, 1, column, first, message))
    }
}
