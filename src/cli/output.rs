//! Writing results: pretty grids, lines, and JSON objects with stable field names.

use std::io::Write;

use satdoku::session::Stats;
use satdoku::{Grid, Puzzle};
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

/// Writes a multi-line block for a puzzle, after a blank line unless it is the first puzzle,
/// so that blocks of a batch stay apart.
pub fn emit_block(position: Position, block: &str) -> anyhow::Result<()> {
    let separator = if position.number > 1 { "\n" } else { "" };
    emit(&format!("{separator}{block}"))
}

/// Writes a diagnostic (an `error:` or `warning:` line, or a drawing that goes with one) to
/// stderr, whole, on the locked handle; a failure to write to stderr is not worth reporting.
pub fn diagnose(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{text}");
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

/// Writes a puzzle result: `pretty` is the puzzle text format under a `# summary` comment
/// (blank line between puzzles), `line` its givens, `json` the common puzzle fields (`puzzle`,
/// `line`, `rules`, `size`, `givens`, `given_count`, `solution`) plus `extra`. The solution is
/// validated first: one the validator refuses is an internal error, and nothing is written.
pub fn emit_puzzle(
    format: Format,
    position: Position,
    puzzle: &Puzzle,
    summary: &str,
    extra: Value,
) -> anyhow::Result<()> {
    if let Some(solution) = puzzle.solution() {
        super::guard::validated(puzzle, solution)?;
    }
    match format {
        Format::Pretty => emit_block(position, &format!("# {summary}\n{}", puzzle.to_text())),
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
