//! Files read whole before any work starts (a CNF and a proof for `verify`, a regions file for
//! `generate --regions`): each kind has a size bound, so that `/dev/zero` or a runaway file is
//! refused after reading one byte past the bound, never grown into memory. Puzzle inputs are
//! not read here: they stream (see [`super::input`]), a line and a puzzle at a time. Files
//! written (a picture, a certificate) are written whole or not at all.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, bail};

/// A kind of file read whole: what it is called in messages, and its size bound.
pub struct FileKind {
    what: &'static str,
    bound: u64,
}

/// A DIMACS CNF (`verify CNF PROOF`): 64 MiB, 6.8 times the largest CNF satdoku writes (the
/// empty 35×35 grid, 9.8 MB). The bound also caps the memory of the parsed formula: about
/// 1 GB for 64 MiB of one-literal clauses, the worst case.
pub const CNF: FileKind = FileKind { what: "a DIMACS CNF", bound: 64 << 20 };

/// A DRUP/DRAT proof (`verify CNF PROOF`): 64 MiB, 19 times the largest proof of the 76
/// bundled puzzles (3.5 MB); the parsed proof of 64 MiB of one-literal lemmas, the worst
/// case, takes about 1.3 GB.
pub const PROOF: FileKind = FileKind { what: "a DRAT proof", bound: 64 << 20 };

/// A regions file (`generate --regions`): 1 MiB, where a 35×35 layout drawn with spaces takes
/// 2.5 KB.
pub const REGIONS: FileKind = FileKind { what: "a regions file", bound: 1 << 20 };

/// The text of the file at `path`, read whole.
///
/// # Errors
/// When the file cannot be opened or read, is larger than the kind's bound (only one byte
/// past the bound is read), or is not UTF-8 (the line and column of the first bad byte).
pub fn read_text(path: &Path, kind: &FileKind) -> anyhow::Result<String> {
    let name = path.display();
    let file = std::fs::File::open(path).with_context(|| format!("cannot read `{name}`"))?;
    let mut bytes = Vec::new();
    file.take(kind.bound + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read `{name}`"))?;
    if bytes.len() as u64 > kind.bound {
        bail!(
            "{name}: expected {} of at most {} MiB, found a larger file (the rest was not read)",
            kind.what,
            kind.bound >> 20
        );
    }
    String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&byte| byte == b'\n').count() + 1;
        let line_start = valid.iter().rposition(|&byte| byte == b'\n').map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&valid[line_start..]).chars().count() + 1;
        let found = error.as_bytes()[valid.len()];
        anyhow::anyhow!(
            "{name}:{line}:{column}: expected UTF-8 text in {}, found byte {found:#04x}",
            kind.what
        )
    })
}

/// Writes `text` to `path` through a temporary file beside it, renamed into place: the file
/// is whole or untouched.
pub fn write_whole(path: &Path, text: &str) -> anyhow::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .with_context(|| format!("cannot write `{}`", path.display()));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
