//! `satdoku solve`: a solution for each puzzle, and whether it is the only one.

use satdoku::{Grid, Stop};

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::limits::{limits, status_or};
use crate::cli::output::{emit, emit_block, emit_json};

/// Solves every puzzle; exit 1 when one has no solution.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    Input::read(&args.puzzles, global.quiet)?.for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, 2, args.format == Format::Json, &limits),
        |answer, position| {
            let solution = answer.solution();
            // A stop before the first solution, or before uniqueness is known.
            let unknown = answer.stopped().filter(|_| !answer.is_decided());
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line => emit(&format!("{}\n", line(solution, unknown)))?,
                Format::Pretty => {
                    let verdict = match (solution, unknown, answer.is_unique()) {
                        (None, Some(stop), _) => format!("no solution found ({})\n", stop.name()),
                        (None, None, _) => "no solution\n".to_string(),
                        (Some(grid), Some(stop), _) => {
                            format!("{}uniqueness unknown ({})\n", grid.to_pretty(), stop.name())
                        }
                        (Some(grid), None, true) => {
                            format!("{}unique solution\n", grid.to_pretty())
                        }
                        (Some(grid), None, false) => {
                            format!("{}one of several solutions\n", grid.to_pretty())
                        }
                    };
                    emit_block(position, &verdict)?;
                }
            }
            let done = if solution.is_some() { ExitStatus::Success } else { ExitStatus::Failure };
            Ok(status_or(unknown, done))
        },
    )
}

/// The line output: the solution, `none`, or `unknown (timeout)` when a limit stopped the
/// search before a solution.
fn line(solution: Option<&Grid>, unknown: Option<Stop>) -> String {
    match (solution, unknown) {
        (Some(grid), _) => grid.to_line(),
        (None, Some(stop)) => format!("unknown ({})", stop.name()),
        (None, None) => "none".to_string(),
    }
}
