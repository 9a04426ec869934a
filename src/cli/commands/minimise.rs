//! `satdoku minimise`: each puzzle stripped to a minimal puzzle with the same unique solution.

use satdoku::engine::minimise::{MinimiseError, MinimiseOptions, Minimised, Minimiser};
use satdoku::{Cell, Puzzle, Stop};
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{Format, GlobalArgs, MinimiseArgs};
use crate::cli::input::{Input, Position};
use crate::cli::limits::{label_json, limits, report_stopped, status_or};
use crate::cli::output::{diagnose, emit_puzzle, report_failure, stats_json};
use crate::cli::resolve;

/// Minimises every puzzle; a puzzle that is not unique is reported and exits 1.
pub fn run(args: &MinimiseArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let keep = args.keep.as_deref().map(resolve::cells).transpose()?.unwrap_or_default();
    let options = MinimiseOptions::new()
        .seed(args.seed)
        .order(resolve::order(args.order))
        .symmetry(args.symmetry)
        .keep(keep.clone());
    let limits = limits(&args.limits);
    let input = Input::read(&args.puzzles, global.quiet)?.limited(&limits);
    input.with_json_errors(args.format.base() == Format::Json).for_each_parallel_with(
        &args.batch,
        || Minimiser::new(&limits),
        |minimiser, puzzle| Ok(attempt(minimiser, puzzle, &keep, &options)),
        |attempt, position| report(attempt, position, args, global.quiet),
    )
}

/// What minimising one puzzle came to.
enum Attempt {
    /// A `--keep` cell lies off this puzzle's grid.
    KeepOffGrid(Cell, usize),
    /// The minimiser ran; `empty_kept` are `--keep` cells without a given.
    Ran { empty_kept: Vec<Cell>, result: Box<Result<Minimised, MinimiseError>> },
}

/// Minimises `puzzle` with the worker's `minimiser` unless `--keep` names a cell off its grid.
fn attempt(
    minimiser: &mut Minimiser,
    puzzle: &Puzzle,
    keep: &[Cell],
    options: &MinimiseOptions,
) -> Attempt {
    let size = puzzle.geometry().size();
    if let Some(&outside) = keep.iter().find(|&&cell| !puzzle.geometry().contains(cell)) {
        return Attempt::KeepOffGrid(outside, size);
    }
    let empty_kept = keep.iter().copied().filter(|&cell| puzzle.givens().get(cell).is_none());
    let result = Box::new(minimiser.minimise(puzzle, options));
    Attempt::Ran { empty_kept: empty_kept.collect(), result }
}

/// Writes the minimal puzzle, or says on stderr why there is none.
fn report(
    attempt: Attempt,
    position: Position,
    args: &MinimiseArgs,
    quiet: bool,
) -> anyhow::Result<ExitStatus> {
    let (number, line) = (position.number, position.line);
    let (empty_kept, result) = match attempt {
        Attempt::KeepOffGrid(cell, size) => {
            let message =
                format!("expected --keep cells within r1c1..r{size}c{size}, found {cell}");
            report_failure(args.format.base(), position, &message)?;
            return Ok(ExitStatus::Error);
        }
        Attempt::Ran { empty_kept, result } => (empty_kept, result),
    };
    for cell in empty_kept.iter().filter(|_| !quiet) {
        diagnose(&format!("warning: puzzle {number} (line {line}): --keep {cell} holds no given"));
    }
    match *result {
        Ok(minimal) => {
            let givens = minimal.puzzle.givens().filled_count();
            let summary = format!(
                "{}: {givens} givens ({} removed, {} SAT calls)",
                minimality(minimal.stopped),
                minimal.removed,
                minimal.sat_calls
            );
            let mut extra = json!({
                "removed": minimal.removed,
                "sat_calls": minimal.sat_calls,
                "stats": stats_json(minimal.stats),
            });
            label_json(&mut extra, minimal.stopped, "minimal");
            emit_puzzle(args.format, position, &minimal.puzzle, &summary, extra)?;
            Ok(status_or(minimal.stopped, ExitStatus::Success))
        }
        Err(error) if error.stop().is_some() => {
            Ok(report_stopped(number, error.stop().expect("a stop")))
        }
        Err(MinimiseError::Solve(error)) => Err(error.into()),
        Err(error) => {
            report_not_unique(args.format.base(), position, &error)?;
            Ok(ExitStatus::Failure)
        }
    }
}

/// `minimal`, or `unique, not yet minimal (timeout)` when a limit stopped the removal.
fn minimality(stopped: Option<Stop>) -> String {
    match stopped {
        Some(stop) => format!("unique, not yet minimal ({})", stop.name()),
        None => "minimal".to_string(),
    }
}

/// Says why a puzzle is not unique (on stderr, drawing two of its solutions when it has
/// several, and as a JSON record when the output is JSON).
pub fn report_not_unique(
    format: Format,
    position: Position,
    error: &MinimiseError,
) -> anyhow::Result<()> {
    report_failure(format, position, &error.to_string())?;
    if let MinimiseError::MultipleSolutions(a, b) = error {
        diagnose(&format!("first solution:\n{}second solution:\n{}", a.to_pretty(), b.to_pretty()));
    }
    Ok(())
}
