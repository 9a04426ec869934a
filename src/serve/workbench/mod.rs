//! satdoku's own commands over the websocket, beside the f-puzzles solver protocol: what the
//! workbench page asks for, each a thin call into the library answered by one message.
//!
//! A request is `{nonce, command, dataType, data, ...options}` like the protocol's, but `data`
//! is anything the command line reads as one puzzle (`dataType` `satdoku`; the protocol's
//! `fpuzzles` payloads are read too, see [`input`]):
//!
//! - `render` → `puzzle`: the picture, the givens, the text, the f-puzzles and SudokuPad links;
//! - `explain` → `explanation`: the logical solve, each step with the cells it highlights;
//! - `rate` → `rating`: the difficulty;
//! - `minimise`, `complete`, `generate` → `puzzle`, the new puzzle (`generate` sends
//!   `progress` after each attempt);
//! - `version` → `version`: which satdoku answers.

mod explain;
mod input;
mod make;
mod shown;

use satdoku::Limits;
use satdoku::model::symmetry::Symmetry;
use serde_json::Value;

use super::job::{Handler, Job};
use super::protocol::{Invalid, Reply};

/// satdoku's extension commands, by name.
pub(crate) const COMMANDS: &[(&str, Handler)] = &[
    ("version", version),
    ("render", render),
    ("explain", |job| answer(job, explain::explanation)),
    ("rate", |job| answer(job, explain::rating)),
    ("minimise", |job| answer(job, make::minimised)),
    ("complete", |job| answer(job, make::completed)),
    ("generate", generate),
];

/// `version` → `{type: "version", version}`: which satdoku answers.
fn version(_job: &mut Job<'_>) -> Result<Reply, Invalid> {
    Ok(Reply::new("version").with("version", env!("CARGO_PKG_VERSION")))
}

/// `render` → the `puzzle` message of the request's puzzle, with the reader's `warnings`.
fn render(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let read = request_puzzle(job)?;
    Ok(shown::puzzle_reply(&read.puzzle).with("warnings", read.warnings))
}

/// `generate` → a new puzzle with the rules of the request's, by [`make::generated`], with
/// the options of [`wanted`]; a `progress` message after each attempt.
fn generate(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let template = request_puzzle(job)?.puzzle;
    let wanted = wanted(job)?;
    let made = make::generated(&template, wanted, job.limits(), &mut |reply| job.progress(&reply));
    made.map_err(|error| failure(job, &error))
}

/// The answer of `work` on the request's puzzle within the job's limits.
fn answer(
    job: &mut Job<'_>,
    work: fn(&satdoku::Puzzle, &Limits) -> anyhow::Result<Reply>,
) -> Result<Reply, Invalid> {
    let puzzle = request_puzzle(job)?.puzzle;
    work(&puzzle, job.limits()).map_err(|error| failure(job, &error))
}

/// The puzzle of the request's `data` (see [`input::read_puzzle`]), with its reader's
/// warnings.
fn request_puzzle(job: &Job<'_>) -> Result<input::Read, Invalid> {
    let request = job.request();
    match request.field("dataType") {
        None => {}
        Some(Value::String(kind)) if kind == "satdoku" || kind == "fpuzzles" => {}
        Some(other) => {
            let message = format!("expected `dataType` \"satdoku\" or \"fpuzzles\", found {other}");
            return Err(Invalid::new(message));
        }
    }
    input::read_puzzle(request.data_text()?).map_err(Invalid::new)
}

/// The `invalid` message of a command that failed: what stopped it when a limit did (as the
/// protocol's commands say it; a cancelled job's message goes nowhere), else the error and its
/// causes.
fn failure(job: &Job<'_>, error: &anyhow::Error) -> Invalid {
    match job.limits().reached() {
        Some(stop) => {
            let when = format!("before `{}` was done", job.request().command);
            super::fpuzzles::stopped(job, stop, &when)
        }
        None => Invalid::new(format!("{error:#}")),
    }
}

/// `generate`'s options: `seed` (a whole number, [default: 0]), `symmetry` (a name as
/// `satdoku generate --symmetry` takes it, [default: none]) and `givensAtMost` (a whole
/// number, [default: any]).
fn wanted(job: &Job<'_>) -> Result<make::Wanted, Invalid> {
    let request = job.request();
    let number = |key: &str| match request.field(key) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => value.as_u64().map(Some).ok_or_else(|| {
            Invalid::new(format!("expected `{key}` to be a whole number, found {value}"))
        }),
    };
    let symmetry = match request.field("symmetry") {
        None | Some(Value::Null) => Symmetry::None,
        Some(value) => value.as_str().and_then(Symmetry::from_name).ok_or_else(|| {
            let names: Vec<_> = Symmetry::ALL.iter().map(|s| s.name()).collect();
            Invalid::new(format!(
                "expected `symmetry` to be one of {}, found {value}",
                names.join(", ")
            ))
        })?,
    };
    let givens_at_most = number("givensAtMost")?.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    Ok(make::Wanted { seed: number("seed")?.unwrap_or(0), symmetry, givens_at_most })
}

#[cfg(test)]
pub(crate) mod test_util {
    //! Reading replies back in unit tests.

    use serde_json::Value;

    use super::Reply;

    /// The fields of `reply` as one JSON object (with a `null` nonce).
    pub fn fields(reply: &Reply) -> Value {
        serde_json::from_str(&reply.to_frame(&Value::Null)).expect("a reply is JSON")
    }
}
