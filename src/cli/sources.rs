//! Where puzzles come from: each INPUT argument is a file, `-` for stdin, a puzzle written out
//! on the command line (a line of N² cells, in the one-line form), an f-puzzles `?load=` link or
//! its bare payload, or the name of a bundled puzzle (`miracle`). Files and stdin are opened
//! here and read a line at a time by the parser's stream reader.

use std::io::{BufRead, BufReader, Cursor, IsTerminal};
use std::path::Path;

use anyhow::{Context, bail};
use satdoku::model::sudokupad::decode_link;

mod bundled {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
}

pub use bundled::BUNDLED;

/// The name stdin is reported under.
pub const STDIN: &str = "<stdin>";

/// One input to read puzzles from, and the name to report them under.
pub struct Source {
    /// `<stdin>`, the file's path, `<argument 2>`, or `bundled:miracle`.
    pub name: String,
    /// The input, read a line at a time.
    pub reader: Box<dyn BufRead + Send>,
    /// Whether reading it may wait on a producer (stdin, a pipe): the puzzles gathered then go
    /// to the workers before each read, so each answer comes as soon as its puzzle has
    /// arrived; a regular file or a text never waits.
    pub waits: bool,
}

impl Source {
    fn text(name: String, text: String) -> Source {
        Source { name, reader: Box::new(Cursor::new(text.into_bytes())), waits: false }
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

/// Bytes read from stdin at once at most: a pipe holds 64 KiB, about 780 one-line puzzles.
const STDIN_BUFFER: usize = 1 << 16;

fn stdin() -> anyhow::Result<Source> {
    let reader = Box::new(BufReader::with_capacity(STDIN_BUFFER, std::io::stdin()));
    Ok(Source { name: STDIN.to_string(), reader, waits: true })
}

/// The source one argument names.
fn source(number: usize, input: &str) -> anyhow::Result<Source> {
    if input == "-" {
        return stdin();
    }
    let path = Path::new(input);
    if path.exists() {
        let file = std::fs::File::open(path).with_context(|| format!("cannot read `{input}`"))?;
        let waits = !file.metadata().is_ok_and(|metadata| metadata.is_file());
        let reader = Box::new(BufReader::new(file));
        return Ok(Source { name: input.to_string(), reader, waits });
    }
    let argument = format!("<argument {number}>");
    if let Some(payload) = decode_link(input) {
        let payload =
            payload.map_err(|e| anyhow::anyhow!("cannot read the puzzle link {argument}: {e}"))?;
        return Ok(Source::text(argument, payload.into_json()));
    }
    if let Some((name, text)) = BUNDLED.iter().find(|(name, _)| *name == input) {
        return Ok(Source::text(format!("bundled:{name}"), text.to_string()));
    }
    if looks_like_puzzle(input) {
        return Ok(Source::text(argument, input.to_string()));
    }
    if looks_like_path(path) {
        match unset_datasets(path) {
            Some(hint) => bail!("cannot read `{input}`: no such file; {hint}"),
            None => bail!("cannot read `{input}`: no such file"),
        }
    }
    bail!(
        "cannot read `{input}`: expected a file, `-` for stdin, a puzzle line of N×N cells, an \
         f-puzzles or SudokuPad link, or a bundled puzzle name (`satdoku puzzles` lists them)"
    )
}

/// Whether an argument that names nothing was meant as a file: it has a folder or an
/// extension (`nosuchfile.txt`, `data/x`), unlike a misspelt bundled name.
fn looks_like_path(path: &Path) -> bool {
    path.components().count() > 1 || path.extension().is_some()
}

/// The hint for a missing `path` that looks like `"$SATDOKU_DATASETS/..."` expanded with the
/// variable unset (so the path starts at the root, in a folder or file that is not there).
fn unset_datasets(path: &Path) -> Option<String> {
    let first = path.strip_prefix("/").ok()?.components().next()?;
    let missing_at_root = !Path::new("/").join(first).exists();
    (missing_at_root && datasets_unset()).then(|| {
        format!("if it was meant as `$SATDOKU_DATASETS{}`: {DATASETS_UNSET}", path.display())
    })
}

/// What to do when `$SATDOKU_DATASETS` is unset.
const DATASETS_UNSET: &str = "`$SATDOKU_DATASETS` is unset: set it to the public datasets' \
                              folder (beside this repository's checkout, `../shared/datasets`)";

/// Whether `$SATDOKU_DATASETS` is unset or empty.
fn datasets_unset() -> bool {
    std::env::var_os("SATDOKU_DATASETS").is_none_or(|value| value.is_empty())
}

/// The likely cause of a stdin without a puzzle: a command before `|` that failed (its error is above),
/// such as `cat "$SATDOKU_DATASETS/..."` with the variable unset.
pub fn empty_stdin_hint() -> String {
    let mut hint = "stdin held no puzzle: if a command before `|` failed (a file it could not \
                    read), its error is above"
        .to_string();
    if datasets_unset() {
        hint += &format!("; {DATASETS_UNSET}");
    }
    hint
}

/// Whether an argument is a puzzle written out: its first word holds only cell symbols.
fn looks_like_puzzle(input: &str) -> bool {
    let first = input.split_whitespace().next().unwrap_or("");
    first.len() >= 16 && first.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_'))
}
