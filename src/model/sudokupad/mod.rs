//! SudokuPad puzzles: its links in (`scl`/`ctc` payloads, `fpuzzles`/`fpuz` payloads, short
//! ids refused with a word on what to paste instead), its JSON read as a [`Puzzle`], and links
//! out.
//!
//! # Links
//!
//! SudokuPad's loader takes a puzzle id after `sudokupad.app/` (or `?puzzleid=`, or
//! `app.crackingthecryptic.com/`): `scl` (alias `ctc`) is LZ-String base64 of the puzzle's
//! JSON, usually after SudokuPad's key-shortening zip step ([`zip`]); `fpuz` (alias
//! `fpuzzles`) is LZ-String base64 of an f-puzzles document, read by the f-puzzles reader.
//! Any other id is a short id kept on SudokuPad's server: reading it needs the network, which
//! satdoku never uses, so it is refused with what to paste instead. Payloads may be
//! percent-encoded. Decompression is bounded ([`MAX_TEXT`]).
//!
//! # Reading
//!
//! See [`read`] (what a SudokuPad document means) and [`drawings`] (which drawings carry which
//! rule, and the notes that name every inference).

use serde_json::Value;

mod borders;
mod branches;
mod cage_kinds;
mod colour;
mod converted;
mod cosmetic;
mod digits;
mod drawings;
mod elements;
mod lines;
mod lz;
mod marks;
mod meaning;
mod read;
mod text;
mod write;
mod zip;

pub(crate) use cosmetic::{cosmetic_rules, stated_digits};
pub use lines::{LINE_NAMES, LineRule};

/// The colour names `--line` and `--dot` take, as notes and refusals name colours.
pub const COLOUR_NAMES: [&str; 12] = colour::Colour::FAMILY_NAMES;
pub use lz::{LzError, decompress_base64};
pub use meaning::{DOT_NAMES, dot_meaning, line_meaning};
pub use read::read_value;
pub use write::{puzzle_link, scl_link, write_sudokupad};
pub use zip::unzip;

pub(crate) use crate::model::fpuzzles::is_empty;

use crate::model::fpuzzles;

/// The most UTF-16 units a link's payload may decompress to: the bound on a puzzle's text.
pub const MAX_TEXT: usize = crate::model::parse::MAX_PUZZLE;

/// Where a SudokuPad link starts; an `scl` payload follows.
pub const SCL_PREFIX: &str = "https://sudokupad.app/scl";

/// What a puzzle link holds once decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum Payload {
    /// An f-puzzles JSON document (from an f-puzzles link or a SudokuPad `fpuzzles` link).
    FPuzzles(String),
    /// A SudokuPad JSON document, unzipped.
    SudokuPad(Value),
}

impl Payload {
    /// The document as JSON text, for the JSON reader (which tells the formats apart).
    pub fn into_json(self) -> String {
        match self {
            Payload::FPuzzles(json) => json,
            Payload::SudokuPad(value) => value.to_string(),
        }
    }
}

/// The puzzle a link or bare payload holds, or `None` when `input` is no link: an f-puzzles
/// `?load=` link or bare `N4Ig...` payload, a SudokuPad link (`scl`, `ctc`, `fpuz`,
/// `fpuzzles`, with or without `https://sudokupad.app/`, `?puzzleid=` or
/// `app.crackingthecryptic.com/`).
///
/// # Errors
/// `Some(Err(..))` saying why: a payload that does not decompress or parse, a short puzzle id
/// (it needs the network), a payload format satdoku does not read.
pub fn decode_link(input: &str) -> Option<Result<Payload, String>> {
    let input = input.trim();
    let Some(id) = sudokupad_id(input) else {
        return fpuzzles::decode_link(input).map(|json| json.map(Payload::FPuzzles));
    };
    Some(decode_id(&fpuzzles::percent_decode(id)))
}

/// The puzzle id of a SudokuPad link, or of a bare `scl`/`ctc` payload.
fn sudokupad_id(input: &str) -> Option<&str> {
    let after_host = ["sudokupad.app/", "app.crackingthecryptic.com/"]
        .iter()
        .find_map(|host| input.split_once(host).map(|(_, rest)| rest));
    let Some(rest) = after_host else {
        return ["scl", "ctc", "fpuzzles", "fpuz"]
            .iter()
            .any(|prefix| input.starts_with(prefix) && input.len() > 20)
            .then_some(input);
    };
    let rest = rest.strip_prefix("sudoku/").unwrap_or(rest);
    let rest = match rest.split_once("puzzleid=") {
        Some((_, id)) => id,
        None => rest,
    };
    Some(rest.split(['&', '?', '#']).next().unwrap_or(""))
}

/// The puzzle a SudokuPad id holds.
fn decode_id(id: &str) -> Result<Payload, String> {
    let (format, payload) = ["scl", "ctc", "fpuzzles", "fpuz"]
        .iter()
        .find_map(|prefix| id.strip_prefix(prefix).map(|payload| (*prefix, payload)))
        .ok_or_else(|| short_id(id))?;
    let text = decompress_base64(payload, MAX_TEXT)
        .map_err(|e| format!("cannot decompress the SudokuPad `{format}` payload: {e}"))?;
    if format.starts_with("fpuz") {
        return if text.trim_start().starts_with('{') {
            Ok(Payload::FPuzzles(text))
        } else {
            Err("expected an f-puzzles document in the SudokuPad `fpuzzles` payload".to_string())
        };
    }
    match unzip(&text) {
        Ok(value @ Value::Object(_)) => Ok(Payload::SudokuPad(value)),
        Ok(_) => Err("expected a SudokuPad puzzle object in the `scl` payload".to_string()),
        Err(e) => Err(format!("cannot read the SudokuPad `{format}` payload: {e}")),
    }
}

/// The refusal of a short id: what it is and what to give instead.
fn short_id(id: &str) -> String {
    if id.is_empty() {
        return "expected a puzzle id after `sudokupad.app/`, found none".to_string();
    }
    let shown: String = id.chars().take(40).collect();
    format!(
        "`{shown}` is a short SudokuPad puzzle id, kept on SudokuPad's server: reading it needs \
         the network, which satdoku does not use; give the puzzle itself instead: the \
         `https://sudokupad.app/scl...` (or `fpuzzles...`) link SudokuPad's share menu copies, \
         or the text `https://sudokupad.app/api/puzzle/{shown}` returns"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids_are_refused_with_what_to_paste() {
        let Some(Err(message)) = decode_link("https://sudokupad.app/idmeojecon") else {
            panic!("expected a refusal")
        };
        assert!(message.contains("short SudokuPad puzzle id"), "{message}");
        assert!(message.contains("network"), "{message}");
    }
}
