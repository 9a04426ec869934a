//! `satdoku verify CNF PROOF`: a DRUP proof checked against a DIMACS CNF by the in-tree
//! checker (`satdoku::verify`), which shares no code with the encoder or varisat.

use std::path::Path;

use satdoku::verify::{InputError, check, parse_dimacs, parse_proof};
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{Format, VerifyArgs};
use crate::cli::files::{CNF, PROOF, read_text};
use crate::cli::output::{emit, emit_json};

/// Checks the proof: exit 0 verified, 1 rejected (the reason on stdout), 2 unreadable files.
pub fn run(args: &VerifyArgs) -> anyhow::Result<ExitStatus> {
    let cnf = read_text(&args.cnf, &CNF)?;
    let cnf = parse_dimacs(&cnf).map_err(|error| located(&args.cnf, &error))?;
    let proof = read_text(&args.proof, &PROOF)?;
    let proof = parse_proof(&proof).map_err(|error| located(&args.proof, &error))?;
    match check(&cnf, &proof) {
        Ok(verified) => {
            match args.format {
                Format::Json => emit_json(&json!({
                    "verified": true,
                    "lemmas": verified.lemmas,
                    "deletions": verified.deletions,
                    "ignored_deletions": verified.ignored_deletions,
                    "conflict_line": verified.conflict_line,
                }))?,
                Format::Line | Format::Pretty => emit(&format!(
                    "verified: {} lemmas checked, {} deletions ({} of reason clauses ignored)\n",
                    verified.lemmas, verified.deletions, verified.ignored_deletions
                ))?,
            }
            Ok(ExitStatus::Success)
        }
        Err(rejection) => {
            match args.format {
                Format::Json => emit_json(&json!({
                    "verified": false,
                    "line": rejection.line,
                    "reason": rejection.reason,
                }))?,
                Format::Line | Format::Pretty => emit(&format!("rejected: {rejection}\n"))?,
            }
            Ok(ExitStatus::Failure)
        }
    }
}

/// `FILE:LINE:COLUMN: message`.
fn located(path: &Path, error: &InputError) -> anyhow::Error {
    anyhow::anyhow!("{}:{error}", path.display())
}
