//! The f-puzzles solver protocol's commands, as the "Fpuzzles-SudokuSolver" userscript sends
//! them: each decodes the board of its request and answers with the library, on the
//! connection's warm solver (see `workspace.rs`).
//!
//! As in Rangsk's SudokuSolver, `truecandidates`, `solve`, `check` and `count` read the
//! givens and the given pencil marks only; `solvepath` and `step` start from the solver's
//! position: the digits entered and the centre marks too.

mod board;
mod logical;

use std::time::{Duration, Instant};

use satdoku::engine::count::Count;
use satdoku::{Digit, Placement, Stop};

use self::board::Board;
use super::job::{Handler, Job};
use super::protocol::{Invalid, Reply};
use crate::cli::guard;

/// The protocol's commands, by name (`cancel` is answered by the connection itself).
pub(crate) const COMMANDS: &[(&str, Handler)] = &[
    ("truecandidates", true_candidates),
    ("solve", solve),
    ("check", check),
    ("count", count),
    ("estimate", estimate),
    ("solvepath", logical::solve_path),
    ("step", logical::step),
];

/// The most solutions `count` counts: past it, the answer says "at least".
pub(crate) const COUNT_CAP: usize = 10_000_000;

/// The least time between two progress messages of a count.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// `truecandidates` → `{type: "truecandidates", solutionsPerCandidate}`: per cell and digit,
/// the solutions through it up to the cap (0 for none; -1 for a candidate only the logic
/// engine keeps, with `logical`), or `invalid` "No solutions found.".
fn true_candidates(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let identity = board.identity("truecandidates");
    if let Some(reply) = job.workspace().cached(&identity) {
        return Ok(reply);
    }
    let limits = job.limits().clone();
    let read = &board.read;
    let count_up_to = (board.cap > 1).then_some(board.cap);
    let warm = job.workspace().warm(&read.puzzle);
    let found = warm
        .try_true_candidates(&read.puzzle, &read.given_marks, count_up_to, &limits)
        .map_err(|error| Invalid::new(error.to_string()))?;
    if let Some(stop) = found.stopped() {
        return Err(stopped(job, stop, "before the true candidates were complete"));
    }
    if !found.has_solution() {
        let reply = Reply::from(no_solution(&board));
        job.workspace().remember(identity, reply.clone());
        return Ok(reply);
    }
    let logical = board.logical.then(|| logical::candidates(&board, &limits));
    let geometry = read.puzzle.geometry();
    let mut counts = Vec::with_capacity(geometry.slot_count());
    for cell in geometry.cells() {
        for digit in (0..geometry.digits()).map(Digit::from_index) {
            let placement = Placement::new(cell, digit);
            let count = match found.solutions_with(placement) {
                _ if !found.get(cell).contains(digit) => 0,
                Some((count, _)) => i64::try_from(count).unwrap_or(i64::MAX),
                None => 1,
            };
            let kept = logical.as_ref().is_some_and(|kept| kept.get(cell).contains(digit));
            counts.push(if count == 0 && kept { -1 } else { count });
        }
    }
    let reply = Reply::new("truecandidates").with("solutionsPerCandidate", counts);
    job.workspace().remember(identity, reply.clone());
    Ok(reply)
}

/// `solve` → `{type: "solved", solution: [N² digits]}`, or `invalid` when there is none.
fn solve(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let counted = counted(job, &board, 1, false)?;
    let Some(solution) = counted.first_solutions().first() else {
        return Err(no_solution(&board));
    };
    guard::validated(&board.read.puzzle, solution)
        .map_err(|error| Invalid::new(error.to_string()))?;
    let geometry = solution.geometry();
    let digits: Vec<usize> =
        geometry.cells().map(|cell| solution.get(cell).map_or(0, Digit::value)).collect();
    Ok(Reply::new("solved").with("solution", digits))
}

/// `check` → progress, then `{type: "count", count: min(count, 2), inProgress: false}`.
fn check(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let counted = counted(job, &board, 2, true)?;
    Ok(final_count(counted.count()))
}

/// `count` → progress messages `{type: "count", count, inProgress: true}`, then the exact
/// count; `invalid` saying so when the server's cap or time limit comes first.
fn count(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    exact_count(job, true).map(final_count)
}

/// The exact number of solutions of the request's board, with `count`'s progress messages when
/// `report`; `invalid` past [`COUNT_CAP`] or a limit.
fn exact_count(job: &mut Job<'_>, report: bool) -> Result<usize, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    if report {
        job.progress(&Reply::new("count").with("count", 0).with("inProgress", true));
    }
    let counted = counted(job, &board, COUNT_CAP, report)?;
    if !counted.is_exact() && counted.count() >= COUNT_CAP {
        return Err(Invalid::new(format!(
            "There are more than {COUNT_CAP} solutions: the server counts no further."
        )));
    }
    Ok(counted.count())
}

/// `estimate` (the userscript's "Estimate Count" button) → `{type: "estimate", estimate,
/// stderr, relErrPercent, ci95_lower, ci95_upper, iterations}`. satdoku does not sample: the
/// estimate is the exact count (error 0, the interval that one number), with `count`'s cap and
/// time limit, `invalid` saying so past them; no progress messages (the script reads every
/// answer to `estimate` as an estimate).
fn estimate(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let exact = exact_count(job, false)?;
    Ok(Reply::new("estimate")
        .with("estimate", exact)
        .with("stderr", 0)
        .with("relErrPercent", 0)
        .with("ci95_lower", exact)
        .with("ci95_upper", exact)
        .with("iterations", 1))
}

/// The solutions of `board` up to `max` on the warm solver, with progress messages when
/// `report` (at most one per [`PROGRESS_EVERY`]); `invalid` when a limit stopped it.
fn counted(job: &mut Job<'_>, board: &Board, max: usize, report: bool) -> Result<Count, Invalid> {
    let limits = job.limits().clone();
    let read = &board.read;
    let mut last = Instant::now();
    let reporter = job.reporter();
    let mut progress = |count: usize| {
        if report && last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            reporter.send(&Reply::new("count").with("count", count).with("inProgress", true));
        }
    };
    let warm = job.workspace().warm(&read.puzzle);
    let counted = warm
        .try_count(&read.puzzle, &read.given_marks, max, &limits, &mut progress)
        .map_err(|error| Invalid::new(error.to_string()))?;
    match counted.stopped() {
        Some(stop) => {
            let found = format!("after finding {} solutions", counted.count());
            Err(stopped(job, stop, &found))
        }
        None => Ok(counted),
    }
}

/// The final message of `check` and `count`.
fn final_count(count: usize) -> Reply {
    Reply::new("count").with("count", count).with("inProgress", false)
}

/// The `invalid` answer of a board without solutions, in SudokuSolver's words, then the
/// reader's notes (a rule read from a drawing or the rules text may be why).
fn no_solution(board: &Board) -> Invalid {
    Invalid::new(format!("No solutions found.\n{}", board.note_lines()).trim_end())
}

/// The `invalid` answer of a job a limit stopped `when` (a cancelled job's is never sent).
pub(crate) fn stopped(job: &Job<'_>, stop: Stop, when: &str) -> Invalid {
    match stop {
        Stop::Timeout => Invalid::new(format!(
            "Stopped by the server's time limit ({} s, `satdoku serve --timeout`) {when}.",
            job.timeout().as_secs_f64()
        )),
        _ => Invalid::new(format!("Stopped ({stop}) {when}.")),
    }
}
