//! `satdoku minimise`: each puzzle stripped to a minimal puzzle with the same unique solution.

use satdoku::Puzzle;
use satdoku::engine::minimise::{MinimiseError, MinimiseOptions, minimise};
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{GlobalArgs, MinimiseArgs};
use crate::cli::input::{Input, Position};
use crate::cli::output::{emit_puzzle, stats_json};
use crate::cli::resolve;

/// Minimises every puzzle; a puzzle that is not unique is reported and exits 1.
pub fn run(args: &MinimiseArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let keep = args.keep.as_deref().map(resolve::cells).transpose()?.unwrap_or_default();
    let options = MinimiseOptions::new()
        .seed(args.seed)
        .order(resolve::order(args.order))
        .symmetry(args.symmetry)
        .keep(keep.clone());
    Input::read(&args.puzzles, global.quiet)?.for_each(|puzzle, position| {
        if let Some(outside) = keep.iter().find(|&&cell| !puzzle.geometry().contains(cell)) {
            let size = puzzle.geometry().size();
            eprintln!(
                "error: puzzle {}: --keep {outside} is outside the {size}x{size} grid",
                position.number
            );
            return Ok(ExitStatus::Error);
        }
        for cell in keep.iter().filter(|&&cell| puzzle.givens().get(cell).is_none()) {
            if !global.quiet {
                eprintln!("warning: puzzle {}: --keep {cell} holds no given", position.number);
            }
        }
        minimise_one(puzzle, position, &options, args)
    })
}

/// Minimises one puzzle and writes the result, or says why it is not unique.
fn minimise_one(
    puzzle: &Puzzle,
    position: Position,
    options: &MinimiseOptions,
    args: &MinimiseArgs,
) -> anyhow::Result<ExitStatus> {
    match minimise(puzzle, options) {
        Ok(minimal) => {
            let givens = minimal.puzzle.givens().filled_count();
            let summary = format!(
                "minimal: {givens} givens ({} removed, {} SAT calls)",
                minimal.removed, minimal.sat_calls
            );
            let extra = json!({
                "removed": minimal.removed,
                "sat_calls": minimal.sat_calls,
                "stats": stats_json(minimal.stats),
            });
            emit_puzzle(args.format, position, &minimal.puzzle, &summary, extra)?;
            Ok(ExitStatus::Success)
        }
        Err(MinimiseError::Solve(error)) => Err(error.into()),
        Err(error) => {
            report_not_unique(position.number, &error);
            Ok(ExitStatus::Failure)
        }
    }
}

/// Says on stderr why a puzzle is not unique, drawing two of its solutions when it has several.
pub fn report_not_unique(number: usize, error: &MinimiseError) {
    eprintln!("error: puzzle {number}: {error}");
    if let MinimiseError::MultipleSolutions(a, b) = error {
        eprintln!("first solution:\n{}second solution:\n{}", a.to_pretty(), b.to_pretty());
    }
}
