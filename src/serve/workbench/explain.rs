//! The workbench's `explain` and `rate`: the logical solve step by step, with the cells each
//! step highlights, and the difficulty it adds up to, as the `explain` and `rate` commands
//! compute them.

use satdoku::engine::count::{CountOptions, try_count};
use satdoku::logic::{ExplainOptions, Step, explain_with, rate_with};
use satdoku::{Geometry, Limits, Placement, Puzzle};
use serde_json::{Value, json};

use crate::cli::commands::explain::outcome_name;
use crate::cli::guard::solved_grid_validated;
use crate::serve::protocol::Reply;

/// The `explanation` message: `outcome` (as `satdoku explain -f json` names it), `steps`
/// (each with `text`, `technique`, `rating`, the `cells` it highlights, its `placements` and
/// `eliminations` as `[cell, digit]` pairs, cells as reading-order indices) and `solution`
/// (N² digits, or `null` when the steps do not solve the grid).
///
/// # Errors
/// A solved grid the independent validator refuses (an internal error, with a bug report).
pub fn explanation(puzzle: &Puzzle, limits: &Limits) -> anyhow::Result<Reply> {
    let explanation = explain_with(puzzle, &options(puzzle, limits)?);
    solved_grid_validated(puzzle, explanation.outcome())?;
    let geometry = puzzle.geometry();
    let steps: Vec<Value> =
        explanation.steps().iter().map(|step| step_json(geometry, step)).collect();
    let solution = explanation.solution().map(|grid| {
        geometry.cells().map(|cell| grid.get(cell).map_or(0, |d| d.value())).collect::<Vec<_>>()
    });
    Ok(Reply::new("explanation")
        .with("outcome", outcome_name(explanation.outcome()))
        .with("steps", steps)
        .with("solution", solution))
}

/// The `rating` message: `score`, `grade`, `hardest` (the hardest technique's name, `null`
/// when no step was needed), `steps`, `rounds`, `bifurcations` and `outcome`, as
/// `satdoku rate -f json` reports them.
///
/// # Errors
/// As [`explanation`].
pub fn rating(puzzle: &Puzzle, limits: &Limits) -> anyhow::Result<Reply> {
    let rating = rate_with(puzzle, &options(puzzle, limits)?);
    solved_grid_validated(puzzle, rating.outcome())?;
    Ok(Reply::new("rating")
        .with("score", rating.score())
        .with("grade", rating.grade().name())
        .with("hardest", rating.hardest().map(|technique| technique.name()))
        .with("steps", rating.steps())
        .with("rounds", rating.rounds())
        .with("bifurcations", rating.bifurcations())
        .with("outcome", outcome_name(rating.outcome())))
}

/// The logic engine's options: stopped by `limits`, with the uniqueness techniques only where
/// the SAT solver proves the puzzle unique (as `satdoku explain` and `rate` do).
fn options(puzzle: &Puzzle, limits: &Limits) -> anyhow::Result<ExplainOptions> {
    let unique = try_count(puzzle, &CountOptions::up_to(2), limits)?.is_unique();
    Ok(ExplainOptions::new().limits(limits.clone()).unique(unique))
}

/// One step: its sentence, technique and rating, the cells it highlights, what it places and
/// removes.
fn step_json(geometry: Geometry, step: &Step) -> Value {
    let pairs = |placements: &[Placement]| -> Vec<[usize; 2]> {
        placements.iter().map(|p| [geometry.index(p.cell), p.digit.value()]).collect()
    };
    let cells: Vec<usize> = step.cells().iter().map(|&cell| geometry.index(cell)).collect();
    json!({
        "text": step.to_string(),
        "technique": step.technique().name(),
        "rating": (step.rating() * 10.0).round() / 10.0,
        "cells": cells,
        "placements": pairs(step.placements()),
        "eliminations": pairs(step.eliminations()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::workbench::test_util::fields;

    /// The bundled classic the CLI's `explain --until 5` example walks through.
    const POINTING: &str =
        "....9.74....2379.57........2..5736..35..8..79.789.1..3........75.2718....87.4....";

    #[test]
    fn the_explanation_solves_with_the_cells_of_each_step() {
        let puzzle: Puzzle = POINTING.parse().unwrap();
        let message = fields(&explanation(&puzzle, &Limits::new()).unwrap());
        assert_eq!(message["outcome"], "solved");
        let steps = message["steps"].as_array().unwrap();
        assert!(steps[0]["text"].as_str().unwrap().starts_with("r3c2,r3c3≠4"), "{}", steps[0]);
        // r3c2 and r3c3 are cells 19 and 20; the step removes 4 from both.
        assert_eq!(steps[0]["eliminations"], json!([[19, 4], [20, 4]]));
        assert!(!steps[0]["cells"].as_array().unwrap().is_empty());
        let solution: Vec<u64> =
            message["solution"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap()).collect();
        assert!(solution.iter().all(|&d| (1..=9).contains(&d)));
    }

    #[test]
    fn the_rating_names_its_grade_and_hardest_technique() {
        let puzzle: Puzzle = POINTING.parse().unwrap();
        let message = fields(&rating(&puzzle, &Limits::new()).unwrap());
        assert_eq!(message["outcome"], "solved");
        assert!(message["score"].as_f64().unwrap() > 1.0);
        assert!(message["grade"].is_string() && message["hardest"].is_string());
    }
}
