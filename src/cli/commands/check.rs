//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several.

use std::time::Instant;

use satdoku::count_up_to;

use crate::cli::ExitStatus;
use crate::cli::args::{CheckArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{count_json, emit, emit_json};

/// Checks every puzzle for a unique solution.
pub fn run(args: &CheckArgs, _global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let start = Instant::now();
        let count = count_up_to(puzzle, 2)?;
        let verdict = match count.count() {
            0 => "no solution",
            1 => "unique",
            _ => "multiple solutions",
        };
        match args.format {
            Format::Json => emit_json(&count_json(
                position,
                &count,
                start.elapsed().as_secs_f64() * 1e3,
            ))?,
            Format::Line | Format::Pretty => emit(&format!("{verdict}\n"))?,
        }
        Ok(if count.is_unique() {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        })
    })
}
