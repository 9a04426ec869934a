//! The tokens of DIMACS and DRAT text: whitespace-separated words with their line and column,
//! comment lines (first word starting with `c`) skipped.

use std::fmt;

/// A bad CNF or proof file: where, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    line: usize,
    column: usize,
    message: String,
}

impl InputError {
    /// An error at 1-based `line` and `column`.
    pub(super) fn new(line: usize, column: usize, message: String) -> InputError {
        InputError { line, column, message }
    }

    /// The 1-based line of the error.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column (in characters) of the error.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was expected and what was found.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for InputError {}

/// One word of the input and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Token<'t> {
    pub text: &'t str,
    pub line: usize,
    pub column: usize,
}

impl Token<'_> {
    /// The token as a literal (a nonzero integer) or 0, or an error naming `expected`.
    pub fn integer(&self, expected: &str) -> Result<i64, InputError> {
        self.text
            .parse::<i64>()
            .map_err(|_| self.error(format!("expected {expected}, found `{}`", self.text)))
    }

    /// An error at this token.
    pub fn error(&self, message: String) -> InputError {
        InputError::new(self.line, self.column, message)
    }
}

/// The words of `text` in order, comment lines left out.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    text.lines().enumerate().filter(|(_, line)| !is_comment(line)).flat_map(|(index, line)| {
        words(line).map(move |(column, text)| Token { text, line: index + 1, column })
    })
}

/// Where the input ends, as a line and a column, for "found the end of the file" errors.
pub(super) fn end_of(text: &str) -> (usize, usize) {
    let line = text.lines().count().max(1);
    let column = text.lines().last().map_or(0, |last| last.chars().count()) + 1;
    if text.ends_with('\n') { (line + 1, 1) } else { (line, column) }
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('c')
}

/// The words of one line with their 1-based character columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let length = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(length);
        let at = column;
        column += word.chars().count();
        rest = after;
        Some((at, word))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_carry_their_line_and_column() {
        let found: Vec<(usize, usize, &str)> =
            tokens("c comment\n 1  -2 0\n\n\td 3 0").map(|t| (t.line, t.column, t.text)).collect();
        assert_eq!(
            found,
            [(2, 2, "1"), (2, 5, "-2"), (2, 8, "0"), (4, 2, "d"), (4, 4, "3"), (4, 6, "0")]
        );
    }

    #[test]
    fn the_end_is_after_the_last_character() {
        assert_eq!(end_of("1 2"), (1, 4));
        assert_eq!(end_of("1 2\n"), (2, 1));
        assert_eq!(end_of(""), (1, 1));
    }
}
