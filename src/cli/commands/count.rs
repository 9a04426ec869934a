//! `satdoku count`: the number of solutions of each puzzle, up to `--max`.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{CountArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::limits::{limits, status_or};
use crate::cli::output::{emit, emit_json};

/// Counts every puzzle's solutions.
pub fn run(args: &CountArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    let args = &args.answer;
    let limits = limits(&args.limits);
    Input::read(&args.puzzles, global.quiet)?.for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, max, args.format == Format::Json, &limits),
        |answer, position| {
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line | Format::Pretty => emit(&format!("{}\n", answer.count_text()))?,
            }
            Ok(status_or(answer.stopped(), ExitStatus::Success))
        },
    )
}
