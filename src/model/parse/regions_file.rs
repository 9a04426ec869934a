//! Reading a regions file (`generate --regions FILE`): N rows of N region symbols, the
//! `regions:` section of the text format on its own, or one line of N² symbols. Blank lines,
//! `#` comments and the box-drawing characters `| - +` are skipped as in a grid.

use std::sync::Arc;

use super::{
    ParseError, ParseErrorKind, SIZES, Section, Spot, content_lines, read_regions, row_symbols,
};
use crate::model::geometry::Geometry;

/// The geometry a regions file draws: its size is the number of rows (or the square root of
/// the symbols of a single line), its regions replace the boxes.
///
/// # Errors
/// A [`ParseError`] at the line and column of the first problem: no rows, a size outside
/// 4..=35, a row of the wrong length, a region without N cells.
///
/// # Example
/// ```
/// use satdoku::model::parse::parse_regions;
/// let geometry = parse_regions("aabb\naabb\nccdd\nccdd\n")?;
/// assert_eq!(geometry.size(), 4);
/// let error = parse_regions("aab\naab\nccb\n").unwrap_err();
/// assert_eq!((error.line(), error.column()), (1, 1));
/// # Ok::<(), satdoku::ParseError>(())
/// ```
pub fn parse_regions(text: &str) -> Result<Geometry, ParseError> {
    let lines = content_lines(text);
    let Some(first) = lines.first() else {
        let message = "expected rows of region symbols, found none".to_string();
        let start = Spot { line: 1, column: 1, text: Arc::from(text.lines().next().unwrap_or("")) };
        return Err(ParseError::new(ParseErrorKind::Empty, &start, message));
    };
    let start = Spot::at(first, 1);
    let rows: Vec<_> = lines.iter().map(row_symbols).collect();
    let size = match rows.as_slice() {
        [line] => SIZES.clone().find(|n| n * n == line.len()).ok_or_else(|| {
            let message = format!(
                "expected N rows of N region symbols, or one line of N×N (16, 36, 49, 64, 81, \
                 ...), found one line of {} symbols",
                line.len()
            );
            ParseError::new(ParseErrorKind::Shape, &start, message)
        })?,
        rows => rows.len(),
    };
    let section = Section { name: "regions".to_string(), start, rows };
    read_regions(&section, size, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, usize, String) {
        let error = parse_regions(text).unwrap_err();
        (error.line(), error.column(), error.message().to_string())
    }

    #[test]
    fn rows_and_a_single_line_draw_the_same_regions() {
        let rows = parse_regions("# jigsaw\naabb\nacbb\naccd\ncddd\n").unwrap();
        let line = parse_regions("aabbacbbaccdcddd").unwrap();
        assert_eq!(rows, line);
        assert_eq!(rows.size(), 4);
        assert!(rows.regions().is_some());
    }

    #[test]
    fn empty_and_blank_files_are_an_error_at_their_start() {
        let expected = (1, 1, "expected rows of region symbols, found none".to_string());
        assert_eq!(error(""), expected);
        assert_eq!(error("\n\n# only a comment\n"), expected);
    }

    #[test]
    fn errors_speak_of_regions_at_a_line_of_the_file() {
        assert_eq!(error("abc\n").0, 1);
        assert!(error("abc\n").2.contains("one line of 3 symbols"), "{:?}", error("abc\n"));
        let (line, _, message) = error("aab\naab\nccb\n");
        assert_eq!(line, 1);
        assert!(message.contains("4 to 35 rows, found 3"), "{message}");
        let (line, column, message) = error("aabb\naabb\nccd\nccdd\n");
        assert_eq!((line, column), (3, 3));
        assert!(message.contains("this row of `regions`"), "{message}");
        let (line, _, message) = error("aabb\naabb\nccdd\ncddd\n");
        assert!(message.contains("expected regions of 4 cells"), "{message}");
        assert!(line >= 3, "{line}");
    }

    #[test]
    fn control_characters_are_symbols_with_a_place() {
        let (line, column, _) = error("\0\0\0");
        assert_eq!((line, column), (1, 1));
    }
}
