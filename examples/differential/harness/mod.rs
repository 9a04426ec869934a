//! Differential testing: random puzzles of every rule set and size, answered by the SAT
//! engine alone, satdoku's default path (the pre-pass, then guess and propagate, then SAT),
//! backtracking, dancing links, the course's textbook solver in its three modes and (on
//! 4×4) brute force over all 288 classic grids,
//! which must agree on the count and the solutions, each solution passing the independent
//! validator.
//!
//! Shared by `examples/differential` (long runs: `--cases N --seed S`) and the test suite
//! (`tests/suite/cross_check.rs`, a short run).

pub mod brute;
pub mod draw;

use std::collections::HashSet;
use std::time::Duration;

use satdoku::engine::count::{CountOptions, count};
use satdoku::reference::textbook::{self, Implications};
use satdoku::reference::{backtrack, dlx};
use satdoku::{Grid, Ir, Limits, Puzzle};

pub use brute::classic_4x4_grids;
pub use draw::draw;

/// The bound every engine counts up to.
pub const BOUND: usize = 50;

/// How long a reference engine may take on one case before the case is skipped (sparse 9×9
/// puzzles under some rules are slow to backtrack; SAT is never skipped).
pub const REFERENCE_TIME: Duration = Duration::from_secs(10);

/// What comparing one puzzle came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every engine agreed; the count they agree on (exact or not).
    Agreed { solutions: usize, exact: bool, brute: bool },
    /// A reference engine hit [`REFERENCE_TIME`]; SAT's solutions were still validated.
    Skipped,
}

/// Compares the engines on `puzzle`; with `brute`, every candidate grid of its size (4×4)
/// as well. `Err` says which engines disagree, and how.
pub fn compare(puzzle: &Puzzle, brute: Option<&[Grid]>) -> Result<Verdict, String> {
    let text = puzzle.to_text();
    let sat_alone = CountOptions::up_to(BOUND).prepass(false);
    let sat = count(puzzle, &sat_alone).map_err(|e| e.to_string())?;
    validate_all("SAT", puzzle, sat.first_solutions(), &text)?;
    let searched = satdoku::count_up_to(puzzle, BOUND).map_err(|e| e.to_string())?;
    validate_all("the default path", puzzle, searched.first_solutions(), &text)?;
    let ir = Ir::lower(puzzle);
    let limits = Limits::new().timeout(REFERENCE_TIME);
    let mut by_backtracking = Vec::new();
    let reference = backtrack::try_visit_up_to(&ir, puzzle.givens(), BOUND, &limits, |grid| {
        by_backtracking.push(grid.clone())
    });
    let limits = Limits::new().timeout(REFERENCE_TIME);
    let mut by_dlx = Vec::new();
    let dancing = dlx::try_visit_up_to(&ir, puzzle.givens(), BOUND, &limits, |grid| {
        by_dlx.push(grid.clone())
    })
    .map_err(|e| e.to_string())?;
    validate_all("backtracking", puzzle, &by_backtracking, &text)?;
    validate_all("DLX", puzzle, &by_dlx, &text)?;
    if reference.stopped.is_some() || dancing.stopped.is_some() {
        return Ok(Verdict::Skipped);
    }
    let sat_answer = (sat.count(), sat.is_exact());
    let searched_answer = (searched.count(), searched.is_exact());
    agree("SAT", sat_answer, "the default path", searched_answer, &text)?;
    agree("SAT", sat_answer, "backtracking", (reference.solutions, reference.exhausted), &text)?;
    agree("SAT", sat_answer, "DLX", (dancing.solutions, dancing.exhausted), &text)?;
    agree(
        "backtracking",
        (by_backtracking.len(), true),
        "its visits",
        (reference.solutions, true),
        &text,
    )?;
    agree("DLX", (by_dlx.len(), true), "its visits", (dancing.solutions, true), &text)?;
    if sat.is_exact() {
        let backtracked: HashSet<&Grid> = by_backtracking.iter().collect();
        let danced: HashSet<&Grid> = by_dlx.iter().collect();
        if backtracked != danced {
            return Err(format!("backtracking and DLX found different solutions on\n{text}"));
        }
        let shown = sat.first_solutions().iter().chain(searched.first_solutions());
        if let Some(alone) = shown.into_iter().find(|g| !backtracked.contains(g)) {
            return Err(format!("SAT or the default path found {alone:?} alone on\n{text}"));
        }
    }
    textbook_agrees(&ir, puzzle, sat_answer, &by_backtracking, &text)?;
    if let Some(grids) = brute {
        let valid: HashSet<&Grid> =
            grids.iter().filter(|grid| satdoku::validate(puzzle, grid).is_ok()).collect();
        let brute_answer = (valid.len().min(BOUND), valid.len() <= BOUND);
        agree("SAT", sat_answer, "brute force", brute_answer, &text)?;
        if valid.len() <= BOUND && valid != by_backtracking.iter().collect() {
            return Err(format!(
                "backtracking and brute force found different solutions on\n{text}"
            ));
        }
    }
    Ok(Verdict::Agreed { solutions: sat.count(), exact: sat.is_exact(), brute: brute.is_some() })
}

/// The three modes of the course's solver agree with SAT on the count, and with backtracking
/// on the solutions when the count is exact.
fn textbook_agrees(
    ir: &Ir,
    puzzle: &Puzzle,
    sat_answer: (usize, bool),
    by_backtracking: &[Grid],
    text: &str,
) -> Result<(), String> {
    for mode in [Implications::None, Implications::Once, Implications::Repeat] {
        let mut by_textbook = Vec::new();
        let course = textbook::visit_up_to(ir, puzzle.givens(), mode, BOUND, |grid| {
            by_textbook.push(grid.clone())
        });
        let name = format!("textbook {mode:?}");
        agree("SAT", sat_answer, &name, (course.solutions, course.exhausted), text)?;
        validate_all(&name, puzzle, &by_textbook, text)?;
        let backtracked: HashSet<&Grid> = by_backtracking.iter().collect();
        if sat_answer.1 && backtracked != by_textbook.iter().collect() {
            return Err(format!(
                "{name} and backtracking found different solutions on
{text}"
            ));
        }
        if course.first.as_ref() != by_textbook.first() {
            return Err(format!(
                "{name} reports a first solution it did not visit on
{text}"
            ));
        }
    }
    Ok(())
}

/// `Err` naming both engines when their (count, exact) answers differ.
fn agree(
    a: &str,
    answer_a: (usize, bool),
    b: &str,
    answer_b: (usize, bool),
    text: &str,
) -> Result<(), String> {
    if answer_a == answer_b {
        Ok(())
    } else {
        Err(format!("{a} says {answer_a:?}, {b} says {answer_b:?} (count, exact) on\n{text}"))
    }
}

/// `Err` when an engine returned a grid the validator rejects, or the same grid twice.
fn validate_all(
    engine: &str,
    puzzle: &Puzzle,
    solutions: &[Grid],
    text: &str,
) -> Result<(), String> {
    for grid in solutions {
        if let Err(why) = satdoku::validate(puzzle, grid) {
            return Err(format!("{engine} returned a bad solution {grid:?} ({why:?}) on\n{text}"));
        }
    }
    let distinct: HashSet<&Grid> = solutions.iter().collect();
    if distinct.len() != solutions.len() {
        return Err(format!("{engine} repeats a solution on\n{text}"));
    }
    Ok(())
}
