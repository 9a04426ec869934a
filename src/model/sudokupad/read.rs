//! A SudokuPad puzzle document read as a [`Puzzle`]: its cells (givens), regions, cages,
//! metadata (title, author, rules text, solution, global rules) and drawings.
//!
//! What is certain is read without a word: givens, regions, cages with totals, the metadata
//! and SudokuPad's `global` list. Given centre marks are read as candidates, with a note
//! ([`super::marks`]). Drawings are read by [`super::drawings`], with a note for
//! every inference; the rules text by [`super::text`]. Anything not understood is refused with
//! the element, its place and how to say what it means. Sudoku Maker documents are SudokuPad
//! documents, read here too.

use itertools::Itertools;
use serde_json::{Map, Value};

use super::cage_kinds::totalled_cage;
use super::colour::Colour;
use super::drawings::{self, Drawings};
use super::elements::{Line, Shape, cells_name};
use super::marks;
use super::text::RulesText;
use crate::model::digit::Digit;
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;
use crate::model::look_and_say::read_clue;
use crate::model::parse::{
    Inconsistency, ParseError, ParseErrorKind as Kind, ParseOptions, check_consistency,
};
use crate::model::puzzle::Puzzle;
use crate::model::regions::Regions;
use crate::model::rule::Rule;

/// Top-level keys that never change the solution.
const COSMETIC_KEYS: [&str; 6] = ["id", "cellSize", "videos", "settings", "foglight", "title"];

/// Metadata keys that never change the solution.
const COSMETIC_METADATA: [&str; 6] =
    ["msgcorrect", "bgimage", "bgimageopacity", "customstyle", "puzzleid", "description"];

/// Reads a SudokuPad document's JSON value; the notes name every inference.
///
/// # Errors
/// A [`ParseError`] saying what is refused: a grid of the wrong shape, a drawing or
/// rules-text sentence whose meaning is not certain, givens or a recorded solution that break
/// the rules.
pub fn read_value(
    value: &Value,
    options: &ParseOptions,
) -> Result<(Puzzle, Vec<String>), ParseError> {
    let Some(object) = value.as_object() else {
        return Err(fail(Kind::Shape, "expected a SudokuPad puzzle object".into()));
    };
    let known = [
        "cells",
        "regions",
        "cages",
        "lines",
        "arrows",
        "overlays",
        "underlays",
        "metadata",
        "global",
    ];
    if let Some(key) = object
        .iter()
        .find(|(key, value)| {
            !known.contains(&key.as_str())
                && !COSMETIC_KEYS.contains(&key.as_str())
                && !super::is_empty(value)
        })
        .map(|(key, _)| key)
    {
        let message = format!("unsupported in a SudokuPad puzzle: `{key}`; {SUPPORTED}");
        return Err(fail(Kind::UnknownRule, message));
    }
    let metadata = metadata(object);
    let text = RulesText::new(metadata.get("rules").map_or("", String::as_str));
    let rows = object.get("cells").and_then(Value::as_array).map_or(0, Vec::len);
    let (digits, same_digits) = text.stated_digits(rows);
    let givens = givens(object, digits)?;
    let n = givens.geometry().size();
    let geometry = regions(object, n)?;
    text.check_rules_known(n, digits).map_err(|e| fail(Kind::UnknownRule, e))?;
    let mut notes = Vec::new();
    let geometry = outlined_regions(object, geometry, &text, &mut notes);
    let geometry = geometry.with_digits(digits).expect("stated_digits keeps M in N..=35");
    let givens = Grid::from_line(geometry, &givens.to_line()).expect("same size");
    let mut rules = options.extra_rules().to_vec();
    if let Some(note) = same_digits {
        notes.push(note);
        rules.push(Rule::SameDigits);
    }
    let cells = object.get("cells").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let candidates = marks::candidates(cells, digits, &mut notes);
    rules.extend(candidates.map_err(|e| fail(Kind::UnknownRule, e))?);
    rules.extend(globals(object, &metadata)?);
    rules.extend(cages(object, n, &text, &mut notes).map_err(|e| fail(Kind::UnknownRule, e))?);
    let drawings = Drawings::from_document(object);
    let refuse = |e: String| fail(Kind::UnknownRule, e);
    let (drawn, line_colours) =
        drawings::interpret(drawings, geometry, &text, options, &mut notes).map_err(refuse)?;
    rules.extend(drawn);
    rules.extend(text.global_rules(&rules, &mut notes).map_err(refuse)?);
    text.check_named_rules_drawn(&rules, &line_colours).map_err(|e| {
        let image = metadata.get("bgimage").is_some_and(|url| !url.trim().is_empty());
        refuse(if image {
            format!(
                "{e} (the puzzle has a background picture, `bgimage`, which may draw it: \
                 satdoku does not read pictures)"
            )
        } else {
            e
        })
    })?;
    let rules: Vec<Rule> = rules.into_iter().unique().collect();
    let mut puzzle = Puzzle::try_new(givens, rules).map_err(|misfit| {
        let (rule, error) = (misfit.rule(), misfit.error());
        let cells = cells_name(&rule.cells());
        let message =
            format!("the drawing read as {} on {cells} does not fit: {error}", rule.name());
        fail(Kind::Shape, message)
    })?;
    if let Some(solution) = metadata.get("solution").map(|s| s.trim()) {
        let unfinished = solution.chars().any(|c| matches!(c, '.' | '?' | '0'));
        match Grid::from_line(geometry, solution).filter(Grid::is_complete) {
            Some(grid) => puzzle = puzzle.with_solution(grid),
            None if unfinished => {
                notes.push("the recorded solution is unfinished: not checked".into())
            }
            None => {
                let message = format!(
                    "the recorded solution is not {} digits from 1 to {}: the puzzle uses other \
                     digits, which satdoku cannot say",
                    geometry.cell_count(),
                    geometry.digits()
                );
                return Err(fail(Kind::UnknownRule, message));
            }
        }
    }
    if let Err(Inconsistency { message, .. }) = check_consistency(&puzzle) {
        return Err(fail(Kind::Contradiction, message));
    }
    for key in ["title", "author", "source"] {
        if let Some(value) = metadata.get(key).map(|v| v.trim()).filter(|v| !v.is_empty()) {
            puzzle = puzzle.with_metadata(key, value);
        }
    }
    Ok((puzzle, as_notes(notes)))
}

/// Notes marked as notes for the reports ([`crate::model::parse::NOTE`]).
pub(super) fn as_notes(notes: Vec<String>) -> Vec<String> {
    notes.into_iter().map(|note| format!("{}{note}", crate::model::parse::NOTE)).collect()
}

/// What is read, for the message that refuses the rest.
const SUPPORTED: &str = "satdoku reads a SudokuPad puzzle's givens, given centre marks, regions, \
    cages, metadata \
    and global rules, and the drawings of the rules it knows (see docs/formats.md, SudokuPad puzzles)";

/// A parse error with no place: a SudokuPad document comes decoded from a link.
pub(super) fn fail(kind: Kind, message: String) -> ParseError {
    ParseError::at(kind, 1, 1, "", message)
}

/// The givens of `cells`: N rows of N objects, a `value` being a given, a digit from 1 to
/// `digits` (M, which the rules text may set above N).
fn givens(object: &Map<String, Value>, digits: usize) -> Result<Grid, ParseError> {
    let rows = object.get("cells").and_then(Value::as_array);
    let n = rows.map_or(0, Vec::len);
    let geometry = Geometry::with_usual_boxes(n)
        .or_else(|| (4..=16).contains(&n).then(|| Geometry::new(n, 1, n)).flatten());
    let (Some(rows), Some(geometry)) = (rows, geometry) else {
        let message =
            format!("expected `cells` as N rows of N cells, N from 4 to 16, found {n} rows");
        return Err(fail(Kind::Shape, message));
    };
    let mut grid = Grid::empty(geometry);
    for (r, row) in rows.iter().enumerate() {
        let Some(cells) = row.as_array().filter(|cells| cells.len() == n) else {
            let message = format!("expected {n} cells in row {} of `cells`", r + 1);
            return Err(fail(Kind::Shape, message));
        };
        for (c, cell) in cells.iter().enumerate() {
            let cell_name = Cell::new(r, c);
            let fields = cell.as_object();
            let read = ["value", marks::CENTRE_MARKS, marks::CORNER_MARKS];
            if let Some((key, _)) = fields.and_then(|f| {
                f.iter().find(|(k, v)| !read.contains(&k.as_str()) && !super::is_empty(v))
            }) {
                let message = format!(
                    "unsupported in a SudokuPad puzzle: `{key}` in {cell_name} (cell options \
                     restrict the cell in ways satdoku cannot say)"
                );
                return Err(fail(Kind::UnknownRule, message));
            }
            let Some(value) = fields.and_then(|f| f.get("value")).filter(|v| !super::is_empty(v))
            else {
                continue;
            };
            let digit = match value {
                Value::Number(number) => number.as_u64(),
                Value::String(text) => text.trim().parse().ok(),
                _ => None,
            }
            .and_then(|v| Digit::new(usize::try_from(v).ok()?))
            .filter(|d| d.value() <= digits);
            let Some(digit) = digit else {
                let message = format!(
                    "expected a given digit from 1 to {digits} in {cell_name}, found `{value}`"
                );
                return Err(fail(Kind::Digit, message));
            };
            grid.set(cell_name, Some(digit));
        }
    }
    Ok(grid)
}

/// The geometry `regions` describe: usual boxes, or irregular regions of N cells each.
fn regions(object: &Map<String, Value>, n: usize) -> Result<Geometry, ParseError> {
    let usual = Geometry::with_usual_boxes(n);
    let Some(regions) = object.get("regions").filter(|v| !super::is_empty(v)) else {
        return usual.ok_or_else(|| {
            fail(Kind::Shape, format!("expected `regions` for a {n}x{n} grid, found none"))
        });
    };
    let mut labels = vec![usize::MAX; n * n];
    let malformed = || fail(Kind::Shape, "expected `regions` as lists of [row, column]".into());
    for (index, region) in regions.as_array().ok_or_else(malformed)?.iter().enumerate() {
        for pair in region.as_array().ok_or_else(malformed)? {
            let at = |i: usize| pair.get(i).and_then(Value::as_u64).map(|v| v as usize);
            let (Some(r), Some(c)) = (at(0), at(1)) else { return Err(malformed()) };
            if r >= n || c >= n || labels[r * n + c] != usize::MAX {
                let message = format!(
                    "expected each cell in one region, found r{}c{} off the grid or twice",
                    r + 1,
                    c + 1
                );
                return Err(fail(Kind::Shape, message));
            }
            labels[r * n + c] = index;
        }
    }
    if labels.contains(&usize::MAX) {
        return Err(fail(Kind::Shape, "expected `regions` to cover every cell".into()));
    }
    let geometry =
        Regions::new(n, &labels).ok().and_then(|regions| Geometry::with_regions(n, regions));
    let Some(geometry) = geometry else {
        return Err(fail(Kind::Shape, format!("expected {n} regions of {n} cells each")));
    };
    Ok(match usual {
        Some(usual) if same_regions(usual, geometry) => usual,
        _ => geometry,
    })
}

/// The regions the lines along cell edges outline, when the rules text speaks of irregular
/// or outlined regions and `regions` gives only the usual boxes (as some exports do).
fn outlined_regions(
    object: &Map<String, Value>,
    geometry: Geometry,
    text: &RulesText,
    notes: &mut Vec<String>,
) -> Geometry {
    let usual = Geometry::with_usual_boxes(geometry.size()) == Some(geometry);
    if !usual || !["irregular", "outlined", "jigsaw"].iter().any(|word| text.mentions(word)) {
        return geometry;
    }
    let (lines, _) = lines_and_shapes(object);
    let borders = super::borders::border_edges(&lines);
    match super::borders::outlined(geometry, &borders) {
        Some(outlined) if outlined != geometry => {
            notes.push(
                "read the regions from the lines along cell edges (the rules text speaks of \
                 irregular or outlined regions; `regions` gives the usual boxes)"
                    .to_string(),
            );
            outlined
        }
        _ => geometry,
    }
}

/// Whether two geometries split the grid the same way.
fn same_regions(a: Geometry, b: Geometry) -> bool {
    let boxes = |g: Geometry| g.cells().map(|cell| g.box_of(cell)).collect_vec();
    let (a, b) = (boxes(a), boxes(b));
    let pairs: std::collections::HashSet<(usize, usize)> = a.iter().copied().zip(b).collect();
    pairs.len() == a.iter().unique().count()
}

/// The metadata: the `metadata` object, then the cages that carry `key: value` text (a cage
/// repeating what the object says, as SudokuPad's exports do, adds nothing).
fn metadata(object: &Map<String, Value>) -> std::collections::HashMap<String, String> {
    let mut metadata = std::collections::HashMap::new();
    let text = |value: &Value| match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().filter_map(Value::as_str).join("\n"),
        other => other.to_string(),
    };
    if let Some(fields) = object.get("metadata").and_then(Value::as_object) {
        for (key, value) in fields {
            metadata.insert(key.to_ascii_lowercase(), text(value));
        }
    }
    for cage in object.get("cages").and_then(Value::as_array).into_iter().flatten() {
        if let Some((key, value)) = meta_cage(cage) {
            let entry = metadata.entry(key).or_default();
            if entry.trim() == value {
                continue;
            }
            if !entry.is_empty() {
                entry.push('\n');
            }
            entry.push_str(&value);
        }
    }
    metadata
}

/// The `key: value` a metadata cage (one without cells) carries.
fn meta_cage(cage: &Value) -> Option<(String, String)> {
    let has_cells = cage.get("cells").is_some_and(|cells| !super::is_empty(cells));
    let value = cage.get("value")?.as_str()?;
    let (key, value) = value.split_once(':')?;
    let key = key.trim();
    let is_key = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric());
    (!has_cells && is_key).then(|| (key.to_ascii_lowercase(), value.trim().to_string()))
}

/// The global rules of SudokuPad's `global` list and of the metadata booleans.
fn globals(
    object: &Map<String, Value>,
    metadata: &std::collections::HashMap<String, String>,
) -> Result<Vec<Rule>, ParseError> {
    let mut rules = Vec::new();
    for name in object.get("global").and_then(Value::as_array).into_iter().flatten() {
        let name = name.as_str().unwrap_or("");
        let Some(named) = Rule::from_name(name) else {
            let message = format!("unsupported SudokuPad global rule `{name}`; {SUPPORTED}");
            return Err(fail(Kind::UnknownRule, message));
        };
        rules.extend(named);
    }
    for (key, value) in metadata {
        let on = matches!(value.trim(), "true" | "1");
        match Rule::from_name(key) {
            Some(named) if on => rules.extend(named),
            Some(_) => {}
            None if ["title", "author", "rules", "solution", "source"].contains(&key.as_str())
                || COSMETIC_METADATA.contains(&key.as_str()) => {}
            None => {
                let message =
                    format!("unsupported SudokuPad metadata `{key}: {value}`; {SUPPORTED}");
                return Err(fail(Kind::UnknownRule, message));
            }
        }
    }
    Ok(rules)
}

/// The rules of the cages with cells: killer cages (with or without a total), extra regions,
/// disjoint groups.
pub(super) fn cages(
    object: &Map<String, Value>,
    n: usize,
    text: &RulesText,
    notes: &mut Vec<String>,
) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for cage in object.get("cages").and_then(Value::as_array).into_iter().flatten() {
        if meta_cage(cage).is_some() || cage.get("cells").is_none_or(super::is_empty) {
            continue;
        }
        let cells: Vec<Cell> = cage
            .get("cells")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|pair| {
                let at = |i: usize| pair.get(i).and_then(Value::as_u64).map(|v| v as usize);
                Some(Cell::new(at(0)?, at(1)?)).filter(|cell| cell.row() < n && cell.column() < n)
            })
            .collect();
        let place = cells_name(&cells);
        let value = match cage.get("value") {
            Some(Value::Number(number)) => Some(number.to_string()),
            Some(Value::String(text)) if !text.trim().is_empty() => Some(text.trim().to_string()),
            _ => None,
        };
        let field = |key: &str| cage.get(key).and_then(Value::as_str);
        let unique = cage.get("unique").and_then(Value::as_bool).unwrap_or(false);
        if field("type") == Some("disjoint") {
            rules.push(Rule::DisjointGroups);
        } else if field("style") == Some("extraregion")
            || (unique && cells.len() == n && value.is_none())
        {
            rules.push(Rule::ExtraRegion(cells));
        } else if let Some(value) = value {
            let also = match text.look_and_say("cage") {
                Some((sentence, also)) => {
                    rules.push(look_and_say_cage(cells.clone(), &value, &sentence, also, text)?);
                    notes.push(format!(
                        "the cage {place} with {value} read as a look-and-say clue{} (rules \
                         text: \"{sentence}\")",
                        if also { ", and as a cage with that total" } else { "" }
                    ));
                    also
                }
                None => true,
            };
            if !also {
                continue;
            }
            let Ok(sum) = value.parse::<usize>() else {
                let message = format!(
                    "the cage {place} shows `{value}`, not a total: satdoku cannot say what it means"
                );
                return Err(message);
            };
            let colour = Colour::from_json(cage.get("outlineC").or(cage.get("borderColor")));
            rules.push(totalled_cage(cells, sum, colour, text, notes)?);
        } else if cells.len() <= 1 {
            notes
                .push(format!("set aside the cage {place}: one cell without a total says nothing"));
        } else if text.says_cages_do_not_repeat() {
            notes.push(format!(
                "the cage {place} without a total read as a killer cage whose digits differ \
                 (rules text: \"{}\")",
                text.quote_cages()
            ));
            rules.push(Rule::Killer { cells, sum: None });
        } else {
            let message = format!(
                "the cage {place} has no total and the rules text does not say that its digits \
                 differ: satdoku cannot say what it means"
            );
            return Err(message);
        }
    }
    Ok(rules)
}

/// A cage showing `value`, read as a look-and-say clue by the rules text's `sentence`; when
/// the sentence does not say the cage is `also` a cage with that total and the text names
/// killer or rellik cages, which of them the cage is cannot be told.
fn look_and_say_cage(
    cells: Vec<Cell>,
    value: &str,
    sentence: &str,
    also: bool,
    text: &RulesText,
) -> Result<Rule, String> {
    let place = cells_name(&cells);
    if !also && (text.names("killer") || text.names("rellik")) {
        return Err(format!(
            "the cage {place} with {value} cannot be read: the rules text names both \
             look-and-say cages (\"{sentence}\") and killer or rellik cages, and does not say \
             which this one is"
        ));
    }
    let counts = read_clue(value).map_err(|why| {
        format!("the cage {place} cannot be read as a look-and-say clue (\"{sentence}\"): {why}")
    })?;
    Ok(Rule::LookAndSay { cells, counts })
}

/// The shapes and lines of a document, used to build [`Drawings`].
pub(super) fn lines_and_shapes(object: &Map<String, Value>) -> (Vec<Line>, Vec<Shape>) {
    let list = |key: &str| object.get(key).and_then(Value::as_array).into_iter().flatten();
    let lines = list("lines")
        .filter_map(|line| Line::from_json(line, false))
        .chain(list("arrows").filter_map(|line| Line::from_json(line, true)))
        .collect();
    let shapes = list("overlays")
        .filter_map(|shape| Shape::from_json(shape, false))
        .chain(list("underlays").filter_map(|shape| Shape::from_json(shape, true)))
        .collect();
    (lines, shapes)
}
