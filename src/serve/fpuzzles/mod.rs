//! The f-puzzles solver protocol's commands, as the "Fpuzzles-SudokuSolver" userscript sends
//! them: each decodes the f-puzzles board of the request and answers with the library.

mod board;

use satdoku::Uniqueness;
use satdoku::engine::count::{CountOptions, try_count};

use super::job::{Handler, Job};
use super::protocol::{Invalid, Reply};

/// The protocol's commands, by name (`cancel` is answered by the connection itself).
pub(crate) const COMMANDS: &[(&str, Handler)] =
    &[("solve", solve), ("check", check), ("count", count)];

/// The most solutions `count` counts: past it, the answer says "at least".
const COUNT_CAP: usize = 10_000_000;

/// `solve` → `{type: "solved", solution: [N² digits]}`, or `invalid` when there is none.
fn solve(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let counted = try_count(&board.puzzle, &CountOptions::up_to(1), job.limits())
        .map_err(|error| Invalid::new(error.to_string()))?;
    match counted.try_uniqueness() {
        Some(Uniqueness::None) => Err(Invalid::new("No solutions found.")),
        _ => match counted.first_solutions().first() {
            Some(grid) => Ok(Reply::new("solved").with("solution", solution_digits(grid))),
            None => Err(Invalid::new(format!("stopped: {:?}", counted.stopped()))),
        },
    }
}

/// `check` → `{type: "count", count: min(count, 2), inProgress: false}`.
fn check(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    counted(job, 2)
}

/// `count` → `{type: "count", count, inProgress: false}`, or `invalid` saying which limit
/// stopped it and how many solutions it had found.
fn count(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    counted(job, COUNT_CAP)
}

/// The final `count` reply of a count up to `max`.
fn counted(job: &mut Job<'_>, max: usize) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let counted = try_count(&board.puzzle, &CountOptions::up_to(max), job.limits())
        .map_err(|error| Invalid::new(error.to_string()))?;
    match counted.stopped() {
        None if counted.is_exact() || max == 2 => {
            Ok(Reply::new("count").with("count", counted.count()).with("inProgress", false))
        }
        None => Err(Invalid::new(format!(
            "There are at least {} solutions (the server counts up to {max}).",
            counted.count()
        ))),
        Some(stop) => Err(Invalid::new(format!(
            "Stopped after {:?} ({stop}): found {} solutions so far.",
            job.timeout(),
            counted.count()
        ))),
    }
}

/// The digits of a complete grid in reading order, as the protocol sends solutions.
fn solution_digits(grid: &satdoku::Grid) -> Vec<usize> {
    let geometry = grid.geometry();
    geometry.cells().map(|cell| grid.get(cell).map_or(0, satdoku::Digit::value)).collect()
}
