//! `satdoku candidates`: the true candidates of each cell, optionally with solution counts.

use itertools::Itertools;
use satdoku::engine::candidates::try_true_candidates;
use satdoku::{Cell, Digit, Placement, TrueCandidates};
use serde_json::{Map, Value, json};

use crate::cli::ExitStatus;
use crate::cli::args::{CandidatesArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::limits::{label_json, limits, status_or};
use crate::cli::output::{emit, emit_block, emit_json, stats_json};

/// Prints every puzzle's true candidates; exit 1 when a puzzle has no solution. A limit
/// leaves the candidates found so far, labelled partial.
pub fn run(args: &CandidatesArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let bound = args.count_up_to.map(|k| usize::try_from(k).unwrap_or(usize::MAX));
    let limits = limits(&args.limits);
    let input = Input::read(&args.puzzles, global.quiet)?.limited(&limits);
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Ok(try_true_candidates(puzzle, bound, &limits)?),
        |found, position| {
            match args.format {
                Format::Json => {
                    let mut object = json!({
                        "puzzle": position.number,
                        "line": position.line,
                        "has_solution": found.has_solution(),
                        "candidates": cell_strings(&found),
                        "stats": stats_json(found.stats()),
                    });
                    if bound.is_some() {
                        object["counts"] = Value::Object(counts(&found));
                    }
                    label_json(&mut object, found.stopped(), "complete");
                    emit_json(&object)?;
                }
                Format::Line => emit(&format!("{}\n", line(&found)))?,
                Format::Pretty => emit_block(position, &draw(&found))?,
            }
            let done = if found.has_solution() { ExitStatus::Success } else { ExitStatus::Failure };
            Ok(status_or(found.stopped(), done))
        },
    )
}

/// Each cell's true candidates as a string of digits, reading order.
fn cell_strings(found: &TrueCandidates) -> Vec<String> {
    found
        .geometry()
        .cells()
        .map(|cell| found.get(cell).iter().map(Digit::to_char).collect())
        .collect()
}

/// One line: each cell's true candidates (`-` where a puzzle has no solution), then, when
/// counts were asked for, ` | ` and `r1c1=3:12` for each candidate (`12+` where the bound
/// stopped the count).
fn line(found: &TrueCandidates) -> String {
    let mut line = cell_strings(found)
        .into_iter()
        .map(|digits| if digits.is_empty() { "-".to_string() } else { digits })
        .join(" ");
    let counts: Vec<String> = counted(found)
        .map(|(placement, (count, exact))| {
            format!("{placement:?}:{count}{}", if exact { "" } else { "+" })
        })
        .collect();
    if !counts.is_empty() {
        line += &format!(" | {}", counts.join(" "));
    }
    if let Some(stop) = found.stopped() {
        line += &format!(" (partial: {})", stop.name());
    }
    line
}

/// `"r1c1=3": count` for every true candidate, with `+` after counts that hit the bound.
fn counts(found: &TrueCandidates) -> Map<String, Value> {
    counted(found)
        .map(|(placement, (count, exact))| {
            (format!("{placement:?}"), json!({ "solutions": count, "exact": exact }))
        })
        .collect()
}

/// The candidate grid: each cell's digits padded to the widest cell, `|` between boxes, then
/// the counts.
fn draw(found: &TrueCandidates) -> String {
    let geometry = found.geometry();
    let n = geometry.size();
    let partial = found.stopped().map(|stop| {
        format!("partial ({}): the true candidates found so far; more may exist\n", stop.name())
    });
    if !found.has_solution() {
        return partial.unwrap_or_else(|| "no solution\n".to_string());
    }
    let width = geometry.cells().map(|cell| found.get(cell).len()).max().unwrap_or(1);
    let mut lines: Vec<String> = Vec::new();
    for row in 0..n {
        let mut cells = (0..n).map(|column| {
            let digits: String =
                found.get(Cell::new(row, column)).iter().map(Digit::to_char).collect();
            let bar = if column > 0 && column % geometry.box_columns() == 0 { "| " } else { "" };
            format!("{bar}{digits:<width$}")
        });
        lines.push(cells.join(" "));
    }
    let rule: String = lines[0].chars().map(|c| if c == '|' { '+' } else { '-' }).collect();
    let mut text = partial.unwrap_or_default();
    for (row, line) in lines.iter().enumerate() {
        if row > 0 && row % geometry.box_rows() == 0 {
            text += &rule;
            text += "\n";
        }
        text += line.trim_end();
        text += "\n";
    }
    for (placement, (count, exact)) in counted(found) {
        let more = if exact { "" } else { "+" };
        text += &format!("{placement:?}: {count}{more} solutions\n");
    }
    text
}

/// Every true candidate with its solution count and exactness, cells in reading order, when
/// counts were asked for.
fn counted(found: &TrueCandidates) -> impl Iterator<Item = (Placement, (usize, bool))> + '_ {
    found.geometry().cells().flat_map(move |cell| {
        found.get(cell).iter().filter_map(move |digit| {
            let placement = Placement::new(cell, digit);
            Some((placement, found.solutions_with(placement)?))
        })
    })
}
