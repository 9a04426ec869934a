//! Writing results: pretty grids, lines, and JSON objects with stable field names.

use std::io::Write;
use std::sync::{Mutex, MutexGuard, PoisonError};

use satdoku::model::fpuzzles::write_fpuzzles;
use satdoku::model::sudokupad::puzzle_link;
use satdoku::session::Stats;
use satdoku::{Grid, Puzzle, Rule};
use serde_json::{Value, json};

use super::args::{Format, PuzzleFormat};
use super::input::Position;

/// Results emitted while a [`Held`] lives, not written yet.
struct Pending {
    holding: bool,
    bytes: Vec<u8>,
}

static PENDING: Mutex<Pending> = Mutex::new(Pending { holding: false, bytes: Vec::new() });

fn pending() -> MutexGuard<'static, Pending> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes one line (or block) of results to stdout, at once unless a [`Held`] holds it.
pub fn emit(text: &str) -> anyhow::Result<()> {
    {
        let mut pending = pending();
        if pending.holding {
            pending.bytes.extend_from_slice(text.as_bytes());
            return Ok(());
        }
    }
    write_out(text.as_bytes())?;
    Ok(())
}

fn write_out(bytes: &[u8]) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes)?;
    stdout.flush()
}

/// Writes the results held so far, if any.
fn write_pending() -> std::io::Result<()> {
    let mut pending = pending();
    if pending.bytes.is_empty() {
        return Ok(());
    }
    let written = write_out(&pending.bytes);
    pending.bytes.clear();
    written
}

/// While it lives, the results emitted wait in a buffer, to be written with one call when it
/// is released (or dropped): how a batch writes the answers of a chunk of puzzles, which come
/// together. A diagnostic writes the results held before it first, so stdout and stderr keep
/// their order.
pub struct Held(());

impl Held {
    /// Holds the results emitted from now on.
    pub fn start() -> Held {
        pending().holding = true;
        Held(())
    }

    /// Writes the held results and stops holding.
    ///
    /// # Errors
    /// When stdout does not take them.
    pub fn release(self) -> anyhow::Result<()> {
        write_pending()?;
        Ok(())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        // Released results are written already; on an early return, the error that caused it
        // is the one to report.
        let _ = write_pending();
        pending().holding = false;
    }
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
    // A failure to write the results is met again, and reported, by the next result.
    let _ = write_pending();
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
/// (blank line between puzzles), `line` the one-line form (givens, parity, boxes, rules),
/// `json` the puzzle's record ([`puzzle_json`]) plus `extra`, `fpuzzles` the f-puzzles
/// document on one line. Each reads back as the same puzzle. The solution is validated first: one the validator refuses is an internal error,
/// and nothing is written.
pub fn emit_puzzle(
    format: PuzzleFormat,
    position: Position,
    puzzle: &Puzzle,
    summary: &str,
    extra: Value,
) -> anyhow::Result<()> {
    if let Some(solution) = puzzle.solution() {
        super::guard::validated(puzzle, solution)?;
    }
    if format == PuzzleFormat::Line && !puzzle.fits_one_line() {
        anyhow::bail!(
            "`--format line` cannot carry this puzzle's cages, lines, regions or digits past \
             {n}: use --format pretty (the text format), json or fpuzzles",
            n = puzzle.geometry().size()
        );
    }
    match format {
        PuzzleFormat::Pretty => emit_block(position, &format!("# {summary}\n{}", puzzle.to_text())),
        PuzzleFormat::Line => emit(&format!("{}\n", puzzle.to_line())),
        PuzzleFormat::Fpuzzles => emit(&format!("{}\n", write_fpuzzles(puzzle)?)),
        PuzzleFormat::Sudokupad => emit(&format!("{}\n", puzzle_link(puzzle)?)),
        PuzzleFormat::Json => {
            let mut object = puzzle_json(position, puzzle);
            if let (Some(object), Value::Object(extra)) = (object.as_object_mut(), extra) {
                object.extend(extra);
            }
            emit_json(&object)
        }
    }
}

/// A puzzle as a satdoku JSON record: `puzzle`, `line`, `rules`, `size`, `boxes` (or
/// `regions`, N² region symbols), `givens`, `given_count`, `even`, `odd`, `constraint_lines`
/// (the rules with cells as text-format lines) when it has any, `solution`, and its metadata
/// (`title`, `author`, `source`).
pub fn puzzle_json(position: Position, puzzle: &Puzzle) -> Value {
    let geometry = puzzle.geometry();
    let marks = |name: &str| -> Vec<String> {
        let cells = puzzle.rules().iter().find(|rule| rule.name() == name).map(|rule| match rule {
            Rule::Even(cells) | Rule::Odd(cells) => cells.clone(),
            _ => Vec::new(),
        });
        cells.unwrap_or_default().iter().map(|cell| format!("{cell:?}")).collect()
    };
    let mut object = json!({
        "puzzle": position.number,
        "line": position.line,
        "rules": puzzle.rule_names(),
        "size": geometry.size(),
        "boxes": format!("{}x{}", geometry.box_rows(), geometry.box_columns()),
        "givens": puzzle.givens().to_line(),
        "given_count": puzzle.givens().filled_count(),
        "even": marks("even"),
        "odd": marks("odd"),
        "solution": puzzle.solution().map(Grid::to_line),
    });
    if let Some(regions) = geometry.regions() {
        let symbols: String = (0..geometry.cell_count())
            .map(|i| satdoku::model::regions::region_symbol(regions.region_of(i)))
            .collect();
        object["regions"] = json!(symbols);
        object.as_object_mut().expect("an object").remove("boxes");
    }
    if !geometry.has_one_of_each_digit() {
        object["digits"] = json!(geometry.digit_range());
    }
    let lines = puzzle.constraint_lines();
    if !lines.is_empty() {
        object["constraint_lines"] = json!(lines);
    }
    for (key, value) in puzzle.metadata() {
        object[key] = json!(value);
    }
    object
}

/// Reports that a puzzle has no answer for this command: `error: puzzle N: message` on
/// stderr, and a JSON record `{"puzzle":N,"line":L,"error":"..."}` on stdout when the output
/// is JSON, so a program reading it sees every input.
pub fn report_failure(format: Format, position: Position, message: &str) -> anyhow::Result<()> {
    diagnose(&format!("error: puzzle {} (line {}): {message}", position.number, position.line));
    if format == Format::Json {
        emit_json(&json!({ "puzzle": position.number, "line": position.line, "error": message }))?;
    }
    Ok(())
}
