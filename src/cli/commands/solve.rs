//! `satdoku solve`: a solution for each puzzle, and whether it is the only one.

use crate::cli::ExitStatus;
use crate::cli::args::{Format, SolveArgs};
use crate::cli::input::Input;
use crate::cli::output::{TimedCount, count_json, emit, emit_json};

/// Solves every puzzle; exit 1 when one has no solution.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitStatus> {
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let timed = TimedCount::of(puzzle, 2)?;
        let count = &timed.count;
        let solution = count.first_solutions().first();
        match args.format {
            Format::Json => emit_json(&count_json(position, &timed))?,
            Format::Line => emit(&format!(
                "{}\n",
                solution.map_or("none".into(), |s| s.to_line())
            ))?,
            Format::Pretty => {
                let verdict = match (solution, count.is_unique()) {
                    (None, _) => "no solution\n".to_string(),
                    (Some(grid), true) => format!("{}unique solution\n", grid.to_pretty()),
                    (Some(grid), false) => {
                        format!("{}one of several solutions\n", grid.to_pretty())
                    }
                };
                let separator = if position.number > 1 { "\n" } else { "" };
                emit(&format!("{separator}{verdict}"))?;
            }
        }
        Ok(if solution.is_some() {
            ExitStatus::Success
        } else {
            ExitStatus::Failure
        })
    })
}
