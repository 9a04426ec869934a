//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several.

use crate::cli::ExitStatus;
use crate::cli::args::{CheckArgs, Format};
use crate::cli::input::Input;
use crate::cli::output::{TimedCount, count_json, emit, emit_json};

/// Checks every puzzle for a unique solution.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitStatus> {
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let timed = TimedCount::of(puzzle, 2)?;
        let count = &timed.count;
        let verdict = match count.count() {
            0 => "no solution",
            1 => "unique",
            _ => "multiple solutions",
        };
        match args.format {
            Format::Json => emit_json(&count_json(position, &timed))?,
            Format::Line | Format::Pretty => emit(&format!("{verdict}\n"))?,
        }
        Ok(if count.is_unique() {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        })
    })
}
