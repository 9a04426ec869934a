//! Given pencil marks in SudokuPad cells. A cell's given centre marks (`centremarks`) are the
//! digits the setter leaves it, read as its [`Rule::Candidates`] with a note. Given corner
//! marks (`pencilMarks`) are refused: by the solvers' convention (Snyder notation) a corner
//! mark says a digit lies among the cells of a box that carry it, not which digits one cell
//! holds, and a wrong reading would change the answer.

use serde_json::{Map, Value};

use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;

/// The cell key of given centre marks.
pub(super) const CENTRE_MARKS: &str = "centremarks";

/// The cell key of given corner marks.
pub(super) const CORNER_MARKS: &str = "pencilMarks";

/// How many cells a note names; the rest are counted.
const NAMED: usize = 5;

/// The candidates of the cells of `rows` (SudokuPad's `cells`) with given centre marks of the
/// digits `1..=digits`, and a note naming them.
///
/// # Errors
/// The first cell with given corner marks, or with a centre mark that is not one of the digits.
pub(super) fn candidates(
    rows: &[Value],
    digits: usize,
    notes: &mut Vec<String>,
) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, fields) in row.as_array().into_iter().flatten().enumerate() {
            let cell = Cell::new(r, c);
            let Some(fields) = fields.as_object() else { continue };
            if let Some(marks) = marks(fields, CORNER_MARKS) {
                return Err(corner_refusal(cell, marks));
            }
            if let Some(marks) = marks(fields, CENTRE_MARKS) {
                let set = digit_set(marks, digits).ok_or_else(|| {
                    format!(
                        "expected given centre marks of digits 1 to {digits} in {cell}, found \
                         `{marks}`"
                    )
                })?;
                rules.push(Rule::Candidates { cell, digits: set });
            }
        }
    }
    if !rules.is_empty() {
        notes.push(note(&rules));
    }
    Ok(rules)
}

/// The marks under `key` in a cell's fields, unless there are none.
fn marks<'a>(fields: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    fields.get(key).filter(|value| !super::is_empty(value))
}

/// The digits of a list of marks, numbers or strings of figures (as SudokuPad keeps them),
/// each from 1 to `digits`.
fn digit_set(marks: &Value, digits: usize) -> Option<DigitSet> {
    marks
        .as_array()?
        .iter()
        .map(|mark| {
            let value = match mark {
                Value::Number(number) => usize::try_from(number.as_u64()?).ok()?,
                Value::String(text) => text.trim().parse().ok()?,
                _ => return None,
            };
            Digit::new(value).filter(|digit| digit.value() <= digits)
        })
        .collect()
}

/// Why given corner marks in `cell` are refused, and what to write instead.
fn corner_refusal(cell: Cell, marks: &Value) -> String {
    format!(
        "unsupported in a SudokuPad puzzle: given corner marks {marks} in {cell} (a corner mark \
         says a digit lies among the cells of a box that carry it, not which digits {cell} \
         holds); give the cell's digits as centre marks, or as a `candidates:` line of the text \
         format"
    )
}

/// The note naming the cells whose centre marks were read as candidates.
fn note(rules: &[Rule]) -> String {
    let named = rules.iter().take(NAMED).filter_map(|rule| match rule {
        Rule::Candidates { cell, digits } => {
            let listed: String = digits.iter().map(|d| format!("{d}")).collect();
            Some(format!("{cell} {listed}"))
        }
        _ => None,
    });
    let mut listed = named.collect::<Vec<_>>().join(", ");
    if rules.len() > NAMED {
        listed += &format!(" and {} more", rules.len() - NAMED);
    }
    format!(
        "the given centre marks read as candidates, the only digits their cells may hold: \
         {listed}"
    )
}
