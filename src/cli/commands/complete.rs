//! `satdoku complete`: each puzzle with givens added until it is unique.

use itertools::Itertools;
use satdoku::Stop;
use satdoku::engine::complete::try_complete;
use satdoku::engine::minimise::MinimiseError;
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{CompleteArgs, GlobalArgs};
use crate::cli::commands::minimise::report_not_unique;
use crate::cli::input::Input;
use crate::cli::limits::{limits, report_stopped, status_or};
use crate::cli::output::{emit_puzzle, stats_json};

/// Completes every puzzle; one without any solution is reported and exits 1.
pub fn run(args: &CompleteArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    Input::read(&args.puzzles, global.quiet)?.for_each_parallel(
        &args.batch,
        |puzzle| Ok(try_complete(puzzle, args.minimise, &limits)),
        |result, position| match result {
            Ok(completed) => {
                let added = completed.added.iter().map(|p| format!("{p:?}")).join(" ");
                let partly =
                    completed.stopped.map(|stop| format!(", not minimised ({})", stop.name()));
                let summary = format!(
                    "unique: {} givens added ({added}){}",
                    completed.added.len(),
                    partly.unwrap_or_default()
                );
                let extra = json!({
                    "added": completed.added.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>(),
                    "limit": completed.stopped.map(Stop::name),
                    "stats": stats_json(completed.stats),
                });
                emit_puzzle(args.format, position, &completed.puzzle, &summary, extra)?;
                Ok(status_or(completed.stopped, ExitStatus::Success))
            }
            Err(error) if error.stop().is_some() => {
                Ok(report_stopped(position.number, error.stop().expect("a stop")))
            }
            Err(MinimiseError::Solve(error)) => Err(error.into()),
            Err(error) => {
                report_not_unique(position.number, &error);
                Ok(ExitStatus::Failure)
            }
        },
    )
}
