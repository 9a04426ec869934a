//! f-puzzles links: the `?load=` parameter of an f-puzzles URL is the puzzle's JSON,
//! LZ-String-compressed to base64 (`N4Ig...`); this module takes it apart.

/// The f-puzzles JSON of a `?load=` link or of a bare LZ-String payload (`N4Ig...`), or
/// `None` when `input` is neither.
///
/// # Errors
/// `Some(Err(..))` when the payload does not decompress to a JSON object.
pub fn decode_link(input: &str) -> Option<Result<String, String>> {
    let payload = match input.split_once("load=") {
        Some((_, payload)) => payload.split('&').next().unwrap_or(""),
        None if input.starts_with("N4Ig") => input,
        None => return None,
    };
    let payload = percent_decode(payload);
    let json = lz_str::decompress_from_base64(&payload)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|json| json.trim_start().starts_with('{'));
    Some(
        json.ok_or_else(|| {
            "expected an LZ-String base64 payload of an f-puzzles document".to_string()
        }),
    )
}

/// Undoes the `%2B`-style escapes a browser may put in a link.
fn percent_decode(text: &str) -> String {
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
    }
}
