//! Parse errors: what went wrong, where (line and column), and the line itself to echo.

use std::fmt;

use super::Spot;

/// What a parse error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input holds nothing but blank and comment lines.
    Empty,
    /// A header key the format does not know.
    UnknownKey,
    /// A rule name the tool does not know.
    UnknownRule,
    /// A header value of the wrong form (size, boxes).
    BadValue,
    /// A grid or mark section with the wrong number of rows or symbols.
    Shape,
    /// A symbol that is no digit of this grid.
    Digit,
    /// Givens that break the rules before any solving.
    Contradiction,
    /// A cage, line, dot or region that does not fit the grid (off the grid, a line that
    /// jumps, a total no digits reach, a region of the wrong size).
    Constraint,
    /// The input itself: not UTF-8, or a line too long to be a puzzle.
    Input,
}

/// Why an input is not a puzzle, and where: 1-based line and column, plus the line itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    line: usize,
    column: usize,
    message: String,
    text: String,
}

impl ParseError {
    pub(super) fn new(kind: ParseErrorKind, at: &Spot, message: String) -> ParseError {
        let Spot { line, column, text } = at;
        ParseError { kind, line: *line, column: *column, message, text: text.to_string() }
    }

    /// An error at a 1-based `line` and `column` of the input, whose text is `text` (for the
    /// other readers of this layer, such as the f-puzzles importer).
    pub(crate) fn at(
        kind: ParseErrorKind,
        line: usize,
        column: usize,
        text: &str,
        message: String,
    ) -> ParseError {
        ParseError { kind, line, column, message, text: text.to_string() }
    }

    /// The same error in a document that starts `lines` lines further down its input.
    pub(crate) fn shifted(mut self, lines: usize) -> ParseError {
        self.line += lines;
        self
    }

    /// The same error placed at the start of `line`, whose text is `text`: for a document
    /// decoded from a link on that line, whose own lines and columns are not in the input.
    pub(crate) fn at_link(mut self, line: usize, text: &str) -> ParseError {
        (self.line, self.column, self.text) = (line, 1, text.to_string());
        self
    }

    /// What the error is about.
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The 1-based line of the input where the error is.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column (in characters) where the error is.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The message alone, without the position or the echoed line.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error drawn as the offending line with a caret under the column; a long line (a
    /// one-line JSON document) is cut to a window around the column. Empty when the error
    /// has no line to show (a document a link given as an argument holds).
    pub fn snippet(&self) -> String {
        const WINDOW: usize = 50;
        if self.text.is_empty() {
            return String::new();
        }
        let number = self.line.to_string();
        let pad = " ".repeat(number.len());
        let chars: Vec<char> = self.text.chars().collect();
        let column = self.column.saturating_sub(1);
        let long = chars.len() > 2 * WINDOW + 20;
        let start = if long { column.saturating_sub(WINDOW) } else { 0 };
        let end = if long { (column + WINDOW).min(chars.len()) } else { chars.len() };
        let window = &chars[start.min(end)..end];
        let mut shown: String = window.iter().map(|&c| printable(c)).collect();
        let before_caret = &window[..(column - start).min(window.len())];
        let mut caret_at: usize = before_caret.iter().map(|&c| printable(c).chars().count()).sum();
        if start > 0 {
            shown.insert_str(0, "...");
            caret_at += 3;
        }
        if end < chars.len() {
            shown.push_str("...");
        }
        let caret = " ".repeat(caret_at);
        format!("{pad} |\n{number} | {shown}\n{pad} | {caret}^")
    }
}

/// A character as it can be shown in a message: control characters (a NUL byte, an escape)
/// spelt out as `\u{0}`, so that an echoed line never writes them raw to the terminal.
pub(crate) fn printable(c: char) -> String {
    if c.is_control() && c != '\t' { c.escape_default().collect() } else { c.to_string() }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_around_the_column_in_snippets() {
        let line = format!("{}x{}", ".".repeat(200), ".".repeat(200));
        let error = ParseError::at(ParseErrorKind::Digit, 1, 201, &line, "bad".into());
        let snippet = error.snippet();
        let shown = snippet.lines().nth(1).unwrap();
        assert!(shown.starts_with("1 | ...") && shown.ends_with("..."), "{snippet}");
        let caret = snippet.lines().nth(2).unwrap().find('^').unwrap();
        assert_eq!(shown.chars().nth(caret), Some('x'), "{snippet}");
    }

    #[test]
    fn control_characters_are_spelt_out() {
        let error = ParseError::at(ParseErrorKind::Digit, 1, 3, "1\0x.", "bad".into());
        let snippet = error.snippet();
        assert!(snippet.contains("1\\u{0}x."), "{snippet}");
        let caret = snippet.lines().nth(2).unwrap().find('^').unwrap();
        assert_eq!(snippet.lines().nth(1).unwrap().chars().nth(caret), Some('x'), "{snippet}");
    }
}
