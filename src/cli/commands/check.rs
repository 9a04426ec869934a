//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::limits::{limits, status_or};
use crate::cli::output::{emit, emit_json};

/// Checks every puzzle for a unique solution.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    Input::read(&args.puzzles, global.quiet)?.for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, 2, args.format == Format::Json, &limits),
        |answer, position| {
            let verdict = match (answer.stopped(), answer.solutions()) {
                (_, 2..) => "multiple solutions".to_string(),
                (Some(stop), _) => format!("unknown ({})", stop.name()),
                (None, 0) => "no solution".to_string(),
                (None, _) => "unique".to_string(),
            };
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line | Format::Pretty => emit(&format!("{verdict}\n"))?,
            }
            let done = if answer.is_unique() { ExitStatus::Success } else { ExitStatus::Failure };
            Ok(status_or(answer.stopped().filter(|_| !answer.is_decided()), done))
        },
    )
}
