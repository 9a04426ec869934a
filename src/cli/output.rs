//! Writing results: pretty grids, lines, and JSON objects with stable field names.

use std::io::Write;
use std::time::Instant;

use satdoku::session::Stats;
use satdoku::{Count, Grid, Puzzle, count_up_to};
use serde_json::{Value, json};

use super::args::Format;
use super::input::Position;

/// Writes one line (or block) of results to stdout.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Writes a JSON object as one line.
pub fn emit_json(value: &Value) -> anyhow::Result<()> {
    emit(&format!("{value}\n"))
}

/// The solver statistics as JSON: `variables`, `clauses`, `conflicts`, `solve_calls`,
/// `solve_ms`.
pub fn stats_json(stats: Stats) -> Value {
    json!({
        "variables": stats.variables,
        "clauses": stats.clauses,
        "conflicts": stats.conflicts,
        "solve_calls": stats.solve_calls,
        "solve_ms": stats.solve_time.as_secs_f64() * 1000.0,
    })
}

/// A count of solutions with the wall time it took.
pub struct TimedCount {
    /// The count.
    pub count: Count,
    /// Milliseconds from the start of the count to its end.
    pub time_ms: f64,
}

impl TimedCount {
    /// Counts the solutions of `puzzle` up to `max`, timing it.
    pub fn of(puzzle: &Puzzle, max: usize) -> anyhow::Result<TimedCount> {
        let start = Instant::now();
        let count = count_up_to(puzzle, max)?;
        Ok(TimedCount {
            count,
            time_ms: start.elapsed().as_secs_f64() * 1e3,
        })
    }
}

/// The fields every counting answer shares: where the puzzle is, the (capped) number of
/// solutions, whether that number is exact, uniqueness, the first solution, statistics.
pub fn count_json(position: Position, timed: &TimedCount) -> Value {
    let TimedCount { count, time_ms } = timed;
    json!({
        "puzzle": position.number,
        "line": position.line,
        "solutions": count.count(),
        "exact": count.is_exact(),
        "unique": count.is_unique(),
        "solution": count.first_solutions().first().map(Grid::to_line),
        "stats": stats_json(count.stats()),
        "time_ms": time_ms,
    })
}

/// A count as people read it: `288`, or `1000+` when the bound stopped it.
pub fn count_text(count: &Count) -> String {
    let more = if count.is_exact() { "" } else { "+" };
    format!("{}{more}", count.count())
}

/// Writes a puzzle result: `pretty` is the puzzle text format under a `# summary` comment
/// (blank line between puzzles), `line` its givens, `json` the common puzzle fields (`puzzle`,
/// `line`, `rules`, `size`, `givens`, `given_count`, `solution`) plus `extra`.
pub fn emit_puzzle(
    format: Format,
    position: Position,
    puzzle: &Puzzle,
    summary: &str,
    extra: Value,
) -> anyhow::Result<()> {
    match format {
        Format::Pretty => {
            let separator = if position.number > 1 { "\n" } else { "" };
            emit(&format!("{separator}# {summary}\n{}", puzzle.to_text()))
        }
        Format::Line => emit(&format!("{}\n", puzzle.givens().to_line())),
        Format::Json => {
            let mut object = json!({
                "puzzle": position.number,
                "line": position.line,
                "rules": puzzle.rule_names(),
                "size": puzzle.geometry().size(),
                "givens": puzzle.givens().to_line(),
                "given_count": puzzle.givens().filled_count(),
                "solution": puzzle.solution().map(Grid::to_line),
            });
            if let (Some(object), Value::Object(extra)) = (object.as_object_mut(), extra) {
                object.extend(extra);
            }
            emit_json(&object)
        }
    }
}
