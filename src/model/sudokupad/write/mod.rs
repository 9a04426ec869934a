//! Writing a [`Puzzle`] as a SudokuPad document and `scl` link: the drawings SudokuPad's own
//! f-puzzles converter makes (grey thermometers with bulbs, arrows from circles, kropki dots,
//! XV letters, diagonal lines, little killer arrows), lines in one colour per rule, dots of
//! a combined relation in one colour per relation, and a rules text that names each colour's
//! rule (spelling the colour out where two rules share a colour family) and each global rule. The reader
//! ([`super::read_value`]) reads the document back as the same puzzle: that is the test of
//! both. A rule this writer cannot draw is a [`WriteError`], never dropped.
//!
//! The writer is split by what it draws: [`document`] (the cells, regions and metadata with
//! the rules text), [`rule_drawings`] (which drawing each rule becomes), [`line_styles`]
//! (lines in one colour per rule), [`edge_marks`] (dots, letters and chevrons on an edge),
//! [`cell_marks`] (arrows, counting circles, odd and even marks), [`cell_groups`] (clones and
//! indexers as shaded cells listed in a sentence) and [`outside_clues`] (numbers and arrows
//! outside the grid).

use serde_json::{Map, Value, json};

use crate::model::dot_relation::DotRelation;
use crate::model::fpuzzles::WriteError;
use crate::model::geometry::Cell;
use crate::model::look_and_say::is_full_diagonal;
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

mod cell_groups;
mod cell_marks;
mod document;
mod edge_marks;
mod line_styles;
mod outside_clues;
mod rule_drawings;

/// Refuses `rules` with two different numbers `number` picks (`what` they are): the rules
/// text states one, in the sentence of the rule's colour.
fn one_number(
    rules: &[Rule],
    number: impl Fn(&Rule) -> Option<usize>,
    what: &str,
) -> Result<(), WriteError> {
    let numbers: Vec<usize> = rules.iter().filter_map(number).collect();
    match numbers.iter().any(|n| *n != numbers[0]) {
        true => Err(WriteError::in_sudokupad(what.to_string())),
        false => Ok(()),
    }
}

/// Refuses look-and-say cages beside other cages, and look-and-say diagonals beside little
/// killers: the reader tells a number's meaning by the rules text alone, which would name both.
fn look_and_say_apart(rules: &[Rule], n: usize) -> Result<(), WriteError> {
    let on_diagonals = |diagonal: bool| {
        rules.iter().any(|rule| {
            matches!(rule, Rule::LookAndSay { cells, .. } if is_full_diagonal(cells, n) == diagonal)
        })
    };
    let cages = rules.iter().any(|rule| matches!(rule, Rule::Killer { .. } | Rule::Rellik { .. }));
    let killers = rules.iter().any(|rule| matches!(rule, Rule::LittleKiller { .. }));
    let (what, other) = match (on_diagonals(false) && cages, on_diagonals(true) && killers) {
        (true, _) => ("cages", "killer or rellik cages"),
        (_, true) => ("diagonals", "little killers"),
        _ => return Ok(()),
    };
    Err(WriteError::in_sudokupad(format!(
        "look-and-say {what} beside {other} (the rules text would name both for the same drawing)"
    )))
}

/// The puzzle as a SudokuPad JSON document.
///
/// # Errors
/// A [`WriteError`] naming a rule SudokuPad drawings cannot carry here (outside clues of two
/// kinds, whispers of two gaps, sum lines of two totals, combined dots of more relations or
/// clones and indexers of more groups than it has colours for, a negative combined rule
/// without its dots).
pub fn write_sudokupad(puzzle: &Puzzle) -> Result<Value, WriteError> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    if !geometry.has_one_of_each_digit() && !puzzle.rules().contains(&Rule::SameDigits) {
        return Err(WriteError::in_sudokupad(format!(
            "the digits 1 to {} on a {n}x{n} grid without the rule same-digits (a rules text \
             states digits past {n} only as the same subset in every row, column and box)",
            geometry.digits()
        )));
    }
    let mut writer = Writer {
        n,
        digits: geometry.digits(),
        document: Map::new(),
        sentences: Vec::new(),
        styles: Vec::new(),
        relations: Vec::new(),
        groups: 0,
    };
    let rules = puzzle.rules();
    let gap = |rule: &Rule| if let Rule::Whispers { gap, .. } = rule { Some(*gap) } else { None };
    let sum = |rule: &Rule| if let Rule::SumLine { sum, .. } = rule { Some(*sum) } else { None };
    one_number(rules, gap, "whispers of two gaps")?;
    one_number(rules, sum, "sum lines of two totals")?;
    let lockout =
        |rule: &Rule| if let Rule::Lockout { gap, .. } = rule { Some(*gap) } else { None };
    one_number(rules, lockout, "lockout lines of two gaps")?;
    let outside = |rule: &Rule| match rule {
        Rule::Sandwich { .. } => Some(0),
        Rule::XSum { .. } => Some(1),
        Rule::Skyscraper { .. } => Some(2),
        Rule::NumberedRoom { .. } => Some(3),
        _ => None,
    };
    one_number(rules, outside, "outside clues of two kinds (the rules text names one)")?;
    let equal = |rule: &Rule| matches!(rule, Rule::EqualTotals { .. }).then_some(0);
    if rules.iter().filter_map(equal).count() > 1 {
        // The reader reads every unnumbered arrow as one group.
        return Err(WriteError::in_sudokupad("two groups of diagonals of equal totals".into()));
    }
    look_and_say_apart(rules, n)?;
    writer.document.insert("cellSize".into(), json!(50));
    writer.cells(puzzle);
    writer.regions(geometry);
    for rule in puzzle.rules() {
        writer.rule(rule)?;
    }
    writer.exact_colours();
    writer.negatives(puzzle.rules())?;
    writer.exact_relation_colours();
    writer.metadata(puzzle);
    Ok(Value::Object(writer.document))
}

/// The SudokuPad link of `puzzle`: SudokuPad's own `fpuzzles` form when f-puzzles can carry
/// every rule (SudokuPad reads it as f-puzzles means it) and there are no given pencil marks,
/// an `scl` link otherwise.
///
/// # Errors
/// When neither form can carry one of the puzzle's rules (the `scl` writer's error, which names
/// the rule).
pub fn puzzle_link(puzzle: &Puzzle) -> Result<String, WriteError> {
    // SudokuPad's f-puzzles converter makes given centre marks of `centerPencilMarks` (the
    // solver's marks), not of `givenPencilMarks`: given pencil marks go in an `scl` link.
    if puzzle.rules().iter().any(|rule| matches!(rule, Rule::Candidates { .. })) {
        return scl_link(puzzle);
    }
    match crate::model::fpuzzles::write_fpuzzles(puzzle) {
        Ok(json) => Ok(crate::model::fpuzzles::sudokupad_link(&json)),
        Err(_) => scl_link(puzzle),
    }
}

/// The `https://sudokupad.app/scl...` link of a puzzle.
///
/// # Errors
/// As [`write_sudokupad`].
///
/// # Example
/// ```
/// use satdoku::Puzzle;
/// use satdoku::model::sudokupad::{Payload, decode_link, scl_link};
///
/// let puzzle: Puzzle = "1............... anti-king".parse()?;
/// let link = scl_link(&puzzle).expect("a 4x4 anti-king puzzle draws in SudokuPad");
/// assert!(link.starts_with("https://sudokupad.app/scl"));
/// assert!(matches!(decode_link(&link), Some(Ok(Payload::SudokuPad(_)))));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn scl_link(puzzle: &Puzzle) -> Result<String, WriteError> {
    let json = write_sudokupad(puzzle)?.to_string();
    Ok(format!("{}{}", super::SCL_PREFIX, lz_str::compress_to_base64(&json)))
}

/// A SudokuPad document being written: its fields, the rules text's sentences, and the
/// colours given to line styles and combined relations so far.
struct Writer {
    n: usize,
    /// M: the digits are `1..=M`.
    digits: usize,
    document: Map<String, Value>,
    sentences: Vec<String>,
    /// The line styles used, in the order first used, each with the place of its sentence.
    styles: Vec<(&'static str, usize)>,
    /// The relations of the combined dots drawn, with their colours (`#RRGGBB`, see
    /// [`edge_marks`]).
    relations: Vec<(DotRelation, String)>,
    /// The clone groups and indexers shaded so far.
    groups: usize,
}

impl Writer {
    /// Adds `value` to the document's list `key`, once.
    fn push(&mut self, key: &str, value: Value) {
        let list = self.document.entry(key).or_insert_with(|| json!([]));
        let list = list.as_array_mut().expect("lists only");
        // Arrows from one pill draw its circle once.
        if !list.contains(&value) {
            list.push(value);
        }
    }

    /// Adds a sentence to the rules text, once.
    fn sentence(&mut self, sentence: &str) {
        if !self.sentences.iter().any(|s| s == sentence) {
            self.sentences.push(sentence.to_string());
        }
    }
}

/// The centre of a cell, as SudokuPad's `[row, column]` point.
fn centre(cell: Cell) -> Value {
    json!([cell.row() as f64 + 0.5, cell.column() as f64 + 0.5])
}

/// The centres of cells ([`centre`]).
fn centres(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&cell| centre(cell)).collect())
}

/// Cells as SudokuPad's `[row, column]` pairs.
fn pairs(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|cell| json!([cell.row(), cell.column()])).collect())
}
