//! Splitting a text input into its puzzles: a batch of one-line puzzles, or text-format puzzles
//! and bare grids one after another, apart at a `---` line or at a blank line.
//!
//! A blank line ends a puzzle only where a new one plainly starts: the puzzle so far has all
//! its givens, and the next line is a grid row, a `givens:` section or a header (`rules:`,
//! `size:`, `boxes:`, `title:`, `author:`, `source:`). So blank lines inside a puzzle (before
//! its `solution:`, or between sections) keep it whole.

use std::ops::Range;

use itertools::Itertools;

use super::line_form::puzzle_width;
use super::{HEADERS, Line, MAX_SIZE, SECTIONS, key_of, row_symbols};
use crate::model::geometry::SIZES;

/// What stands between a line and the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Break {
    /// Nothing, or only comments.
    None,
    /// At least one blank line.
    Blank,
    /// A `---` line: always a new puzzle.
    Hard,
}

/// The puzzles of `lines`, as ranges of lines.
pub(super) fn split_puzzles(lines: &[Line]) -> Vec<Range<usize>> {
    let mut puzzles = Vec::new();
    let hard = lines.iter().positions(|line| line.break_before == Break::Hard);
    let bounds: Vec<usize> = std::iter::once(0).chain(hard).chain([lines.len()]).collect();
    for (&start, &end) in bounds.iter().tuple_windows().filter(|(start, end)| start < end) {
        let part = &lines[start..end];
        if is_batch(part) {
            puzzles.extend((start..end).map(|i| i..i + 1));
        } else {
            puzzles.extend(split_at_blanks(part).map(|r| r.start + start..r.end + start));
        }
    }
    puzzles
}

/// The puzzles of a part without `---` lines: a new one starts after a blank line where the
/// puzzle so far has its givens and the next line starts a puzzle.
pub(super) fn split_at_blanks(lines: &[Line]) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut givens = GivensSoFar::default();
    let mut starts = vec![0];
    for (i, line) in lines.iter().enumerate() {
        if line.break_before == Break::Blank && givens.complete() && starts_puzzle(line) {
            starts.push(i);
            givens = GivensSoFar::default();
        }
        givens.see(line);
    }
    starts.push(lines.len());
    starts.into_iter().tuple_windows().map(|(start, end)| start..end)
}

/// Whether a line can only be the start of a puzzle: a grid row, `givens:` or a header.
fn starts_puzzle(line: &Line) -> bool {
    match key_of(line) {
        None => true,
        Some((key, _)) => key == "givens" || HEADERS.contains(&key.as_str()),
    }
}

/// The widths of the givens rows read so far in a puzzle, to tell when the grid is whole.
#[derive(Default)]
struct GivensSoFar {
    in_givens: bool,
    widths: Vec<usize>,
}

impl GivensSoFar {
    fn see(&mut self, line: &Line) {
        match key_of(line) {
            Some((key, value_column)) if SECTIONS.contains(&key.as_str()) => {
                self.in_givens = key == "givens";
                let value = Line {
                    number: line.number,
                    text: line.text.clone(),
                    content: line.content.chars().skip(value_column - 1).collect(),
                    break_before: line.break_before,
                };
                if self.in_givens && value.content.chars().any(|c| c != ' ') {
                    let width = puzzle_width(&value).unwrap_or_else(|| row_symbols(&value).len());
                    self.widths.push(width);
                }
            }
            Some(_) => {}
            None if self.in_givens || self.widths.is_empty() => {
                self.in_givens = true;
                self.widths.push(puzzle_width(line).unwrap_or_else(|| row_symbols(line).len()));
            }
            None => {}
        }
    }

    /// Whether the rows read make a whole grid: one line of N² cells, or N rows of N.
    fn complete(&self) -> bool {
        match self.widths.as_slice() {
            [] => false,
            [width] => SIZES.clone().any(|n| n * n == *width),
            [first, ..] => self.widths.len() >= *first,
        }
    }
}

/// Whether the lines are several one-line puzzles rather than one grid: no header keys, mostly
/// lines of N² cells, and not N lines of (mostly) N symbols. A grid with one bad row is still
/// a grid, and a batch with one bad line is still a batch, so each error lands where it
/// belongs.
pub(super) fn is_batch(lines: &[Line]) -> bool {
    let width = |line: &Line| puzzle_width(line).unwrap_or_else(|| row_symbols(line).len());
    let widths = lines.iter().map(width).counts();
    let usual_width =
        widths.into_iter().max_by_key(|&(width, count)| (count, width)).map(|(w, _)| w);
    let one_grid = usual_width.is_some_and(|width| width == lines.len() && width <= MAX_SIZE);
    let puzzle_lines = usual_width.is_some_and(|width| SIZES.clone().any(|n| n * n == width));
    lines.len() > 1 && !lines.iter().any(|l| key_of(l).is_some()) && !one_grid && puzzle_lines
}
