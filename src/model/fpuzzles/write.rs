//! Writing a [`Puzzle`] as an f-puzzles JSON document, the text behind a `?load=` link, so
//! that any puzzle (a minimised or generated one included) opens in f-puzzles and SudokuPad.
//!
//! Every rule becomes the constraint key the reader reads back ([`super::parse_fpuzzles`]):
//! global rules as booleans, negative rules in the `negative` list, marks in `even` and `odd`,
//! given pencil marks in their cells (`givenPencilMarks`),
//! and each rule with cells as one entry of its key (with the cosmetic line f-puzzles adds for
//! SudokuPad where SudokuPad needs it). Regions that are not the usual boxes of
//! the size are written cell by cell (`"region"`), the solution when it is known. Reading the
//! document back gives the same puzzle, without the `source` metadata f-puzzles has no key for.
//! A rule f-puzzles cannot state is a [`WriteError`], never dropped.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::constraints::negatives;
use crate::model::geometry::{Cell, Geometry};
use crate::model::layout::{self, arrow_start, diagonal_clue};
use crate::model::puzzle::Puzzle;
use crate::model::rule::{Dot, Rule};

/// The sizes f-puzzles draws.
const SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// The names ([`Rule::name`]) of the rules f-puzzles has no key for, which the writer refuses
/// (besides branched renbans and region-sum lines, and sets of negative dots its one
/// `negative` name per kind cannot say): `sum` is a dot of another sum than XV's 5 and 10.
pub const UNSAYABLE: [&str; 22] = [
    "greater",
    "sum",
    "parity-line",
    "lockout",
    "sum-line",
    "sum-loop",
    "counting-circles",
    "rellik",
    "numbered-room",
    "differences-count",
    "anti-camel",
    "anti-zebra",
    "anti-giraffe",
    "anti-leaper",
    "anti-taxicab",
    "combined-dot",
    "negative-combined",
    "sequence",
    "equal-sums",
    "equal-products",
    "same-digits",
    "look-and-say",
];

/// Why a puzzle cannot be written as a link: a rule or grid f-puzzles has no key for, or one
/// the SudokuPad writer cannot draw.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{format} cannot carry {what}")]
pub struct WriteError {
    format: &'static str,
    what: String,
}

impl WriteError {
    /// What f-puzzles JSON cannot carry.
    pub(crate) fn new(what: String) -> WriteError {
        WriteError { format: "f-puzzles", what }
    }

    /// What a SudokuPad `scl` link cannot carry.
    pub(crate) fn in_sudokupad(what: String) -> WriteError {
        WriteError { format: "a SudokuPad link", what }
    }

    /// What the format has no key for (`inequality signs`, `a 25x25 grid`).
    pub fn what(&self) -> &str {
        &self.what
    }
}

/// What one rule adds to the document.
enum Written {
    /// A global boolean set to `true`.
    Flag(&'static str),
    /// A name in the `negative` list.
    Negative(&'static str),
    /// Entries of a constraint list.
    Entries(&'static str, Vec<Value>),
    /// Fields of the rule's cell, which [`grid`] writes.
    InCell,
}

/// What f-puzzles cannot carry when the digits are `1..=M` with M > N: it has no field for
/// them (SudokuPad states them in its rules text, with the rule same-digits).
fn digits_beyond_the_size(geometry: crate::model::geometry::Geometry) -> String {
    let n = geometry.size();
    format!(
        "the digits 1 to {} on a {n}x{n} grid (it has no field for them; `link --sudokupad` \
         writes them with the rule same-digits)",
        geometry.digits()
    )
}

/// The puzzle as f-puzzles JSON (one line).
///
/// # Errors
/// A [`WriteError`] when the grid is not 4×4 to 16×16 or a rule has no f-puzzles key (modular
/// lines; a negative X without a negative V, or the other way round).
///
/// # Example
/// ```
/// use satdoku::Puzzle;
/// use satdoku::model::fpuzzles::{parse_fpuzzles, write_fpuzzles};
///
/// let puzzle: Puzzle = "1............... anti-king".parse()?;
/// let json = write_fpuzzles(&puzzle).expect("4x4 anti-king fits f-puzzles");
/// assert!(json.contains(r#""antiking":true"#));
/// // Reading the document back gives the same puzzle.
/// assert_eq!(parse_fpuzzles(&json, &Default::default())?, puzzle);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn write_fpuzzles(puzzle: &Puzzle) -> Result<String, WriteError> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    if !SIZES.contains(&n) {
        return Err(WriteError::new(format!("a {n}x{n} grid (it draws 4x4 to 16x16)")));
    }
    if !geometry.has_one_of_each_digit() {
        return Err(WriteError::new(digits_beyond_the_size(geometry)));
    }
    let mut document = Map::new();
    document.insert("size".into(), json!(n));
    document.insert("grid".into(), grid(puzzle));
    for (key, value) in puzzle.metadata() {
        if key != "source" {
            document.insert(key.clone(), json!(value));
        }
    }
    if let Some(solution) = puzzle.solution() {
        let digits: Vec<usize> = geometry
            .cells()
            .map(|cell| solution.get(cell).map_or(0, |digit| digit.value()))
            .collect();
        document.insert("solution".into(), json!(digits));
    }
    let mut negative = Vec::new();
    for rule in puzzle.rules() {
        match written(rule, n)? {
            Written::Flag(key) => {
                document.insert(key.into(), Value::Bool(true));
            }
            Written::Negative(name) => negative.push(name),
            Written::Entries(key, entries) => push(&mut document, key, entries),
            Written::InCell => {}
        }
        for (key, drawing) in drawing(rule) {
            push(&mut document, key, vec![drawing]);
        }
    }
    negative.dedup();
    if !negative.is_empty() {
        document.insert("negative".into(), json!(negative));
    }
    check_negatives(puzzle.rules())?;
    Ok(Value::Object(document).to_string())
}

/// Adds `entries` to the list under `key`.
fn push(document: &mut Map<String, Value>, key: &str, entries: Vec<Value>) {
    let list = document.entry(key).or_insert_with(|| Value::Array(Vec::new()));
    list.as_array_mut().expect("constraint keys hold lists").extend(entries);
}

/// The cosmetic `line` (and `circle`) entries f-puzzles itself adds, marked `fromConstraint`,
/// for the line rules SudokuPad's f-puzzles reader draws only from them (whispers, renban,
/// region sums, entropic and zipper lines, slow thermometers, double arrows with a circle on
/// each end); f-puzzles and satdoku's reader ignore them.
fn drawing(rule: &Rule) -> Vec<(&'static str, Value)> {
    let (cells, style) = match rule {
        Rule::Whispers { line, .. } => (line, layout::WHISPERS),
        Rule::Renban(line) => (line, layout::RENBAN),
        Rule::RegionSum(line) => (line, layout::REGION_SUM),
        Rule::Entropic(line) => (line, layout::ENTROPIC),
        Rule::Zipper(line) => (line, layout::ZIPPER),
        Rule::Thermo { cells, slow: true } => (cells, layout::THERMO),
        Rule::DoubleArrow(line) => (line, layout::DOUBLE_ARROW),
        _ => return Vec::new(),
    };
    let name = if matches!(rule, Rule::Thermo { .. }) { "Slow Thermometer" } else { style.name };
    let line = json!({
        "lines": [names(cells)],
        "outlineC": style.colour,
        "width": style.width,
        "fromConstraint": name,
    });
    let mut drawn = vec![("line", line)];
    let bulbs = match rule {
        Rule::Thermo { .. } => vec![cells[0]],
        Rule::DoubleArrow(_) => vec![cells[0], cells[cells.len() - 1]],
        _ => vec![],
    };
    for bulb in bulbs {
        let bulb = json!({
            "cells": names(&[bulb]),
            "baseC": "#FFFFFF",
            "outlineC": style.colour,
            "width": 0.8,
            "height": 0.8,
            "fromConstraint": name,
        });
        drawn.push(("circle", bulb));
    }
    drawn
}

/// The `grid` rows: givens as `{"value": d, "given": true}`, given pencil marks
/// ([`Rule::Candidates`]) as `givenPencilMarks` and, when the regions are not the usual boxes
/// of the size, every cell's 0-based `region`.
fn grid(puzzle: &Puzzle) -> Value {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    let regions = (Some(geometry) != usual(n)).then_some(geometry);
    let cell = |cell: Cell| {
        let mut fields = Map::new();
        if let Some(digit) = puzzle.givens().get(cell) {
            fields.insert("value".into(), json!(digit.value()));
            fields.insert("given".into(), Value::Bool(true));
        }
        if let Some(geometry) = regions {
            fields.insert("region".into(), json!(geometry.box_of(cell)));
        }
        if let Some(digits) = Rule::candidates_of(puzzle.rules(), cell) {
            let values: Vec<usize> = digits.iter().map(|digit| digit.value()).collect();
            fields.insert(super::GIVEN_MARKS.into(), json!(values));
        }
        Value::Object(fields)
    };
    let rows = (0..n).map(|row| Value::Array((0..n).map(|c| cell(Cell::new(row, c))).collect()));
    Value::Array(rows.collect())
}

/// The geometry f-puzzles gives a grid of size `n` when no cell names a region (as the reader
/// has it: the usual boxes, or rows for sizes without them).
fn usual(n: usize) -> Option<Geometry> {
    Geometry::with_usual_boxes(n).or_else(|| Geometry::new(n, 1, n))
}

/// What `rule` adds to the document: one arm per rule.
fn written(rule: &Rule, size: usize) -> Result<Written, WriteError> {
    let entry = |key, value: Value| Ok(Written::Entries(key, vec![value]));
    let line = |key, cells: &[Cell]| entry(key, json!({ "lines": [names(cells)] }));
    let cells = |key, cells: &[Cell]| entry(key, json!({ "cells": names(cells) }));
    match rule {
        Rule::MainDiagonal => Ok(Written::Flag("diagonal-")),
        Rule::AntiDiagonal => Ok(Written::Flag("diagonal+")),
        Rule::AntiKing => Ok(Written::Flag("antiking")),
        Rule::AntiKnight => Ok(Written::Flag("antiknight")),
        Rule::NonConsecutive => Ok(Written::Flag("nonconsecutive")),
        Rule::DisjointGroups => Ok(Written::Flag("disjointgroups")),
        Rule::Negative(dot) => Ok(Written::Negative(dot_key(*dot))),
        Rule::Candidates { .. } => Ok(Written::InCell),
        Rule::Even(marked) | Rule::Odd(marked) => {
            let key = if matches!(rule, Rule::Even(_)) { "even" } else { "odd" };
            let entries = marked.iter().map(|&cell| json!({ "cell": name(cell) })).collect();
            Ok(Written::Entries(key, entries))
        }
        Rule::Killer { cells: caged, sum } => {
            let mut value = json!({ "cells": names(caged) });
            if let Some(sum) = sum {
                value["value"] = json!(sum.to_string());
            }
            entry("killercage", value)
        }
        Rule::Thermo { cells, slow: false } => line("thermometer", cells),
        Rule::Thermo { cells, slow: true } => line("slowthermometer", cells),
        Rule::Arrow { pill, line } => entry("arrow", arrow(pill, line)),
        Rule::Dot { cells: pair, dot } => entry(dot_key(*dot), dot_entry(pair, *dot)?),
        Rule::Whispers { line, gap } => {
            entry("whispers", json!({ "lines": [names(line)], "value": gap.to_string() }))
        }
        Rule::Renban(cells) | Rule::RegionSum(cells) if layout::strokes(cells).len() > 1 => Err(
            WriteError::new(format!("a branched {} (its cells are no single line)", rule.name())),
        ),
        Rule::Renban(cells) => line("renban", cells),
        Rule::Palindrome(cells) => line("palindrome", cells),
        Rule::Between(cells) => line("betweenline", cells),
        Rule::RegionSum(cells) => line("regionsumline", cells),
        Rule::Entropic(cells) => line("entropicline", cells),
        Rule::Zipper(cells) => line("zipperline", cells),
        Rule::Modular(cells) => line("modularline", cells),
        Rule::DoubleArrow(cells) => line("doublearrow", cells),
        Rule::LittleKiller { cells, sum } => {
            entry("littlekillersum", little_killer(cells, *sum, size))
        }
        Rule::Extremum { cell, maximum } => {
            entry(if *maximum { "maximum" } else { "minimum" }, json!({ "cell": name(*cell) }))
        }
        Rule::Quadruple { cells, digits } => {
            entry("quadruple", json!({ "cells": names(cells), "values": digits }))
        }
        Rule::Clone { cells, copy } => {
            entry("clone", json!({ "cells": names(cells), "cloneCells": names(copy) }))
        }
        Rule::ExtraRegion(region) => cells("extraregion", region),
        Rule::Sandwich { cells, sum: number }
        | Rule::XSum { cells, sum: number }
        | Rule::Skyscraper { cells, count: number } => {
            let key = match rule {
                Rule::Sandwich { .. } => "sandwichsum",
                Rule::XSum { .. } => "xsum",
                _ => "skyscraper",
            };
            let clue = crate::model::parse::outside_name(cells).to_uppercase();
            entry(key, json!({ "cell": clue, "value": number.to_string() }))
        }
        Rule::Indexer { cells: indexing, columns } => {
            cells(if *columns { "columnindexer" } else { "rowindexer" }, indexing)
        }
        Rule::Greater(_) => Err(WriteError::new("inequality signs".into())),
        Rule::ParityLine(_) => Err(WriteError::new("parity lines".into())),
        Rule::CombinedDot { .. } | Rule::NegativeCombined(_) => {
            Err(WriteError::new("combined dots".into()))
        }
        Rule::Sequence(_) => Err(WriteError::new("sequence lines".into())),
        Rule::EqualTotals { .. } => {
            Err(WriteError::new("diagonals of equal totals (arrows without a number)".into()))
        }
        Rule::Lockout { .. } => Err(WriteError::new("lockout lines".into())),
        Rule::SumLine { .. } => Err(WriteError::new("sum lines".into())),
        Rule::CountingCircles(_) => Err(WriteError::new("counting circles".into())),
        Rule::NumberedRoom { .. } => Err(WriteError::new("numbered rooms".into())),
        Rule::Rellik { .. } => Err(WriteError::new("rellik cages".into())),
        Rule::DifferencesCount(_) => Err(WriteError::new("differences-count lines".into())),
        Rule::LookAndSay { .. } => Err(WriteError::new("look-and-say clues".into())),
        Rule::AntiLeaper(_) | Rule::AntiTaxicab | Rule::SameDigits => {
            Err(WriteError::new(rule.global_name()))
        }
    }
}

/// f-puzzles has one `negative` name per kind of dot, which covers its classic dots and
/// every number its dots use ([`negatives`]): other sets of negative dots (a negative X
/// without a negative V, a negative difference of 3 without a dot of 3) cannot be written.
fn check_negatives(rules: &[Rule]) -> Result<(), WriteError> {
    let stated: BTreeSet<Dot> = rules
        .iter()
        .filter_map(|r| if let Rule::Negative(d) = r { Some(*d) } else { None })
        .collect();
    let read_back = negatives(rules);
    match read_back.difference(&stated).next().or(stated.difference(&read_back).next()) {
        None => Ok(()),
        Some(&dot) => {
            let kind = |d: &Dot| std::mem::discriminant(d) == std::mem::discriminant(&dot);
            let list = |set: &BTreeSet<Dot>| {
                set.iter()
                    .filter(|d| kind(d))
                    .map(|d| d.number().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            Err(WriteError::new(format!(
                "negative {} dots of {} (f-puzzles reads its negative {} as {})",
                dot.kind(),
                list(&stated),
                dot.kind(),
                list(&read_back)
            )))
        }
    }
}

/// The constraint key of a dot.
fn dot_key(dot: Dot) -> &'static str {
    match dot {
        Dot::Difference(_) => "difference",
        Dot::Ratio(_) => "ratio",
        Dot::Sum(_) => "xv",
    }
}

/// A dot's entry: its two cells, the number of a kropki dot other than the classic ones, and
/// the letter of an XV dot; f-puzzles has no other sums.
fn dot_entry(pair: &[Cell; 2], dot: Dot) -> Result<Value, WriteError> {
    let mut value = json!({ "cells": names(pair) });
    match dot {
        Dot::X => value["value"] = json!("X"),
        Dot::V => value["value"] = json!("V"),
        Dot::Sum(k) => return Err(WriteError::new(format!("an XV dot of sum {k}"))),
        Dot::WHITE | Dot::BLACK => {}
        Dot::Difference(k) | Dot::Ratio(k) => value["value"] = json!(k.to_string()),
    }
    Ok(value)
}

/// An arrow's entry: the pill, and one line drawn from the pill cell it leaves.
fn arrow(pill: &[Cell], line: &[Cell]) -> Value {
    let drawn: Vec<Cell> =
        std::iter::once(arrow_start(pill, line)).chain(line.iter().copied()).collect();
    json!({ "cells": names(pill), "lines": [names(&drawn)] })
}

/// A little killer's entry: the clue's cell outside the grid, the diagonal, the direction it
/// points (`DR`, `DL`, `UR`, `UL`) and the sum.
fn little_killer(cells: &[Cell], sum: usize, size: usize) -> Value {
    let ((row, column), (down, right)) = diagonal_clue(cells, size);
    let direction =
        format!("{}{}", if down > 0 { "D" } else { "U" }, if right > 0 { "R" } else { "L" });
    json!({
        "cell": format!("R{}C{}", row + 1, column + 1),
        "cells": names(cells),
        "direction": direction,
        "value": sum.to_string(),
    })
}

/// `"R1C1"`, as f-puzzles names a cell.
fn name(cell: Cell) -> String {
    format!("R{}C{}", cell.row() + 1, cell.column() + 1)
}

/// The f-puzzles names of cells, in order.
pub(super) fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|&cell| name(cell)).collect()
}
