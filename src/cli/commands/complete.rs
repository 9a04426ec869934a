//! `satdoku complete`: each puzzle with givens added until it is unique.

use itertools::Itertools;
use satdoku::engine::complete::complete;
use satdoku::engine::minimise::MinimiseError;
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{CompleteArgs, Format, GlobalArgs};
use crate::cli::commands::minimise::report_not_unique;
use crate::cli::input::Input;
use crate::cli::output::{emit_puzzle, stats_json};

/// Completes every puzzle; one without any solution is reported and exits 1.
pub fn run(args: &CompleteArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Ok(complete(puzzle, args.minimise)),
        |result, position| match result {
            Ok(completed) => {
                let added = completed.added.iter().map(|p| format!("{p:?}")).join(" ");
                let summary = match completed.added.len() {
                    0 => "unique: no givens added".to_string(),
                    n => format!("unique: {n} givens added ({added})"),
                };
                let extra = json!({
                    "added": completed.added.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>(),
                    "stats": stats_json(completed.stats),
                });
                emit_puzzle(args.format, position, &completed.puzzle, &summary, extra)?;
                Ok(ExitStatus::Success)
            }
            Err(MinimiseError::Solve(error)) => Err(error.into()),
            Err(error) => {
                report_not_unique(args.format, position, &error)?;
                Ok(ExitStatus::Failure)
            }
        },
    )
}
