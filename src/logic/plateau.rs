//! The depth-1 solve with the forcing proofs of every state where it bifurcates: what tells
//! apart the puzzles that [`super::rate_with_depth`] rates at the top of its scale, where the
//! fine score's digits saturate (a contradiction of 97 to 128 deductions, 9 bifurcations or
//! more) and Sudoku Explainer still ranges from 9.0 to 10.
//!
//! The solve is that of [`super::rate_with`] at depth 1: every technique but bifurcations
//! until none applies, then the depth-1 bifurcation of least work. Before each bifurcation the
//! state's depth-2 proofs are measured (`forcing.rs`, as [`super::rate_top`] measures a stuck
//! state's): how many open candidates a lone assumption refutes, and how long the shortest of
//! those proofs is. A state scores as [`super::forcing_score`] scores a stuck state, but from
//! its shortest proof instead of the median one: Sudoku Explainer rates a state by its easiest
//! chain. On the 35 puzzles of Sudoku Explainer 1.2.1's own ratings whose depth-1 fine score
//! is 8.4 or more (`examples/calibrate_plateau.rs`; the book's hard-puzzles chapter has the
//! table), the hardest state's score has a Spearman correlation of 0.739 with SE, the fine
//! score 0.538; on 120 Sudoku Exchange puzzles rated 9.0 to 9.3 by Sukaku Explainer it does
//! worse (0.323 against 0.503).

use super::board::Board;
use super::explain::ExplainOptions;
use super::forcing::{Proofs, proofs};
use super::rating::Rating;
use super::state::State;
use super::technique::Finder;
use super::top::{Advance, proof_score, solve_measuring};
use crate::limits::Stop;
use crate::model::puzzle::Puzzle;

/// A depth-1 rating with the forcing proofs of its bifurcation states.
#[derive(Clone, Debug, PartialEq)]
pub struct PlateauRating {
    rating: Rating,
    states: Vec<Proofs>,
}

impl PlateauRating {
    /// The depth-1 rating: the same as [`super::rate_with`] at depth 1 with the same options.
    pub fn rating(&self) -> &Rating {
        &self.rating
    }

    /// The proofs of each state where the solve bifurcated, in order (empty when it never did).
    pub fn states(&self) -> &[Proofs] {
        &self.states
    }

    /// The proofs of the hardest bifurcation state (the highest [`state_score`], the first of
    /// equals); `None` without bifurcations.
    pub fn hardest(&self) -> Option<&Proofs> {
        self.states.iter().rev().max_by(|a, b| state_score(a).total_cmp(&state_score(b)))
    }

    /// The hardest bifurcation state's [`state_score`]: 9.0 and up; 0 without bifurcations.
    pub fn score(&self) -> f64 {
        self.hardest().map_or(0.0, state_score)
    }

    /// The smallest share of a bifurcation state's open candidates that its proofs refute
    /// (those of its level, the lowest that refutes any): how near the depth-1 solve comes to
    /// getting stuck, where none is refuted; 1 without bifurcations.
    pub fn least_refuted_share(&self) -> f64 {
        let share = |p: &Proofs| p.refuted.len() as f64 / p.open.max(1) as f64;
        self.states.iter().map(share).fold(1.0, f64::min)
    }
}

/// The score of a bifurcation state from its proofs: [`super::forcing_score`]'s scale (9.0 at
/// level 1, half a point a level, the length penalty within), measured on the shortest proof.
pub fn state_score(proofs: &Proofs) -> f64 {
    proof_score(proofs.level, proofs.shortest())
}

/// Rates `puzzle` with bifurcations of depth 1, measuring the forcing proofs of each state it
/// bifurcates in (see the module doc); `options` give the limits and whether the puzzle is
/// known unique (their depth is ignored).
pub fn rate_plateau(puzzle: &Puzzle, options: &ExplainOptions) -> PlateauRating {
    let below = options.clone().max_depth(0);
    let limits = options.get_limits();
    let (explanation, states) =
        solve_measuring(puzzle, options, &below, |board, state| bifurcate(board, state, limits));
    PlateauRating { rating: Rating::of(&explanation), states }
}

/// The proofs of a state the techniques below bifurcation cannot advance, and the depth-1
/// bifurcation that advances it; `None` when none does.
fn bifurcate(
    board: &Board,
    state: &State,
    limits: &crate::limits::Limits,
) -> Result<Option<(Proofs, Advance)>, Stop> {
    let Some(step) = Finder::Bifurcation(1).find_within(board, state, limits)? else {
        return Ok(None);
    };
    Ok(Some((proofs(board, state, limits)?, Advance::Step(step))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::explain::Outcome;
    use crate::logic::rate_with;

    /// Two puzzles the depth-1 logic finishes at the top of its scale (fine scores 8.544 and
    /// 8.479), of `forum-hardest-1106` and `magictour-top1465`: Sudoku Explainer 1.2.1 rates
    /// the first 9.7 and the second 9.3.
    const SE_9_7: &str =
        "..3.9....1...4..36..8..21...4..8..73...9................4.7..686........7.....5.4";
    const SE_9_3: &str =
        ".......4...2..4..1.7..5..9...3..7....4..6....6..1..8...2....1..85.9...6.....8...3";

    fn rate(line: &str) -> (Puzzle, PlateauRating) {
        let puzzle: Puzzle = line.parse().unwrap();
        let rating = rate_plateau(&puzzle, &ExplainOptions::new().unique(true));
        (puzzle, rating)
    }

    #[test]
    fn the_solve_is_the_depth_1_rating_and_its_proofs_are_sound() {
        for line in [SE_9_7, SE_9_3] {
            let (puzzle, plateau) = rate(line);
            let depth_1 = rate_with(&puzzle, &ExplainOptions::new().unique(true).max_depth(1));
            assert_eq!(plateau.rating(), &depth_1);
            assert_eq!(plateau.states().len(), depth_1.bifurcations());
            let Outcome::Solved(grid) = depth_1.outcome() else { panic!("{line} unsolved") };
            for proofs in plateau.states() {
                assert!(!proofs.refuted.is_empty(), "a bifurcation state has a proof");
                assert!(proofs.refuted.iter().all(|p| grid.get(p.cell) != Some(p.digit)));
            }
        }
    }

    #[test]
    fn the_harder_puzzle_for_sudoku_explainer_scores_higher_at_the_plateau() {
        let ((_, hard), (_, easier)) = (rate(SE_9_7), rate(SE_9_3));
        assert!(hard.score() > easier.score(), "{} {}", hard.score(), easier.score());
        // Its hardest state needs nested proofs: no lone assumption fails there.
        assert_eq!(hard.hardest().map(|p| p.level), Some(2));
        assert!(hard.least_refuted_share() < easier.least_refuted_share());
        assert!(easier.score() >= 9.0 && easier.least_refuted_share() > 0.0);
    }

    #[test]
    fn a_state_scores_by_its_level_then_by_its_shortest_proof() {
        let proofs = |level, sizes: &[usize]| Proofs {
            open: 100,
            level,
            refuted: Vec::new(),
            sizes: sizes.to_vec(),
        };
        let lengths: Vec<f64> = (1..300).map(|n| state_score(&proofs(1, &[n, 500]))).collect();
        assert!(lengths.windows(2).all(|w| w[1] > w[0]), "the shortest, not the median");
        let deeper = state_score(&proofs(2, &[40])) - state_score(&proofs(1, &[40]));
        assert!((deeper - 0.5).abs() < 1e-9, "half a point a level: {deeper}");
        let none = PlateauRating { rating: rate(SE_9_3).1.rating, states: Vec::new() };
        assert_eq!((none.score(), none.least_refuted_share(), none.hardest()), (0.0, 1.0, None));
    }
}
