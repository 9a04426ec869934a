//! The board of a request: the `data` payload (LZ-String base64 of the f-puzzles JSON,
//! possibly a whole `?load=` link) decoded into the puzzle and the solver's state.

use satdoku::model::fpuzzles::parse_fpuzzles;
use satdoku::{ParseOptions, Puzzle};

use crate::serve::protocol::Invalid;

/// What the editor sent: the puzzle (givens and rules).
#[derive(Debug)]
pub(super) struct Board {
    /// The puzzle: rules and givens.
    pub puzzle: Puzzle,
}

/// Decodes the `data` of a request.
///
/// # Errors
/// An [`Invalid`] saying what could not be read: not LZ-String base64, not JSON (with the
/// line and column), or a puzzle the reader refuses (with where in the JSON).
pub(super) fn decode(data: &str) -> Result<Board, Invalid> {
    let payload = data.split_once("?load=").map_or(data, |(_, payload)| payload).trim();
    let json = lz_str::decompress_from_base64(payload)
        .and_then(|units| String::from_utf16(&units).ok())
        .ok_or_else(|| {
            Invalid::new("expected `data` to be the LZ-String base64 of an f-puzzles document")
        })?;
    let puzzle = parse_fpuzzles(&json, &ParseOptions::new())
        .map_err(|error| Invalid::new(format!("in the decoded f-puzzles JSON: {error}")))?;
    Ok(Board { puzzle })
}
