//! Solving from a solver's position rather than from the givens: the digits entered beyond
//! them and the cells narrowed by pencil marks, as the f-puzzles solver buttons ("Solution
//! Path", "Step") send the grid. The solve goes on from there with the usual ladder.

use super::board::Board;
use super::explain::{ExplainOptions, Explanation, Outcome, run};
use super::state::State;
use crate::ir::propagate::Candidates;
use crate::ir::{Ir, Placement};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;
use crate::model::puzzle::Puzzle;

/// Where a solve starts beyond the givens: digits placed and cells narrowed to some digits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    placed: Vec<Placement>,
    narrowed: Vec<(Cell, DigitSet)>,
}

impl Position {
    /// The position of the givens alone.
    pub fn new() -> Position {
        Position::default()
    }

    /// The position with `placement` made (a digit the solver entered).
    pub fn place(mut self, placement: Placement) -> Position {
        self.placed.push(placement);
        self
    }

    /// The position with `cell` narrowed to `digits` (its pencil marks).
    pub fn narrow(mut self, cell: Cell, digits: DigitSet) -> Position {
        self.narrowed.push((cell, digits));
        self
    }
}

/// A solve from a position: its steps and outcome, and each cell's candidates where it ended.
#[derive(Clone, Debug)]
pub struct Walk {
    /// The steps from the position and how the solve ended.
    pub explanation: Explanation,
    /// Each cell's candidates where it ended: where it started, when the position itself
    /// breaks the rules (see [`Walk::start`]).
    pub candidates: Candidates,
    /// Each cell's candidates at the position (the givens and entries placed, their
    /// exclusions removed, the marks applied), before any step.
    pub start: Candidates,
    /// The cells placed where the solve ended (givens and entries included).
    pub placed: Vec<bool>,
}

/// Solves `puzzle` step by step from `position`, within `options` (`max_steps(Some(1))` for
/// the next step only).
///
/// # Example
/// ```
/// use satdoku::logic::{ExplainOptions, Position, explain_from};
/// use satdoku::{Cell, Digit, Placement};
/// let puzzle: satdoku::Puzzle = "1...............".parse()?;
/// // The solver entered 2 in r1c2: the next step fills r1c3 or r1c4 from there.
/// let position = Position::new().place(Placement::new(Cell::new(0, 1), Digit::new(2).unwrap()));
/// let walk = explain_from(&puzzle, &position, &ExplainOptions::new().max_steps(Some(1)));
/// assert_eq!(walk.explanation.steps().len(), 1);
/// assert_eq!(walk.start.get(Cell::new(0, 2)).len(), 2);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn explain_from(puzzle: &Puzzle, position: &Position, options: &ExplainOptions) -> Walk {
    let ir = Ir::lower(puzzle);
    let mut board = Board::new(&ir);
    board.unique = options.is_unique();
    let geometry = puzzle.geometry();
    let state = State::start(&board, &ir, puzzle.givens()).and_then(|mut state| {
        for &placement in &position.placed {
            state.place(&board, placement)?;
        }
        for &(cell, digits) in &position.narrowed {
            state.restrict(cell, digits)?;
        }
        state.check_solved(&board)?;
        Ok(state)
    });
    let mut state = match state {
        Ok(state) => state,
        Err(contradiction) => {
            let outcome = Outcome::Contradiction(contradiction.to_string());
            return Walk {
                explanation: Explanation::new(Vec::new(), outcome),
                candidates: Candidates::all(geometry),
                start: Candidates::all(geometry),
                placed: vec![false; geometry.cell_count()],
            };
        }
    };
    let start = state.candidates.clone();
    let mut steps = Vec::new();
    let outcome = run(&board, &mut state, options, &mut steps);
    let explanation = Explanation::new(steps, outcome);
    Walk { explanation, candidates: state.candidates, start, placed: state.placed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Technique;
    use crate::model::digit::Digit;

    fn digit(value: usize) -> Digit {
        Digit::new(value).unwrap()
    }

    #[test]
    fn a_solve_from_the_givens_alone_is_the_usual_explanation() {
        let puzzle: Puzzle =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
                .parse()
                .unwrap();
        let walk = explain_from(&puzzle, &Position::new(), &ExplainOptions::new());
        let usual = crate::logic::explain(&puzzle);
        assert_eq!(walk.explanation.steps(), usual.steps());
        assert!(walk.placed.iter().all(|&placed| placed));
    }

    #[test]
    fn marks_narrow_the_start_and_a_wrong_entry_is_a_contradiction() {
        let puzzle: Puzzle = ".".repeat(16).parse().unwrap();
        let corner = Cell::new(0, 0);
        let marks: DigitSet = [digit(3), digit(4)].into_iter().collect();
        let walk =
            explain_from(&puzzle, &Position::new().narrow(corner, marks), &ExplainOptions::new());
        assert_eq!(walk.start.get(corner), marks);
        let clash = Position::new()
            .place(Placement::new(corner, digit(1)))
            .place(Placement::new(Cell::new(0, 1), digit(1)));
        let walk = explain_from(&puzzle, &clash, &ExplainOptions::new());
        assert!(matches!(walk.explanation.outcome(), Outcome::Contradiction(_)));
    }

    #[test]
    fn a_disabled_technique_is_never_taken() {
        let puzzle: Puzzle =
            ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
                .parse()
                .unwrap();
        let options = ExplainOptions::new().without(Technique::Bifurcation);
        let walk = explain_from(&puzzle, &Position::new(), &options);
        assert!(walk.explanation.steps().iter().all(|s| s.technique() != Technique::Bifurcation));
    }
}
