//! `satdoku explain`: the deductions of a logical solve, one line each, in a solver's words.

use satdoku::engine::count::{CountOptions, try_count};
use satdoku::logic::{ExplainOptions, Explanation, Outcome, Step, explain_with, hint};
use serde_json::{Value, json};

use crate::cli::ExitStatus;
use crate::cli::args::{ExplainArgs, Format, GlobalArgs};
use crate::cli::guard::solved_grid_validated;
use crate::cli::input::Input;
use crate::cli::limits::{label_json, limits};
use crate::cli::output::{emit, emit_block, emit_json};

/// Explains every puzzle; exit 1 when a solve gets stuck or finds no solution (not when
/// `--until` or `--hint` stops it); 4 or 130 when a limit stops it, with the steps so far.
pub fn run(args: &ExplainArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let limits = limits(&args.limits);
    let options =
        ExplainOptions::new().max_steps(args.until.map(|n| n as usize)).limits(limits.clone());
    Input::read(&args.puzzles, global.quiet)?.limited(&limits).for_each_parallel(
        &args.batch,
        |puzzle| {
            // Uniqueness techniques only where the SAT solver proves the solution unique (a
            // count a limit stopped proves nothing, and the solve then stops at the same limit).
            let unique = try_count(puzzle, &CountOptions::up_to(2), &limits)?.is_unique();
            let options = options.clone().unique(unique);
            let explanation =
                if args.hint { hint(puzzle, &options) } else { explain_with(puzzle, &options) };
            solved_grid_validated(puzzle, explanation.outcome())?;
            Ok(explanation)
        },
        |explanation, position| {
            match args.format {
                Format::Json => {
                    let steps: Vec<Value> = explanation.steps().iter().map(step_json).collect();
                    let mut object = json!({
                        "puzzle": position.number,
                        "line": position.line,
                        "outcome": outcome_name(explanation.outcome()),
                        "solution": explanation.solution().map(|g| g.to_line()),
                        "steps": steps,
                        "break_in": explanation.break_in().map(|(index, step)| {
                            json!({ "step": index + 1, "text": step.to_string() })
                        }),
                    });
                    label_json(&mut object, explanation.stopped(), "complete");
                    emit_json(&object)?;
                }
                Format::Line => {
                    let mut steps: Vec<String> =
                        explanation.steps().iter().map(Step::to_string).collect();
                    steps.extend(explanation.stopped().map(|stop| partial(stop.name())));
                    emit(&format!("{}\n", steps.join(" | ")))?;
                }
                Format::Pretty => emit_block(position, &pretty(&explanation))?,
            }
            Ok(status(explanation.outcome()))
        },
    )
}

/// Success when solved or stopped on request; failure when stuck or contradictory; the
/// limit's status (4 or 130) when a limit stopped the solve.
pub fn status(outcome: &Outcome) -> ExitStatus {
    match outcome {
        Outcome::Solved(_) | Outcome::Stopped => ExitStatus::Success,
        Outcome::Limited(stop) => crate::cli::limits::status(*stop),
        _ => ExitStatus::Failure,
    }
}

/// `solved`, `stuck`, `contradiction` or `stopped`; `timeout` or `interrupted` when a limit
/// stopped the solve.
pub fn outcome_name(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Stuck => "stuck",
        Outcome::Contradiction(_) => "contradiction",
        Outcome::Stopped => "stopped",
        Outcome::Limited(stop) => stop.name(),
    }
}

/// The label of a partial result in line output: `(partial: timeout)`.
pub fn partial(limit: &str) -> String {
    format!("(partial: {limit})")
}

/// One step as JSON: `technique`, `rating`, `placements`, `eliminations`, `cells`,
/// `digits`, `text`.
fn step_json(step: &Step) -> Value {
    let placements: Vec<String> = step.placements().iter().map(|p| format!("{p:?}")).collect();
    let eliminations: Vec<String> = step.eliminations().iter().map(|p| format!("{p:?}")).collect();
    let cells: Vec<String> = step.cells().iter().map(|c| format!("{c:?}")).collect();
    let digits: String = step.digits().iter().map(|d| d.to_char()).collect();
    json!({
        "technique": step.technique().name(),
        "rating": (step.rating() * 10.0).round() / 10.0,
        "placements": placements,
        "eliminations": eliminations,
        "cells": cells,
        "digits": digits,
        "text": step.to_string(),
    })
}

/// Numbered steps, then how the solve ended.
fn pretty(explanation: &Explanation) -> String {
    let mut text = String::new();
    for (number, step) in explanation.steps().iter().enumerate() {
        text += &format!("{:>3}. {step}\n", number + 1);
    }
    text += &match explanation.outcome() {
        Outcome::Solved(grid) => format!("solved:\n{}", grid.to_pretty()),
        Outcome::Stuck => "stuck: no technique applies (several solutions?)\n".to_string(),
        Outcome::Contradiction(why) => format!("no solution: {why}\n"),
        Outcome::Limited(stop) => format!(
            "partial ({}): the solve stopped after {} steps, unfinished\n",
            stop.name(),
            explanation.steps().len()
        ),
        Outcome::Stopped => String::new(),
    };
    text
}
