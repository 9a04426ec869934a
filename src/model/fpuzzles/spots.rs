//! Where each part of a JSON text starts, so f-puzzles errors can name a line and column
//! (serde_json's `Value` keeps no positions).

use std::collections::HashMap;

/// How deep [`scan`] records positions: `grid/row/column/key` is four levels.
pub(super) const SPOT_DEPTH: usize = 4;

/// Where each object member (its key) and each array element starts in `text`, by path
/// (`size`, `grid/4/2/value`, `odd/0/cell`), down to [`SPOT_DEPTH`] levels. `text` is valid
/// JSON, so a byte scan that skips strings finds its structure.
pub(super) fn scan(text: &str) -> HashMap<String, usize> {
    /// An open object with its current key, or an open array with its current index and
    /// whether that element has started.
    enum Frame {
        Object(Option<String>),
        Array(usize, bool),
    }
    fn path(frames: &[Frame]) -> String {
        let steps = frames.iter().map(|frame| match frame {
            Frame::Object(key) => key.clone().unwrap_or_default(),
            Frame::Array(index, _) => index.to_string(),
        });
        steps.collect::<Vec<_>>().join("/")
    }
    let bytes = text.as_bytes();
    let mut frames: Vec<Frame> = Vec::new();
    let mut spots = HashMap::new();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if let Some(Frame::Array(_, started)) = frames.last_mut() {
            if !*started && !byte.is_ascii_whitespace() && byte != b',' && byte != b']' {
                *started = true;
                if frames.len() <= SPOT_DEPTH {
                    spots.insert(path(&frames), i);
                }
            }
        }
        match byte {
            b'"' => {
                let end = string_end(bytes, i);
                if let Some(Frame::Object(key)) = frames.last_mut() {
                    if key.is_none() {
                        *key = Some(text.get(i + 1..end - 1).unwrap_or("").to_string());
                        if frames.len() <= SPOT_DEPTH {
                            spots.insert(path(&frames), i);
                        }
                    }
                }
                i = end;
                continue;
            }
            b'{' => frames.push(Frame::Object(None)),
            b'[' => frames.push(Frame::Array(0, false)),
            b'}' | b']' => {
                frames.pop();
            }
            b',' => match frames.last_mut() {
                Some(Frame::Object(key)) => *key = None,
                Some(Frame::Array(index, started)) => {
                    *index += 1;
                    *started = false;
                }
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    spots
}

/// The index just past the closing quote of the string opening at `start`.
fn string_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_finds_members_and_elements_past_strings() {
        let spots = scan(r#"{"a": "{[\"", "b": [1, {"c": [2]}]}"#);
        let at = |path: &str| spots.get(path).copied();
        assert_eq!(
            (at("a"), at("b"), at("b/0"), at("b/1")),
            (Some(1), Some(14), Some(20), Some(23))
        );
        assert_eq!((at("b/1/c"), at("b/1/c/0")), (Some(24), Some(30)));
    }
}
