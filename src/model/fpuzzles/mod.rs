//! Reading f-puzzles JSON (the text behind an f-puzzles.com `?load=` link, once
//! LZString-decompressed) into a [`Puzzle`]: givens, global rules, odd/even marks and metadata.
//!
//! A constraint satdoku cannot enforce is refused with an error naming its key, never dropped:
//! a dropped constraint would give a wrong answer, not a missing one.
//!
//! # Read
//!
//! - `size` (N, 4 to 16, with the usual boxes: 6×6 is 2 rows × 3 columns, 8×8 is 2 × 4, 12×12
//!   is 3 × 4) and `grid`, N rows of N cell objects. A cell with `"given": true` and a `value`
//!   is a given; a `value` without `given` is the solver's own entry and is ignored.
//! - In a cell, `region` only when it names the cell's usual box (f-puzzles writes it only for
//!   cells moved to another region), `parity` (`"Even"` or `"Odd"`) as a mark, and
//!   `givenPencilMarks` (a list of digits) as the cell's [`Rule::Candidates`].
//! - The global booleans `diagonal+` ([`Rule::AntiDiagonal`]), `diagonal-`
//!   ([`Rule::MainDiagonal`]), `antiking`, `antiknight` and `nonconsecutive`; `false` (or
//!   `null`) means off.
//! - `odd` and `even`: lists of `{"cell": "R1C1"}`, as [`Rule::Odd`] and [`Rule::Even`] marks.
//! - `title` and `author` as metadata; `solution` (N² digits in reading order) as the recorded
//!   solution, unless it holds a 0 (an unfinished solution records nothing).
//!
//! # Ignored
//!
//! Keys that draw or describe but never constrain: `ruleset`, `line`, `text`, `circle`,
//! `rectangle`, `highlightConflicts`, `disabledlogic`, `truecandidatesoptions`, and `cage`
//! entries without a sum (no `value`, or a `fromConstraint` saying another key drew them). In a
//! cell: `c` (colour), `highlight`, `candidates`, `centerPencilMarks` and `cornerPencilMarks`.
//!
//! # Refused
//!
//! Every key this reader does not know whose value is not empty (`false`, `null`, `""`, `[]`
//! and `{}` are empty), and `cage` entries with a sum of their own. The constraint keys read
//! (cages, lines, dots, clues outside the grid such as `littlekillersum`, `sandwichsum`,
//! `xsum` and `skyscraper`, indexers, `negative`) are listed in `constraints.rs`; an entry
//! whose cells do not fit its rule is refused at the entry. In a cell: any unknown key.
//!
//! # Written
//!
//! [`write_fpuzzles`] writes every rule back under the key read here, and [`fpuzzles_link`] and
//! [`sudokupad_link`] wrap the document in a link.

use std::collections::HashMap;

use itertools::Itertools;
use serde_json::{Map, Value};

mod board;
mod constraints;
mod link;
mod spots;
mod write;

pub use board::{FpuzzlesBoard, read_board};
pub(crate) use link::percent_decode;
pub use link::{FPUZZLES_PREFIX, SUDOKUPAD_PREFIX, decode_link, fpuzzles_link, sudokupad_link};
pub use write::{UNSAYABLE, WriteError, write_fpuzzles};

use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;
use crate::model::parse::{
    Inconsistency, ParseError, ParseErrorKind as Kind, ParseOptions, check_consistency,
};
use crate::model::puzzle::Puzzle;
use crate::model::regions::Regions;
use crate::model::rule::Rule;

/// The global booleans read as rules, spelt as f-puzzles and [`Rule::from_name`] both spell them.
const GLOBAL_RULE_KEYS: [&str; 5] =
    ["diagonal+", "diagonal-", "antiking", "antiknight", "nonconsecutive"];

/// The other top-level keys this reader reads.
const READ_KEYS: [&str; 7] = ["size", "grid", "title", "author", "solution", "odd", "even"];

/// Top-level keys that never change the solution.
const COSMETIC_KEYS: [&str; 8] = [
    "ruleset",
    "line",
    "text",
    "circle",
    "rectangle",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// The cell key of given pencil marks (the setter's, which f-puzzles solver userscripts and
/// SudokuSolver read): the digits the cell may hold.
const GIVEN_MARKS: &str = "givenPencilMarks";

/// Cell keys that never change the solution (`value` without `given` is ignored as well).
const COSMETIC_CELL_KEYS: [&str; 5] =
    ["c", "highlight", "candidates", "centerPencilMarks", "cornerPencilMarks"];

/// What satdoku reads, for the message that refuses the rest.
const SUPPORTED: &str = "givens, given pencil marks, irregular regions, diagonals, anti-king, anti-knight, \
    non-consecutive, odd/even, killer cages, thermometers, arrows, kropki, XV, negative \
    constraints, whispers, renban, little killers, region sums, minimum/maximum, palindromes, \
    quadruples, disjoint groups, clones, between, entropic, modular and zipper lines, double \
    arrows, extra regions, sandwiches, X-sums, skyscrapers, row and column indexers";

/// Reads one f-puzzles JSON puzzle: see the module documentation for what is read, ignored
/// and refused. The rules of `options` are added to those the JSON names; its boxes are not
/// used, since f-puzzles grids always have the usual boxes (irregular regions are refused).
///
/// # Errors
/// A [`ParseError`] naming the line and column of the problem: invalid JSON, a constraint
/// satdoku does not support (the message names its key), a value of the wrong form, or givens
/// that break the rules ([`Kind::Contradiction`]).
///
/// # Example
/// ```
/// use satdoku::ParseOptions;
/// use satdoku::model::fpuzzles::parse_fpuzzles;
///
/// let json = r#"{"size": 4, "antiking": true, "grid": [
///     [{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}],
///     [{}, {}, {}, {}], [{}, {}, {}, {"value": 3}]]}"#;
/// let puzzle = parse_fpuzzles(json, &ParseOptions::new())?;
/// assert_eq!(puzzle.rule_names(), "anti-king");
/// // The 3 has no `"given": true`: it is a solver's entry, not a given.
/// assert_eq!(puzzle.givens().to_line(), "1...............");
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn parse_fpuzzles(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    read_fpuzzles(text, options).map(|(puzzle, _)| puzzle)
}

/// [`parse_fpuzzles`], with warnings for what was read but not used: the solver's own entries
/// (values without `"given": true`).
pub(crate) fn read_fpuzzles(
    text: &str,
    options: &ParseOptions,
) -> Result<(Puzzle, Vec<String>), ParseError> {
    let document = read_document(text, options, Marks::default())?;
    let mut warnings = document.notes;
    if !document.entries.is_empty() {
        warnings.push(entries_warning(&document.entries));
    }
    Ok((document.puzzle, warnings))
}

/// What [`read_document`] read: the puzzle, the solver's own entries (values without
/// `"given": true`, as written), the given pencil marks (when kept apart), and the reader for
/// errors that point into the text.
struct Document<'a> {
    puzzle: Puzzle,
    entries: Vec<(Cell, Value)>,
    given_marks: Vec<(Cell, DigitSet)>,
    /// What the cosmetic drawings were read as (see `sudokupad::cosmetic_rules`).
    notes: Vec<String>,
    object: Map<String, Value>,
    reader: Reader<'a>,
}

/// Reads one f-puzzles JSON document; `marks` says whether given pencil marks become rules
/// or stay apart.
fn read_document<'a>(
    text: &'a str,
    options: &ParseOptions,
    mut marks: Marks,
) -> Result<Document<'a>, ParseError> {
    let document: Value = serde_json::from_str(text).map_err(|e| syntax_error(text, &e))?;
    let reader = Reader::new(text);
    let Value::Object(object) = document else {
        let message = format!("expected an f-puzzles JSON object, found `{document}`");
        return Err(reader.error(Kind::Shape, "", message));
    };
    reader.refuse_unsupported(&object)?;
    // A ruleset asking for the same subset of 1..=M in every house sets the digits.
    let geometry =
        crate::model::sudokupad::stated_digits(&object, reader.geometry(&object, options)?);
    let (givens, entries) = reader.givens(&object, geometry, &mut marks)?;
    reader.mark_list(&object, "odd", geometry, &mut marks.odd)?;
    reader.mark_list(&object, "even", geometry, &mut marks.even)?;
    let mut rules = reader.global_rules(&object)?;
    rules.extend(reader.constraints(&object, geometry)?);
    // The cosmetic drawings are read against every rule of the keys, marks included.
    let marked = [Rule::Even(marks.even.clone()), Rule::Odd(marks.odd.clone())];
    let marked = marked.into_iter().filter(|mark| !mark.cells().is_empty());
    let keyed: Vec<Rule> = rules.iter().cloned().chain(marked).collect();
    let (drawn, notes) =
        crate::model::sudokupad::cosmetic_rules(&object, geometry, &keyed, options)
            .map_err(|message| reader.error(Kind::UnknownRule, "", message))?;
    rules.extend(drawn);
    rules.extend_from_slice(options.extra_rules());
    let Marks { even, odd, mut given_marks, marks_apart } = marks;
    if !marks_apart {
        let candidates = given_marks.drain(..);
        rules.extend(candidates.map(|(cell, digits)| Rule::Candidates { cell, digits }));
    }
    if let Some(&cell) = odd.iter().find(|cell| even.contains(cell)) {
        let message = format!("expected a cell to be even or odd, found {cell} marked both");
        let path = format!("grid/{}/{}", cell.row(), cell.column());
        return Err(reader.error(Kind::Contradiction, &path, message));
    }
    rules.push(Rule::Even(even));
    rules.push(Rule::Odd(odd));
    let mut puzzle = reader.puzzle(givens, rules, "")?;
    if let Some(solution) = reader.solution(&object, geometry)? {
        puzzle = puzzle.with_solution(solution);
    }
    if let Err(Inconsistency { cell, in_solution, message }) = check_consistency(&puzzle) {
        let path = if in_solution {
            format!("solution/{}", puzzle.geometry().index(cell))
        } else {
            format!("grid/{}/{}/value", cell.row(), cell.column())
        };
        return Err(reader.error(Kind::Contradiction, &path, message));
    }
    for key in ["title", "author"] {
        let value = object.get(key).and_then(Value::as_str).map(str::trim);
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            puzzle = puzzle.with_metadata(key, value);
        }
    }
    Ok(Document { puzzle, entries, given_marks, notes, object, reader })
}

/// The solver entries a warning names; the rest are counted.
const NAMED_ENTRIES: usize = 5;

/// The warning for a solver's own entries (values without `"given": true`): how many, the
/// first few by cell and digit, and how many more, so that a filled-in grid is one short line.
fn entries_warning(entries: &[(Cell, Value)]) -> String {
    let count = match entries.len() {
        1 => "1 f-puzzles solver entry".to_string(),
        n => format!("{n} f-puzzles solver entries"),
    };
    let named = entries.iter().take(NAMED_ENTRIES);
    let mut listed = named.map(|(cell, value)| format!("{cell}={value}")).join(" ");
    if entries.len() > NAMED_ENTRIES {
        listed += &format!(" and {} more", entries.len() - NAMED_ENTRIES);
    }
    format!("ignored {count} (values without `\"given\": true`): {listed}")
}

/// The even and odd cells found so far, from `parity` in cells and from the `even`/`odd` lists.
#[derive(Default)]
struct Marks {
    even: Vec<Cell>,
    odd: Vec<Cell>,
    /// The given pencil marks read so far.
    given_marks: Vec<(Cell, DigitSet)>,
    /// Whether the given pencil marks stay apart from the puzzle (the solver buttons'
    /// position, [`read_board`]) rather than becoming its [`Rule::Candidates`].
    marks_apart: bool,
}

/// A JSON document's text with where its parts start, for errors that point into it (the
/// other JSON readers of this layer use it too).
pub(crate) struct Reader<'a> {
    text: &'a str,
    spots: HashMap<String, usize>,
}

impl<'a> Reader<'a> {
    /// The reader of a valid JSON text.
    pub(crate) fn new(text: &'a str) -> Reader<'a> {
        Reader { text, spots: spots::scan(text) }
    }

    /// An error at the part of the document with this path (`grid/4/2/value`), or at the
    /// nearest enclosing part that was recorded, or at the start.
    pub(crate) fn error(&self, kind: Kind, path: &str, message: String) -> ParseError {
        let offset = self.offset(path);
        let before = &self.text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = before.matches('\n').count() + 1;
        let column = before[line_start..].chars().count() + 1;
        let text = self.text[line_start..].lines().next().unwrap_or("");
        ParseError::at(kind, line, column, text, message)
    }

    /// [`Reader::error`] as a result.
    pub(crate) fn fail<T>(&self, kind: Kind, path: &str, message: String) -> Result<T, ParseError> {
        Err(self.error(kind, path, message))
    }

    /// The puzzle of `givens` under `rules` ([`Puzzle::try_new`]); a rule that does not fit
    /// the grid (disjoint groups need boxes, ...) is an error at `path`.
    pub(crate) fn puzzle(
        &self,
        givens: Grid,
        rules: Vec<Rule>,
        path: &str,
    ) -> Result<Puzzle, ParseError> {
        Puzzle::try_new(givens, rules)
            .or_else(|misfit| self.fail(Kind::Constraint, path, misfit.to_string()))
    }

    fn offset(&self, path: &str) -> usize {
        let mut path = path;
        loop {
            if let Some(&offset) = self.spots.get(path) {
                return offset;
            }
            match path.rsplit_once('/') {
                Some((parent, _)) => path = parent,
                None => return 0,
            }
        }
    }

    /// Refuses the constraint keys this reader does not read, naming the first in the text.
    fn refuse_unsupported(&self, object: &Map<String, Value>) -> Result<(), ParseError> {
        let refused: Vec<(usize, &str)> = object
            .iter()
            .filter(|(key, value)| is_refused(key, value))
            .map(|(key, _)| (self.offset(key), key.as_str()))
            .sorted()
            .collect();
        let Some(&(_, first)) = refused.first() else {
            return Ok(());
        };
        let also = match &refused[1..] {
            [] => String::new(),
            rest => format!(" (also {})", rest.iter().map(|(_, k)| format!("`{k}`")).join(", ")),
        };
        Err(self.error(Kind::UnknownRule, first, unsupported(first, &also)))
    }

    /// The grid of `size`: its usual boxes (rows, for prime sizes, as f-puzzles draws them),
    /// unless cells name other regions (`"region"`: a 0-based box number), which then replace
    /// the boxes. `--boxes` may only repeat the usual boxes.
    fn geometry(
        &self,
        object: &Map<String, Value>,
        options: &ParseOptions,
    ) -> Result<Geometry, ParseError> {
        let value = object.get("size");
        let size =
            value.and_then(Value::as_u64).filter(|n| (4..=16).contains(n)).ok_or_else(|| {
                let found = value.map_or("nothing".to_string(), |v| format!("`{v}`"));
                let message = format!("expected a `size` from 4 to 16, found {found}");
                self.error(Kind::BadValue, "size", message)
            })? as usize;
        let usual = Geometry::with_usual_boxes(size)
            .unwrap_or_else(|| Geometry::new(size, 1, size).expect("1×N boxes tile an N×N grid"));
        let geometry = self.regions(object, usual)?;
        match options.box_shape() {
            Some((rows, columns)) if geometry != usual || (rows, columns) != usual.box_shape() => {
                let (usual_rows, usual_columns) = usual.box_shape();
                let has = match geometry.regions() {
                    Some(_) => "irregular regions".to_string(),
                    None => format!("{usual_rows}x{usual_columns} boxes"),
                };
                let message = format!(
                    "--boxes {rows}x{columns} does not apply to an f-puzzles document: its \
                     {size}x{size} grid has {has}"
                );
                Err(self.error(Kind::BadValue, "size", message))
            }
            _ => Ok(geometry),
        }
    }

    /// `usual`, or the geometry of the regions the cells name when any differs from its box.
    fn regions(
        &self,
        object: &Map<String, Value>,
        usual: Geometry,
    ) -> Result<Geometry, ParseError> {
        let n = usual.size();
        let rows = object.get("grid").and_then(Value::as_array);
        let mut labels = Vec::with_capacity(n * n);
        for cell in usual.cells() {
            let fields = rows.and_then(|rows| rows.get(cell.row())?.get(cell.column()));
            let path = format!("grid/{}/{}/region", cell.row(), cell.column());
            let region = match fields.and_then(|f| f.get("region")).filter(|v| !is_empty(v)) {
                None => usual.box_of(cell),
                Some(value) => match value.as_u64().filter(|&r| (r as usize) < n) {
                    Some(region) => region as usize,
                    None => {
                        let message = format!(
                            "expected a region from 0 to {} in {cell}, found `{value}`",
                            n - 1
                        );
                        return self.fail(Kind::BadValue, &path, message);
                    }
                },
            };
            labels.push(region);
        }
        if usual.cells().all(|cell| labels[usual.index(cell)] == usual.box_of(cell)) {
            return Ok(usual);
        }
        let regions = Regions::new(n, &labels).map_err(|error| {
            self.error(Kind::Constraint, "grid", format!("irregular regions: {error}"))
        })?;
        Ok(Geometry::with_regions(n, regions).expect("regions of the grid's size"))
    }

    /// The givens of `grid`, checking every cell's keys, and the solver's own entries (values
    /// without `given`); `parity` marks go to `marks`.
    fn givens(
        &self,
        object: &Map<String, Value>,
        geometry: Geometry,
        marks: &mut Marks,
    ) -> Result<(Grid, Vec<(Cell, Value)>), ParseError> {
        let n = geometry.size();
        let shape_error = |path: &str, found: String| {
            let message = format!("expected `grid` to hold {n} rows of {n} cells, found {found}");
            self.error(Kind::Shape, path, message)
        };
        let rows = match object.get("grid") {
            Some(Value::Array(rows)) if rows.len() == n => rows,
            Some(Value::Array(rows)) => {
                return Err(shape_error("grid", format!("{} rows", rows.len())));
            }
            _ => return Err(shape_error("grid", "no `grid` list".into())),
        };
        let mut givens = Grid::empty(geometry);
        let mut entries = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells = match row {
                Value::Array(cells) if cells.len() == n => cells,
                Value::Array(cells) => {
                    let found = format!("{} cells in row {}", cells.len(), r + 1);
                    return Err(shape_error(&format!("grid/{r}"), found));
                }
                other => return Err(shape_error(&format!("grid/{r}"), format!("`{other}`"))),
            };
            for (c, value) in cells.iter().enumerate() {
                let path = format!("grid/{r}/{c}");
                let Value::Object(fields) = value else {
                    let message =
                        format!("expected a cell object `{{...}}` in `grid`, found `{value}`");
                    return self.fail(Kind::Shape, &path, message);
                };
                let cell = Cell::new(r, c);
                let digit = self.read_cell(fields, cell, geometry, &path, marks)?;
                givens.set(cell, digit);
                if digit.is_none()
                    && let Some(value) = fields.get("value").filter(|v| !is_empty(v))
                {
                    entries.push((cell, value.clone()));
                }
            }
        }
        Ok((givens, entries))
    }

    /// The given of one cell, if it has one, after checking its other keys.
    fn read_cell(
        &self,
        fields: &Map<String, Value>,
        cell: Cell,
        geometry: Geometry,
        path: &str,
        marks: &mut Marks,
    ) -> Result<Option<Digit>, ParseError> {
        // Givens and pencil marks run over the digits 1..=M.
        let m = geometry.digits();
        let read = ["value", "given", "region", "parity", GIVEN_MARKS];
        let unknown = fields.iter().find(|(key, value)| {
            !read.contains(&key.as_str())
                && !COSMETIC_CELL_KEYS.contains(&key.as_str())
                && !is_empty(value)
        });
        if let Some((key, _)) = unknown {
            let message = unsupported(key, &format!(" (in {cell})"));
            return self.fail(Kind::UnknownRule, &format!("{path}/{key}"), message);
        }
        match fields.get("parity") {
            None | Some(Value::Null) => {}
            Some(parity) => match parity.as_str().map(str::to_ascii_lowercase).as_deref() {
                Some("even") => marks.even.push(cell),
                Some("odd") => marks.odd.push(cell),
                _ => {
                    let message = format!(
                        "expected `\"Even\"` or `\"Odd\"` as the parity of {cell}, found `{parity}`"
                    );
                    return self.fail(Kind::BadValue, &format!("{path}/parity"), message);
                }
            },
        }
        if let Some(value) = fields.get(GIVEN_MARKS).filter(|value| !is_empty(value)) {
            let path = format!("{path}/{GIVEN_MARKS}");
            let digits = self.digit_set(value, m, &path, cell, "given pencil mark")?;
            marks.given_marks.push((cell, digits));
        }
        match fields.get("given") {
            None | Some(Value::Null | Value::Bool(false)) => return Ok(None),
            Some(Value::Bool(true)) => {}
            Some(other) => {
                let message =
                    format!("expected `true` or `false` as `given` in {cell}, found `{other}`");
                return self.fail(Kind::BadValue, &format!("{path}/given"), message);
            }
        }
        let value = fields.get("value");
        let digit = value
            .and_then(Value::as_u64)
            .and_then(|v| Digit::new(usize::try_from(v).ok()?))
            .filter(|d| d.value() <= m);
        match digit {
            Some(digit) => Ok(Some(digit)),
            None => {
                let found = value.map_or("no `value`".to_string(), |v| format!("`{v}`"));
                let message =
                    format!("expected a digit from 1 to {m} as the given in {cell}, found {found}");
                Err(self.error(Kind::Digit, &format!("{path}/value"), message))
            }
        }
    }

    /// The digits (up to `m`) of a list such as `[1, 3]` at `path` (a `what` of `cell`).
    fn digit_set(
        &self,
        value: &Value,
        m: usize,
        path: &str,
        cell: Cell,
        what: &str,
    ) -> Result<DigitSet, ParseError> {
        let digits = value.as_array().and_then(|values| {
            (values.iter())
                .map(|v| Digit::new(usize::try_from(v.as_u64()?).ok()?).filter(|d| d.value() <= m))
                .collect::<Option<DigitSet>>()
        });
        digits.ok_or_else(|| {
            let message = format!(
                "expected a list of digits from 1 to {m} as the {what}s of {cell}, found `{value}`"
            );
            self.error(Kind::Digit, path, message)
        })
    }

    /// The cells of an `odd` or `even` list of `{"cell": "R1C1"}` objects, added to `cells`.
    fn mark_list(
        &self,
        object: &Map<String, Value>,
        key: &str,
        geometry: Geometry,
        cells: &mut Vec<Cell>,
    ) -> Result<(), ParseError> {
        let n = geometry.size();
        let items = match object.get(key) {
            None | Some(Value::Null) => return Ok(()),
            Some(Value::Array(items)) => items,
            Some(other) => {
                let message = format!(
                    "expected a list of `{{\"cell\": \"R1C1\"}}` in `{key}`, found `{other}`"
                );
                return self.fail(Kind::BadValue, key, message);
            }
        };
        for (i, item) in items.iter().enumerate() {
            let name = item.get("cell").and_then(Value::as_str);
            let cell = name.and_then(Cell::from_name).filter(|&c| geometry.contains(c));
            match cell {
                Some(cell) => cells.push(cell),
                None => {
                    let found = name.map_or(format!("`{item}`"), |name| format!("`{name}`"));
                    let message =
                        format!("expected a cell R1C1 to R{n}C{n} in `{key}`, found {found}");
                    return self.fail(Kind::BadValue, &format!("{key}/{i}/cell"), message);
                }
            }
        }
        Ok(())
    }

    /// The rules the global booleans turn on.
    fn global_rules(&self, object: &Map<String, Value>) -> Result<Vec<Rule>, ParseError> {
        let mut rules = Vec::new();
        for key in GLOBAL_RULE_KEYS {
            match object.get(key) {
                None | Some(Value::Null | Value::Bool(false)) => {}
                Some(Value::Bool(true)) => {
                    rules.extend(
                        Rule::from_name(key).expect("f-puzzles global keys are rule names"),
                    );
                }
                Some(other) => {
                    let message =
                        format!("expected `true` or `false` for `{key}`, found `{other}`");
                    return self.fail(Kind::BadValue, key, message);
                }
            }
        }
        Ok(rules)
    }

    /// The recorded solution: `None` when there is none or it holds a 0 (unfinished). Entries
    /// are numbers or, as some exporters write them, digits in strings (`"8"`).
    fn solution(
        &self,
        object: &Map<String, Value>,
        geometry: Geometry,
    ) -> Result<Option<Grid>, ParseError> {
        let (n, count) = (geometry.size(), geometry.cell_count());
        let entries = match object.get("solution") {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Array(entries)) if entries.len() == count => entries,
            Some(other) => {
                let found = match other {
                    Value::Array(entries) => format!("{} entries", entries.len()),
                    other => format!("`{other}`"),
                };
                let message = format!("expected `solution` to list {count} digits, found {found}");
                return self.fail(Kind::Shape, "solution", message);
            }
        };
        let mut solution = Grid::empty(geometry);
        for (i, entry) in entries.iter().enumerate() {
            let value = match entry {
                Value::String(text) => text.trim().parse().ok(),
                other => other.as_u64().and_then(|v| usize::try_from(v).ok()),
            };
            match value {
                Some(0) => {}
                Some(value) if value <= n => solution.set(geometry.cell(i), Digit::new(value)),
                _ => {
                    let message = format!(
                        "expected a digit from 1 to {n} (or 0 for an unsolved cell) in `solution`, found `{entry}`"
                    );
                    return self.fail(Kind::Digit, &format!("solution/{i}"), message);
                }
            }
        }
        Ok(solution.is_complete().then_some(solution))
    }
}

/// Whether a top-level key holds a constraint this reader refuses.
fn is_refused(key: &str, value: &Value) -> bool {
    let known = [
        &GLOBAL_RULE_KEYS[..],
        &READ_KEYS,
        &COSMETIC_KEYS,
        &constraints::LINE_KEYS,
        &constraints::OTHER_KEYS,
    ];
    if known.iter().any(|keys| keys.contains(&key)) {
        return false;
    }
    if key == "cage" && !is_empty(value) {
        return value.as_array().is_none_or(|cages| cages.iter().any(is_sum_cage));
    }
    !is_empty(value)
}

/// Whether a `cage` entry carries a sum of its own (one drawn for another key does not).
fn is_sum_cage(cage: &Value) -> bool {
    let has_sum = cage.get("value").is_some_and(|v| !is_empty(v));
    has_sum && cage.get("fromConstraint").is_none_or(is_empty)
}

/// Whether a value says nothing: `null`, `false`, `""`, `[]` or `{}`.
pub(crate) fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::String(s) => s.is_empty(),
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.is_empty(),
        Value::Bool(true) | Value::Number(_) => false,
    }
}

/// The message refusing a constraint key.
fn unsupported(key: &str, detail: &str) -> String {
    format!("unsupported f-puzzles constraint `{key}`{detail}: satdoku reads {SUPPORTED}")
}

/// A JSON syntax error, at serde_json's line and column.
pub(crate) fn syntax_error(text: &str, error: &serde_json::Error) -> ParseError {
    let line = error.line().max(1);
    let column = error.column().max(1);
    let mut message = error.to_string();
    if let Some(at) = message.rfind(" at line ") {
        message.truncate(at);
    }
    let echoed = text.lines().nth(line - 1).unwrap_or("");
    ParseError::at(Kind::Shape, line, column, echoed, format!("invalid JSON: {message}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Puzzle, ParseError> {
        parse_fpuzzles(text, &ParseOptions::new())
    }

    /// An empty 4×4 grid, on one line.
    const GRID: &str = r#""grid": [[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]"#;

    #[test]
    fn a_syntax_error_names_line_and_column() {
        let error = parse("{\"size\": 4,\n  \"grid\": [}\n").unwrap_err();
        assert_eq!((error.line(), error.column()), (2, 12));
        assert_eq!(error.message(), "invalid JSON: expected value");
    }

    #[test]
    fn an_unsupported_constraint_is_named_where_it_stands() {
        let text = format!(
            "{{\"size\": 4, {GRID},\n  \"arrow\": [],\n  \"doublers\": [{{\"cell\": \
             \"R1C1\"}}],\n \"teleport\": [{{}}]}}"
        );
        let error = parse(&text).unwrap_err();
        assert_eq!(error.kind(), Kind::UnknownRule);
        let expected = format!(
            "unsupported f-puzzles constraint `doublers` (also `teleport`): satdoku reads {SUPPORTED}"
        );
        assert_eq!(error.message(), expected);
        assert_eq!((error.line(), error.column()), (3, 3));
    }

    #[test]
    fn an_odd_cell_off_the_grid_is_refused() {
        let text = format!(
            "{{\"size\": 4, {GRID},\n\"odd\": [{{\"cell\": \"R1C1\"}}, {{\"cell\": \"R5C1\"}}]}}"
        );
        let error = parse(&text).unwrap_err();
        assert_eq!(error.kind(), Kind::BadValue);
        assert_eq!(error.message(), "expected a cell R1C1 to R4C4 in `odd`, found `R5C1`");
        assert_eq!((error.line(), error.column()), (2, 28));
    }

    #[test]
    fn rules_from_the_options_are_added() {
        let json = r#"{"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}],
            [{}, {}, {}, {}], [{}, {}, {}, {}]], "diagonal-": true}"#;
        let options = ParseOptions::new().rules(vec![Rule::AntiKing]);
        let puzzle = parse_fpuzzles(json, &options).unwrap();
        assert_eq!(puzzle.rules(), &[Rule::MainDiagonal, Rule::AntiKing]);
    }

    #[test]
    fn a_filled_in_grid_is_warned_about_in_one_short_line() {
        let solution = "1234341221434321";
        let cells: Vec<String> = solution.chars().map(|d| format!("{{\"value\": {d}}}")).collect();
        let rows: Vec<String> = cells.chunks(4).map(|row| format!("[{}]", row.join(","))).collect();
        let text = format!("{{\"size\": 4, \"grid\": [{}]}}", rows.join(","));
        let (puzzle, warnings) = read_fpuzzles(&text, &ParseOptions::new()).unwrap();
        assert_eq!(puzzle.givens().to_line(), "................");
        assert_eq!(
            warnings,
            ["ignored 16 f-puzzles solver entries (values without `\"given\": true`): r1c1=1 \
              r1c2=2 r1c3=3 r1c4=4 r2c1=3 and 11 more"]
        );
    }
}
