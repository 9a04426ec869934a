//! The top rating: a score that orders the hardest puzzles (Sudoku Explainer 9 to 12), where
//! the depth-1 logic gets stuck and [`super::rate`] saturates.
//!
//! The logic engine solves with bifurcations no deeper than 1 (every technique, depth-1
//! contradictions last). A puzzle it finishes scores as [`super::rate_with_depth`] does
//! (below 9). Where it gets stuck, the stuck state's depth-2 proofs are measured
//! (`forcing.rs`: assume a candidate, propagate, remove what inner chains refute, until the
//! assumption fails; the level says what the inner chains needed, static or dynamic, as Sudoku
//! Explainer's levels do), every candidate they refute is removed, and the depth-1 logic goes on;
//! a stuck state no depth-2 proof advances takes one bifurcation of depth 3. The score is
//! that of the hardest stuck state, on a scale from 9.0 up: how few candidates depth 2
//! refutes, and how many nested contradictions and removals its shortest proof needs (see
//! [`TopRating::score`]). Fast enough for searches: a median SE 11+ puzzle is rated in well
//! under a second (the book's calibration, `examples/calibrate_top.rs`).

use super::board::Board;
use super::explain::{ExplainOptions, Explanation, Outcome, run};
use super::forcing::{Proofs, proofs};
use super::rating::Rating;
use super::state::State;
use super::step::Step;
use super::technique::{Finder, length_fraction, length_penalty};
use crate::ir::{Ir, Placement};
use crate::limits::Stop;
use crate::model::puzzle::Puzzle;

/// A puzzle's rating at the top: the depth-1 solve and the stuck states it needed forcing for.
#[derive(Clone, Debug, PartialEq)]
pub struct TopRating {
    cheap: Rating,
    stuck: Vec<Proofs>,
    score: f64,
}

impl TopRating {
    /// The score: below 9 the depth-1 rating's ([`Rating::score`], capped at 8.9; at most
    /// 8.5 on the calibration data); from 9.0 up when the depth-1 logic gets stuck, the
    /// hardest stuck state's [`forcing_score`].
    pub fn score(&self) -> f64 {
        self.score
    }

    /// The rating of the depth-1 steps (forcing steps not included).
    pub fn cheap(&self) -> &Rating {
        &self.cheap
    }

    /// The stuck states met, in order, with their depth-2 proofs (empty when the depth-1 logic
    /// solves the puzzle).
    pub fn stuck(&self) -> &[Proofs] {
        &self.stuck
    }

    /// Whether the solve reached the solution.
    pub fn is_solved(&self) -> bool {
        self.cheap.is_solved()
    }

    /// The limit that stopped the rating, if one did (the score is then a lower bound).
    pub fn stopped(&self) -> Option<Stop> {
        self.cheap.stopped()
    }
}

/// The score of one stuck state from its proofs: 9.0 at level 1, 9.5 at level 2, 10.0 at
/// level 3 and 10.5 at level 4 (Sudoku Explainer's ratings of its chains whose nested chains
/// are as strong: [`Proofs::level`]), plus the length penalty of the median proof's size (a tenth each time it passes the next bound of
/// 4, 6, 8, 12, 16, 24, ..., as Sudoku Explainer grows its chain ratings, with the fraction
/// of the way to the next bound below the tenth, so that longer proofs always score higher);
/// 12.0 when neither level refutes a candidate.
pub fn forcing_score(proofs: &Proofs) -> f64 {
    proof_score(proofs.level, proofs.median())
}

/// The score of proofs of `level` and `length` (see [`forcing_score`]).
pub(super) fn proof_score(level: usize, length: usize) -> f64 {
    if !(1..=4).contains(&level) {
        return 12.0;
    }
    8.5 + 0.5 * level as f64 + length_penalty(length) + length_fraction(length) / 10.0
}

/// Rates `puzzle` at the top (see the module doc); `options` give the limits and whether the
/// puzzle is known unique (its bifurcation depth is ignored: 1 for the solve, 2 and 3 for
/// the stuck states).
///
/// # Example
/// ```
/// use satdoku::logic::{ExplainOptions, rate_top};
/// let nugget: satdoku::Puzzle = std::fs::read_to_string("puzzles/golden-nugget.txt")?.parse()?;
/// let rating = rate_top(&nugget, &ExplainOptions::new().unique(true));
/// // One of the hardest known puzzles (SE 11.9): depth-1 logic gets stuck.
/// assert!(rating.is_solved());
/// assert!(rating.score() >= 9.0 && !rating.stuck().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate_top(puzzle: &Puzzle, options: &ExplainOptions) -> TopRating {
    let cheap = options.clone().max_depth(1);
    let (explanation, stuck) = solve_measuring(puzzle, options, &cheap, |board, state| {
        force(board, state, options).map(|found| {
            found.map(|(point, eliminations)| (point, Advance::Eliminations(eliminations)))
        })
    });
    let cheap = Rating::of(&explanation);
    let score = stuck.iter().map(forcing_score).fold(cheap.score().min(8.9), f64::max);
    TopRating { cheap, stuck, score }
}

/// What moves a state the techniques leave stuck on: a step told in the explanation, or
/// eliminations that are not (the proofs' refutations).
pub(super) enum Advance {
    /// A step, applied and told.
    Step(Step),
    /// Eliminations, applied untold.
    Eliminations(Vec<Placement>),
}

/// Solves `puzzle` with the techniques `below` allows (`options` say whether it is known
/// unique); at each state they leave stuck, `advance` measures its proofs and says what moves
/// it on, until the solve ends or nothing does. The explanation, and the proofs of each stuck
/// state in order.
pub(super) fn solve_measuring(
    puzzle: &Puzzle,
    options: &ExplainOptions,
    below: &ExplainOptions,
    mut advance: impl FnMut(&Board, &State) -> Result<Option<(Proofs, Advance)>, Stop>,
) -> (Explanation, Vec<Proofs>) {
    let ir = Ir::lower(puzzle);
    let mut board = Board::new(&ir);
    board.unique = options.is_unique();
    let mut steps = Vec::new();
    let mut stuck = Vec::new();
    let outcome = match State::start(&board, &ir, puzzle.givens()) {
        Err(contradiction) => Outcome::Contradiction(contradiction.to_string()),
        Ok(mut state) => loop {
            let outcome = run(&board, &mut state, below, &mut steps);
            if outcome != Outcome::Stuck {
                break outcome;
            }
            let applied = match advance(&board, &state) {
                Ok(Some((proofs, Advance::Step(step)))) => {
                    stuck.push(proofs);
                    let applied = state.apply(&board, &step.placements, &step.eliminations);
                    steps.push(step);
                    applied
                }
                Ok(Some((proofs, Advance::Eliminations(eliminations)))) => {
                    stuck.push(proofs);
                    state.apply(&board, &[], &eliminations)
                }
                Ok(None) => break Outcome::Stuck,
                Err(stop) => break Outcome::Limited(stop),
            };
            // A puzzle with no solution can fail here.
            if let Err(contradiction) = applied {
                break Outcome::Contradiction(contradiction.to_string());
            }
        },
    };
    (Explanation::new(steps, outcome), stuck)
}

/// The eliminations that advance a stuck `state`: what depth-2 proofs refute, or else what one
/// depth-3 bifurcation does (with the proofs); `None` when nothing advances it.
fn force(
    board: &Board,
    state: &State,
    options: &ExplainOptions,
) -> Result<Option<(Proofs, Vec<Placement>)>, Stop> {
    let limits = options.get_limits();
    let found = proofs(board, state, limits)?;
    if !found.refuted.is_empty() {
        let eliminations = found.refuted.clone();
        return Ok(Some((found, eliminations)));
    }
    let step = Finder::Bifurcation(3).find_within(board, state, limits)?;
    Ok(step.map(|step| (found, step.eliminations)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::rate_with_depth;

    fn fixture(name: &str) -> Puzzle {
        let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap().parse().unwrap()
    }

    #[test]
    fn a_puzzle_the_depth_1_logic_solves_keeps_its_score_below_9() {
        let puzzle: Puzzle =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
                .parse()
                .unwrap();
        let top = rate_top(&puzzle, &ExplainOptions::new());
        assert!(top.is_solved() && top.stuck().is_empty());
        assert_eq!(top.score(), rate_with_depth(&puzzle, 1).score());
    }

    #[test]
    fn the_hardest_named_puzzles_are_solved_by_sound_proofs_and_score_above_10() {
        for name in ["golden-nugget", "ai-escargot"] {
            let puzzle = fixture(name);
            let top = rate_top(&puzzle, &ExplainOptions::new().unique(true));
            // Every refuted candidate went, and the solve still reached the solution.
            let Outcome::Solved(grid) = top.cheap().outcome() else { panic!("{name} unsolved") };
            assert_eq!(crate::model::validate::validate(&puzzle, grid), Ok(()));
            for proofs in top.stuck() {
                assert!(proofs.refuted.iter().all(|p| grid.get(p.cell) != Some(p.digit)));
                assert!(proofs.level >= 2, "{name}: SE's nested forcing chains");
            }
            assert!(top.score() > 10.0, "{name}: {}", top.score());
        }
    }

    #[test]
    fn longer_proofs_score_higher_and_deeper_levels_higher_still() {
        let proofs = |level, sizes: &[usize]| Proofs {
            open: 100,
            level,
            refuted: Vec::new(),
            sizes: sizes.to_vec(),
        };
        let scores: Vec<f64> =
            (1..600).map(|median| forcing_score(&proofs(2, &[median]))).collect();
        assert!(scores.windows(2).all(|w| w[1] > w[0]));
        let levels: Vec<f64> = (1..=4).map(|level| forcing_score(&proofs(level, &[40]))).collect();
        assert!(levels.windows(2).all(|w| w[1] == w[0] + 0.5), "{levels:?}");
        assert_eq!(forcing_score(&proofs(0, &[])), 12.0);
        assert_eq!(forcing_score(&proofs(2, &[4, 100, 7])), forcing_score(&proofs(2, &[7])));
    }
}
