//! `satdoku rate`: the difficulty of each puzzle from its logical solve (score, grade,
//! hardest technique, steps, rounds, bifurcations), with the SAT solver's conflicts beside it
//! and, with `--backtracks`, the textbook solver's backtracks (to its first solution, as the
//! course counts them), which can cost a hundred times the rating. A limit stops all three:
//! the figures are then those of the work done so far, labelled partial. `--top` adds the
//! top rating ([`satdoku::logic::rate_top`]), which orders the hardest puzzles.

use satdoku::engine::count::{CountOptions, try_count};
use satdoku::logic::{ExplainOptions, Rating, TopRating, rate_top, rate_with};
use satdoku::reference::textbook::{self, Implications};
use satdoku::{Limits, Puzzle, Stop};
use serde_json::json;

use super::explain::{outcome_name, partial, status};
use crate::cli::ExitStatus;
use crate::cli::args::{Format, GlobalArgs, RateArgs};
use crate::cli::guard::solved_grid_validated;
use crate::cli::input::Input;
use crate::cli::limits::{label_json, limits, status_or};
use crate::cli::output::{emit, emit_block, emit_json};

/// The largest grid the textbook solver runs on (it can take very long beyond).
const BACKTRACK_MAX_SIZE: usize = 9;

/// The backtracks after which the textbook solver gives up (`backtracks - (over budget)`):
/// it ignores candidates, so on a nearly empty variant grid, or under rules whose every check
/// is a sum, it would run for hours. The course's hardest example makes 400,767 in all (a
/// twentieth of a second), the Miracle 5.7 million (about 0.6 s); a budget of work rather than
/// time gives the same answer on every machine.
const TEXTBOOK_BACKTRACKS: u64 = 10_000_000;

/// What `rate` reports about one puzzle.
struct Report {
    rating: Rating,
    /// The top rating, with `--top`.
    top: Option<TopRating>,
    conflicts: Option<u64>,
    backtracks: Backtracks,
    /// The limit that stopped one of the three, if one did.
    stopped: Option<Stop>,
}

/// What became of the textbook solver's backtrack count.
enum Backtracks {
    /// Counted to the first solution.
    Counted(u64),
    /// Not asked for (no `--backtracks`).
    NotRequested,
    /// Not run: the grid is larger than 9×9.
    TooLarge,
    /// Given up past [`TEXTBOOK_BACKTRACKS`].
    OverBudget,
    /// Stopped by a limit.
    Stopped,
}

impl Backtracks {
    /// The textbook count of `puzzle` within its budget, when its grid is small enough.
    fn count(puzzle: &Puzzle, limits: &Limits) -> Backtracks {
        if puzzle.geometry().size() > BACKTRACK_MAX_SIZE {
            return Backtracks::TooLarge;
        }
        let budget = TEXTBOOK_BACKTRACKS;
        let count = textbook::try_count_within(puzzle, Implications::None, 2, limits, budget);
        match (count.stopped, count.over_budget) {
            (Some(_), _) => Backtracks::Stopped,
            (None, true) => Backtracks::OverBudget,
            (None, false) => Backtracks::Counted(count.backtracks),
        }
    }

    /// The count, when there is one.
    fn counted(&self) -> Option<u64> {
        match self {
            Backtracks::Counted(backtracks) => Some(*backtracks),
            _ => None,
        }
    }

    /// `counted`, `not requested`, `grid too large`, `over budget` or `stopped`: the JSON
    /// field `backtracks_status`.
    fn status(&self) -> &'static str {
        match self {
            Backtracks::Counted(_) => "counted",
            Backtracks::NotRequested => "not requested",
            Backtracks::TooLarge => "grid too large",
            Backtracks::OverBudget => "over budget",
            Backtracks::Stopped => "stopped",
        }
    }

    /// `, backtracks N` (or `-` and why) for the pretty report; nothing when not requested.
    fn pretty(&self) -> String {
        match self {
            Backtracks::NotRequested => String::new(),
            Backtracks::Counted(backtracks) => format!(", backtracks {backtracks}"),
            other => format!(", backtracks - ({})", other.status()),
        }
    }
}

/// Rates every puzzle; exit 1 when the logic cannot solve one (no solution, or several); 4 or
/// 130 when a limit stops it.
pub fn run(args: &RateArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    let options = ExplainOptions::new().limits(limits.clone());
    Input::read(&args.puzzles, global.quiet)?.limited(&limits).for_each_parallel(
        &args.batch,
        |puzzle| {
            let rate = || {
                let counting = CountOptions::up_to(2).count_conflicts(true);
                let counted = try_count(puzzle, &counting, &limits)?;
                // Uniqueness techniques only where the SAT solver proved it unique.
                let unique = counted.is_unique();
                let options = options.clone().unique(unique);
                let top = args.top.then(|| rate_top(puzzle, &options));
                anyhow::Ok((rate_with(puzzle, &options), top, counted))
            };
            // The textbook count beside the rest, on another core when one is free: it can
            // take a second where the logic takes milliseconds.
            let (rated, backtracks) = if args.backtracks {
                rayon::join(rate, || Backtracks::count(puzzle, &limits))
            } else {
                (rate(), Backtracks::NotRequested)
            };
            let (rating, top, counted) = rated?;
            solved_grid_validated(puzzle, rating.outcome())?;
            // The user's limit stops the report; the textbook's own budget only its count.
            let stopped = (rating.stopped().or(top.as_ref().and_then(TopRating::stopped)))
                .or(counted.stopped())
                .or(limits.reached());
            let conflicts = counted.stats().conflicts;
            Ok(Report { rating, top, conflicts, backtracks, stopped })
        },
        |report, position| {
            let rating = &report.rating;
            let hardest = rating.hardest().map_or("none", |t| t.name());
            match args.format {
                Format::Json => {
                    let mut object = json!({
                        "puzzle": position.number,
                        "line": position.line,
                        "outcome": outcome_name(rating.outcome()),
                        "score": rating.score(),
                        "fine_score": rating.fine_score(),
                        "grade": rating.grade().name(),
                        "hardest": rating.hardest().map(|t| t.name()),
                        "steps": rating.steps(),
                        "rounds": rating.rounds(),
                        "bifurcations": rating.bifurcations(),
                        "sat_conflicts": report.conflicts,
                        "backtracks": report.backtracks.counted(),
                        "backtracks_status": report.backtracks.status(),
                    });
                    if let Some(top) = &report.top {
                        object["top_score"] = json!(top.score());
                        object["stuck_states"] = json!(top.stuck().len());
                    }
                    label_json(&mut object, report.stopped, "complete");
                    emit_json(&object)?;
                }
                Format::Line => emit(&format!(
                    "{:.1}\t{}\t{hardest}\t{}{}{}\n",
                    rating.score(),
                    rating.grade(),
                    outcome_name(rating.outcome()),
                    report
                        .top
                        .as_ref()
                        .map_or(String::new(), |top| format!("\t{:.2}", top.score())),
                    report
                        .stopped
                        .map_or(String::new(), |stop| format!("\t{}", partial(stop.name())))
                ))?,
                Format::Pretty => {
                    let optional = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
                    let label = report.stopped.map_or(String::new(), |stop| {
                        format!("partial ({}): the figures of the work done so far\n", stop.name())
                    });
                    emit_block(
                        position,
                        &format!(
                            "{label}score {:.1} ({}), hardest: {hardest}, {}\n\
                             steps {}, rounds {}, bifurcations {}, SAT conflicts {}{}\n{}",
                            rating.score(),
                            rating.grade(),
                            outcome_name(rating.outcome()),
                            rating.steps(),
                            rating.rounds(),
                            rating.bifurcations(),
                            optional(report.conflicts),
                            report.backtracks.pretty(),
                            report.top.as_ref().map_or(String::new(), top_line),
                        ),
                    )?
                }
            }
            Ok(status_or(report.stopped, status(rating.outcome())))
        },
    )
}

/// The pretty report's line for the top rating: its score and how many stuck states the
/// depth-1 logic met.
fn top_line(top: &TopRating) -> String {
    format!("top score {:.2}, stuck states {}\n", top.score(), top.stuck().len())
}
