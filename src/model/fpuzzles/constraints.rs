//! The f-puzzles constraint keys with cells, read as rules: cages, lines, dots, clues around
//! the grid and their `negative` lists. Each entry's cells are checked ([`check_shape`]) and a
//! fault is reported at the entry.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::write::names;
use super::{Reader, is_empty};
use crate::model::geometry::{Cell, Geometry};
use crate::model::parse::ParseError;
use crate::model::parse::ParseErrorKind as Kind;
use crate::model::rule::{Dot, Rule};
use crate::model::shape::check_shape;

/// The keys read here, whose entries hold `lines` (each line one rule).
pub(super) const LINE_KEYS: [&str; 11] = [
    "thermometer",
    "slowthermometer",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "regionsumline",
    "entropicline",
    "zipperline",
    "modularline",
    "doublearrow",
];

/// The other top-level keys read here.
pub(super) const OTHER_KEYS: [&str; 18] = [
    "killercage",
    "arrow",
    "difference",
    "ratio",
    "xv",
    "negative",
    "littlekillersum",
    "minimum",
    "maximum",
    "quadruple",
    "clone",
    "extraregion",
    "disjointgroups",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "columnindexer",
    "rowindexer",
];

impl Reader<'_> {
    /// The rules of every constraint key of `object` on a grid of `geometry`.
    pub(super) fn constraints(
        &self,
        object: &Map<String, Value>,
        geometry: Geometry,
    ) -> Result<Vec<Rule>, ParseError> {
        let mut rules = Vec::new();
        for key in LINE_KEYS.into_iter().chain(OTHER_KEYS) {
            let Some(value) = object.get(key).filter(|v| !is_empty(v)) else { continue };
            match (key, value) {
                ("negative", _) => rules.extend(self.negative(value)?),
                ("disjointgroups", Value::Bool(true)) => rules.push(Rule::DisjointGroups),
                (_, Value::Array(entries)) => {
                    for (i, entry) in entries.iter().enumerate() {
                        let path = format!("{key}/{i}");
                        for rule in self.entry(key, entry, geometry, &path)? {
                            if let Err(error) = check_shape(&rule, geometry) {
                                return self.fail(
                                    Kind::Constraint,
                                    &path,
                                    format!("{key}: {error}"),
                                );
                            }
                            rules.push(rule);
                        }
                    }
                }
                _ => {
                    let message = format!("expected a list of entries in `{key}`, found `{value}`");
                    return self.fail(Kind::BadValue, key, message);
                }
            }
        }
        let negatives = negatives(&rules);
        rules.retain(|rule| !matches!(rule, Rule::Negative(_)));
        rules.extend(negatives.into_iter().map(Rule::Negative));
        Ok(rules)
    }

    /// The rules of one entry of `key` (several for an arrow or a line key with several lines).
    fn entry(
        &self,
        key: &str,
        entry: &Value,
        geometry: Geometry,
        path: &str,
    ) -> Result<Vec<Rule>, ParseError> {
        let n = geometry.size();
        let cells = |field: &str| self.cells(entry.get(field), &format!("{path}/{field}"));
        if LINE_KEYS.contains(&key) {
            let gap = self.number(entry, path)?.unwrap_or(n.div_ceil(2));
            return self
                .lines(entry, path)?
                .into_iter()
                .map(|line| Ok(line_rule(key, line, gap)))
                .collect();
        }
        let rule = match key {
            "killercage" => Rule::Killer { cells: cells("cells")?, sum: self.number(entry, path)? },
            "arrow" => {
                let pill = cells("cells")?;
                let lines = self.lines(entry, path)?;
                let rules = lines.into_iter().map(|line| {
                    let line = line.into_iter().filter(|c| !pill.contains(c)).collect();
                    Rule::Arrow { pill: pill.clone(), line }
                });
                return Ok(rules.collect());
            }
            "difference" | "ratio" | "xv" => {
                let dot = self.dot(key, entry, path)?;
                let found = cells("cells")?;
                let [a, b] = found[..] else {
                    return self.fail(
                        Kind::Constraint,
                        path,
                        format!("expected two cells in `{key}`, found {}", found.len()),
                    );
                };
                Rule::Dot { cells: [a, b], dot }
            }
            "littlekillersum" => match self.number(entry, path)? {
                Some(sum) => {
                    let cells = cells("cells")?;
                    self.check_diagonal(entry, &cells, n, path)?;
                    Rule::LittleKiller { cells, sum }
                }
                None => return Ok(Vec::new()),
            },
            "minimum" | "maximum" => {
                let cell = self.cells(
                    Some(&Value::Array(vec![entry.get("cell").cloned().unwrap_or(Value::Null)])),
                    &format!("{path}/cell"),
                )?;
                Rule::Extremum { cell: cell[0], maximum: key == "maximum" }
            }
            "quadruple" => {
                let digits = entry.get("values").and_then(Value::as_array).map(|values| {
                    values
                        .iter()
                        .map(|v| v.as_u64().map(|d| d as usize))
                        .collect::<Option<Vec<_>>>()
                });
                let Some(Some(digits)) = digits else {
                    return self.fail(
                        Kind::BadValue,
                        &format!("{path}/values"),
                        "expected a list of digits in `values`".into(),
                    );
                };
                Rule::Quadruple { cells: cells("cells")?, digits }
            }
            "clone" => Rule::Clone { cells: cells("cells")?, copy: cells("cloneCells")? },
            "sandwichsum" | "xsum" | "skyscraper" => {
                let Some(number) = self.number(entry, path)? else { return Ok(Vec::new()) };
                let cells = self.outside(entry, n, path)?;
                match key {
                    "sandwichsum" => Rule::Sandwich { cells, sum: number },
                    "xsum" => Rule::XSum { cells, sum: number },
                    _ => Rule::Skyscraper { cells, count: number },
                }
            }
            "columnindexer" | "rowindexer" => {
                Rule::Indexer { cells: cells("cells")?, columns: key == "columnindexer" }
            }
            _ => Rule::ExtraRegion(cells("cells")?),
        };
        Ok(vec![rule])
    }

    /// The cells of a list of `"R1C1"` names.
    fn cells(&self, value: Option<&Value>, path: &str) -> Result<Vec<Cell>, ParseError> {
        let Some(Value::Array(names)) = value else {
            return self.fail(
                Kind::BadValue,
                path,
                "expected a list of cells such as \"R1C1\"".into(),
            );
        };
        names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                name.as_str().and_then(Cell::from_name).ok_or_else(|| {
                    self.error(
                        Kind::BadValue,
                        &format!("{path}/{i}"),
                        format!("expected a cell such as \"R1C1\", found `{name}`"),
                    )
                })
            })
            .collect()
    }

    /// The row or column an outside clue's `cell` (`"R0C3"`, just off the grid) looks along.
    fn outside(&self, entry: &Value, n: usize, path: &str) -> Result<Vec<Cell>, ParseError> {
        let name = entry.get("cell").and_then(Value::as_str).unwrap_or_default();
        let line = crate::model::parse::outside_position(name)
            .and_then(|(row, column)| crate::model::parse::outside_line(row, column, n));
        line.ok_or_else(|| {
            let message = format!(
                "expected a clue cell just outside the grid such as \"R0C1\", found `{name}`"
            );
            self.error(Kind::BadValue, &format!("{path}/cell"), message)
        })
    }

    /// Checks that a little killer's `cells` are the diagonal its clue looks along: from its
    /// `cell` (just outside the grid) one step at a time in its `direction` (`DR`, `DL`, `UR`,
    /// `UL`; the step to the first cell when absent) to the grid's edge. An entry without
    /// `cell` is taken as its `cells` say.
    fn check_diagonal(
        &self,
        entry: &Value,
        cells: &[Cell],
        n: usize,
        path: &str,
    ) -> Result<(), ParseError> {
        let Some(name) = entry.get("cell").and_then(Value::as_str) else { return Ok(()) };
        let clue = crate::model::parse::outside_position(name)
            .map(|(row, column)| (row as isize, column as isize))
            .filter(|&(row, column)| {
                let outside = |i: isize| i == 0 || i == n as isize + 1;
                outside(row) || outside(column)
            });
        let Some((row, column)) = clue else {
            let message = format!(
                "expected the little killer clue's cell just outside the grid such as \"R0C1\", \
                 found `{name}`"
            );
            return self.fail(Kind::BadValue, &format!("{path}/cell"), message);
        };
        let direction = entry.get("direction").and_then(Value::as_str);
        let step = match (direction, cells.first()) {
            (Some("DR"), _) => (1, 1),
            (Some("DL"), _) => (1, -1),
            (Some("UR"), _) => (-1, 1),
            (Some("UL"), _) => (-1, -1),
            (Some(other), _) => {
                let message = format!(
                    "expected the direction of the little killer clue at {name} to be DR, DL, \
                     UR or UL, found `{other}`"
                );
                return self.fail(Kind::BadValue, &format!("{path}/direction"), message);
            }
            (None, Some(first)) => {
                (first.row() as isize + 1 - row, first.column() as isize + 1 - column)
            }
            (None, None) => (1, 1),
        };
        let inside = |i: isize| (1..=n as isize).contains(&i);
        let diagonal: Vec<Cell> = (1..)
            .map(|k| (row + k * step.0, column + k * step.1))
            .take_while(|&(r, c)| step.0.abs() == 1 && step.1.abs() == 1 && inside(r) && inside(c))
            .map(|(r, c)| Cell::new(r as usize - 1, c as usize - 1))
            .collect();
        if diagonal == cells {
            return Ok(());
        }
        let message = format!(
            "expected the cells of the little killer clue at {name} ({}) to be its diagonal \
             [{}], found [{}]",
            direction.unwrap_or("no direction"),
            names(&diagonal).join(", "),
            names(cells).join(", ")
        );
        self.fail(Kind::Constraint, &format!("{path}/cells"), message)
    }

    /// The lines of an entry's `lines` list.
    fn lines(&self, entry: &Value, path: &str) -> Result<Vec<Vec<Cell>>, ParseError> {
        let path = format!("{path}/lines");
        let Some(Value::Array(lines)) = entry.get("lines") else {
            return self.fail(Kind::BadValue, &path, "expected a list of lines in `lines`".into());
        };
        lines
            .iter()
            .enumerate()
            .map(|(i, line)| self.cells(Some(line), &format!("{path}/{i}")))
            .collect()
    }

    /// An entry's `value` as a number (f-puzzles writes it as a string); `None` when absent
    /// or empty.
    fn number(&self, entry: &Value, path: &str) -> Result<Option<usize>, ParseError> {
        let value = match entry.get("value") {
            None => return Ok(None),
            Some(value) if is_empty(value) => return Ok(None),
            Some(value) => value,
        };
        let number = match value {
            Value::String(text) => text.trim().parse().ok(),
            Value::Number(number) => number.as_u64().map(|n| n as usize),
            _ => None,
        };
        number.map(Some).ok_or_else(|| {
            self.error(
                Kind::BadValue,
                &format!("{path}/value"),
                format!("expected a number as `value`, found `{value}`"),
            )
        })
    }

    /// The dot of a `difference`, `ratio` or `xv` entry: a difference (1 when absent), a ratio
    /// (2 when absent), or `X` or `V`.
    fn dot(&self, key: &str, entry: &Value, path: &str) -> Result<Dot, ParseError> {
        let value = entry.get("value").filter(|v| !is_empty(v));
        let text = value.map(|v| v.as_str().map_or(v.to_string(), str::to_string));
        let number = text.as_deref().and_then(|t| t.trim().parse::<usize>().ok());
        match (key, text.as_deref(), number) {
            ("difference", None, _) => Ok(Dot::WHITE),
            ("ratio", None, _) => Ok(Dot::BLACK),
            ("difference", _, Some(k)) => Ok(Dot::Difference(k)),
            ("ratio", _, Some(k)) => Ok(Dot::Ratio(k)),
            ("xv", Some("X" | "x"), _) => Ok(Dot::X),
            ("xv", Some("V" | "v"), _) => Ok(Dot::V),
            (_, found, _) => {
                let expected = match key {
                    "difference" => "a difference",
                    "ratio" => "a ratio",
                    _ => "`X` or `V`",
                };
                let message =
                    format!("expected {expected} in `{key}`, found `{}`", found.unwrap_or(""));
                self.fail(Kind::BadValue, &format!("{path}/value"), message)
            }
        }
    }

    /// The negative rules of the `negative` list (`"ratio"`, `"difference"`, `"xv"`).
    fn negative(&self, value: &Value) -> Result<Vec<Rule>, ParseError> {
        let Value::Array(names) = value else {
            return self.fail(
                Kind::BadValue,
                "negative",
                format!("expected a list of names in `negative`, found `{value}`"),
            );
        };
        let mut rules = Vec::new();
        for (i, name) in names.iter().enumerate() {
            match name.as_str() {
                Some("ratio") => rules.push(Rule::Negative(Dot::BLACK)),
                Some("difference") => rules.push(Rule::Negative(Dot::WHITE)),
                Some("xv") => rules.extend([Rule::Negative(Dot::X), Rule::Negative(Dot::V)]),
                _ => {
                    let message = format!(
                        "expected `ratio`, `difference` or `xv` in `negative`, found `{name}`"
                    );
                    return self.fail(Kind::UnknownRule, &format!("negative/{i}"), message);
                }
            }
        }
        Ok(rules)
    }
}

/// The negative dots of `rules` as f-puzzles means them: a negative kind (a difference, a
/// ratio, a sum) covers its classic dots (1; 2; X and V) and every number its dots on the
/// grid use, as sigh's Interactive Sudoku Solver reads them.
pub(super) fn negatives(rules: &[Rule]) -> BTreeSet<Dot> {
    let kind = std::mem::discriminant::<Dot>;
    let negative: Vec<Dot> = rules
        .iter()
        .filter_map(|r| if let Rule::Negative(d) = r { Some(*d) } else { None })
        .collect();
    let dots =
        rules.iter().filter_map(|r| if let Rule::Dot { dot, .. } = r { Some(*dot) } else { None });
    let classic = Dot::ALL.into_iter();
    classic.chain(dots).filter(|dot| negative.iter().any(|n| kind(n) == kind(dot))).collect()
}

/// The rule one line of a line key states; `gap` is the whisper gap.
fn line_rule(key: &str, line: Vec<Cell>, gap: usize) -> Rule {
    match key {
        "thermometer" => Rule::Thermo { cells: line, slow: false },
        "slowthermometer" => Rule::Thermo { cells: line, slow: true },
        "whispers" => Rule::Whispers { line, gap },
        "renban" => Rule::Renban(line),
        "palindrome" => Rule::Palindrome(line),
        "betweenline" => Rule::Between(line),
        "regionsumline" => Rule::RegionSum(line),
        "entropicline" => Rule::Entropic(line),
        "modularline" => Rule::Modular(line),
        "doublearrow" => Rule::DoubleArrow(line),
        _ => Rule::Zipper(line),
    }
}
