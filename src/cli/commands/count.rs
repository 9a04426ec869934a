//! `satdoku count`: the number of solutions of each puzzle, up to `--max`.

use std::time::Instant;

use satdoku::count_up_to;

use crate::cli::ExitStatus;
use crate::cli::args::{CountArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{count_json, count_text, emit, emit_json};

/// Counts every puzzle's solutions.
pub fn run(args: &CountArgs, _global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let start = Instant::now();
        let count = count_up_to(puzzle, max)?;
        match args.format {
            Format::Json => emit_json(&count_json(
                position,
                &count,
                start.elapsed().as_secs_f64() * 1e3,
            ))?,
            Format::Line | Format::Pretty => emit(&format!("{}\n", count_text(&count)))?,
        }
        Ok(ExitStatus::Success)
    })
}
