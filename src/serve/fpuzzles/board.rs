//! The board of a request: the `data` payload (LZ-String base64 of the f-puzzles JSON, or a
//! whole `?load=` link) decoded by the library's f-puzzles reader, and the solver options the
//! userscript adds to the JSON (`disabledlogic`, `truecandidatesoptions`).

use satdoku::ParseOptions;
use satdoku::logic::{ExplainOptions, Position, Technique};
use satdoku::model::fpuzzles::{FpuzzlesBoard, read_board};
use satdoku::model::parse::NOTE;
use satdoku::model::sudokupad::{MAX_TEXT, decompress_base64};
use satdoku::{Limits, Placement};
use serde_json::Value;

use crate::serve::protocol::{Invalid, abbreviated};

/// The most solutions per candidate `truecandidatesnumsolutions=N` may ask for.
const MAX_CAP: usize = 1000;

/// The logic families of f-puzzles' solver settings, and the techniques of satdoku's logic
/// engine each switches off.
pub(crate) const FAMILIES: [(&str, &[Technique]); 6] = [
    (
        "tuples",
        &[
            Technique::NakedPair,
            Technique::HiddenPair,
            Technique::NakedTriple,
            Technique::HiddenTriple,
            Technique::NakedQuad,
            Technique::HiddenQuad,
        ],
    ),
    ("pointing", &[Technique::Pointing, Technique::Claiming, Technique::CommonExclusion]),
    (
        "fishes",
        &[Technique::XWing, Technique::LineFish, Technique::Swordfish, Technique::Jellyfish],
    ),
    ("wings", &[Technique::XyWing, Technique::XyzWing, Technique::WWing]),
    ("aic", &[Technique::XChain, Technique::XyChain, Technique::Aic]),
    (
        "contradictions",
        &[
            Technique::ForcingChain,
            Technique::CellForcingChain,
            Technique::RegionForcingChain,
            Technique::SumForcingChain,
            Technique::Bifurcation,
        ],
    ),
];

/// What the editor sent: the puzzle and marks, and the solver settings.
#[derive(Debug)]
pub(super) struct Board {
    /// The puzzle, the given pencil marks, the solver's entries and centre marks.
    pub read: FpuzzlesBoard,
    /// The techniques `disabledlogic` switches off.
    pub disabled: Vec<Technique>,
    /// The solutions counted per true candidate: 1, 8 with `colored`, or N with
    /// `truecandidatesnumsolutions=N`.
    pub cap: usize,
    /// Whether true candidates also show the logic engine's candidates (`logical`).
    pub logical: bool,
}

impl Board {
    /// The logic engine's options: these limits, without the disabled techniques.
    pub fn explain_options(&self, limits: &Limits) -> ExplainOptions {
        let options = ExplainOptions::new().limits(limits.clone());
        self.disabled.iter().fold(options, |options, &technique| options.without(technique))
    }

    /// The position the logic engine starts from: the given pencil marks, and with
    /// `solver_marks` the solver's entries and centre marks too.
    pub fn position(&self, solver_marks: bool) -> Position {
        let given = self.read.given_marks.iter();
        let mut position =
            given.fold(Position::new(), |position, &(cell, digits)| position.narrow(cell, digits));
        if solver_marks {
            for &(cell, digit) in &self.read.entered {
                position = position.place(Placement::new(cell, digit));
            }
            for &(cell, digits) in &self.read.centre_marks {
                position = position.narrow(cell, digits);
            }
        }
        position
    }

    /// What the reader made of the cosmetic drawings and the rules text (a line read as a
    /// rule, drawings set aside), one `Note: ...` line each: the setter sees what was solved.
    pub fn note_lines<'a>(&'a self) -> String {
        let bare = |note: &'a String| note.strip_prefix(NOTE).unwrap_or(note);
        self.read.notes.iter().map(|note| format!("Note: {}.\n", bare(note))).collect()
    }

    /// What identifies the question `command` asks of this board, for the answer cache: the
    /// puzzle, its given pencil marks and the settings (not the solver's marks).
    pub fn identity(&self, command: &str) -> String {
        let read = &self.read;
        format!(
            "{command}\n{:?}\n{:?}\n{:?} {} {}",
            read.puzzle, read.given_marks, self.disabled, self.cap, self.logical
        )
    }
}

/// Decodes the `data` of a request.
///
/// # Errors
/// An [`Invalid`] saying what could not be read: not LZ-String base64, not JSON (with the
/// line and column in the decoded JSON), a puzzle the reader refuses (with where in the
/// JSON), digits past the grid's size (which the page cannot show), or a solver setting
/// satdoku does not know.
pub(super) fn decode(data: &str) -> Result<Board, Invalid> {
    let payload = data.split_once("?load=").map_or(data, |(_, payload)| payload).trim();
    // The bounded decoder the link readers use: a hostile payload is refused, not expanded.
    let json = decompress_base64(payload, MAX_TEXT)
        .ok()
        .filter(|json| !json.is_empty())
        .ok_or_else(|| {
            Invalid::new(format!(
                "expected `data` to be the LZ-String base64 of an f-puzzles document, found `{}`",
                abbreviated(payload)
            ))
        })?;
    let read = read_board(&json, &ParseOptions::new())
        .map_err(|error| Invalid::new(format!("in the decoded f-puzzles JSON: {error}")))?;
    let geometry = read.puzzle.geometry();
    if !geometry.has_one_of_each_digit() {
        // The page keeps N candidates per cell: counts or a solution past N would misread.
        let n = geometry.size();
        return Err(Invalid::new(format!(
            "expected the digits 1 to {n} that f-puzzles shows on a {n}x{n} grid, found a ruleset \
             asking for the digits 1 to {} (satdoku solve, check and explain read it)",
            geometry.digits()
        )));
    }
    let document: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
    let disabled = disabled_logic(document.get("disabledlogic"))?;
    let (cap, logical) = true_candidates_options(document.get("truecandidatesoptions"))?;
    Ok(Board { read, disabled, cap, logical })
}

/// The strings of a list setting, or why it is not one.
fn strings<'a>(value: Option<&'a Value>, key: &str) -> Result<Vec<&'a str>, Invalid> {
    let refuse = |found: &Value| {
        Invalid::new(format!("expected `{key}` to be a list of strings, found `{found}`"))
    };
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => {
            items.iter().map(|item| item.as_str().ok_or_else(|| refuse(item))).collect()
        }
        Some(other) => Err(refuse(other)),
    }
}

/// The techniques the `disabledlogic` families switch off.
fn disabled_logic(value: Option<&Value>) -> Result<Vec<Technique>, Invalid> {
    let mut disabled = Vec::new();
    for name in strings(value, "disabledlogic")? {
        let family = FAMILIES.iter().find(|(family, _)| family.eq_ignore_ascii_case(name));
        let Some((_, techniques)) = family else {
            let known: Vec<&str> = FAMILIES.iter().map(|(family, _)| *family).collect();
            return Err(Invalid::new(format!(
                "expected `disabledlogic` families among {}, found `{}`",
                known.join(", "),
                abbreviated(name)
            )));
        };
        disabled.extend_from_slice(techniques);
    }
    Ok(disabled)
}

/// The cap on solutions per candidate and whether logical candidates are asked for, from
/// `truecandidatesoptions`.
fn true_candidates_options(value: Option<&Value>) -> Result<(usize, bool), Invalid> {
    let (mut cap, mut logical) = (1, false);
    for option in strings(value, "truecandidatesoptions")? {
        match option.split_once('=') {
            None if option == "colored" => cap = cap.max(8),
            None if option == "logical" => logical = true,
            Some(("truecandidatesnumsolutions", n)) => {
                cap = n.trim().parse().ok().filter(|n| (1..=MAX_CAP).contains(n)).ok_or_else(
                    || {
                        Invalid::new(format!(
                            "expected truecandidatesnumsolutions=N with N from 1 to {MAX_CAP}, \
                             found `{}`",
                            abbreviated(option)
                        ))
                    },
                )?;
            }
            _ => {
                return Err(Invalid::new(format!(
                    "expected `truecandidatesoptions` among colored, logical and \
                     truecandidatesnumsolutions=N, found `{}`",
                    abbreviated(option)
                )));
            }
        }
    }
    Ok((cap, logical))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_and_unknown_ones_refused() {
        let options = serde_json::json!(["colored", "logical"]);
        assert_eq!(true_candidates_options(Some(&options)), Ok((8, true)));
        let options = serde_json::json!(["truecandidatesnumsolutions=20"]);
        assert_eq!(true_candidates_options(Some(&options)), Ok((20, false)));
        let options = serde_json::json!(["sparkly"]);
        assert!(true_candidates_options(Some(&options)).is_err());
        let families = serde_json::json!(["fishes", "contradictions"]);
        let disabled = disabled_logic(Some(&families)).unwrap();
        assert!(disabled.contains(&Technique::Swordfish));
        assert!(disabled.contains(&Technique::Bifurcation));
        assert!(disabled_logic(Some(&serde_json::json!([3]))).is_err());
    }

    #[test]
    fn undecodable_data_is_invalid_with_a_message() {
        let invalid = decode("not base64 at all!").unwrap_err();
        assert!(invalid.message().starts_with("expected `data` to be the LZ-String"));
        let not_json = lz_str::compress_to_base64("{\"size\": 9,");
        let invalid = decode(&not_json).unwrap_err();
        assert!(invalid.message().contains("line 1"), "{}", invalid.message());
    }

    #[test]
    fn digits_past_the_size_are_refused_with_what_reads_them() {
        let grid = vec![vec![serde_json::json!({}); 4]; 4];
        let ruleset =
            "Place the same 4-digit subset of the digits 1 to 6 in each row, column and box.";
        let document = serde_json::json!({"size": 4, "grid": grid, "ruleset": ruleset});
        let invalid = decode(&lz_str::compress_to_base64(&document.to_string())).unwrap_err();
        assert_eq!(
            invalid.message(),
            "expected the digits 1 to 4 that f-puzzles shows on a 4x4 grid, found a ruleset \
             asking for the digits 1 to 6 (satdoku solve, check and explain read it)"
        );
    }
}
