//! The last check before an answer is printed: every solution passes the independent
//! validator (in release builds too), and an answer that fails an internal check becomes an
//! [`InternalError`] (exit 3) with the puzzle saved for a bug report, instead of output. A
//! panic is the same kind of bug: it is caught at its puzzle ([`caught`]) or, outside any
//! puzzle, by `main` ([`panicked`]), and reported the same way.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use satdoku::logic::Outcome;
use satdoku::{Grid, Puzzle};

/// An answer failed an internal check (a solution the validator refuses, a certificate the
/// checker rejects): a bug in satdoku, reported with the puzzle saved to a file.
#[derive(Debug, thiserror::Error)]
#[error("internal error: {what}; please report this bug with the puzzle saved in `{}`", path.display())]
pub struct InternalError {
    what: String,
    path: PathBuf,
}

/// Checks `solution` against `puzzle` with the independent validator.
///
/// # Errors
/// An [`InternalError`] when the validator refuses it (the puzzle and the grid are saved in
/// the system's temporary folder).
pub fn validated(puzzle: &Puzzle, solution: &Grid) -> anyhow::Result<()> {
    satdoku::validate(puzzle, solution).map_err(|violation| {
        let what = format!("a solution fails the independent validator ({violation})");
        let details = format!("solution:\n{}", solution.to_pretty());
        internal_error(puzzle, what, &details)
    })
}

/// Checks the grid of a logical solve that claims one (`explain`, `rate`, a hint) with the
/// independent validator.
///
/// # Errors
/// An [`InternalError`] when the validator refuses it.
pub fn solved_grid_validated(puzzle: &Puzzle, outcome: &Outcome) -> anyhow::Result<()> {
    match outcome {
        Outcome::Solved(grid) => validated(puzzle, grid),
        _ => Ok(()),
    }
}

/// An [`InternalError`] saying `what`, after saving the puzzle and `details` to a bug-report
/// file in the system's temporary folder (named with the time and the process id).
pub fn internal_error(puzzle: &Puzzle, what: String, details: &str) -> anyhow::Error {
    bug_report(&puzzle.to_text(), what, details)
}

/// Where the last panic happened (`src/x.rs:12`), which the hook of [`report_panics`] keeps
/// for [`caught`] and [`panicked`] to report.
static LAST_PANIC_PLACE: Mutex<Option<String>> = Mutex::new(None);

/// Makes every panic a reported bug instead of a trace on stderr: the hook keeps its place,
/// and whoever catches it ([`caught`] at a puzzle, `main` outside one) reports an
/// [`InternalError`] with its message.
pub fn report_panics() {
    std::panic::set_hook(Box::new(|info| {
        let place = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
        *LAST_PANIC_PLACE.lock().unwrap_or_else(|e| e.into_inner()) = place;
    }));
}

/// Runs `work` on `puzzle`; a panic inside it becomes an [`InternalError`] for that puzzle
/// (exit 3, the puzzle saved), so the puzzles after it are still answered.
///
/// # Errors
/// What `work` returns, or the internal error of its panic.
pub fn caught<R>(puzzle: &Puzzle, work: impl FnOnce() -> anyhow::Result<R>) -> anyhow::Result<R> {
    catch_unwind(AssertUnwindSafe(work))
        .unwrap_or_else(|payload| Err(bug_report(&puzzle.to_text(), described(&*payload), "")))
}

/// The [`InternalError`] of a panic met outside any puzzle (its `payload`), with the command
/// line saved.
pub fn panicked(payload: &(dyn Any + Send)) -> anyhow::Error {
    let command: Vec<String> = std::env::args().collect();
    bug_report(&format!("# command: {}\n", command.join(" ")), described(payload), "")
}

/// The [`InternalError`] of a panic met while answering `subject` (a server's request, saved
/// as is), its `payload`.
pub fn panicked_at(subject: &str, payload: &(dyn Any + Send)) -> anyhow::Error {
    bug_report(subject, described(payload), "")
}

/// `a panic (MESSAGE at FILE:LINE)`: the message of `payload` and the place the hook saw.
fn described(payload: &(dyn Any + Send)) -> String {
    let message = (payload.downcast_ref::<&str>().copied())
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message");
    let place = LAST_PANIC_PLACE.lock().unwrap_or_else(|e| e.into_inner()).take();
    match place {
        Some(place) => format!("a panic ({message} at {place})"),
        None => format!("a panic ({message})"),
    }
}

/// An [`InternalError`] saying `what`, after saving `subject` (the puzzle, or the command
/// line) and `details` to a bug-report file in the system's temporary folder.
fn bug_report(subject: &str, what: String, details: &str) -> anyhow::Error {
    let path = bug_report_path(&std::env::temp_dir());
    let report =
        format!("# satdoku {} bug report: {what}\n{subject}{details}", env!("CARGO_PKG_VERSION"));
    let saved = std::fs::write(&path, report);
    let what = match saved {
        Ok(()) => what,
        Err(error) => format!("{what} (and the bug report could not be written: {error})"),
    };
    InternalError { what, path }.into()
}

/// Whether `error` is (or was caused by) an [`InternalError`].
pub fn is_internal(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<InternalError>())
}

fn bug_report_path(folder: &Path) -> PathBuf {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let name = format!(
        "satdoku-bug-{}-{:09}-{}.txt",
        now.as_secs(),
        now.subsec_nanos(),
        std::process::id()
    );
    folder.join(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_solution_is_an_internal_error_with_the_puzzle_saved() {
        let puzzle: Puzzle = "..3.1......4.2..".parse().unwrap();
        let geometry = puzzle.geometry();
        // Rows hold 1..4 but the first column repeats 1: a grid the validator must refuse.
        let wrong = Grid::from_line(geometry, "1234123412341234").unwrap();
        let error = validated(&puzzle, &wrong).unwrap_err();
        assert!(is_internal(&error));
        let internal = error.downcast_ref::<InternalError>().unwrap();
        let message = error.to_string();
        assert!(message.starts_with("internal error: a solution fails the independent validator"));
        assert!(message.contains("please report"), "{message}");
        let saved = std::fs::read_to_string(&internal.path).unwrap();
        std::fs::remove_file(&internal.path).unwrap();
        assert!(saved.contains("givens:\n. . | 3 .\n1 . | . ."), "{saved}");
        assert!(saved.contains("solution:\n1 2 | 3 4"), "{saved}");
    }

    #[test]
    fn a_true_solution_passes() {
        let puzzle: Puzzle = "..3.1......4.2..".parse().unwrap();
        let satdoku::Uniqueness::Unique(solution) = satdoku::uniqueness(&puzzle).unwrap() else {
            panic!("unique")
        };
        assert!(validated(&puzzle, &solution).is_ok());
    }

    #[test]
    fn a_panic_at_a_puzzle_is_an_internal_error_with_the_puzzle_saved() {
        let puzzle: Puzzle = "..3.1......4.2..".parse().unwrap();
        let error = caught::<()>(&puzzle, || panic!("a deliberate fault")).unwrap_err();
        assert!(is_internal(&error));
        let message = error.to_string();
        assert!(message.contains("a panic (a deliberate fault"), "{message}");
        let internal = error.downcast_ref::<InternalError>().unwrap();
        let saved = std::fs::read_to_string(&internal.path).unwrap();
        std::fs::remove_file(&internal.path).unwrap();
        assert!(saved.contains("givens:\n. . | 3 ."), "{saved}");
        assert_eq!(caught(&puzzle, || Ok(7)).unwrap(), 7);
    }

    #[test]
    fn other_errors_are_not_internal() {
        assert!(!is_internal(&anyhow::anyhow!("bad input")));
    }
}
