//! `satdoku complete`: each puzzle with givens added until it is unique.

use itertools::Itertools;
use satdoku::engine::complete::try_complete;
use satdoku::engine::minimise::MinimiseError;
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{CompleteArgs, Format, GlobalArgs};
use crate::cli::commands::minimise::report_not_unique;
use crate::cli::input::Input;
use crate::cli::limits::{label_json, limits, report_stopped, status_or};
use crate::cli::output::{emit_puzzle, stats_json};

/// Completes every puzzle; one without any solution is reported and exits 1.
pub fn run(args: &CompleteArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    let input = Input::read(&args.puzzles, global.quiet)?.limited(&limits);
    input.with_json_errors(args.format.base() == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Ok(try_complete(puzzle, args.minimise, &limits)),
        |result, position| match result {
            Ok(completed) => {
                let added = completed.added.iter().map(|p| format!("{p:?}")).join(" ");
                let partly =
                    completed.stopped.map(|stop| format!(", not minimised ({})", stop.name()));
                let summary = match completed.added.len() {
                    0 => "unique: no givens added".to_string(),
                    n => format!("unique: {n} givens added ({added})"),
                } + &partly.unwrap_or_default();
                let mut extra = json!({
                    "added": completed.added.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>(),
                    "stats": stats_json(completed.stats),
                });
                label_json(&mut extra, completed.stopped, "minimised");
                emit_puzzle(args.format, position, &completed.puzzle, &summary, extra)?;
                Ok(status_or(completed.stopped, ExitStatus::Success))
            }
            Err(error) if error.stop().is_some() => {
                Ok(report_stopped(position.number, error.stop().expect("a stop")))
            }
            Err(MinimiseError::Solve(error)) => Err(error.into()),
            Err(error) => {
                report_not_unique(args.format.base(), position, &error)?;
                Ok(ExitStatus::Failure)
            }
        },
    )
}
