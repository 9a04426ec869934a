//! Reading puzzles: the text format (header lines, `givens:`/`even:`/`odd:`/`solution:`
//! sections), bare grids, bare lines, and batch files of one line per puzzle.
//!
//! Every error names the line and column it found and what it expected there.

use std::sync::Arc;

pub(crate) mod constraints;
mod error;
mod json;
mod line_form;
mod regions_file;
mod split;
mod stream;
mod write;

use super::digit::{Digit, MAX_SIZE};
use super::dot_relation::DotRelation;
use super::geometry::{Cell, Geometry};
use super::geometry::{SIZES, parse_box_shape, parse_digits};
use super::grid::{Grid, read_symbol};
use super::puzzle::Puzzle;
use super::regions::{Regions, RegionsError};
use super::rule::{Dot, Rule, unknown_rule_message};
use super::sudokupad::LineRule;
use super::validate::first_conflict;

pub use constraints::CONSTRAINT_KEYS;
pub(crate) use constraints::{outside_line, outside_name, outside_position};

/// Reads one constraint line of the text format (`cage: 15 r1c1 r1c2`) on a grid of
/// `geometry`, as a JSON record carries it: the rules it states.
///
/// # Errors
/// A line that is not `key: value` with a constraint key, or what [`constraints`] refuses,
/// with the column at fault (the line counts as line 1).
pub(crate) fn read_constraint_line(
    text: &str,
    geometry: Geometry,
) -> Result<Vec<Rule>, ParseError> {
    let line_text: Arc<str> = Arc::from(text);
    let spot = |column| Spot { line: 1, column, text: line_text.clone() };
    let Some((key, value)) = text.split_once(':') else {
        let message = format!("expected a constraint line `key: cells`, found `{text}`");
        return Err(ParseError::new(ParseErrorKind::BadValue, &spot(1), message));
    };
    let key = key.trim();
    if !CONSTRAINT_KEYS.contains(&key) {
        let message =
            format!("unknown constraint `{key}`, expected one of {}", CONSTRAINT_KEYS.join(", "));
        return Err(ParseError::new(ParseErrorKind::UnknownKey, &spot(1), message));
    }
    let column = text.len() - value.len() + 1;
    constraints::read_constraint(key, value, &spot(column), geometry)
}
pub use error::{ParseError, ParseErrorKind};
pub use regions_file::parse_regions;
pub use stream::{Entries, MAX_LINE, MAX_PUZZLE, Unparsed};
pub(crate) use write::{constraint_lines, write_line, write_text};

use split::Break;

/// Choices from outside the text: rules and boxes given on the command line.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    rules: Vec<Rule>,
    boxes: Option<(usize, usize)>,
    lines: Vec<(String, LineRule)>,
    dots: Vec<(String, Option<DotRelation>)>,
}

impl ParseOptions {
    /// No extra rules, usual boxes.
    pub fn new() -> ParseOptions {
        ParseOptions::default()
    }

    /// Rules added to every puzzle, on top of those its `rules:` line names. [default: none]
    pub fn rules(mut self, rules: Vec<Rule>) -> ParseOptions {
        self.rules = rules;
        self
    }

    /// The rules added to every puzzle.
    pub(crate) fn extra_rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The box shape asked for, if any.
    pub(crate) fn box_shape(&self) -> Option<(usize, usize)> {
        self.boxes
    }

    /// The box shape (rows × columns) for puzzles whose text does not say. [default: the usual
    /// boxes of the size]
    pub fn boxes(mut self, box_rows: usize, box_columns: usize) -> ParseOptions {
        self.boxes = Some((box_rows, box_columns));
        self
    }

    /// What lines of a colour family (`green`, `grey`, ...) mean in a SudokuPad drawing,
    /// over what its rules text says. [default: the rules text decides]
    pub fn line(mut self, colour: &str, rule: LineRule) -> ParseOptions {
        self.lines.push((colour.to_ascii_lowercase(), rule));
        self
    }

    /// What dots of a colour family mean in a SudokuPad drawing (`None`: nothing).
    /// [default: white and black are kropki dots]
    pub fn dot(self, colour: &str, dot: Option<Dot>) -> ParseOptions {
        self.dot_relation(colour, dot.map(DotRelation::of))
    }

    /// What dots of a colour family mean in a SudokuPad drawing, as a relation that may
    /// combine dots (`x|v`; `None`: nothing). [default: white and black are kropki dots]
    pub fn dot_relation(mut self, colour: &str, relation: Option<DotRelation>) -> ParseOptions {
        self.dots.push((colour.to_ascii_lowercase(), relation));
        self
    }

    /// The rule the user gave lines of a colour family, if any.
    pub(crate) fn line_meaning(&self, colour: &str) -> Option<LineRule> {
        self.lines.iter().rev().find(|(c, _)| c == colour).map(|(_, rule)| *rule)
    }

    /// The dot the user gave dots of a colour family, if any (`Some(None)`: no rule).
    pub(crate) fn dot_meaning(&self, colour: &str) -> Option<Option<Dot>> {
        match self.said_relation(colour)? {
            None => Some(None),
            Some(relation) => relation.dot().map(Some),
        }
    }

    /// The combined relation (not a single dot's) the user gave dots of a colour family, if
    /// any.
    pub(crate) fn combined_meaning(&self, colour: &str) -> Option<&DotRelation> {
        self.said_relation(colour)?.as_ref().filter(|relation| relation.dot().is_none())
    }

    /// What the user said dots of a colour family mean, last word first.
    fn said_relation(&self, colour: &str) -> Option<&Option<DotRelation>> {
        self.dots.iter().rev().find(|(c, _)| c == colour).map(|(_, relation)| relation)
    }
}

/// How an [`Entry`]'s warning that is only a note (an inference a reader made, such as the
/// SudokuPad reader's "the green line ... read as German whispers") starts.
pub const NOTE: &str = "note: ";

/// One puzzle of an input, with the line it starts on.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why that part of the input is not one.
    pub puzzle: Result<Puzzle, ParseError>,
    /// What the reader read but could not use, such as an f-puzzles solver's own entries:
    /// nothing is dropped without a word.
    pub warnings: Vec<String>,
}

impl Entry {
    fn new(line: usize, puzzle: Result<Puzzle, ParseError>) -> Entry {
        Entry { line, puzzle, warnings: Vec::new() }
    }
}

/// Reads an input holding any number of puzzles: text-format puzzles and bare grids apart at
/// a blank line or a `---` line, a batch of one-line puzzles, or a stream of JSON documents
/// (f-puzzles, Sudoku Maker or satdoku's own JSON records, one after another or one per
/// line). Each puzzle comes back on its own, so a bad one spoils only itself. [`Entries`]
/// reads the same from a stream, a puzzle at a time.
pub fn parse_document(text: &str, options: &ParseOptions) -> Vec<Entry> {
    Entries::new(text.as_bytes(), options).collect()
}

/// Reads one puzzle (text format, bare grid, bare line, or f-puzzles JSON).
///
/// # Errors
/// A [`ParseError`] naming the line and column of the first problem.
pub fn parse_puzzle(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    if json::looks_like_json(text) {
        return json::parse_one(text, options).map(|(puzzle, _)| puzzle);
    }
    parse_lines(&content_lines(text), options)
}

/// A line that holds something: not blank, not a comment. A `# ...` after a grid row or an
/// inline section is a comment too (`PUZZLE # name` lines); after a header key it is part of
/// the value (`title: #3`).
#[derive(Clone, Debug)]
struct Line {
    number: usize,
    text: Arc<str>,
    content: String,
    /// What separates this line from the previous line with content.
    break_before: Break,
}

/// The lines with content, each knowing whether a blank line or a `---` line came before it.
fn content_lines(text: &str) -> Vec<Line> {
    let mut pending = Break::None;
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let (line, next) = classify(raw, i + 1, pending);
        lines.extend(line);
        pending = next;
    }
    lines
}

/// One raw line of the input as a [`Line`] with content, or `None` for a blank, comment-only
/// or `---` line; with what then stands before the next line with content.
fn classify(raw: &str, number: usize, pending: Break) -> (Option<Line>, Break) {
    let is_comment = raw.trim_start().starts_with('#');
    let is_header = key_in(raw).is_some_and(|(key, _)| !SECTIONS.contains(&key.as_str()));
    let content = if is_comment || !is_header { raw.split('#').next().unwrap_or("") } else { raw };
    let content = content.trim_end();
    if content.trim() == "---" {
        (None, Break::Hard)
    } else if content.chars().any(|c| !is_separator(c)) {
        let text = Arc::from(raw);
        (
            Some(Line { number, text, content: content.to_string(), break_before: pending }),
            Break::None,
        )
    } else if raw.trim().is_empty() && pending == Break::None {
        (None, Break::Blank)
    } else {
        (None, pending)
    }
}

/// Characters that only draw the grid: spaces and the lines between boxes.
fn is_separator(symbol: char) -> bool {
    matches!(symbol, ' ' | '\t' | '|' | '-' | '+')
}

/// Where in the input something is.
#[derive(Clone, Debug)]
struct Spot {
    line: usize,
    column: usize,
    /// The whole line, shared by every spot on it (a spot per symbol must not copy it).
    text: Arc<str>,
}

impl Spot {
    fn at(line: &Line, column: usize) -> Spot {
        Spot { line: line.number, column, text: line.text.clone() }
    }
}

/// The grid symbols of a row with their 1-based columns: separators `| - +` and spaces dropped.
fn row_symbols(line: &Line) -> Vec<(char, Spot)> {
    line.content
        .chars()
        .enumerate()
        .filter(|&(_, c)| !is_separator(c))
        .map(|(i, c)| (c, Spot::at(line, i + 1)))
        .collect()
}

/// A `key:` at the start of a line, with the column where its value starts.
fn key_of(line: &Line) -> Option<(String, usize)> {
    key_in(&line.content)
}

/// A `key:` at the start of `text`, with the column where its value starts.
fn key_in(text: &str) -> Option<(String, usize)> {
    let (key, value) = text.split_once(':')?;
    let trimmed = key.trim();
    let is_key = trimmed.starts_with(|c: char| c.is_ascii_alphabetic())
        && trimmed.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let leading_spaces = value.chars().take_while(|c| c.is_whitespace()).count();
    is_key.then(|| (trimmed.to_ascii_lowercase(), key.chars().count() + 2 + leading_spaces))
}

const SECTIONS: [&str; 5] = ["givens", "even", "odd", "solution", "regions"];
const HEADERS: [&str; 7] = ["rules", "size", "boxes", "digits", "title", "author", "source"];

/// A grid section: its name, where it starts, and its rows of symbols.
struct Section {
    name: String,
    start: Spot,
    rows: Vec<Vec<(char, Spot)>>,
}

/// The document split into header values, constraint lines and sections.
struct Document {
    headers: Vec<(String, String, Spot)>,
    constraints: Vec<(String, String, Spot)>,
    sections: Vec<Section>,
}

fn split_document(lines: &[Line]) -> Result<Document, ParseError> {
    let mut document =
        Document { headers: Vec::new(), constraints: Vec::new(), sections: Vec::new() };
    for line in lines {
        let Some((key, value_column)) = key_of(line) else {
            if document.sections.is_empty() {
                let start = Spot::at(line, 1);
                document.sections.push(Section { name: "givens".into(), start, rows: vec![] });
            }
            let section = document.sections.last_mut().expect("a section was opened");
            section.rows.push(row_symbols(line));
            continue;
        };
        let value = line.content.split_once(':').map_or("", |(_, v)| v).trim().to_string();
        let spot = Spot::at(line, value_column);
        if SECTIONS.contains(&key.as_str()) {
            if document.sections.iter().any(|s| s.name == key) {
                let message = format!("expected one `{key}:` section, found a second one");
                return Err(ParseError::new(ParseErrorKind::Shape, &Spot::at(line, 1), message));
            }
            let inline = Line { content: " ".repeat(value_column - 1) + &value, ..line.clone() };
            let rows = if value.is_empty() { vec![] } else { vec![row_symbols(&inline)] };
            document.sections.push(Section { name: key, start: spot, rows });
        } else if HEADERS.contains(&key.as_str()) {
            if let Some((_, _, first)) = document.headers.iter().find(|(k, _, _)| *k == key) {
                let message = format!(
                    "expected one `{key}:` line, found a second one (the first is on line {}); \
                     separate puzzles with a blank line or `---`",
                    first.line
                );
                return Err(ParseError::new(ParseErrorKind::Shape, &Spot::at(line, 1), message));
            }
            document.headers.push((key, value, spot));
        } else if constraints::CONSTRAINT_KEYS.contains(&key.as_str()) {
            document.constraints.push((key, value, spot));
        } else {
            let known = HEADERS.iter().chain(&SECTIONS).chain(&constraints::CONSTRAINT_KEYS);
            let expected = known.copied().collect::<Vec<_>>().join(", ");
            let message = format!("unknown header key `{key}`, expected one of {expected}");
            return Err(ParseError::new(ParseErrorKind::UnknownKey, &Spot::at(line, 1), message));
        }
    }
    Ok(document)
}

fn parse_lines(lines: &[Line], options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let Some(first) = lines.first() else {
        let spot = Spot { line: 1, column: 1, text: Arc::from("") };
        let message =
            "empty input: expected a puzzle (a grid, a line of digits, or the text format)";
        return Err(ParseError::new(ParseErrorKind::Empty, &spot, message.into()));
    };
    if let [line] = lines {
        if let Some(puzzle) = line_form::read_plain(line, options) {
            return Ok(puzzle);
        }
        if let Some(puzzle) = line_form::read(line, options) {
            return puzzle;
        }
    }
    let document = split_document(lines)?;
    let Some(givens) = document.sections.iter().find(|s| s.name == "givens") else {
        let message = "expected a `givens:` section or a grid, found only header lines".to_string();
        return Err(ParseError::new(ParseErrorKind::Shape, &Spot::at(first, 1), message));
    };
    let mut rules = options.rules.clone();
    let mut size = None;
    let mut boxes = options.boxes.map(|shape| (shape, givens.start.clone()));
    let mut digits = None;
    let mut metadata = Vec::new();
    for (key, value, spot) in &document.headers {
        match key.as_str() {
            "rules" => rules.extend(read_rules(value, spot)?),
            "size" => size = Some(read_size(value, spot)?),
            "boxes" => boxes = Some((read_boxes(value, spot)?, spot.clone())),
            "digits" => digits = Some((read_digits(value, spot)?, spot)),
            _ => metadata.push((key.clone(), value.clone())),
        }
    }
    let size = match size {
        Some(size) => size,
        None => infer_size(givens)?,
    };
    let geometry = match document.sections.iter().find(|s| s.name == "regions") {
        Some(regions) => read_regions(regions, size, boxes.is_some())?,
        None => make_geometry(size, boxes, &givens.start)?,
    };
    let geometry = match digits {
        Some((largest, spot)) => with_digits(geometry, largest, spot)?,
        None => geometry,
    };
    let rules_spot = document.headers.iter().find(|(key, ..)| key == "rules");
    let rules_spot = rules_spot.map_or(&givens.start, |(.., spot)| spot).clone();
    for (key, value, spot) in &document.constraints {
        rules.extend(constraints::read_constraint(key, value, spot, geometry)?);
    }
    let mut marks = Marks::default();
    let mut solution = None;
    for section in &document.sections {
        match section.name.as_str() {
            "even" => marks.even = read_marks(section, geometry)?,
            "odd" => marks.odd = read_marks(section, geometry)?,
            "solution" => solution = Some(read_solution(section, geometry)?),
            _ => {}
        }
    }
    let (grid, spots) = read_grid(givens, geometry)?;
    let puzzle = assemble(Assembly { grid, spots, rules, rules_spot, marks, solution })?;
    Ok(metadata.iter().fold(puzzle, |p, (key, value)| p.with_metadata(key, value)))
}

/// The even and odd marks of a puzzle, with where each was written.
#[derive(Default)]
struct Marks {
    even: Vec<(Cell, Spot)>,
    odd: Vec<(Cell, Spot)>,
}

/// What a reader found, before the checks every puzzle passes.
struct Assembly {
    grid: Grid,
    /// Where each cell of `grid` was written, in reading order.
    spots: Vec<Spot>,
    rules: Vec<Rule>,
    /// Where the global rules were named (the `rules:` line, or the givens for `--rules`):
    /// the place of a global rule that does not fit the regions (disjoint groups need boxes).
    /// Rules with cells are checked where they are written.
    rules_spot: Spot,
    marks: Marks,
    /// The recorded solution, with where each of its cells was written.
    solution: Option<(Grid, Vec<Spot>)>,
}

/// The puzzle of an assembly, once its rules fit the grid, its marks agree (no cell both even and odd), its recorded
/// solution keeps the givens and breaks no rule, and no two givens break a rule together.
fn assemble(assembly: Assembly) -> Result<Puzzle, ParseError> {
    let Assembly { grid, spots, mut rules, rules_spot, marks, solution } = assembly;
    if let Some((cell, spot)) =
        marks.odd.iter().find(|(c, _)| marks.even.iter().any(|(e, _)| e == c))
    {
        let message = format!("expected a cell to be even or odd, found {cell} marked both");
        return Err(ParseError::new(ParseErrorKind::Contradiction, spot, message));
    }
    let cells = |marks: Vec<(Cell, Spot)>| marks.into_iter().map(|(cell, _)| cell).collect();
    rules.push(Rule::Even(cells(marks.even)));
    rules.push(Rule::Odd(cells(marks.odd)));
    let geometry = grid.geometry();
    let (solution, solution_spots) = solution.unzip();
    let puzzle = Puzzle::try_new(grid, rules).map_err(|misfit| {
        ParseError::new(ParseErrorKind::Shape, &rules_spot, misfit.to_string())
    })?;
    consistent_puzzle(puzzle, solution).map_err(|inconsistency| {
        let Inconsistency { cell, in_solution, message } = inconsistency;
        let spots = if in_solution { solution_spots.as_ref().unwrap_or(&spots) } else { &spots };
        let spot = &spots[geometry.index(cell)];
        ParseError::new(ParseErrorKind::Contradiction, spot, message)
    })
}

/// `puzzle` with its recorded `solution`, once [`check_consistency`] passes.
fn consistent_puzzle(puzzle: Puzzle, solution: Option<Grid>) -> Result<Puzzle, Inconsistency> {
    let puzzle = match solution {
        Some(solution) => puzzle.with_solution(solution),
        None => puzzle,
    };
    check_consistency(&puzzle).map(|()| puzzle)
}

fn read_rules(value: &str, spot: &Spot) -> Result<Vec<Rule>, ParseError> {
    Rule::from_list(value).map_err(|(offset, name)| {
        let message = unknown_rule_message(&name);
        let at = Spot { column: spot.column + value[..offset].chars().count(), ..spot.clone() };
        ParseError::new(ParseErrorKind::UnknownRule, &at, message)
    })
}

fn read_size(value: &str, spot: &Spot) -> Result<usize, ParseError> {
    value.parse().ok().filter(|n| SIZES.contains(n)).ok_or_else(|| {
        let (min, max) = (SIZES.start(), SIZES.end());
        let message = format!("expected a size from {min} to {max}, found `{value}`");
        ParseError::new(ParseErrorKind::BadValue, spot, message)
    })
}

fn read_boxes(value: &str, spot: &Spot) -> Result<(usize, usize), ParseError> {
    parse_box_shape(value).ok_or_else(|| {
        let message =
            format!("expected a box shape ROWSxCOLUMNS such as 3x3 or 2x3, found `{value}`");
        ParseError::new(ParseErrorKind::BadValue, spot, message)
    })
}

/// The largest digit of a `digits: 1-M` line (M written as a number or a digit symbol).
fn read_digits(value: &str, spot: &Spot) -> Result<usize, ParseError> {
    parse_digits(value).ok_or_else(|| {
        let message = format!("expected the digits as `1-M` such as 1-9, found `{value}`");
        ParseError::new(ParseErrorKind::BadValue, spot, message)
    })
}

/// `geometry` with the digits `1..=largest`, which a `digits:` line at `spot` declared.
fn with_digits(geometry: Geometry, largest: usize, spot: &Spot) -> Result<Geometry, ParseError> {
    geometry.with_digits(largest).ok_or_else(|| {
        let n = geometry.size();
        let message = format!(
            "expected digits 1-M with M from {n} to {MAX_SIZE} for a {n}x{n} grid (each row \
             holds {n} different digits), found 1-{largest}"
        );
        ParseError::new(ParseErrorKind::BadValue, spot, message)
    })
}

/// The size a section's shape implies: N rows, or one line of N² symbols.
fn infer_size(section: &Section) -> Result<usize, ParseError> {
    match section.rows.as_slice() {
        [] => Err(ParseError::new(
            ParseErrorKind::Shape,
            &section.start,
            "expected grid rows after `givens:`, found none".into(),
        )),
        [line] => SIZES.clone().find(|n| n * n == line.len()).ok_or_else(|| {
            let found = line.len();
            let message = format!(
                "expected a line of N×N cells (16, 36, 64, 81, 144, 256, ...), found {found} \
                 symbols"
            );
            ParseError::new(
                ParseErrorKind::Shape,
                line.first().map_or(&section.start, |(_, spot)| spot),
                message,
            )
        }),
        rows => Ok(rows.len()),
    }
}

/// `Err` at `grid` unless `size` is one of [`SIZES`].
fn check_size(size: usize, grid: &Spot) -> Result<(), ParseError> {
    if SIZES.contains(&size) {
        return Ok(());
    }
    let (min, max) = (SIZES.start(), SIZES.end());
    let message = format!("expected a grid of {min} to {max} rows, found {size} rows");
    Err(ParseError::new(ParseErrorKind::Shape, grid, message))
}

/// The geometry of a `size` grid with `boxes` (and where they were written), or the usual ones.
fn make_geometry(
    size: usize,
    boxes: Option<((usize, usize), Spot)>,
    grid: &Spot,
) -> Result<Geometry, ParseError> {
    check_size(size, grid)?;
    match boxes {
        Some(((rows, columns), spot)) => Geometry::new(size, rows, columns).ok_or_else(|| {
            let message = format!(
                "expected boxes whose rows × columns make {size} for a {size}x{size} grid, \
                 found {rows}x{columns}"
            );
            ParseError::new(ParseErrorKind::BadValue, &spot, message)
        }),
        None => Geometry::with_usual_boxes(size).ok_or_else(|| {
            let message = format!(
                "expected a `boxes: RxC` line: a {size}x{size} grid has no usual boxes, found none"
            );
            ParseError::new(ParseErrorKind::Shape, grid, message)
        }),
    }
}

/// The geometry of a `regions:` section: N rows of N region symbols (any N different
/// symbols), each naming N cells; the regions replace the boxes, so `boxes` must be absent.
fn read_regions(section: &Section, size: usize, boxes: bool) -> Result<Geometry, ParseError> {
    if boxes {
        let message = "expected either `boxes:` or `regions:`, found both".to_string();
        return Err(ParseError::new(ParseErrorKind::Constraint, &section.start, message));
    }
    check_size(size, &section.start)?;
    // Boxes of one row tile any size; `section_cells` only reads the size from it.
    let rows_of_one = Geometry::new(size, 1, size).expect("1×N boxes tile an N×N grid");
    let cells = section_cells(section, rows_of_one)?;
    let labels: Vec<char> = cells.iter().map(|(symbol, _)| *symbol).collect();
    let regions = Regions::new(size, &labels).map_err(|error| {
        let at = match &error {
            RegionsError::RegionSize { first, .. } => &cells[rows_of_one.index(*first)].1,
            RegionsError::CellCount { .. } => &section.start,
        };
        ParseError::new(ParseErrorKind::Constraint, at, error.to_string())
    })?;
    Ok(Geometry::with_regions(size, regions).expect("regions of the section's size"))
}

/// The section's symbols in reading order, after checking its shape: N rows of N symbols,
/// or one line of N² symbols.
fn section_cells(section: &Section, geometry: Geometry) -> Result<Vec<&(char, Spot)>, ParseError> {
    let n = geometry.size();
    let shape_error =
        |spot: &Spot, message: String| ParseError::new(ParseErrorKind::Shape, spot, message);
    let name = &section.name;
    match section.rows.as_slice() {
        [line] if line.len() == n * n => Ok(line.iter().collect()),
        [line] if n > 1 && line.len() != n => Err(shape_error(
            line.first().map_or(&section.start, |(_, spot)| spot),
            format!(
                "expected {} cells in `{name}` for a {n}x{n} grid, found {}",
                n * n,
                line.len()
            ),
        )),
        rows => {
            if rows.len() != n {
                let at = rows.last().and_then(|r| r.last()).map_or(&section.start, |(_, s)| s);
                let found = rows.len();
                return Err(shape_error(
                    at,
                    format!("expected {n} rows in `{name}`, found {found}"),
                ));
            }
            for row in rows {
                if row.len() != n {
                    // A row of box lines only has no symbol: the section start is the place.
                    let at = row.get(n).or(row.last()).map_or(&section.start, |(_, s)| s);
                    let found = row.len();
                    let message =
                        format!("expected {n} cells in this row of `{name}`, found {found}");
                    return Err(shape_error(at, message));
                }
            }
            Ok(rows.iter().flatten().collect())
        }
    }
}

/// The digits of a givens or solution section, with the spot of each cell.
fn read_grid(section: &Section, geometry: Geometry) -> Result<(Grid, Vec<Spot>), ParseError> {
    let mut grid = Grid::empty(geometry);
    let cells = section_cells(section, geometry)?;
    for (index, (symbol, spot)) in cells.iter().enumerate() {
        let digit = read_symbol(*symbol, geometry.digits())
            .ok_or_else(|| digit_error(*symbol, geometry, spot))?;
        grid.set(geometry.cell(index), digit);
    }
    Ok((grid, cells.into_iter().map(|(_, spot)| spot.clone()).collect()))
}

fn digit_error(symbol: char, geometry: Geometry, spot: &Spot) -> ParseError {
    let (n, digits) = (geometry.size(), geometry.digits());
    let last = Digit::from_index(digits - 1);
    let empty = if digits <= 9 { "`.`, `0` or `_`" } else { "`.` or `_`" };
    let grid = match n == digits {
        true => format!("a {n}x{n} grid"),
        false => format!("digits 1-{last}"),
    };
    let message = match Digit::from_char(symbol) {
        Some(_) => {
            format!("digit {symbol} is out of range for {grid}: expected 1-{last} or {empty}")
        }
        None => format!(
            "expected a digit 1-{last} or {empty} for an empty cell, found `{}`",
            error::printable(symbol)
        ),
    };
    ParseError::new(ParseErrorKind::Digit, spot, message)
}

fn read_solution(section: &Section, geometry: Geometry) -> Result<(Grid, Vec<Spot>), ParseError> {
    let (grid, spots) = read_grid(section, geometry)?;
    match geometry.cells().position(|cell| grid.get(cell).is_none()) {
        None => Ok((grid, spots)),
        Some(index) => {
            let message = "expected a digit: a solution has no empty cells".to_string();
            Err(ParseError::new(ParseErrorKind::Digit, &spots[index], message))
        }
    }
}

/// Where a puzzle contradicts itself before any solving.
pub(crate) struct Inconsistency {
    /// The cell to point at.
    pub cell: Cell,
    /// Whether the cell is in the recorded solution (else in the givens).
    pub in_solution: bool,
    /// What is wrong.
    pub message: String,
}

/// Checks what every reader checks before handing a puzzle over: its recorded solution keeps
/// the givens and breaks no rule, and no two givens break a rule together.
pub(crate) fn check_consistency(puzzle: &Puzzle) -> Result<(), Inconsistency> {
    if let Some(solution) = puzzle.solution() {
        for (cell, given) in puzzle.givens().filled() {
            let digit = solution.get(cell).expect("a solution is complete");
            if digit != given {
                let message =
                    format!("the solution has {digit} at {cell}, where the given is {given}");
                return Err(Inconsistency { cell, in_solution: true, message });
            }
        }
        if let Some(conflict) = first_conflict(puzzle.rules(), solution) {
            let cell = *conflict.cells().last().expect("a conflict names a cell");
            let message = format!("the solution breaks a rule: {conflict}");
            return Err(Inconsistency { cell, in_solution: true, message });
        }
    }
    match first_conflict(puzzle.rules(), puzzle.givens()) {
        Some(conflict) => {
            let cell = *conflict.cells().last().expect("a conflict names a cell");
            let message = format!("contradictory givens: {conflict}");
            Err(Inconsistency { cell, in_solution: false, message })
        }
        None => Ok(()),
    }
}

/// The marked cells of an `even:` or `odd:` section (any symbol but `.`, `0` and `_` marks),
/// with where each mark stands.
fn read_marks(section: &Section, geometry: Geometry) -> Result<Vec<(Cell, Spot)>, ParseError> {
    let cells = section_cells(section, geometry)?;
    let marked =
        cells.iter().enumerate().filter(|(_, (symbol, _))| !matches!(symbol, '.' | '0' | '_'));
    Ok(marked.map(|(index, (_, spot))| (geometry.cell(index), spot.clone())).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Puzzle, ParseError> {
        parse_puzzle(text, &ParseOptions::new())
    }

    const MIRACLE: &str = "\
# The Miracle (Mitchell Lee)
rules: miracle
givens:
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . 1 | . . . | . . .
. . . | . . . | 2 . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
";

    #[test]
    fn a_plain_line_reads_as_the_same_line_with_box_lines() {
        // The quick way (a plain line) and the usual one (separators to drop) agree.
        let options = ParseOptions::new().rules(vec![Rule::AntiKing]).boxes(2, 2);
        let plain = parse_puzzle("  1.3........2.4..  # name", &options).unwrap();
        let drawn = parse_puzzle("1.3.|....|...2|.4..", &options).unwrap();
        assert_eq!(plain, drawn);
        let error = parse("1..1............").unwrap_err();
        assert_eq!((error.line(), error.column()), (1, 4), "{error}");
    }

    #[test]
    fn the_text_format_reads_rules_and_givens() {
        let puzzle = parse(MIRACLE).unwrap();
        assert_eq!(puzzle.rule_names(), "anti-king, anti-knight, non-consecutive");
        assert_eq!(puzzle.givens().filled_count(), 2);
        assert_eq!(puzzle.givens().get(Cell::new(4, 2)), Digit::new(1));
    }

    #[test]
    fn written_text_reads_back() {
        let text = "size: 6\ngivens: 4......3..1.....6.62..5.......3....1\neven:\n\
                    x.....\n......\n......\n......\n......\n....x.\n";
        let puzzle = parse(text).unwrap();
        assert_eq!(parse(&puzzle.to_text()).unwrap(), puzzle);
        assert_eq!(puzzle.rules(), &[Rule::Even(vec![Cell::new(0, 0), Cell::new(5, 4)])]);
    }

    #[test]
    fn hashes_start_comments_except_in_header_values() {
        let puzzle = parse("# a comment\ntitle: Puzzle #3\n1............... # a 4x4\n").unwrap();
        let inline = parse("givens: 1............... # a 4x4\n").unwrap();
        assert_eq!(inline.givens(), puzzle.givens());
        assert_eq!(puzzle.metadata(), &[("title".to_string(), "Puzzle #3".to_string())]);
        assert_eq!(puzzle.givens().filled_count(), 1);
    }

    #[test]
    fn bare_lines_and_grids_are_puzzles() {
        let line = "1...............";
        assert_eq!(parse(line).unwrap().geometry().size(), 4);
        let grid = "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n";
        assert_eq!(parse(grid).unwrap().givens().to_line(), "1..............4");
    }

    #[test]
    fn a_file_of_lines_is_a_batch() {
        let entries =
            parse_document("1...............\n2...............\n12.\n", &ParseOptions::new());
        assert_eq!(entries.len(), 3, "a short line is one bad puzzle of the batch");
        assert!(entries[2].puzzle.is_err() && entries[1].puzzle.is_ok());
        let missing_row = parse_document("1...\n....\n....\n", &ParseOptions::new());
        assert_eq!(missing_row.len(), 1, "three rows of four are one (short) grid");
        let grid_with_bad_row = "1...\n....\n.....\n....\n";
        let entries = parse_document(grid_with_bad_row, &ParseOptions::new());
        assert_eq!(entries.len(), 1, "a bad row leaves it one grid");
        assert_eq!(entries[0].puzzle.as_ref().unwrap_err().line(), 3);
        let entries =
            parse_document("1...............\n\n# c\n2...............\n", &ParseOptions::new());
        let lines: Vec<_> = entries.iter().map(|e| e.line).collect();
        assert_eq!(lines, [1, 4]);
    }

    #[test]
    fn errors_name_line_column_and_expectation() {
        let error = parse("rules: diagonal, sandwich\n1...............").unwrap_err();
        assert_eq!((error.line(), error.column()), (1, 18));
        assert_eq!(error.kind(), ParseErrorKind::UnknownRule);
        let error = parse("1..5............").unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::Digit);
        assert_eq!(
            error.to_string(),
            "line 1, column 4: digit 5 is out of range for a 4x4 grid: expected 1-4 or `.`, `0` or `_`"
        );
        let error = parse("1..............").unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::Shape);
        let error = parse("  \n# nothing\n").unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::Empty);
    }

    #[test]
    fn contradictory_givens_point_at_the_second_cell() {
        let error = parse("5...5....\n........\n").unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::Shape);
        let error = parse(&format!("5...5{}", ".".repeat(76))).unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::Contradiction);
        assert_eq!(error.column(), 5);
        assert!(error.message().contains("r1c1 and r1c5 hold the same digit in row 1"), "{error}");
    }

    #[test]
    fn a_solution_must_keep_the_givens() {
        let error = parse("givens: 1...............\nsolution: 2143341212344321\n").unwrap_err();
        assert_eq!(
            (error.kind(), error.line(), error.column()),
            (ParseErrorKind::Contradiction, 2, 11)
        );
        assert_eq!(error.message(), "the solution has 2 at r1c1, where the given is 1");
    }

    #[test]
    fn a_regions_section_too_large_for_a_grid_is_an_error_not_a_panic() {
        let symbols: Vec<char> = ('a'..='z').chain('A'..='N').collect();
        let mut text = format!("givens:\n{}", format!("{}\n", ".".repeat(40)).repeat(40));
        text += "regions:\n";
        symbols.iter().for_each(|&symbol| text += &format!("{}\n", symbol.to_string().repeat(40)));
        let error = parse(&text).unwrap_err();
        assert_eq!((error.kind(), error.line()), (ParseErrorKind::Shape, 42));
        assert_eq!(error.message(), "expected a grid of 4 to 35 rows, found 40 rows");
    }

    #[test]
    fn mark_sections_must_have_the_grid_shape() {
        let error = parse("givens: 1...............\nodd:\nx...\n....\n").unwrap_err();
        assert_eq!((error.kind(), error.line()), (ParseErrorKind::Shape, 4));
    }
}
