//! Where puzzles come from: each INPUT argument is a file, `-` for stdin, a puzzle written out
//! on the command line (a line of N² cells, in the one-line form), an f-puzzles `?load=` link or
//! its bare payload, or the name of a bundled puzzle (`miracle`). Files and stdin are opened
//! here and read a line at a time by the parser's stream reader.

use std::io::{BufRead, BufReader, Cursor, IsTerminal};
use std::path::Path;

use anyhow::{Context, bail};

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
}

pub use bundled::BUNDLED;

/// One input to read puzzles from, and the name to report them under.
pub struct Source {
    /// `<stdin>`, the file's path, `<argument 2>`, or `bundled:miracle`.
    pub name: String,
    /// The input, read a line at a time.
    pub reader: Box<dyn BufRead + Send>,
}

impl Source {
    fn text(name: String, text: String) -> Source {
        Source { name, reader: Box::new(Cursor::new(text.into_bytes())) }
    }
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
    Ok(Source { name: "<stdin>".to_string(), reader: Box::new(BufReader::new(std::io::stdin())) })
}

/// The source one argument names.
fn source(number: usize, input: &str) -> anyhow::Result<Source> {
    if input == "-" {
        return stdin();
    }
    let path = Path::new(input);
    if path.exists() {
        let file = std::fs::File::open(path).with_context(|| format!("cannot read `{input}`"))?;
        return Ok(Source { name: input.to_string(), reader: Box::new(BufReader::new(file)) });
    }
    let argument = format!("<argument {number}>");
    if let Some(json) = fpuzzles_link(input) {
        let json = json.with_context(|| format!("cannot read the f-puzzles link {argument}"))?;
        return Ok(Source::text(argument, json));
    }
    if let Some((name, text)) = BUNDLED.iter().find(|(name, _)| *name == input) {
        return Ok(Source::text(format!("bundled:{name}"), text.to_string()));
    }
    if looks_like_puzzle(input) {
        return Ok(Source::text(argument, input.to_string()));
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
