//! f-puzzles links: the `?load=` parameter of an f-puzzles URL is the puzzle's JSON,
//! LZ-String-compressed to base64 (`N4Ig...`); this module makes and takes apart such links,
//! and SudokuPad's, which carry the same payload after `fpuzzles` in the path.
//!
//! SudokuPad's puzzle loader (`puzzleloader.js`) registers the puzzle-id prefix `fpuz` with the
//! alias `fpuzzles` for "LZ-String base64 of an f-puzzles document", so
//! `https://sudokupad.app/fpuzzles<payload>` opens the puzzle there.

/// Where an f-puzzles link starts; the payload follows.
pub const FPUZZLES_PREFIX: &str = "https://www.f-puzzles.com/?load=";

/// Where a SudokuPad link to an f-puzzles payload starts; the payload follows.
pub const SUDOKUPAD_PREFIX: &str = "https://sudokupad.app/fpuzzles";

/// The f-puzzles link of an f-puzzles JSON document (as f-puzzles writes them, the base64
/// payload is not percent-encoded).
pub fn fpuzzles_link(json: &str) -> String {
    format!("{FPUZZLES_PREFIX}{}", lz_str::compress_to_base64(json))
}

/// The SudokuPad link of an f-puzzles JSON document.
pub fn sudokupad_link(json: &str) -> String {
    format!("{SUDOKUPAD_PREFIX}{}", lz_str::compress_to_base64(json))
}

/// The f-puzzles JSON of a `?load=` link, a SudokuPad `fpuzzles` link or a bare LZ-String
/// payload (`N4Ig...`), or `None` when `input` is none of them.
///
/// # Errors
/// `Some(Err(..))` when the payload does not decompress to a JSON object.
pub fn decode_link(input: &str) -> Option<Result<String, String>> {
    let sudokupad = ["sudokupad.app/fpuzzles", "sudokupad.app/fpuz"]
        .iter()
        .find_map(|prefix| input.split_once(prefix))
        .map(|(_, payload)| payload.split(['?', '#']).next().unwrap_or(""));
    let payload = match (input.split_once("load="), sudokupad) {
        (Some((_, payload)), _) => payload.split('&').next().unwrap_or(""),
        (None, Some(payload)) => payload,
        (None, None) if input.starts_with("N4Ig") => input,
        (None, None) => return None,
    };
    let payload = percent_decode(payload);
    let json = decompress_base64(&payload, MAX_TEXT)
        .ok()
        .filter(|json| json.trim_start().starts_with('{'));
    Some(
        json.ok_or_else(|| {
            "expected an LZ-String base64 payload of an f-puzzles document".to_string()
        }),
    )
}

/// Undoes the `%2B`-style escapes a browser may put in a link.
pub(crate) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

use crate::model::sudokupad::{MAX_TEXT, decompress_base64};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_payloads_decode_and_other_text_is_not_a_link() {
        let payload = lz_str::compress_to_base64("{\"size\":4}");
        let link = format!("https://f-puzzles.com/?load={}", payload.replace('+', "%2B"));
        assert_eq!(decode_link(&link), Some(Ok("{\"size\":4}".to_string())));
        assert_eq!(decode_link(&payload), Some(Ok("{\"size\":4}".to_string())));
        assert!(matches!(decode_link("https://f-puzzles.com/?load=xyz"), Some(Err(_))));
        assert_eq!(decode_link("1234............"), None);
        let json = "{\"size\":9}";
        assert_eq!(decode_link(&fpuzzles_link(json)), Some(Ok(json.to_string())));
        assert_eq!(decode_link(&sudokupad_link(json)), Some(Ok(json.to_string())));
        assert!(sudokupad_link(json).starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
    }
}
