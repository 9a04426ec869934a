//! `satdoku count`: the number of solutions of each puzzle, up to `--max`.

use crate::cli::ExitStatus;
use crate::cli::args::{CountArgs, Format};
use crate::cli::input::Input;
use crate::cli::output::{TimedCount, count_json, count_text, emit, emit_json};

/// Counts every puzzle's solutions.
pub fn run(args: &CountArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let timed = TimedCount::of(puzzle, max)?;
        let count = &timed.count;
        match args.format {
            Format::Json => emit_json(&count_json(position, &timed))?,
            Format::Line | Format::Pretty => emit(&format!("{}\n", count_text(count)))?,
        }
        Ok(ExitStatus::Success)
    })
}
