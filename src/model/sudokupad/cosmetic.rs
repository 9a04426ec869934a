//! The cosmetic drawings of an f-puzzles document (`line`, `circle`, `rectangle`, `text`, and
//! `cage` entries without a total) read as SudokuPad reads them: each is turned into the
//! SudokuPad drawing SudokuPad's own f-puzzles converter makes of it, and the drawings are
//! then read with the document's `ruleset` as the rules text, like any SudokuPad puzzle's. So
//! a "green line" the rules call German whispers is read as whispers, with a note, and a
//! drawing whose meaning is not certain refuses the document instead of being dropped.

use serde_json::{Map, Value, json};

use super::colour::Colour;
use super::drawings::{self, Drawings};
use super::read::cages;
use super::text::RulesText;

use crate::model::geometry::{Cell, Geometry};
use crate::model::parse::ParseOptions;
use crate::model::rule::Rule;

/// The rules and notes the cosmetic drawings of f-puzzles `object` carry (none when it has
/// none); `rules` are those its constraint keys hold.
///
/// # Errors
/// A drawing or sentence of the rules text whose meaning is not certain, as a message.
pub(crate) fn cosmetic_rules(
    object: &Map<String, Value>,
    geometry: Geometry,
    rules: &[Rule],
    options: &ParseOptions,
) -> Result<(Vec<Rule>, Vec<String>), String> {
    let mut notes = Vec::new();
    let document = sudokupad_drawings(object, rules, &mut notes);
    // Lines the constraint keys drew are read already, under their colours.
    let drawn_colours: Vec<&str> = object
        .values()
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(|entry| entry.get("outlineC").and_then(Value::as_str))
        .filter_map(Colour::parse)
        .map(Colour::name)
        .collect();
    let text = ruleset(object);
    // A rules text that names a rule satdoku does not read refuses the puzzle.
    text.check_rules_known(geometry.size(), geometry.digits())?;
    let (_, same_digits) = text.stated_digits(geometry.size());
    let mut found = Vec::new();
    if let Some(note) = same_digits {
        notes.push(note);
        found.push(Rule::SameDigits);
    }
    if document.values().all(super::is_empty) {
        found.extend(text.global_rules(rules, &mut notes)?);
        let all: Vec<Rule> = rules.iter().chain(&found).cloned().collect();
        let mut said = super::read::as_notes(notes);
        said.extend(undrawn_rule_warning(&text, &all, keyed_line_colours(rules, drawn_colours)));
        return Ok((found, said));
    }
    found.extend(cages(&document, geometry.size(), &text, &mut notes)?);
    let (drawn, line_colours) = drawings::interpret(
        Drawings::from_document(&document),
        geometry,
        &text,
        options,
        &mut notes,
    )?;
    found.extend(drawn);
    let all: Vec<Rule> = rules.iter().chain(&found).cloned().collect();
    found.extend(text.global_rules(&all, &mut notes)?);
    let all: Vec<Rule> = rules.iter().chain(&found).cloned().collect();
    let line_colours: Vec<&str> =
        line_colours.into_iter().chain(keyed_line_colours(rules, drawn_colours)).collect();
    text.check_named_rules_drawn(&all, &line_colours)?;
    Ok((found, super::read::as_notes(notes)))
}

/// The colour families of the lines the constraint keys (`rules`) drew, `drawn_colours` by
/// their outlines: line rules of the constraint keys are drawn in colours a rules text's words
/// cannot be matched to, so any colour it names may be theirs.
fn keyed_line_colours(rules: &[Rule], mut drawn_colours: Vec<&'static str>) -> Vec<&'static str> {
    if rules.iter().any(|rule| rule.cells().len() > 1 && is_line_rule(rule)) {
        drawn_colours.extend(Colour::FAMILY_NAMES);
    }
    drawn_colours
}

/// A document without cosmetic drawings is read as its constraint keys draw it; a rules text
/// naming a drawn rule none of them carries (orbit's "Cells with a grey circle must be odd",
/// with no odd cell in the document) is said as a warning, since the puzzle read is then not
/// the one the text describes.
fn undrawn_rule_warning(
    text: &RulesText,
    rules: &[Rule],
    line_colours: Vec<&str>,
) -> Option<String> {
    let unread = text.check_named_rules_drawn(rules, &line_colours).err()?;
    Some(format!("{unread}; the puzzle is read as the document draws it"))
}

/// `geometry` with the digits the `ruleset` of f-puzzles `object` states: `1..=M` from a
/// sentence asking for the same subset of them in every house (read as SudokuPad's rules
/// text is; [`cosmetic_rules`] adds the rule same-digits and its note), else unchanged.
pub(crate) fn stated_digits(object: &Map<String, Value>, geometry: Geometry) -> Geometry {
    let (digits, _) = ruleset(object).stated_digits(geometry.size());
    geometry.with_digits(digits).expect("stated_digits keeps M in N..=35")
}

/// The `ruleset` of f-puzzles `object`, as a rules text.
fn ruleset(object: &Map<String, Value>) -> RulesText {
    RulesText::new(object.get("ruleset").and_then(Value::as_str).unwrap_or(""))
}

/// The SudokuPad drawings of the cosmetic keys, as SudokuPad's converter draws them, less
/// those that only draw a rule of `rules` again (a line or cage on the same cells: f-puzzles
/// tools draw lines other tools cannot read that way) and texts that are symbols, not clues;
/// each set aside with a note.
fn sudokupad_drawings(
    object: &Map<String, Value>,
    rules: &[Rule],
    notes: &mut Vec<String>,
) -> Map<String, Value> {
    let list = |key: &'static str| list(object, key);
    // Even and odd marks are cells, not drawings a line or cage could repeat.
    let drawn: Vec<Vec<Cell>> = rules
        .iter()
        .filter(|rule| !matches!(rule, Rule::Even(_) | Rule::Odd(_)))
        .map(Rule::cells)
        .filter(|c| !c.is_empty())
        .collect();
    let mut mirrors = 0;
    // A line on a rule's cells, or a cage around some of them, draws that rule again.
    let mut mirrored = |cells: &Value, outline: bool| {
        let cells = cell_list(cells);
        let reversed: Vec<Cell> = cells.iter().rev().copied().collect();
        let same = drawn.iter().any(|d| {
            *d == cells || *d == reversed || outline && cells.iter().all(|c| d.contains(c))
        });
        mirrors += usize::from(same);
        same
    };
    let mut lines = Vec::new();
    for entry in list("line").filter(|entry| !from_constraint(entry)) {
        let colour = entry.get("outlineC").cloned().unwrap_or(Value::Null);
        let width = entry.get("width").and_then(Value::as_f64).unwrap_or(0.5);
        for line in entry.get("lines").and_then(Value::as_array).into_iter().flatten() {
            if !mirrored(line, false) {
                lines.push(
                    json!({"color": colour, "thickness": 32.0 * width, "wayPoints": centres(line)}),
                );
            }
        }
    }
    let cages: Vec<Value> = list("cage")
        .filter(|cage| cage.get("value").is_none_or(super::is_empty) && !from_constraint(cage))
        .filter(|cage| !mirrored(cage.get("cells").unwrap_or(&Value::Null), true))
        .map(|cage| json!({"cells": pairs(cage.get("cells"))}))
        .collect();
    if mirrors > 0 {
        notes.push(format!(
            "set aside {mirrors} f-puzzles drawings that draw a constraint read already"
        ));
    }
    let symbols: Vec<String> = list("text")
        .filter_map(|entry| entry.get("value").and_then(Value::as_str))
        .filter(|text| !is_clue(text))
        .map(str::to_string)
        .collect();
    if !symbols.is_empty() {
        notes.push(format!(
            "set aside {} f-puzzles texts that are symbols, not numbers or letters: {}",
            symbols.len(),
            symbols.join(" ")
        ));
    }
    let shape = |entry: &Value, rounded: bool| {
        let cells = entry.get("cells").cloned().unwrap_or(Value::Null);
        json!({
            "center": centre(&cells),
            "width": entry.get("width").cloned().unwrap_or(json!(0.25)),
            "height": entry.get("height").cloned().unwrap_or(json!(0.25)),
            "rounded": rounded,
            "backgroundColor": entry.get("baseC").cloned().unwrap_or(Value::Null),
            "borderColor": entry.get("outlineC").cloned().unwrap_or(Value::Null),
            "text": entry.get("value").cloned().unwrap_or(Value::Null),
        })
    };
    let overlays: Vec<Value> = list("circle")
        .filter(|entry| !from_constraint(entry))
        .map(|entry| shape(entry, true))
        .chain(
            list("rectangle")
                .filter(|entry| !from_constraint(entry))
                .map(|entry| shape(entry, false)),
        )
        .chain(
            list("text")
                .filter(|entry| entry.get("value").and_then(Value::as_str).is_none_or(is_clue))
                .map(|entry| {
                    let mut text = shape(entry, false);
                    text["backgroundColor"] = Value::Null;
                    text["borderColor"] = Value::Null;
                    text
                }),
        )
        .collect();
    let mut document = Map::new();
    document.insert("lines".into(), Value::Array(lines));
    document.insert("overlays".into(), Value::Array(overlays));
    document.insert("cages".into(), Value::Array(cages));
    document
}

/// Whether a rule is drawn as a line.
fn is_line_rule(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::Thermo { .. }
            | Rule::Whispers { .. }
            | Rule::Renban(_)
            | Rule::Palindrome(_)
            | Rule::RegionSum(_)
            | Rule::Between(_)
            | Rule::Entropic(_)
            | Rule::Modular(_)
            | Rule::Zipper(_)
    )
}

/// The entries of a list key.
fn list<'a>(object: &'a Map<String, Value>, key: &'static str) -> impl Iterator<Item = &'a Value> {
    object.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// Whether f-puzzles drew an entry for a constraint key (`fromConstraint`), read there.
fn from_constraint(entry: &Value) -> bool {
    entry.get("fromConstraint").is_some_and(|v| !super::is_empty(v))
}

/// Whether a text could be a clue: a number or letters.
fn is_clue(text: &str) -> bool {
    !text.trim().is_empty() && text.trim().chars().all(char::is_alphanumeric)
}

/// The cells of an f-puzzles cell-name list.
fn cell_list(cells: &Value) -> Vec<Cell> {
    let names = cells.as_array().into_iter().flatten();
    names.filter_map(|name| Cell::from_name(&name.as_str()?.to_ascii_lowercase())).collect()
}

/// `[row, column]` of an f-puzzles cell name `R1C2` (0-based).
fn pair(name: &Value) -> Option<(f64, f64)> {
    let cell = Cell::from_name(&name.as_str()?.to_ascii_lowercase())?;
    Some((cell.row() as f64, cell.column() as f64))
}

fn pairs(cells: Option<&Value>) -> Value {
    let cells = cells.and_then(Value::as_array).into_iter().flatten();
    Value::Array(cells.filter_map(pair).map(|(r, c)| json!([r as usize, c as usize])).collect())
}

/// The cells' centres, as way points.
fn centres(cells: &Value) -> Value {
    let cells = cells.as_array().into_iter().flatten();
    Value::Array(cells.filter_map(pair).map(|(r, c)| json!([r + 0.5, c + 0.5])).collect())
}

/// The centre of a group of cells.
fn centre(cells: &Value) -> Value {
    let points: Vec<(f64, f64)> = cells.as_array().into_iter().flatten().filter_map(pair).collect();
    if points.is_empty() {
        return Value::Null;
    }
    let count = points.len() as f64;
    let (r, c) = points.iter().fold((0.0, 0.0), |(r, c), p| (r + p.0, c + p.1));
    json!([r / count + 0.5, c / count + 0.5])
}
