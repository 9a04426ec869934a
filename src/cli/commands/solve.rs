//! `satdoku solve`: a solution for each puzzle, and whether it is the only one.

use std::time::Instant;

use satdoku::count_up_to;

use crate::cli::ExitStatus;
use crate::cli::args::{Format, GlobalArgs, SolveArgs};
use crate::cli::input::Input;
use crate::cli::output::{count_json, emit, emit_json};

/// Solves every puzzle; exit 1 when one has no solution.
pub fn run(args: &SolveArgs, _global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    Input::read(&args.puzzles)?.for_each(|puzzle, position| {
        let start = Instant::now();
        let count = count_up_to(puzzle, 2)?;
        let solution = count.first_solutions().first();
        match args.format {
            Format::Json => emit_json(&count_json(
                position,
                &count,
                start.elapsed().as_secs_f64() * 1e3,
            ))?,
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
