//! The one-line form of a puzzle: `GIVENS [PARITY] [RxC] [RULES]`, e.g.
//! `..9..1.6.8.7.9... ..e..ee.o... 3x3 anti-knight,diagonal`.
//!
//! After the N² givens come, in any order and each at most once: a parity string of N²
//! symbols (`e` even, `o` odd, `.` unmarked, as the even/odd datasets write it), a box shape,
//! and rule names separated by commas. A bare line of N² symbols is the plain case. The writer
//! (`write_line`) prints every puzzle this way, so batch output reads back as the same puzzles.

use std::sync::Arc;

use super::{
    Assembly, Line, Marks, ParseError, ParseErrorKind, ParseOptions, Section, Spot, assemble,
    consistent_puzzle, make_geometry, read_grid, read_rules, row_symbols,
};
use crate::model::geometry::{SIZES, parse_box_shape};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

/// A word of the line and the 1-based column where it starts.
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// The words of a line, split at white space.
fn words(line: &Line) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, (offset, c)) in line.content.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, offset)),
            (true, Some((column, from))) => {
                words.push(Word { text: &line.content[from..offset], column: column + 1 });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, from)) = start {
        words.push(Word { text: &line.content[from..], column: column + 1 });
    }
    words
}

/// The number of cells of a one-line puzzle with extras (givens then more words), or `None`
/// when the line is not of that form.
pub(super) fn puzzle_width(line: &Line) -> Option<usize> {
    let words = words(line);
    let cells = words.first()?.text.chars().count();
    (words.len() > 1 && SIZES.clone().any(|n| n * n == cells)).then_some(cells)
}

/// Reads a plain line of N² symbols (the bulk of a batch) straight into its puzzle: `None`
/// when the line is anything else or its puzzle is refused, which the usual way then reads
/// or reports with the place at fault. No spot is made for a symbol: nothing is at fault.
pub(super) fn read_plain(line: &Line, options: &ParseOptions) -> Option<Puzzle> {
    // As a grid row is read: spaces and tabs before the symbols are not symbols.
    let symbols = line.content.trim_start_matches([' ', '\t']);
    let size = SIZES.clone().find(|n| n * n == symbols.len())?;
    let start = Spot { line: line.number, column: 1, text: Arc::clone(&line.text) };
    let boxes = options.boxes.map(|shape| (shape, start.clone()));
    let geometry = make_geometry(size, boxes, &start).ok()?;
    let grid = Grid::from_line(geometry, symbols)?;
    let marks = [Rule::Even(Vec::new()), Rule::Odd(Vec::new())];
    let rules = options.rules.iter().cloned().chain(marks).collect();
    consistent_puzzle(Puzzle::try_new(grid, rules).ok()?, None).ok()
}

/// Reads a line of the one-line form with extras; `None` when the line is not one (a plain
/// line of N² symbols goes the usual way).
pub(super) fn read(line: &Line, options: &ParseOptions) -> Option<Result<Puzzle, ParseError>> {
    let cells = puzzle_width(line)?;
    Some(read_words(line, cells, options))
}

fn read_words(line: &Line, cells: usize, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let words = words(line);
    let size = SIZES.clone().find(|n| n * n == cells).expect("the width is a square");
    let givens = section(line, &words[0], "givens");
    let mut boxes = options.boxes.map(|shape| (shape, givens.start.clone()));
    let mut rules = options.rules.clone();
    let mut rules_spot = givens.start.clone();
    let mut parity = None;
    let mut seen = Vec::new();
    for word in &words[1..] {
        let spot = Spot { line: line.number, column: word.column, text: line.text.clone() };
        let kind = if is_parity(word.text, cells) {
            parity = Some(word);
            "parity string"
        } else if let Some(shape) = parse_box_shape(word.text) {
            boxes = Some((shape, spot.clone()));
            "box shape"
        } else {
            rules.extend(read_rules(word.text, &spot)?);
            rules_spot = spot.clone();
            "rule list"
        };
        if seen.contains(&kind) {
            let message = format!("expected one {kind} after the givens, found a second one");
            return Err(ParseError::new(ParseErrorKind::Shape, &spot, message));
        }
        seen.push(kind);
    }
    let geometry = make_geometry(size, boxes, &givens.start)?;
    let mut marks = Marks::default();
    if let Some(word) = parity {
        for (index, (symbol, spot)) in section(line, word, "parity").rows[0].iter().enumerate() {
            let marked = (geometry.cell(index), spot.clone());
            match symbol.to_ascii_lowercase() {
                'e' => marks.even.push(marked),
                'o' => marks.odd.push(marked),
                _ => {}
            }
        }
    }
    let (grid, spots) = read_grid(&givens, geometry)?;
    assemble(Assembly { grid, spots, rules, rules_spot, marks, solution: None })
}

/// Whether a word is a parity string: one `e`, `o` or `.` per cell.
fn is_parity(word: &str, cells: usize) -> bool {
    word.chars().count() == cells && word.chars().all(|c| matches!(c, 'e' | 'E' | 'o' | 'O' | '.'))
}

/// One word of the line as a one-row section, each symbol at its own column.
fn section(line: &Line, word: &Word, name: &str) -> Section {
    let padded = Line {
        number: line.number,
        text: Arc::clone(&line.text),
        content: " ".repeat(word.column - 1) + word.text,
        break_before: line.break_before,
    };
    let start = Spot { line: line.number, column: word.column, text: line.text.clone() };
    Section { name: name.to_string(), start, rows: vec![row_symbols(&padded)] }
}
