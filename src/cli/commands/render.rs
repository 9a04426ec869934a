//! `satdoku render`: one puzzle drawn as an SVG picture, optionally with its solution or its
//! true candidates, to stdout or to a file written whole or not at all.

use satdoku::engine::candidates::try_true_candidates;
use satdoku::engine::count::{CountOptions, try_count};
use satdoku::render::{RenderOptions, render_svg};
use satdoku::{Limits, Puzzle};

use crate::cli::args::{GlobalArgs, RenderArgs};
use crate::cli::input::Input;
use crate::cli::limits::{limits, report_stopped};
use crate::cli::output::{diagnose, emit};
use crate::cli::{ExitStatus, files};

/// Draws the puzzle; exit 1 (nothing written) when `--solution` finds no unique solution or
/// `--candidates` no solution at all.
pub fn run(args: &RenderArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let puzzle = Input::read_one(&args.puzzle, global.quiet)?;
    let options = match options(&puzzle, args, &limits(&args.limits))? {
        Ok(options) => options,
        Err(status) => return Ok(status),
    };
    let svg = render_svg(&puzzle, &options);
    match &args.output {
        None => emit(&svg)?,
        Some(path) => files::write_whole(path, &svg)?,
    }
    Ok(ExitStatus::Success)
}

/// What to draw besides the puzzle, or the exit status when it cannot be had.
fn options(
    puzzle: &Puzzle,
    args: &RenderArgs,
    limits: &Limits,
) -> anyhow::Result<Result<RenderOptions, ExitStatus>> {
    if args.solution {
        let count = try_count(puzzle, &CountOptions::up_to(2), limits)?;
        if let Some(stop) = count.stopped() {
            return Ok(Err(report_stopped(1, stop)));
        }
        let [solution] = count.first_solutions() else {
            let found = if count.count() == 0 { "no solution" } else { "several solutions" };
            diagnose(&format!("error: puzzle 1: no unique solution to draw: it has {found}"));
            return Ok(Err(ExitStatus::Failure));
        };
        crate::cli::guard::validated(puzzle, solution)?;
        return Ok(Ok(RenderOptions::new().solution(solution.clone())));
    }
    if args.candidates {
        let found = try_true_candidates(puzzle, None, limits)?;
        if let Some(stop) = found.stopped() {
            return Ok(Err(report_stopped(1, stop)));
        }
        if !found.has_solution() {
            diagnose("error: puzzle 1: no candidates to draw: it has no solution");
            return Ok(Err(ExitStatus::Failure));
        }
        let sets = puzzle.geometry().cells().map(|cell| found.get(cell)).collect();
        return Ok(Ok(RenderOptions::new().candidates(sets)));
    }
    Ok(Ok(RenderOptions::new()))
}
