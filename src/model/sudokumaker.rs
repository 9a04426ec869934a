//! Reading Sudoku Maker (SXSM) JSON documents: givens, global rules and the recorded solution.
//!
//! Read: `cells` (N rows of N objects; a `value` is a given), `regions` (only when they are
//! the usual boxes), `cages` (only when empty), and in `metadata`: `title`, `author`,
//! `source`, `solution` (N² digits) and the global booleans `antiknight`, `antiking`,
//! `diagonal+`, `diagonal-` and `nonconsecutive`. `id` is ignored. Anything else, irregular
//! regions and cages included, is refused by name: a dropped constraint gives a wrong answer.

use itertools::Itertools;
use serde_json::{Map, Value};

use crate::model::digit::Digit;
use crate::model::fpuzzles::{Reader, is_empty, syntax_error};
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;
use crate::model::parse::{
    Inconsistency, ParseError, ParseErrorKind as Kind, ParseOptions, check_consistency,
};
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

/// The global booleans of `metadata` read as rules.
const RULE_KEYS: [&str; 5] = ["antiknight", "antiking", "diagonal+", "diagonal-", "nonconsecutive"];

/// Reads one Sudoku Maker document (see the module documentation).
///
/// # Errors
/// A [`ParseError`] at what is refused or malformed.
pub fn read(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let document: Value = serde_json::from_str(text).map_err(|e| syntax_error(text, &e))?;
    let reader = Reader::new(text);
    let Some(object) = document.as_object() else {
        return reader.fail(Kind::Shape, "", "expected a Sudoku Maker JSON object".into());
    };
    if let Some((key, _)) = object.iter().find(|(key, value)| {
        !["id", "metadata", "cells", "regions", "cages"].contains(&key.as_str()) && !is_empty(value)
    }) {
        return reader.fail(Kind::UnknownRule, key, refused(&format!("`{key}`")));
    }
    if object.get("cages").is_some_and(|cages| !is_empty(cages)) {
        return reader.fail(Kind::UnknownRule, "cages", refused("cages"));
    }
    let givens = givens(&reader, object)?;
    let geometry = givens.geometry();
    check_regions(&reader, object, geometry)?;
    let empty = Map::new();
    let metadata = object.get("metadata").and_then(Value::as_object).unwrap_or(&empty);
    let mut rules = options.extra_rules().to_vec();
    for (key, value) in metadata {
        match (key.as_str(), value) {
            ("title" | "author" | "source" | "solution", _) => {}
            (rule, Value::Bool(true)) if RULE_KEYS.contains(&rule) => {
                rules.extend(Rule::from_name(rule).expect("rule keys are rule names"));
            }
            (_, value) if is_empty(value) => {}
            (key, _) => {
                return reader.fail(
                    Kind::UnknownRule,
                    &format!("metadata/{key}"),
                    refused(&format!("`{key}`")),
                );
            }
        }
    }
    let mut puzzle = reader.puzzle(givens, rules, "metadata")?;
    if let Some(solution) = metadata.get("solution").and_then(Value::as_str) {
        let grid = Grid::from_line(geometry, solution).filter(Grid::is_complete);
        let Some(grid) = grid else {
            let message = format!("expected `solution` as {} digits", geometry.cell_count());
            return reader.fail(Kind::Digit, "metadata/solution", message);
        };
        puzzle = puzzle.with_solution(grid);
    }
    if let Err(Inconsistency { cell, in_solution, message }) = check_consistency(&puzzle) {
        let path = if in_solution {
            "metadata/solution".to_string()
        } else {
            format!("cells/{}/{}", cell.row(), cell.column())
        };
        return reader.fail(Kind::Contradiction, &path, message);
    }
    for key in ["title", "author", "source"] {
        if let Some(value) =
            metadata.get(key).and_then(Value::as_str).filter(|v| !v.trim().is_empty())
        {
            puzzle = puzzle.with_metadata(key, value);
        }
    }
    Ok(puzzle)
}

/// The message refusing what satdoku cannot read in a Sudoku Maker document.
fn refused(what: &str) -> String {
    format!(
        "unsupported in a Sudoku Maker document: {what}; satdoku reads its givens, usual boxes, \
         solution, and the anti-knight, anti-king, diagonal and non-consecutive rules"
    )
}

/// The givens of `cells`: N rows of N objects, a `value` being a given.
fn givens(reader: &Reader, object: &Map<String, Value>) -> Result<Grid, ParseError> {
    let rows = object.get("cells").and_then(Value::as_array);
    let n = rows.map_or(0, Vec::len);
    let geometry = Geometry::with_usual_boxes(n);
    let (Some(rows), Some(geometry)) = (rows, geometry) else {
        let message = format!(
            "expected `cells` as N rows of N cells, N from 4 to 16 with usual boxes, found {n} rows"
        );
        return reader.fail(Kind::Shape, "cells", message);
    };
    let mut grid = Grid::empty(geometry);
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().filter(|cells| cells.len() == n);
        let Some(cells) = cells else {
            let message = format!("expected {n} cells in row {} of `cells`", r + 1);
            return reader.fail(Kind::Shape, &format!("cells/{r}"), message);
        };
        for (c, cell) in cells.iter().enumerate() {
            let path = format!("cells/{r}/{c}");
            let fields = cell.as_object();
            if let Some((key, _)) =
                fields.and_then(|f| f.iter().find(|(k, v)| *k != "value" && !is_empty(v)))
            {
                return reader.fail(
                    Kind::UnknownRule,
                    &format!("{path}/{key}"),
                    refused(&format!("cell key `{key}`")),
                );
            }
            let Some(value) = fields.and_then(|f| f.get("value")).filter(|v| !v.is_null()) else {
                continue;
            };
            let digit = value
                .as_u64()
                .and_then(|v| Digit::new(usize::try_from(v).ok()?))
                .filter(|d| d.value() <= n);
            let Some(digit) = digit else {
                let message = format!(
                    "expected a digit from 1 to {n} in r{}c{}, found `{value}`",
                    r + 1,
                    c + 1
                );
                return reader.fail(Kind::Digit, &format!("{path}/value"), message);
            };
            grid.set(Cell::new(r, c), Some(digit));
        }
    }
    Ok(grid)
}

/// Refuses `regions` unless they are the usual boxes (irregular regions are not supported).
fn check_regions(
    reader: &Reader,
    object: &Map<String, Value>,
    geometry: Geometry,
) -> Result<(), ParseError> {
    let Some(regions) = object.get("regions").filter(|v| !is_empty(v)) else {
        return Ok(());
    };
    let read = regions.as_array().map(|regions| {
        regions
            .iter()
            .map(|region| {
                let cells = region.as_array().into_iter().flatten().map(|pair| {
                    let at = |i: usize| pair.get(i).and_then(Value::as_u64).map(|v| v as usize);
                    Some(Cell::new(at(0)?, at(1)?))
                });
                cells
                    .collect::<Option<Vec<Cell>>>()
                    .map(|cells| cells.into_iter().sorted().collect_vec())
            })
            .collect::<Option<Vec<_>>>()
    });
    let usual: Vec<Vec<Cell>> = geometry
        .houses()
        .into_iter()
        .filter(|house| house.kind == crate::model::geometry::HouseKind::Box)
        .map(|house| house.cells.into_iter().sorted().collect())
        .sorted()
        .collect();
    match read.flatten().map(|regions| regions.into_iter().sorted().collect_vec()) {
        Some(regions) if regions == usual => Ok(()),
        _ => Err(reader.error(Kind::UnknownRule, "regions", refused("irregular regions"))),
    }
}
