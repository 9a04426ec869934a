//! Differential testing: random puzzles of every rule, global or with cells, and size,
//! answered by the SAT engine alone, satdoku's default path (the pre-pass, then guess and
//! propagate, then SAT), backtracking, dancing links (rule sets without tables or sums), the
//! course's textbook solver in its three modes, brute force over the grids the classic rules
//! allow (where they are few), which must agree on the count and the solutions, each solution
//! passing the independent validator; and the logic engine, whose "solved" must be the one
//! solution and whose contradiction must mean none.
//!
//! Shared by `examples/differential` (long runs: `--cases N --seed S`) and the test suite
//! (`tests/suite/cross_check.rs`, a short run).

pub mod brute;
pub mod draw;
pub mod look_and_say;

use std::collections::HashSet;
use std::time::Duration;

use satdoku::engine::count::{Count, CountOptions, count};
use satdoku::logic::{ExplainOptions, Outcome, explain_with};
use satdoku::reference::textbook::{self, Implications};
use satdoku::reference::{backtrack, dlx};
use satdoku::{Grid, Ir, Limits, Puzzle};

pub use draw::draw;

/// The bound every engine counts up to.
pub const BOUND: usize = 50;

/// How long a reference engine may take on one case before the case is skipped (sparse 9×9
/// puzzles under some rules are slow to backtrack; SAT is never skipped).
pub const REFERENCE_TIME: Duration = Duration::from_secs(10);

/// How many grids of the classic rules brute force enumerates at most; beyond, it sits out.
pub const BRUTE_CAP: usize = 5000;

/// How long the logic engine may take on one case (bifurcations up to depth 2); a solve that
/// runs out makes no claim to check.
pub const LOGIC_TIME: Duration = Duration::from_secs(2);

/// What comparing one puzzle came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every engine agreed; the count they agree on (exact or not), whether brute force took
    /// part, and how the logic engine's solve ended.
    Agreed { solutions: usize, exact: bool, brute: bool, logic: Logic },
    /// A reference engine hit [`REFERENCE_TIME`]; SAT's solutions were still validated.
    Skipped,
}

/// How the logic engine's solve ended (its claim was checked when it made one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Logic {
    /// "Solved", on the one solution.
    Solved,
    /// A contradiction, on a puzzle with no solution.
    Contradiction,
    /// Stuck, stopped or out of time: no claim.
    Open,
}

/// Compares the engines on `puzzle`. `Err` says which engines disagree, and how.
pub fn compare(puzzle: &Puzzle) -> Result<Verdict, String> {
    let text = puzzle.to_text();
    let sat_alone = CountOptions::up_to(BOUND).prepass(false);
    let sat = count(puzzle, &sat_alone).map_err(|e| e.to_string())?;
    validate_all("SAT", puzzle, sat.first_solutions(), &text)?;
    let searched = satdoku::count_up_to(puzzle, BOUND).map_err(|e| e.to_string())?;
    validate_all("the default path", puzzle, searched.first_solutions(), &text)?;
    let sat_answer = (sat.count(), sat.is_exact());
    agree("SAT", sat_answer, "the default path", (searched.count(), searched.is_exact()), &text)?;
    let logic = logic_agrees(puzzle, &sat, &text)?;
    let ir = Ir::lower(puzzle);
    let Some(by_backtracking) = backtracking_agrees(&ir, puzzle, sat_answer, &text)? else {
        return Ok(Verdict::Skipped);
    };
    if sat.is_exact() {
        let shown = sat.first_solutions().iter().chain(searched.first_solutions());
        if let Some(alone) = shown.into_iter().find(|g| !by_backtracking.contains(g)) {
            return Err(format!("SAT or the default path found {alone:?} alone on\n{text}"));
        }
    }
    let references =
        dlx_answer(&ir, puzzle).into_iter().chain(textbook_answers(&ir, puzzle, &text)?);
    for reference in references {
        if !reference.agrees(puzzle, sat_answer, &by_backtracking, &text)? {
            return Ok(Verdict::Skipped);
        }
    }
    let brute = brute_agrees(puzzle, sat_answer, &by_backtracking, &text)?;
    Ok(Verdict::Agreed { solutions: sat.count(), exact: sat.is_exact(), brute, logic })
}

/// The logic engine's verdict, checked against SAT's count: "solved" only on the one
/// solution, a contradiction only on a puzzle with none.
fn logic_agrees(puzzle: &Puzzle, sat: &Count, text: &str) -> Result<Logic, String> {
    let unique = sat.is_unique();
    let limits = Limits::new().timeout(LOGIC_TIME);
    let options = ExplainOptions::new().max_depth(2).unique(unique).limits(limits);
    match explain_with(puzzle, &options).outcome() {
        Outcome::Solved(grid) => {
            validate_all("the logic engine", puzzle, std::slice::from_ref(grid), text)?;
            if !unique || sat.first_solutions() != [grid.clone()] {
                let found = (sat.count(), sat.is_exact());
                return Err(format!(
                    "the logic engine solved {grid:?}, SAT says {found:?} on\n{text}"
                ));
            }
            Ok(Logic::Solved)
        }
        Outcome::Contradiction(why) if sat.count() > 0 => {
            Err(format!("the logic engine says \"{why}\", SAT found a solution on\n{text}"))
        }
        Outcome::Contradiction(_) => Ok(Logic::Contradiction),
        _ => Ok(Logic::Open),
    }
}

/// Backtracking agrees with SAT on the count; its solutions (all of them when the count is
/// exact), or `None` when it ran out of time.
fn backtracking_agrees(
    ir: &Ir,
    puzzle: &Puzzle,
    sat_answer: (usize, bool),
    text: &str,
) -> Result<Option<HashSet<Grid>>, String> {
    let limits = Limits::new().timeout(REFERENCE_TIME);
    let mut visited = Vec::new();
    let reference = backtrack::try_visit_up_to(ir, puzzle.givens(), BOUND, &limits, |grid| {
        visited.push(grid.clone())
    });
    validate_all("backtracking", puzzle, &visited, text)?;
    if reference.stopped.is_some() {
        return Ok(None);
    }
    let answer = (reference.solutions, reference.exhausted);
    agree("SAT", sat_answer, "backtracking", answer, text)?;
    agree("backtracking", (visited.len(), true), "its visits", (reference.solutions, true), text)?;
    Ok(Some(visited.into_iter().collect()))
}

/// What dancing links answers, on rule sets without tables or sums.
fn dlx_answer(ir: &Ir, puzzle: &Puzzle) -> Option<Reference> {
    let limits = Limits::new().timeout(REFERENCE_TIME);
    let mut visited = Vec::new();
    let dancing = dlx::try_visit_up_to(ir, puzzle.givens(), BOUND, &limits, |grid| {
        visited.push(grid.clone())
    })
    .ok()?;
    let (stopped, answer) = (dancing.stopped.is_some(), (dancing.solutions, dancing.exhausted));
    Some(Reference { name: "DLX".to_string(), visited, stopped, answer })
}

/// What the course's solver answers in its three modes (up to the first that runs out of
/// time); `Err` when one reports a first solution it did not visit.
fn textbook_answers(ir: &Ir, puzzle: &Puzzle, text: &str) -> Result<Vec<Reference>, String> {
    let mut answers = Vec::new();
    for mode in [Implications::None, Implications::Once, Implications::Repeat] {
        let limits = Limits::new().timeout(REFERENCE_TIME);
        let mut visited = Vec::new();
        let course = textbook::try_visit_up_to(ir, puzzle.givens(), mode, BOUND, &limits, |grid| {
            visited.push(grid.clone())
        });
        let name = format!("textbook {mode:?}");
        if course.first.as_ref() != visited.first() {
            return Err(format!("{name} reports a first solution it did not visit on\n{text}"));
        }
        let (stopped, answer) = (course.stopped.is_some(), (course.solutions, course.exhausted));
        answers.push(Reference { name, visited, stopped, answer });
        if stopped {
            break;
        }
    }
    Ok(answers)
}

/// What a reference engine answered.
struct Reference {
    name: String,
    /// The solutions it visited.
    visited: Vec<Grid>,
    /// Whether a limit stopped it.
    stopped: bool,
    /// Its (count, exact) answer.
    answer: (usize, bool),
}

impl Reference {
    /// Its solutions pass the validator; unless it was stopped (then `false`), its count is
    /// SAT's and that of its visits, and its solutions are backtracking's when the count is
    /// exact.
    fn agrees(
        &self,
        puzzle: &Puzzle,
        sat_answer: (usize, bool),
        by_backtracking: &HashSet<Grid>,
        text: &str,
    ) -> Result<bool, String> {
        let name = self.name.as_str();
        validate_all(name, puzzle, &self.visited, text)?;
        if self.stopped {
            return Ok(false);
        }
        agree("SAT", sat_answer, name, self.answer, text)?;
        agree(name, (self.visited.len(), true), "its visits", (self.answer.0, true), text)?;
        if sat_answer.1 && *by_backtracking != self.visited.iter().cloned().collect() {
            return Err(format!("{name} and backtracking found different solutions on\n{text}"));
        }
        Ok(true)
    }
}

/// Brute force (the grids of the classic rules the validator accepts) agrees with SAT on the
/// count and with backtracking on the solutions; `false` when there are too many grids to try.
fn brute_agrees(
    puzzle: &Puzzle,
    sat_answer: (usize, bool),
    by_backtracking: &HashSet<Grid>,
    text: &str,
) -> Result<bool, String> {
    let Some(grids) = brute::completions(puzzle.givens(), BRUTE_CAP) else { return Ok(false) };
    let valid: HashSet<Grid> =
        grids.into_iter().filter(|grid| satdoku::validate(puzzle, grid).is_ok()).collect();
    agree("SAT", sat_answer, "brute force", (valid.len().min(BOUND), valid.len() <= BOUND), text)?;
    if valid.len() <= BOUND && valid != *by_backtracking {
        return Err(format!("backtracking and brute force found different solutions on\n{text}"));
    }
    Ok(true)
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
