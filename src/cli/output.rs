//! Writing results: pretty grids, lines, and JSON objects with stable field names.

use std::io::Write;

use satdoku::session::Stats;
use satdoku::{Count, Grid};
use serde_json::{Value, json};

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

/// The fields every counting answer shares: where the puzzle is, the (capped) number of
/// solutions, whether that number is exact, uniqueness, the first solution, statistics.
pub fn count_json(position: Position, count: &Count, time_ms: f64) -> Value {
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
