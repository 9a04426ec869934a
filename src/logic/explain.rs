//! The solve loop: the cheapest step that applies, applied, until the grid is solved, nothing
//! applies, or a contradiction shows the puzzle has no solution.

use super::board::Board;
use super::state::State;
use super::step::Step;
use super::technique::{Finder, LADDER, Technique};
use crate::ir::Ir;
use crate::limits::{Limits, Stop};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// Choices of the solve loop.
#[derive(Clone, Debug)]
pub struct ExplainOptions {
    max_steps: Option<usize>,
    max_depth: usize,
    unique: bool,
    limits: Limits,
    disabled: Vec<Technique>,
}

impl Default for ExplainOptions {
    fn default() -> ExplainOptions {
        ExplainOptions {
            max_steps: None,
            max_depth: 3,
            unique: false,
            limits: Limits::new(),
            disabled: Vec::new(),
        }
    }
}

impl ExplainOptions {
    /// Every step, bifurcations up to depth 3.
    pub fn new() -> ExplainOptions {
        ExplainOptions::default()
    }

    /// Stop after this many steps (`Some(1)` is a hint). [default: no limit]
    pub fn max_steps(mut self, steps: Option<usize>) -> ExplainOptions {
        self.max_steps = steps;
        self
    }

    /// The deepest bifurcation tried (0: none, so the solve may get stuck). [default: 3]
    /// [range: 0..=4]
    ///
    /// # Panics
    /// Above 4: deeper bifurcations take hours.
    pub fn max_depth(mut self, depth: usize) -> ExplainOptions {
        assert!(depth <= 4, "bifurcation depth {depth} is above 4");
        self.max_depth = depth;
        self
    }

    /// Whether the puzzle is known to have exactly one solution, so the uniqueness techniques
    /// (unique rectangles, BUG+1) may assume it. The engine never checks: prove it first (with
    /// [`crate::uniqueness`], as the CLI does), since on a puzzle with several solutions those
    /// techniques remove real solutions. [default: false]
    pub fn unique(mut self, unique: bool) -> ExplainOptions {
        self.unique = unique;
        self
    }

    /// Whether uniqueness techniques apply. [default: false]
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// Take no step of `technique` (a setter switching a family off, as f-puzzles' solver
    /// settings do): when a technique's search finds such a step first, the solve goes on to
    /// the next technique. Without bifurcations, a solve may end stuck. [default: every
    /// technique]
    pub fn without(mut self, technique: Technique) -> ExplainOptions {
        if !self.disabled.contains(&technique) {
            self.disabled.push(technique);
        }
        self
    }

    /// Whether steps of `technique` may be taken.
    pub fn allows(&self, technique: Technique) -> bool {
        !self.disabled.contains(&technique)
    }

    /// Stop at `limits` (checked before each step and between the candidates a bifurcation
    /// tries), with the steps found so far and [`Outcome::Limited`]. [default: no limit]
    pub fn limits(mut self, limits: Limits) -> ExplainOptions {
        self.limits = limits;
        self
    }

    /// The step limit. [default: none]
    pub fn get_max_steps(&self) -> Option<usize> {
        self.max_steps
    }

    /// The limits. [default: none]
    pub fn get_limits(&self) -> &Limits {
        &self.limits
    }

    /// The deepest bifurcation. [default: 3]
    pub fn get_max_depth(&self) -> usize {
        self.max_depth
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every cell is placed: the grid.
    Solved(Grid),
    /// No technique applies (the puzzle has several solutions, or needs deeper bifurcation).
    Stuck,
    /// The puzzle has no solution: why.
    Contradiction(String),
    /// The step limit was reached first.
    Stopped,
    /// A [`Limits`] was reached first ([`ExplainOptions::limits`]): the steps are a prefix
    /// of the solve.
    Limited(Stop),
}

impl Outcome {
    /// The limit that stopped the solve, if one did.
    pub fn stopped(&self) -> Option<Stop> {
        match self {
            Outcome::Limited(stop) => Some(*stop),
            _ => None,
        }
    }
}

/// The steps of a solve and how it ended.
#[derive(Clone, Debug)]
pub struct Explanation {
    steps: Vec<Step>,
    outcome: Outcome,
}

impl Explanation {
    /// The explanation of `steps` ending in `outcome`.
    pub(crate) fn new(steps: Vec<Step>, outcome: Outcome) -> Explanation {
        Explanation { steps, outcome }
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How the solve ended.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// Whether the steps solve the grid.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }

    /// The limit that stopped the solve, if one did.
    pub fn stopped(&self) -> Option<Stop> {
        self.outcome.stopped()
    }

    /// The break-in: the first step that is not a single (hidden or naked), with its
    /// 0-based position among the steps; `None` when singles do it all.
    pub fn break_in(&self) -> Option<(usize, &Step)> {
        let single = |step: &Step| {
            matches!(step.technique(), Technique::HiddenSingle | Technique::NakedSingle)
        };
        self.steps.iter().enumerate().find(|(_, step)| !single(step))
    }

    /// The grid the steps reach, when they solve it.
    pub fn solution(&self) -> Option<&Grid> {
        match &self.outcome {
            Outcome::Solved(grid) => Some(grid),
            _ => None,
        }
    }
}

/// Solves `puzzle` step by step with every technique.
///
/// # Example
/// ```
/// // The Miracle: two givens, solved by hand with exclusions, no bifurcation.
/// let text = format!("rules: miracle\n{}1{}2{}", ".".repeat(38), ".".repeat(12), ".".repeat(29));
/// let puzzle: satdoku::Puzzle = text.parse()?;
/// let explanation = satdoku::logic::explain(&puzzle);
/// assert!(explanation.is_solved());
/// let bifurcations = explanation.steps().iter().filter(|s| s.technique().name() == "bifurcation");
/// assert_eq!(bifurcations.count(), 0);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn explain(puzzle: &Puzzle) -> Explanation {
    explain_with(puzzle, &ExplainOptions::new())
}

/// Solves `puzzle` step by step, within `options`.
pub fn explain_with(puzzle: &Puzzle, options: &ExplainOptions) -> Explanation {
    let ir = Ir::lower(puzzle);
    let mut board = Board::new(&ir);
    board.unique = options.unique;
    let mut steps = Vec::new();
    let outcome = match State::start(&board, &ir, puzzle.givens()) {
        Err(contradiction) => Outcome::Contradiction(contradiction.to_string()),
        Ok(mut state) => run(&board, &mut state, options, &mut steps),
    };
    Explanation { steps, outcome }
}

/// The finders in ladder order, bifurcations up to `max_depth` last.
pub(crate) fn finders(max_depth: usize) -> impl Iterator<Item = Finder> {
    LADDER.into_iter().chain((1..=max_depth).map(Finder::Bifurcation))
}

/// The cheapest step that applies, `None` when none does, or the limit reached first.
fn next_step(board: &Board, state: &State, options: &ExplainOptions) -> Result<Option<Step>, Stop> {
    options.limits.check()?;
    let depth = if options.allows(Technique::Bifurcation) { options.max_depth } else { 0 };
    for finder in finders(depth) {
        let step = finder.find_within(board, state, &options.limits)?;
        if let Some(step) = step.filter(|step| options.allows(step.technique())) {
            return Ok(Some(step));
        }
    }
    Ok(None)
}

/// Applies the cheapest step until the end, pushing each onto `steps`.
pub(crate) fn run(
    board: &Board,
    state: &mut State,
    options: &ExplainOptions,
    steps: &mut Vec<Step>,
) -> Outcome {
    loop {
        // Every state here was checked whole once full (start, settle and apply do it).
        if state.is_solved() {
            return Outcome::Solved(state.candidates.singles());
        }
        if options.max_steps.is_some_and(|max| steps.len() >= max) {
            return Outcome::Stopped;
        }
        let step = match next_step(board, state, options) {
            Ok(Some(step)) => step,
            Ok(None) => return Outcome::Stuck,
            Err(stop) => return Outcome::Limited(stop),
        };
        let applied = state.apply(board, &step.placements, &step.eliminations);
        steps.push(step);
        if let Err(contradiction) = applied {
            return Outcome::Contradiction(contradiction.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Puzzle {
        let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).expect("a fixture").parse().expect("a puzzle")
    }

    #[test]
    fn the_break_in_is_the_first_step_that_is_not_a_single() {
        let singles: Puzzle =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
                .parse()
                .unwrap();
        assert!(explain(&singles).break_in().is_none());
        let killer = explain(&fixture("killer-6x6-extreme.txt"));
        let (index, step) = killer.break_in().expect("a break-in");
        assert_eq!(index, 0);
        assert_eq!(step.technique(), Technique::Support);
        let miracle = explain(&fixture("miracle.txt"));
        let (index, step) = miracle.break_in().expect("a break-in");
        assert!(index > 0 && step.technique() == Technique::CommonExclusion, "{index} {step}");
    }
}
