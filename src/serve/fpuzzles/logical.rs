//! The logic engine's answers: `solvepath` (every step from the solver's position), `step`
//! (the next one), and the logical candidates `truecandidates` shows with `logical`.

use satdoku::Digit;
use satdoku::ir::propagate::Candidates;
use satdoku::logic::{Outcome, Walk, explain_from};
use serde_json::{Value, json};

use super::board::{self, Board};
use crate::serve::job::Job;
use crate::serve::protocol::{Invalid, Reply};

/// `solvepath` → `{type: "logical", cells, message, isValid}`: the reader's notes, then every
/// step the logic engine takes from the solver's position, one per line, and the grid where
/// it ends.
pub(super) fn solve_path(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let options = board.explain_options(job.limits());
    let walk = explain_from(&board.read.puzzle, &board.position(true), &options);
    let message = board.note_lines() + &path_message(&walk);
    Ok(logical_reply(&walk, &walk.candidates, &walk.placed, &message))
}

/// `step` → the same as `solvepath` for the next step only; first, when the solver's centre
/// marks are not the candidates of the position, "Initial candidates." with those
/// candidates filled in (as SudokuSolver does), after the reader's notes (the first press
/// shows them; the steps after it, which the userscript adds to the same console, do not).
pub(super) fn step(job: &mut Job<'_>) -> Result<Reply, Invalid> {
    let board = board::decode(job.request().data_text()?)?;
    let options = board.explain_options(job.limits()).max_steps(Some(1));
    let walk = explain_from(&board.read.puzzle, &board.position(true), &options);
    let placed_at_start = placed_at_start(&board);
    if valid(&walk) && marks_differ(&board, &walk.start, &placed_at_start) {
        let message = board.note_lines() + "Initial candidates.\n";
        return Ok(logical_reply(&walk, &walk.start, &placed_at_start, &message));
    }
    Ok(logical_reply(&walk, &walk.candidates, &walk.placed, &path_message(&walk)))
}

/// The candidates the logic engine leaves from the givens and given pencil marks, without the
/// disabled techniques: what `truecandidates` marks -1 where no solution has them.
pub(super) fn candidates(board: &Board, limits: &satdoku::Limits) -> Candidates {
    let options = board.explain_options(limits);
    explain_from(&board.read.puzzle, &board.position(false), &options).candidates
}

/// Whether the position and the steps from it break no rule.
fn valid(walk: &Walk) -> bool {
    !matches!(walk.explanation.outcome(), Outcome::Contradiction(_))
}

/// The steps, one per line, and how the solve ended, in SudokuSolver's words where it has
/// them.
fn path_message(walk: &Walk) -> String {
    let mut message: String =
        walk.explanation.steps().iter().map(|step| format!("{step}\n")).collect();
    let ending = match walk.explanation.outcome() {
        Outcome::Solved(_) => "Solved.".to_string(),
        Outcome::Contradiction(why) => format!("Board is invalid! ({why})"),
        Outcome::Stuck if walk.explanation.steps().is_empty() => "No logical steps found.".into(),
        Outcome::Stuck => "No further logical steps found.".into(),
        Outcome::Stopped => return message,
        Outcome::Limited(stop) => format!("Stopped: {stop}."),
    };
    message.push_str(&ending);
    message.push('\n');
    message
}

/// The cells that hold a digit at the solver's position: givens and entries.
fn placed_at_start(board: &Board) -> Vec<bool> {
    let geometry = board.read.puzzle.geometry();
    let mut placed: Vec<bool> =
        geometry.cells().map(|cell| board.read.puzzle.givens().get(cell).is_some()).collect();
    for &(cell, _) in &board.read.entered {
        placed[geometry.index(cell)] = true;
    }
    placed
}

/// Whether some open cell's centre marks (none counting as empty) are not its candidates at
/// the position.
fn marks_differ(board: &Board, start: &Candidates, placed: &[bool]) -> bool {
    let geometry = board.read.puzzle.geometry();
    geometry.cells().filter(|&cell| !placed[geometry.index(cell)]).any(|cell| {
        let marks = board.read.centre_marks.iter().find(|(marked, _)| *marked == cell);
        marks.is_none_or(|&(_, digits)| digits != start.get(cell))
    })
}

/// The `logical` reply: each cell's digit where `placed`, else its `candidates`.
fn logical_reply(walk: &Walk, candidates: &Candidates, placed: &[bool], message: &str) -> Reply {
    let geometry = candidates.geometry();
    let cells: Vec<Value> = geometry
        .cells()
        .map(|cell| {
            let digits = candidates.get(cell);
            match digits.single_digit().filter(|_| placed[geometry.index(cell)]) {
                Some(digit) => json!({"value": digit.value()}),
                None => json!({"value": 0, "candidates": digits.iter().map(Digit::value).collect::<Vec<_>>()}),
            }
        })
        .collect();
    Reply::new("logical").with("cells", cells).with("message", message).with("isValid", valid(walk))
}
