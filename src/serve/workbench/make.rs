//! The workbench's `minimise`, `complete` and `generate`: a new puzzle made from the one on
//! the page, answered as a `puzzle` message (picture, text, links) with what was done.

use anyhow::bail;
use satdoku::engine::complete::try_complete;
use satdoku::engine::generate::{GenerateOptions, Generated, Generator};
use satdoku::engine::minimise::{MinimiseOptions, try_minimise};
use satdoku::model::symmetry::Symmetry;
use satdoku::{Limits, Puzzle};

use super::shown::puzzle_reply;
use crate::cli::guard::validated;
use crate::serve::protocol::Reply;

/// Minimal puzzles `generate` makes at most while looking for one with few enough givens.
pub const MAX_ATTEMPTS: usize = 1000;

/// The `puzzle` message of `puzzle` minimised (seed 0, givens tried in reading order), with
/// `removed` (how many givens went) and `stopped` (`timeout` or `interrupted` when a limit
/// ended the removal: the puzzle is unique but perhaps not minimal; else `null`).
///
/// # Errors
/// A puzzle without a unique solution (two of its solutions' differing cells named), a limit
/// reached before uniqueness is proved, an internal error.
pub fn minimised(puzzle: &Puzzle, limits: &Limits) -> anyhow::Result<Reply> {
    let minimal = try_minimise(puzzle, &MinimiseOptions::new(), limits)?;
    Ok(checked_reply(&minimal.puzzle)?
        .with("removed", minimal.removed)
        .with("stopped", minimal.stopped.map(|stop| stop.name())))
}

/// The `puzzle` message of `puzzle` made unique by adding givens, the added givens that
/// became redundant then removed again; `added` lists the givens kept as `r1c1=5`, `stopped`
/// as for [`minimised`].
///
/// # Errors
/// A puzzle without a solution, a limit reached before the puzzle is unique, an internal
/// error.
pub fn completed(puzzle: &Puzzle, limits: &Limits) -> anyhow::Result<Reply> {
    let done = try_complete(puzzle, true, limits)?;
    let added: Vec<String> = done
        .added
        .iter()
        .filter(|p| done.puzzle.givens().get(p.cell) == Some(p.digit))
        .map(|p| format!("{:?}={}", p.cell, p.digit.value()))
        .collect();
    Ok(checked_reply(&done.puzzle)?
        .with("added", added)
        .with("stopped", done.stopped.map(|stop| stop.name())))
}

/// What `generate` is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Wanted {
    /// The seed.
    pub seed: u64,
    /// The symmetry of the givens.
    pub symmetry: Symmetry,
    /// At most this many givens, trying up to [`MAX_ATTEMPTS`] minimal puzzles.
    pub givens_at_most: Option<usize>,
}

/// The `puzzle` message of a new minimal puzzle with the rules and grid of `template` (its
/// givens are ignored), with `attempts` (how many minimal puzzles were made to find it).
/// `progress` hears of each attempt: `{type: "progress", attempt, givens, fewest}`.
///
/// # Errors
/// Rules that admit no grid, no puzzle with few enough givens in [`MAX_ATTEMPTS`] attempts, a
/// limit reached (no half-made puzzle is handed out), an internal error.
pub fn generated(
    template: &Puzzle,
    wanted: Wanted,
    limits: &Limits,
    progress: &mut dyn FnMut(Reply),
) -> anyhow::Result<Reply> {
    let generator = Generator::new(template);
    let options = GenerateOptions::new().seed(wanted.seed).symmetry(wanted.symmetry);
    let mut fewest = usize::MAX;
    for attempt in 1..=MAX_ATTEMPTS {
        let made: Generated = generator.try_generate(attempt as u64 - 1, &options, limits)?;
        let givens = made.puzzle.givens().filled_count();
        fewest = fewest.min(givens);
        progress(
            Reply::new("progress")
                .with("attempt", attempt)
                .with("givens", givens)
                .with("fewest", fewest),
        );
        if wanted.givens_at_most.is_none_or(|most| givens <= most) {
            return Ok(checked_reply(&made.puzzle)?.with("attempts", attempt));
        }
    }
    let most = wanted.givens_at_most.unwrap_or_default();
    bail!(
        "no puzzle with at most {most} givens after {MAX_ATTEMPTS} attempts (fewest found: {fewest})"
    )
}

/// The `puzzle` message of a made puzzle, its recorded solution checked by the independent
/// validator first.
fn checked_reply(puzzle: &Puzzle) -> anyhow::Result<Reply> {
    if let Some(solution) = puzzle.solution() {
        validated(puzzle, solution)?;
    }
    Ok(puzzle_reply(puzzle))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::serve::workbench::test_util::fields;

    #[test]
    fn minimising_keeps_the_solution_with_fewer_givens() {
        let full: Puzzle = "1234341221434321".parse().unwrap();
        let message = fields(&minimised(&full, &Limits::new()).unwrap());
        let removed = message["removed"].as_u64().unwrap();
        assert!(removed >= 10, "{message}");
        assert_eq!(message["stopped"], Value::Null);
    }

    #[test]
    fn completing_adds_givens_until_unique() {
        let open: Puzzle = "1...............".parse().unwrap();
        let message = fields(&completed(&open, &Limits::new()).unwrap());
        let made = super::super::input::read_puzzle(message["text"].as_str().unwrap()).unwrap();
        assert!(satdoku::count_up_to(&made.puzzle, 2).unwrap().is_unique());
        assert!(!message["added"].as_array().unwrap().is_empty());
    }

    #[test]
    fn generating_reports_each_attempt_until_few_enough_givens() {
        let template: Puzzle = ".".repeat(16).parse().unwrap();
        let wanted = Wanted { seed: 1, symmetry: Symmetry::None, givens_at_most: Some(4) };
        let mut heard = Vec::new();
        let made = generated(&template, wanted, &Limits::new(), &mut |m| heard.push(fields(&m)));
        let message = fields(&made.unwrap());
        assert_eq!(heard.len() as u64, message["attempts"].as_u64().unwrap());
        assert!(heard.iter().all(|m| m["type"] == "progress"));
        let givens = message["givens"].as_array().unwrap().iter().filter(|d| *d != 0).count();
        assert!(givens <= 4);
    }

    #[test]
    fn a_puzzle_with_two_solutions_has_no_minimal_form() {
        let open: Puzzle = "1...............".parse().unwrap();
        let error = minimised(&open, &Limits::new()).unwrap_err().to_string();
        assert!(error.contains("several solutions"), "{error}");
    }
}
