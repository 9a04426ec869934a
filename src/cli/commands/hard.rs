//! `satdoku generate --hard` / `--min-score S`: the search for hard minimal puzzles, one search
//! per output puzzle, each printed with its score.
//!
//! The score comes from [`scorer`], the one place to change when a better rating exists.

use anyhow::bail;
use satdoku::engine::hard::{HardError, HardOptions, HardProgress, HardPuzzle, try_generate_hard};
use satdoku::logic::{ExplainOptions, rate_with};
use satdoku::model::symmetry::Symmetry;
use satdoku::{Limits, Puzzle};
use serde_json::json;

use super::explain::partial;
use super::generate::{in_index_order, position_of};
use crate::cli::ExitStatus;
use crate::cli::args::{GenerateArgs, GlobalArgs, PuzzleFormat};
use crate::cli::limits::{label_json, limits, report_stopped, status_or};
use crate::cli::output::{diagnose, emit_puzzle, stats_json};
use crate::cli::progress::search_bar;

/// How deep the search's ratings bifurcate: deeper bifurcations rate nearly empty variant
/// grids (a one-given miracle) in minutes, not milliseconds.
const SEARCH_DEPTH: usize = 1;

/// The name of the score in the output (`scorer` in JSON), and the score itself: the logic
/// engine's fine score ([`satdoku::logic::Rating::fine_score`]: the rating on Sudoku
/// Explainer's scale, its ties split by the work and number of bifurcations), with
/// bifurcations up to [`SEARCH_DEPTH`] and the uniqueness techniques (every puzzle the search
/// rates is unique: it re-completes to uniqueness before minimising); it stops at `limits`
/// (the search then drops the score).
fn scorer(limits: &Limits) -> (&'static str, impl Fn(&Puzzle) -> f64 + Sync) {
    let options = ExplainOptions::new().max_depth(SEARCH_DEPTH).unique(true).limits(limits.clone());
    ("logic", move |puzzle: &Puzzle| rate_with(puzzle, &options).fine_score())
}

/// Runs one search per output puzzle on the threads of `--jobs`, writing in index order.
pub fn run(
    args: &GenerateArgs,
    global: &GlobalArgs,
    template: &Puzzle,
) -> anyhow::Result<ExitStatus> {
    if args.symmetry != Symmetry::None || args.givens_at_most.is_some() {
        bail!("--hard does not combine with --symmetry or --givens-at-most: expected neither");
    }
    let options = HardOptions::new()
        .seed(args.seed)
        .max_attempts(usize::try_from(args.attempts).unwrap_or(usize::MAX))
        .time_limit(args.puzzle_timeout)
        .min_score(args.min_score.or(args.grade.map(|grade| grade.lowest_score())));
    let limits = limits(&args.limits);
    let (name, score) = scorer(&limits);
    let bar = search_bar(args.count, global.quiet);
    let report = |index: u64, progress: HardProgress| {
        bar.set_message(format!(
            "puzzle {}: attempt {}, best {name} score {:.3}",
            index + 1,
            progress.attempts,
            progress.best
        ));
    };
    in_index_order(
        args,
        &bar,
        |index| try_generate_hard(template, index, &options, &score, |p| report(index, p), &limits),
        |index, result| write(args, name, index, result),
    )
}

fn write(
    args: &GenerateArgs,
    scorer: &str,
    index: u64,
    result: Result<HardPuzzle, HardError>,
) -> anyhow::Result<ExitStatus> {
    let (hard, status) = match result {
        Ok(hard) => {
            let status = status_or(hard.stopped, ExitStatus::Success);
            (hard, status)
        }
        Err(HardError::ScoreNotReached { best, wanted }) => {
            diagnose(&format!(
                "error: puzzle {}: no puzzle scored {wanted} or more in {} attempts; \
                 the best found follows (score {:.3})",
                index + 1,
                best.attempts,
                best.score
            ));
            (*best, ExitStatus::Failure)
        }
        Err(HardError::Solve(error)) => match error.stop() {
            Some(stop) => return Ok(report_stopped(position_of(index).number, stop)),
            None => return Err(error.into()),
        },
        Err(error) => {
            diagnose(&format!("error: puzzle {}: {error}", index + 1));
            return Ok(ExitStatus::Failure);
        }
    };
    emit(args, scorer, index, &hard)?;
    Ok(status)
}

/// Writes a hard puzzle with its score: after the givens as a `#` comment in `line` format
/// (the parser skips it), in the summary in `pretty`, as fields in `json`; a search a limit
/// cut short is labelled partial.
fn emit(args: &GenerateArgs, scorer: &str, index: u64, hard: &HardPuzzle) -> anyhow::Result<()> {
    let givens = hard.puzzle.givens().filled_count();
    let cut = hard.stopped.map_or(String::new(), |stop| format!(" {}", partial(stop.name())));
    let score = format!("score {:.3} ({scorer}){cut}", hard.score);
    if args.format == PuzzleFormat::Line {
        let line = format!("{} # {score}\n", hard.puzzle.to_line());
        return crate::cli::output::emit(&line);
    }
    let summary = format!(
        "seed {} puzzle {}: {givens} givens, minimal, {score}; plain generate {:.3}; {} attempts",
        args.seed,
        index + 1,
        hard.first_score,
        hard.attempts
    );
    let mut extra = json!({
        "seed": args.seed,
        "index": index,
        "attempts": hard.attempts,
        "score": hard.score,
        "scorer": scorer,
        "first_score": hard.first_score,
        "improvements": hard.improvements,
        "restarts": hard.restarts,
        "stats": stats_json(hard.stats),
    });
    label_json(&mut extra, hard.stopped, "complete");
    emit_puzzle(args.format, position_of(index), &hard.puzzle, &summary, extra)
}
