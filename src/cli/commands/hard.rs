//! `satdoku generate --hard` / `--min-score S` / `--from FILE` / `--fewest` /
//! `--givens-at-most N`: the vicinity search over a pool of puzzles, streaming what it finds.
//!
//! The score comes from [`scorer`], the one place to change when a better rating exists.

use anyhow::bail;
use satdoku::engine::hard::{
    Found, HardError, HardOptions, HardProgress, HardSearch, Moves, Report, Score, Scorer,
    TwoStage, fewest_givens, try_search,
};
use satdoku::logic::{ExplainOptions, rate_plateau, rate_top, rate_with};
use satdoku::model::symmetry::Symmetry;
use satdoku::{Grid, Limits, Puzzle};
use serde_json::json;

use super::explain::partial;
use super::generate::position_of;
use crate::cli::ExitStatus;
use crate::cli::args::{GenerateArgs, GlobalArgs, PuzzleArgs, PuzzleFormat, RuleArgs};
use crate::cli::input::{Input, Position};
use crate::cli::limits::{label_json, limits, report_stopped, status_or};
use crate::cli::output::{diagnose, emit_puzzle, stats_json};
use crate::cli::progress::search_bar;

/// How deep the cheap screen's bifurcations go: a puzzle it cannot finish goes to the judge.
const SCREEN_DEPTH: usize = 1;

/// Where the screen's scale saturates: from this fine score up its digits tie (the hardest
/// contradiction's work near the most a depth-1 bifurcation takes, 9 bifurcations or more) and
/// order Sudoku Explainer 1.2.1's 9.0 to 9.7 worse than the plateau's measure (Spearman 0.538
/// against 0.739 on the 35 such puzzles SE rated, [`satdoku::logic::rate_plateau`]; the book's
/// hard-puzzles chapter has the whole table), which orders instead.
const PLATEAU: f64 = 8.4;

/// What the search climbs: the hardness rating, or fewer givens.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Objective {
    Hardness,
    FewestGivens,
}

impl Objective {
    /// The name of the score in the output (`scorer` in JSON).
    fn name(self) -> &'static str {
        match self {
            Objective::Hardness => "logic",
            Objective::FewestGivens => "givens",
        }
    }
}

/// The hardness score in stages: the logic engine's fine score
/// ([`satdoku::logic::Rating::fine_score`]) with bifurcations up to [`SCREEN_DEPTH`] and the
/// uniqueness techniques when that finishes the puzzle; from [`PLATEAU`] up, where that score
/// saturates, the score of the solve's hardest bifurcation state by its shortest forcing
/// proof, ties broken by how few candidates the narrowest state's proofs refute
/// ([`satdoku::logic::rate_plateau`]), which ranks above; else the top rating
/// ([`satdoku::logic::rate_top`], from 9.0 up where the depth-1 logic gets stuck: the exact
/// judge), which ranks above both. All stop at the search's limits (`--timeout` and `--time`;
/// the search then drops the batch).
fn scorer() -> impl Scorer {
    let options = |limits: &Limits| ExplainOptions::new().unique(true).limits(limits.clone());
    TwoStage {
        screen: move |puzzle: &Puzzle, limits: &Limits| {
            let rating = rate_with(puzzle, &options(limits).max_depth(SCREEN_DEPTH));
            let fine = rating.fine_score();
            match (rating.is_solved(), fine >= PLATEAU) {
                (false, _) => None,
                (true, false) => Some(Score::screened(fine)),
                (true, true) => {
                    let plateau = rate_plateau(puzzle, &options(limits));
                    Some(Score::plateau(plateau.score(), 1.0 - plateau.least_refuted_share()))
                }
            }
        },
        judge: move |puzzle: &Puzzle, limits: &Limits| rate_top(puzzle, &options(limits)).score(),
    }
}

/// Runs the search, as `--jobs` lanes when given, printing each puzzle found at once.
pub fn run(
    args: &GenerateArgs,
    global: &GlobalArgs,
    template: &Puzzle,
) -> anyhow::Result<ExitStatus> {
    if args.symmetry != Symmetry::None {
        bail!("--hard does not combine with --symmetry: expected no --symmetry");
    }
    let seeds = match &args.from {
        Some(_) => match read_seeds(args, global)? {
            Ok(seeds) => seeds,
            Err(status) => return Ok(status),
        },
        None => Vec::new(),
    };
    let template = match seeds.first() {
        Some((first, _)) => first.with_givens(Grid::empty(first.geometry())),
        None => template.clone(),
    };
    let objective = match args.fewest || args.givens_at_most.is_some() {
        true => Objective::FewestGivens,
        false => Objective::Hardness,
    };
    let min_score = match objective {
        Objective::FewestGivens => args.givens_at_most.map(|n| -(n as f64)),
        Objective::Hardness => args.min_score.or(args.grade.map(|grade| grade.lowest_score())),
    };
    let mut options = HardOptions::new()
        .seed(args.seed)
        .max_attempts(usize::try_from(args.attempts).unwrap_or(usize::MAX))
        .time_limit(args.puzzle_timeout)
        .min_score(min_score)
        .wanted(usize::try_from(args.count).unwrap_or(usize::MAX))
        .pool_size(usize::try_from(args.pool).unwrap_or(usize::MAX))
        // `--jobs N` runs N lanes, each on a core of its own; without it, one search, the same
        // on every machine, scoring each batch on every core.
        .lanes(args.batch.jobs.map_or(1, usize::from));
    if let Some(shard) = args.shard {
        options = options.shard(shard);
    }
    if objective == Objective::FewestGivens {
        options = options.moves(Moves::Fewer);
    }
    let limits = limits(&args.limits);
    let puzzles: Vec<Puzzle> = seeds.iter().map(|(puzzle, _)| puzzle.clone()).collect();
    let threads = rayon::ThreadPoolBuilder::new().num_threads(args.batch.threads()).build()?;
    let writer = Writer { args, objective, bar: search_bar(args.count, global.quiet) };
    let mut written = Ok(0);
    let mut report = |report: Report| writer.report(report, &mut written);
    let result = threads.install(|| match objective {
        Objective::Hardness => {
            try_search(&template, &puzzles, &options, &scorer(), &mut report, &limits)
        }
        Objective::FewestGivens => {
            try_search(&template, &puzzles, &options, &fewest_givens, &mut report, &limits)
        }
    });
    writer.bar.finish_and_clear();
    let written = written?;
    writer.finish(result, written, &seeds)
}

/// The seed puzzles of `--from`, each with its position in the file; the exit status when a
/// line does not parse (each bad line is reported with its file and line).
fn read_seeds(
    args: &GenerateArgs,
    global: &GlobalArgs,
) -> anyhow::Result<Result<Vec<(Puzzle, Position)>, ExitStatus>> {
    let path = args.from.as_ref().expect("--from is given");
    let rules = RuleArgs {
        rules: Some(args.rules.clone()),
        boxes: args.boxes.clone(),
        line: Vec::new(),
        dot: Vec::new(),
    };
    let inputs = vec![path.display().to_string()];
    let input = Input::read(&PuzzleArgs { inputs, rules }, global.quiet)?;
    let mut seeds = Vec::new();
    let status = input.for_each(|puzzle, position| {
        seeds.push((puzzle.clone(), position));
        Ok(ExitStatus::Success)
    })?;
    if status != ExitStatus::Success {
        return Ok(Err(status));
    }
    if seeds.is_empty() {
        bail!("{}: expected at least one puzzle to seed the search, found none", path.display());
    }
    Ok(Ok(seeds))
}

/// Writes what the search finds, and its progress on a terminal.
struct Writer<'a> {
    args: &'a GenerateArgs,
    objective: Objective,
    bar: indicatif::ProgressBar,
}

impl Writer<'_> {
    /// Prints a puzzle found (flushed at once), or shows the progress; counts the puzzles
    /// written in `written`, or keeps the first error.
    fn report(&self, report: Report, written: &mut anyhow::Result<u64>) {
        match report {
            Report::Found(found) => {
                let Ok(number) = written else { return };
                *number += 1;
                let number = *number;
                if let Err(error) = self.bar.suspend(|| self.emit(number, found, None)) {
                    *written = Err(error);
                }
                self.bar.inc(1);
            }
            Report::Progress(progress) => self.bar.set_message(self.progress(&progress)),
        }
    }

    fn progress(&self, progress: &HardProgress) -> String {
        let seconds = progress.elapsed.as_secs_f64().max(1e-3);
        let best = progress.best.map_or("none".to_string(), |score| self.score_text(score));
        format!(
            "best {best}; {} attempts, {} rated ({:.0}/s), {} judged",
            progress.attempts,
            progress.rated,
            progress.rated as f64 / seconds,
            progress.judged
        )
    }

    /// The search's end: without a target, its best puzzles; with one not reached, the best
    /// found and exit 1.
    fn finish(
        &self,
        result: Result<HardSearch, HardError>,
        written: u64,
        seeds: &[(Puzzle, Position)],
    ) -> anyhow::Result<ExitStatus> {
        let (search, status) = match result {
            Ok(search) => {
                let status = status_or(search.stopped, ExitStatus::Success);
                (search, status)
            }
            Err(HardError::ScoreNotReached { search, .. }) => {
                diagnose(&format!(
                    "error: {} of {} puzzles reached {} in {} attempts{}",
                    search.found,
                    self.args.count,
                    self.target_text(),
                    search.attempts,
                    if written == 0 { "; the best found follows" } else { "" }
                ));
                if written > 0 {
                    return Ok(ExitStatus::Failure);
                }
                (*search, ExitStatus::Failure)
            }
            Err(HardError::Solve(error)) => match error.stop() {
                Some(stop) => return Ok(report_stopped(1, stop)),
                None => return Err(error.into()),
            },
            Err(HardError::SeedNotUnique { index, .. } | HardError::SeedRules { index })
                if index < seeds.len() =>
            {
                let path = self.args.from.as_ref().expect("seeds come from --from").display();
                let error = result.expect_err("an error");
                diagnose(&format!(
                    "error: {path}:{}: {error} (--from needs unique puzzles under one rule set)",
                    seeds[index].1.line
                ));
                return Ok(ExitStatus::Error);
            }
            Err(error) => {
                diagnose(&format!("error: {error}"));
                return Ok(ExitStatus::Failure);
            }
        };
        // Without a target nothing was streamed: the best come now; with one not reached,
        // the best found.
        if written == 0 {
            for (number, found) in search.best.iter().enumerate() {
                self.emit(number as u64 + 1, found, Some(&search))?;
            }
        }
        if search.best.is_empty() {
            diagnose("error: the search made no new puzzle before it stopped");
            return Ok(status.max(ExitStatus::Failure));
        }
        Ok(status)
    }

    /// What `--min-score`, `--grade` or `--givens-at-most` asked for, in words.
    fn target_text(&self) -> String {
        match (self.objective, self.args.givens_at_most) {
            (Objective::FewestGivens, Some(n)) => format!("{n} givens or fewer"),
            _ => {
                let score = self.args.min_score.or(self.args.grade.map(|g| g.lowest_score()));
                format!("score {}", score.unwrap_or(f64::NAN))
            }
        }
    }

    /// A score in words: `8.419 (screen)`, `9.850 (plateau)`, `10.312 (judge)` or `21 givens`.
    fn score_text(&self, score: Score) -> String {
        match self.objective {
            Objective::FewestGivens => format!("{} givens", -score.value),
            Objective::Hardness => format!("score {:.3} ({})", score.value, score.stage.name()),
        }
    }

    /// Writes puzzle `number` with its score: after the givens as a `#` comment in `line`
    /// format (the parser skips it), in the summary in `pretty`, as fields in `json`; with the
    /// search's totals when it comes at the end (`search`), labelled partial when a limit cut
    /// the search short.
    fn emit(&self, number: u64, found: &Found, search: Option<&HardSearch>) -> anyhow::Result<()> {
        let args = self.args;
        let stopped = search.and_then(|search| search.stopped);
        let cut = stopped.map_or(String::new(), |stop| format!(" {}", partial(stop.name())));
        let score = format!("{}{cut}", self.score_text(found.score));
        if args.format == PuzzleFormat::Line {
            let line = format!("{} # {score}\n", found.puzzle.to_line());
            return crate::cli::output::emit(&line);
        }
        let givens = found.puzzle.givens().filled_count();
        let scored = match self.objective {
            Objective::FewestGivens => cut,
            Objective::Hardness => format!(", {score}"),
        };
        let summary = format!(
            "seed {} puzzle {number}: {givens} givens, minimal{scored}; attempt {}",
            args.seed, found.attempt
        );
        let mut extra = json!({
            "seed": args.seed,
            "index": number - 1,
            "attempt": found.attempt,
            "score": found.score.value,
            "stage": found.score.stage.name(),
            "scorer": self.objective.name(),
        });
        if let (Some(search), Some(object)) = (search, extra.as_object_mut()) {
            object.extend(totals(search).as_object().expect("an object").clone());
        }
        label_json(&mut extra, stopped, "complete");
        emit_puzzle(args.format, position_of(number - 1), &found.puzzle, &summary, extra)
    }
}

/// The search's totals, as JSON fields.
fn totals(search: &HardSearch) -> serde_json::Value {
    json!({
        "seed_score": search.seed_score.value,
        "attempts": search.attempts,
        "rejected": search.rejected,
        "rated": search.rated,
        "judged": search.judged,
        "improvements": search.improvements,
        "restarts": search.restarts,
        "stats": stats_json(search.stats),
    })
}
