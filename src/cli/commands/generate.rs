//! `satdoku generate`: minimal unique puzzles for a rule set, in parallel, in seed order.

use anyhow::{Context, bail};
use rayon::prelude::*;
use satdoku::engine::count::{CountOptions, try_count};
use satdoku::engine::generate::{GenerateError, GenerateOptions, Generated, Generator};
use satdoku::model::parse::parse_regions;
use satdoku::model::symmetry::Symmetry;
use satdoku::{Geometry, Grid, Puzzle};
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::args::{DEFAULT_SIZE, GenerateArgs, GlobalArgs};
use crate::cli::files::{REGIONS, read_text};
use crate::cli::input::{Position, rules_flag};
use crate::cli::limits::{limits, report_stopped};
use crate::cli::output::{diagnose, emit_puzzle, stats_json};
use crate::cli::progress::progress_bar;
use crate::cli::resolve;
use indicatif::ProgressBar;

/// Generates `--count` puzzles and writes them in index order as they complete (with `--hard`
/// or `--min-score`, by the search for hard puzzles).
pub fn run(args: &GenerateArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let template = template(args)?;
    let limits = limits(&args.limits);
    // Whether the rules admit a grid at all: one SAT call, which the limits stop too.
    let exists = try_count(&template, &CountOptions::up_to(1), &limits)?;
    if exists.count() == 0 {
        if let Some(stop) = exists.stopped() {
            return Ok(report_stopped(1, stop));
        }
        let size = template.geometry().size();
        bail!("no solution grid exists under rules `{}` on a {size}x{size} grid", args.rules);
    }
    if searches(args) {
        return super::hard::run(args, global, &template);
    }
    let options = GenerateOptions::new()
        .seed(args.seed)
        .symmetry(args.symmetry)
        .givens_at_most(args.givens_at_most)
        .max_attempts(usize::try_from(args.attempts).unwrap_or(usize::MAX))
        .time_limit(args.puzzle_timeout);
    let progress = progress_bar(args.count, "puzzles", global.quiet);
    let generator = Generator::new(&template);
    in_index_order(
        args,
        &progress,
        |index| generator.try_generate(index, &options, &limits),
        |index, result| write_result(args, index, result),
    )
}

/// Whether the flags ask for the pool search ([`super::hard`]) rather than plain generation:
/// `--givens-at-most` with `--symmetry` keeps restarting plain generation.
fn searches(args: &GenerateArgs) -> bool {
    let fewest = args.fewest || (args.givens_at_most.is_some() && args.symmetry == Symmetry::None);
    let hard = args.hard || args.min_score.is_some() || args.grade.is_some();
    hard || fewest || args.from.is_some() || args.shard.is_some()
}

/// Makes puzzles 0..`--count` on `--jobs` threads with `make`, and hands them to `write` in
/// index order as they complete, pausing `progress` meanwhile; the worst exit status.
pub fn in_index_order<T: Send>(
    args: &GenerateArgs,
    progress: &ProgressBar,
    make: impl Fn(u64) -> T + Sync,
    mut write: impl FnMut(u64, T) -> anyhow::Result<ExitStatus>,
) -> anyhow::Result<ExitStatus> {
    let jobs = args.batch.threads_for(usize::try_from(args.count).unwrap_or(usize::MAX));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start worker threads")?;
    let mut worst = ExitStatus::Success;
    let chunk = jobs as u64 * 4;
    for start in (0..args.count).step_by(chunk as usize) {
        let indices: Vec<u64> = (start..(start + chunk).min(args.count)).collect();
        let results: Vec<_> = pool.install(|| indices.par_iter().map(|&i| (i, make(i))).collect());
        for (index, result) in results {
            worst = worst.max(progress.suspend(|| write(index, result))?);
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    Ok(worst)
}

/// The empty puzzle of the chosen size, boxes (or regions) and rules.
fn template(args: &GenerateArgs) -> anyhow::Result<Puzzle> {
    let geometry = match &args.regions {
        Some(path) => regions(path, args.size)?,
        None => boxes(args)?,
    };
    let geometry = match args.digits {
        Some(digits) => geometry.with_digits(digits).with_context(|| {
            let n = geometry.size();
            format!(
                "--digits: expected M from {n} to {} for a {n}x{n} grid, found {digits}",
                satdoku::model::digit::MAX_SIZE
            )
        })?,
        None => geometry,
    };
    let rules = rules_flag(&args.rules)?;
    Puzzle::try_new(Grid::empty(geometry), rules)
        .map_err(|misfit| anyhow::anyhow!("--rules: {misfit}"))
}

/// The geometry of `--size` and `--boxes`.
fn boxes(args: &GenerateArgs) -> anyhow::Result<Geometry> {
    let size = args.size.unwrap_or(DEFAULT_SIZE);
    let geometry = match &args.boxes {
        Some(shape) => {
            let (rows, columns) = resolve::boxes(shape)?;
            Geometry::new(size, rows, columns)
        }
        None => Geometry::with_usual_boxes(size),
    };
    geometry.with_context(|| {
        format!("no {size}x{size} grid with those boxes: expected --boxes RxC with R×C = {size}")
    })
}

/// The geometry of the regions file at `path` (errors give the file's own line and column),
/// which must agree with `--size` when it is given.
fn regions(path: &std::path::Path, size: Option<usize>) -> anyhow::Result<Geometry> {
    let name = path.display();
    let text = read_text(path, &REGIONS)?;
    let geometry = parse_regions(&text).map_err(|error| {
        let (line, column) = (error.line(), error.column());
        anyhow::anyhow!(
            "{name}:{line}:{column}: {} (--regions reads N rows of N region symbols)\n{}",
            error.message(),
            error.snippet()
        )
    })?;
    let found = geometry.size();
    match size {
        Some(size) if size != found => bail!(
            "{name}: expected regions for --size {size}, found a {found}x{found} layout (the \
             size of a jigsaw is its regions file's: leave --size out, or give another file)"
        ),
        _ => Ok(geometry),
    }
}

/// The position of puzzle `index` in the output (1-based; one line each).
pub fn position_of(index: u64) -> Position {
    let number = usize::try_from(index + 1).unwrap_or(usize::MAX);
    Position { number, line: number }
}

fn write_result(
    args: &GenerateArgs,
    index: u64,
    result: Result<Generated, GenerateError>,
) -> anyhow::Result<ExitStatus> {
    let position = position_of(index);
    match result {
        Ok(made) => {
            let givens = made.puzzle.givens().filled_count();
            let summary =
                format!("seed {} puzzle {}: {givens} givens, minimal", args.seed, index + 1);
            let extra = json!({ "seed": args.seed, "index": index, "attempts": made.attempts, "stats": stats_json(made.stats) });
            emit_puzzle(args.format, position, &made.puzzle, &summary, extra)?;
            Ok(ExitStatus::Success)
        }
        Err(error) if error.stop().is_some() => {
            Ok(report_stopped(position.number, error.stop().expect("a stop")))
        }
        Err(GenerateError::Solve(error)) => Err(error.into()),
        Err(error) => {
            diagnose(&format!("error: puzzle {}: {error}", index + 1));
            Ok(ExitStatus::Failure)
        }
    }
}
