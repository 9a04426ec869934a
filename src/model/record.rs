//! satdoku's own JSON record of a puzzle: what `--format json` prints for a puzzle, and what
//! the normalised variant datasets hold, read back as the same puzzle.
//!
//! Read: `givens` (N² symbols), `size`, `boxes` (or `box`) as `RxC`, `rules` (a
//! comma-separated string or a list of names) and `constraints` (a list of names), `even` and
//! `odd` (lists of cells `r1c1`), `regions` (N² region symbols, for irregular regions),
//! `digits` (`"1-M"`, when the digits are not 1..N),
//! `constraint_lines` (the rules with cells as text-format lines: `"cage: 15 r1c1 r1c2"`),
//! `solution` (N² digits, or `null`), `title`, `author` and `source`. Ignored: the fields that describe an answer or where a record came from, never
//! the puzzle ([`RESULT_KEYS`]). Any other key is refused, so nothing that could change the
//! puzzle is dropped.

use serde_json::{Map, Value};

use crate::model::digit::MAX_SIZE;
use crate::model::fpuzzles::{Reader, is_empty};
use crate::model::geometry::{Cell, Geometry, SIZES, parse_box_shape, parse_digits};
use crate::model::grid::Grid;
use crate::model::parse::{
    Inconsistency, ParseError, ParseErrorKind as Kind, ParseOptions, check_consistency,
};
use crate::model::puzzle::{METADATA_KEYS, Puzzle};
use crate::model::regions::Regions;
use crate::model::rule::Rule;

/// Fields of a result record that say nothing about the puzzle itself.
pub const RESULT_KEYS: &[&str] = &[
    "puzzle",
    "line",
    "id",
    "name",
    "provenance",
    "solution_count",
    "given_count",
    "removed",
    "sat_calls",
    "stats",
    "added",
    "seed",
    "index",
    "attempts",
    "solutions",
    "exact",
    "unique",
    "engine",
    "time_ms",
    "score",
    "grade",
    "scorer",
];

/// Reads one satdoku JSON record (see the module documentation).
///
/// # Errors
/// A [`ParseError`] at the field that is wrong: a key that is not read, givens or a solution
/// of the wrong length or symbols, an unknown rule, a cell off the grid, contradictory givens.
pub fn read(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let document: Value =
        serde_json::from_str(text).map_err(|e| crate::model::fpuzzles::syntax_error(text, &e))?;
    let reader = Reader::new(text);
    let Value::Object(object) = &document else {
        return reader.fail(Kind::Shape, "", "expected a JSON object".into());
    };
    let known = [
        "givens",
        "size",
        "boxes",
        "box",
        "rules",
        "constraints",
        "even",
        "odd",
        "regions",
        "digits",
        "constraint_lines",
    ];
    let unknown = object.iter().find(|(key, value)| {
        let key = key.as_str();
        !known.contains(&key)
            && key != "solution"
            && !METADATA_KEYS.contains(&key)
            && !RESULT_KEYS.contains(&key)
            && !is_empty(value)
    });
    if let Some((key, _)) = unknown {
        let message = format!(
            "unknown key `{key}` in a satdoku JSON record, expected givens, size, boxes, digits, \
             rules, even, odd, regions, constraint_lines, solution, title, author or source"
        );
        return reader.fail(Kind::UnknownKey, key, message);
    }
    let geometry = with_digits(&reader, object, geometry(&reader, object, options)?)?;
    let givens = grid(&reader, object, "givens", geometry)?;
    let mut rules = options.extra_rules().to_vec();
    rules.extend(rule_names(&reader, object)?);
    rules.extend(constraint_lines(&reader, object, geometry)?);
    let even = cells(&reader, object, "even", geometry)?;
    let odd = cells(&reader, object, "odd", geometry)?;
    if let Some(cell) = odd.iter().find(|cell| even.contains(cell)) {
        let message = format!("expected a cell to be even or odd, found {cell} marked both");
        return reader.fail(Kind::Contradiction, "odd", message);
    }
    rules.push(Rule::Even(even));
    rules.push(Rule::Odd(odd));
    let mut puzzle = reader.puzzle(givens, rules, "rules")?;
    if object.get("solution").is_some_and(|v| !v.is_null()) {
        puzzle = puzzle.with_solution(grid(&reader, object, "solution", geometry)?);
    }
    if let Err(Inconsistency { in_solution, message, .. }) = check_consistency(&puzzle) {
        let key = if in_solution { "solution" } else { "givens" };
        return reader.fail(Kind::Contradiction, key, message);
    }
    for key in METADATA_KEYS {
        if let Some(value) = object.get(key).and_then(Value::as_str).filter(|v| !v.is_empty()) {
            puzzle = puzzle.with_metadata(key, value);
        }
    }
    Ok(puzzle)
}

/// The geometry from `givens`' length, `size` and the box shape.
fn geometry(
    reader: &Reader,
    object: &Map<String, Value>,
    options: &ParseOptions,
) -> Result<Geometry, ParseError> {
    let Some(givens) = object.get("givens").and_then(Value::as_str) else {
        return reader.fail(Kind::Shape, "givens", "expected `givens` as a string".into());
    };
    let cells = givens.chars().count();
    let Some(size) = SIZES.clone().find(|n| n * n == cells) else {
        let message = format!("expected `givens` of N×N cells (16, 36, 81, ...), found {cells}");
        return reader.fail(Kind::Shape, "givens", message);
    };
    if let Some(stated) = object.get("size").filter(|v| !v.is_null())
        && stated.as_u64() != Some(size as u64)
    {
        let message = format!("expected `size` {size} for {cells} givens, found `{stated}`");
        return reader.fail(Kind::BadValue, "size", message);
    }
    let key = if object.contains_key("boxes") { "boxes" } else { "box" };
    let shape = match object.get(key).filter(|v| !v.is_null()) {
        None => options.box_shape(),
        Some(value) => Some(value.as_str().and_then(parse_box_shape).ok_or_else(|| {
            let message = format!("expected `{key}` as \"RxC\", such as \"2x3\", found `{value}`");
            reader.error(Kind::BadValue, key, message)
        })?),
    };
    if let Some(value) = object.get("regions").filter(|v| !v.is_null()) {
        let labels: Option<Vec<char>> = value.as_str().map(|text| text.chars().collect());
        let regions = labels
            .ok_or_else(|| "expected `regions` as a string".to_string())
            .and_then(|labels| Regions::new(size, &labels).map_err(|error| error.to_string()));
        return match regions {
            Ok(regions) => Ok(Geometry::with_regions(size, regions).expect("regions of the size")),
            Err(message) => reader.fail(Kind::Constraint, "regions", message),
        };
    }
    let geometry = match shape {
        Some((rows, columns)) => Geometry::new(size, rows, columns),
        None => Geometry::with_usual_boxes(size),
    };
    geometry.ok_or_else(|| {
        let message = format!("expected boxes whose rows × columns make {size}");
        reader.error(Kind::BadValue, key, message)
    })
}

/// `geometry` with the digits `1..=M` of a `digits` field `"1-M"`, if the record has one.
fn with_digits(
    reader: &Reader,
    object: &Map<String, Value>,
    geometry: Geometry,
) -> Result<Geometry, ParseError> {
    let Some(value) = object.get("digits").filter(|v| !v.is_null()) else {
        return Ok(geometry);
    };
    let largest = value.as_str().and_then(parse_digits);
    largest.and_then(|largest| geometry.with_digits(largest)).ok_or_else(|| {
        let n = geometry.size();
        let message = format!(
            "expected `digits` as \"1-M\" with M from {n} to {MAX_SIZE} for a {n}x{n} grid, \
             found `{value}`"
        );
        reader.error(Kind::BadValue, "digits", message)
    })
}

/// A grid written as a string of N² symbols under `key`.
fn grid(
    reader: &Reader,
    object: &Map<String, Value>,
    key: &str,
    geometry: Geometry,
) -> Result<Grid, ParseError> {
    let value = object.get(key);
    let grid = value.and_then(Value::as_str).and_then(|line| Grid::from_line(geometry, line));
    let grid = grid.filter(|grid| key != "solution" || grid.is_complete());
    grid.ok_or_else(|| {
        let n = geometry.size();
        let what = if key == "solution" { "digits" } else { "digits or `.`" };
        let found = value.map_or("nothing".to_string(), |v| format!("`{v}`"));
        let message =
            format!("expected `{key}` as {} {what} of a {n}x{n} grid, found {found}", n * n);
        reader.error(Kind::Digit, key, message)
    })
}

/// The rules named by `rules` (a string or a list) and `constraints` (a list).
fn rule_names(reader: &Reader, object: &Map<String, Value>) -> Result<Vec<Rule>, ParseError> {
    let mut rules = Vec::new();
    for key in ["rules", "constraints"] {
        let names: Vec<&str> = match object.get(key) {
            None | Some(Value::Null) => continue,
            Some(Value::String(list)) => vec![list.as_str()],
            Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
                items.iter().filter_map(Value::as_str).collect()
            }
            Some(other) => {
                let message = format!("expected `{key}` as a list of rule names, found `{other}`");
                return reader.fail(Kind::BadValue, key, message);
            }
        };
        for name in names {
            rules.extend(Rule::from_list(name).map_err(|(_, unknown)| {
                let message =
                    format!("{} (in `{key}`)", crate::model::rule::unknown_rule_message(&unknown));
                reader.error(Kind::UnknownRule, key, message)
            })?);
        }
    }
    Ok(rules)
}

/// The rules of the `constraint_lines` list, each a text-format constraint line.
fn constraint_lines(
    reader: &Reader,
    object: &Map<String, Value>,
    geometry: Geometry,
) -> Result<Vec<Rule>, ParseError> {
    let Some(items) = object.get("constraint_lines").filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let Some(items) = items.as_array() else {
        let message = format!("expected `constraint_lines` as a list of lines, found `{items}`");
        return reader.fail(Kind::BadValue, "constraint_lines", message);
    };
    let mut rules = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let path = format!("constraint_lines/{i}");
        let Some(line) = item.as_str() else {
            let message =
                format!("expected a constraint line such as \"cage: 3 r1c1 r1c2\", found `{item}`");
            return reader.fail(Kind::BadValue, &path, message);
        };
        match crate::model::parse::read_constraint_line(line, geometry) {
            Ok(read) => rules.extend(read),
            Err(error) => {
                let message =
                    format!("{} (at column {} of `{line}`)", error.message(), error.column());
                return reader.fail(error.kind(), &path, message);
            }
        }
    }
    Ok(rules)
}

/// The cells listed under `key` (`["r1c1", ...]`).
fn cells(
    reader: &Reader,
    object: &Map<String, Value>,
    key: &str,
    geometry: Geometry,
) -> Result<Vec<Cell>, ParseError> {
    let Some(items) = object.get(key).filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let n = geometry.size();
    let list = items.as_array().map(|items| items.iter().map(|item| (item, item.as_str())));
    let Some(list) = list else {
        let message =
            format!("expected `{key}` as a list of cells such as \"r1c1\", found `{items}`");
        return reader.fail(Kind::BadValue, key, message);
    };
    let mut cells = Vec::new();
    for (i, (item, name)) in list.enumerate() {
        match name.and_then(Cell::from_name).filter(|&cell| geometry.contains(cell)) {
            Some(cell) => cells.push(cell),
            None => {
                let message =
                    format!("expected a cell r1c1 to r{n}c{n} in `{key}`, found `{item}`");
                return reader.fail(Kind::BadValue, &format!("{key}/{i}"), message);
            }
        }
    }
    Ok(cells)
}
