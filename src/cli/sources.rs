//! Where puzzles come from: each INPUT argument is a file, `-` for stdin, a puzzle written out
//! on the command line (a line of N² cells, in the one-line form), an f-puzzles `?load=` link or
//! its bare payload, or the name of a bundled puzzle (`miracle`). Reading is bounded, so that
//! an endless or binary input is refused early instead of filling the memory.

use std::io::{IsTerminal, Read};
use std::path::Path;

use anyhow::{Context, bail};

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
}

pub use bundled::BUNDLED;

/// The longest line read, in bytes: far above any puzzle (a 35×35 line is 1,225 cells, an
/// f-puzzles document a few hundred KB on one line).
pub const MAX_LINE: usize = 8 << 20;
/// The largest input read, in bytes (a batch of three million 9×9 lines).
pub const MAX_INPUT: usize = 256 << 20;

/// One input's text and the name to report it under.
pub struct Source {
    /// `<stdin>`, the file's path, `<argument 2>`, or `bundled:miracle`.
    pub name: String,
    /// The text (a leading byte-order mark dropped).
    pub text: String,
}

/// The sources the INPUT arguments name (stdin when there are none).
///
/// # Errors
/// An argument that is no file, puzzle, link or bundled name; an unreadable or oversized
/// input; no argument at all while stdin is a terminal (nothing would ever arrive).
pub fn sources(inputs: &[String]) -> anyhow::Result<Vec<Source>> {
    if inputs.is_empty() {
        if std::io::stdin().is_terminal() {
            bail!(
                "no input: expected puzzle files, puzzles or f-puzzles links as arguments, or \
                 puzzles piped into stdin (give `-` to type them on the terminal)"
            );
        }
        return Ok(vec![stdin()?]);
    }
    inputs.iter().enumerate().map(|(index, input)| source(index + 1, input)).collect()
}

fn stdin() -> anyhow::Result<Source> {
    let name = "<stdin>".to_string();
    let text = read_bounded(std::io::stdin().lock(), &name).context("cannot read stdin")?;
    Ok(Source { name, text })
}

/// The source one argument names.
fn source(number: usize, input: &str) -> anyhow::Result<Source> {
    if input == "-" {
        return stdin();
    }
    let path = Path::new(input);
    if path.exists() {
        let file = std::fs::File::open(path).with_context(|| format!("cannot read `{input}`"))?;
        let text = read_bounded(file, input).with_context(|| format!("cannot read `{input}`"))?;
        return Ok(Source { name: input.to_string(), text });
    }
    let argument = format!("<argument {number}>");
    if let Some(json) = fpuzzles_link(input) {
        let json = json.with_context(|| format!("cannot read the f-puzzles link {argument}"))?;
        return Ok(Source { name: argument, text: json });
    }
    if let Some((name, text)) = BUNDLED.iter().find(|(name, _)| *name == input) {
        return Ok(Source { name: format!("bundled:{name}"), text: text.to_string() });
    }
    if looks_like_puzzle(input) {
        return Ok(Source { name: argument, text: input.to_string() });
    }
    bail!(
        "cannot read `{input}`: expected a file, `-` for stdin, a puzzle line of N×N cells, an \
         f-puzzles link, or a bundled puzzle name (`satdoku puzzles` lists them)"
    )
}

/// Whether an argument is a puzzle written out: its first word holds only cell symbols.
fn looks_like_puzzle(input: &str) -> bool {
    let first = input.split_whitespace().next().unwrap_or("");
    first.len() >= 16 && first.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'))
}

/// The f-puzzles JSON of a `?load=` link or of a bare LZ-String payload (`N4Ig...`), or
/// `None` when the argument is neither.
pub fn fpuzzles_link(input: &str) -> Option<anyhow::Result<String>> {
    let payload = match input.split_once("load=") {
        Some((_, payload)) => payload.split('&').next().unwrap_or(""),
        None if input.starts_with("N4Ig") => input,
        None => return None,
    };
    let payload = percent_decode(payload);
    let json = lz_str::decompress_from_base64(&payload)
        .and_then(|units| String::from_utf16(&units).ok())
        .filter(|json| json.trim_start().starts_with('{'));
    Some(json.context("expected an LZ-String base64 payload of an f-puzzles document"))
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

/// Reads at most [`MAX_INPUT`] bytes with lines of at most [`MAX_LINE`], as UTF-8 text
/// (a leading byte-order mark dropped).
fn read_bounded(mut reader: impl Read, name: &str) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0; 1 << 16];
    let (mut line, mut line_length) = (1, 0);
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error.into()),
        };
        for &byte in &chunk[..read] {
            if byte == b'\n' {
                (line, line_length) = (line + 1, 0);
            } else {
                line_length += 1;
                if line_length > MAX_LINE {
                    bail!(
                        "{name}:{line}: expected lines of at most {} MiB, found a longer one",
                        MAX_LINE >> 20
                    );
                }
            }
        }
        bytes.extend_from_slice(&chunk[..read]);
        if bytes.len() > MAX_INPUT {
            bail!("{name}: expected at most {} MiB of input, found more", MAX_INPUT >> 20);
        }
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let valid = &bytes[..error.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        let found = bytes[valid.len()];
        anyhow::anyhow!("{name}:{line}:{column}: expected UTF-8 text, found byte {found:#04x}")
    })?;
    Ok(text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text))
}
