//! The rules a puzzle adds to the classic ones: one enum variant per variant rule.

use std::fmt;

use super::geometry::Cell;

/// A rule on top of the classic ones (every row, column and box holds each digit once).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// The main diagonal r1c1..rNcN holds each digit once (f-puzzles `diagonal-`).
    MainDiagonal,
    /// The anti-diagonal rNc1..r1cN, bottom-left to top-right, holds each digit once
    /// (f-puzzles `diagonal+`).
    AntiDiagonal,
    /// Cells a king's move apart (diagonal neighbours) never hold the same digit.
    AntiKing,
    /// Cells a knight's move apart never hold the same digit.
    AntiKnight,
    /// Orthogonal neighbours never hold consecutive digits.
    NonConsecutive,
    /// These cells hold even digits.
    Even(Vec<Cell>),
    /// These cells hold odd digits.
    Odd(Vec<Cell>),
}

/// The names `rules:` and `--rules` accept, with what each means; `miracle` and `diagonal`
/// are presets of several rules, `classic` of none.
pub const RULE_NAMES: &[(&str, &str)] = &[
    ("classic", "rows, columns and boxes only (always on)"),
    ("diagonal", "both main diagonals hold each digit once (diagonal+ and diagonal-)"),
    ("diagonal+", "the anti-diagonal, bottom-left to top-right, holds each digit once"),
    ("diagonal-", "the main diagonal, top-left to bottom-right, holds each digit once"),
    ("anti-king", "cells a king's move apart never hold the same digit"),
    ("anti-knight", "cells a knight's move apart never hold the same digit"),
    ("non-consecutive", "orthogonal neighbours never hold consecutive digits"),
    ("miracle", "anti-king + anti-knight + non-consecutive"),
];

/// "expected one of classic, diagonal, ...": the end of every unknown-rule message.
pub fn expected_rule_names() -> String {
    let names: Vec<_> = RULE_NAMES.iter().map(|(name, _)| *name).collect();
    format!("expected one of {}", names.join(", "))
}

/// Why `name` is not a rule name: `even` and `odd` mark cells (they need the cells), any
/// other name is unknown.
pub fn unknown_rule_message(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        mark @ ("even" | "odd") => format!(
            "`{mark}` marks cells, it is not a rule of the whole grid: mark the cells in an \
             `{mark}:` section, or in a parity string after the givens (`e` even, `o` odd, \
             `.` unmarked, one per cell)"
        ),
        _ => format!("unknown rule `{name}`, {}", expected_rule_names()),
    }
}

impl Rule {
    /// The rules a name stands for (see [`RULE_NAMES`]); f-puzzles spellings without the
    /// hyphen (`antiking`, `antiknight`, `nonconsecutive`) and `x` for `diagonal` are accepted.
    /// `None` for an unknown name. Even and odd marks are sections of a puzzle, not names.
    pub fn from_name(name: &str) -> Option<Vec<Rule>> {
        let rules = match name.to_ascii_lowercase().as_str() {
            "classic" => vec![],
            "diagonal" | "x" | "sudoku-x" => vec![Rule::MainDiagonal, Rule::AntiDiagonal],
            "diagonal-" => vec![Rule::MainDiagonal],
            "diagonal+" => vec![Rule::AntiDiagonal],
            "anti-king" | "antiking" => vec![Rule::AntiKing],
            "anti-knight" | "antiknight" => vec![Rule::AntiKnight],
            "non-consecutive" | "nonconsecutive" => vec![Rule::NonConsecutive],
            "miracle" => vec![Rule::AntiKing, Rule::AntiKnight, Rule::NonConsecutive],
            _ => return None,
        };
        Some(rules)
    }

    /// Reads a list of rule names separated by commas or spaces. On an unknown name, gives
    /// back its byte offset in `list` and the name.
    pub fn from_list(list: &str) -> Result<Vec<Rule>, (usize, String)> {
        let mut rules = Vec::new();
        for (offset, name) in words(list) {
            let named = Rule::from_name(name).ok_or_else(|| (offset, name.to_string()))?;
            rules.extend(named);
        }
        Ok(rules)
    }

    /// The rule's name in [`RULE_NAMES`] (`even` and `odd` for marks).
    pub fn name(&self) -> &'static str {
        match self {
            Rule::MainDiagonal => "diagonal-",
            Rule::AntiDiagonal => "diagonal+",
            Rule::AntiKing => "anti-king",
            Rule::AntiKnight => "anti-knight",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Even(_) => "even",
            Rule::Odd(_) => "odd",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The words of `text` split at commas and white space, with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split([',', ' ', '\t'])
        .scan(0, |offset, word| {
            let start = *offset;
            *offset += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_expand() {
        let rules = Rule::from_list("miracle, diagonal+").unwrap();
        let names: Vec<_> = rules.iter().map(Rule::name).collect();
        assert_eq!(names, ["anti-king", "anti-knight", "non-consecutive", "diagonal+"]);
        assert_eq!(Rule::from_list("classic").unwrap(), vec![]);
    }

    #[test]
    fn unknown_names_point_at_themselves() {
        assert_eq!(Rule::from_list("diagonal, sandwich"), Err((10, "sandwich".to_string())));
    }

    #[test]
    fn every_listed_name_is_known() {
        for (name, _) in RULE_NAMES {
            assert!(Rule::from_name(name).is_some(), "{name}");
        }
    }
}
