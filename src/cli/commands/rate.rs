//! `satdoku rate`: the difficulty of each puzzle from its logical solve (score, grade,
//! hardest technique, steps, rounds, bifurcations), with the SAT solver's conflicts and the
//! textbook solver's backtracks (to its first solution, as the course counts them) beside it.

use satdoku::engine::count::{CountOptions, count};
use satdoku::logic::{ExplainOptions, Rating, rate_with};
use satdoku::reference::textbook::{self, Implications};
use serde_json::json;

use super::explain::{outcome_name, status};
use crate::cli::ExitStatus;
use crate::cli::args::{Format, GlobalArgs, RateArgs};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_block, emit_json};

/// The largest grid the textbook solver runs on (it can take very long beyond).
const BACKTRACK_MAX_SIZE: usize = 9;

/// What `rate` reports about one puzzle.
struct Report {
    rating: Rating,
    conflicts: Option<u64>,
    backtracks: Option<u64>,
}

/// Rates every puzzle; exit 1 when the logic cannot solve one (no solution, or several).
pub fn run(args: &RateArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    Input::read(&args.puzzles, global.quiet)?.for_each_parallel(
        &args.batch,
        |puzzle| {
            let counted = count(puzzle, &CountOptions::up_to(2).count_conflicts(true))?;
            let small = puzzle.geometry().size() <= BACKTRACK_MAX_SIZE;
            let backtracks = small
                .then(|| textbook::count_up_to(puzzle, Implications::None, 2).backtracks as u64);
            // Uniqueness techniques only where the SAT solver proved the solution unique.
            let options = ExplainOptions::new().unique(counted.is_unique());
            let rating = rate_with(puzzle, &options);
            Ok(Report { rating, conflicts: counted.stats().conflicts, backtracks })
        },
        |report, position| {
            let rating = &report.rating;
            let hardest = rating.hardest().map_or("none", |t| t.name());
            match args.format {
                Format::Json => emit_json(&json!({
                    "puzzle": position.number,
                    "line": position.line,
                    "outcome": outcome_name(rating.outcome()),
                    "score": rating.score(),
                    "grade": rating.grade().name(),
                    "hardest": rating.hardest().map(|t| t.name()),
                    "steps": rating.steps(),
                    "rounds": rating.rounds(),
                    "bifurcations": rating.bifurcations(),
                    "sat_conflicts": report.conflicts,
                    "backtracks": report.backtracks,
                }))?,
                Format::Line => emit(&format!(
                    "{:.1}\t{}\t{hardest}\t{}\n",
                    rating.score(),
                    rating.grade(),
                    outcome_name(rating.outcome())
                ))?,
                Format::Pretty => {
                    let optional = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
                    emit_block(
                        position,
                        &format!(
                            "score {:.1} ({}), hardest: {hardest}, {}\n\
                             steps {}, rounds {}, bifurcations {}, SAT conflicts {}, \
                             backtracks {}\n",
                            rating.score(),
                            rating.grade(),
                            outcome_name(rating.outcome()),
                            rating.steps(),
                            rating.rounds(),
                            rating.bifurcations(),
                            optional(report.conflicts),
                            optional(report.backtracks),
                        ),
                    )?
                }
            }
            Ok(status(rating.outcome()))
        },
    )
}
