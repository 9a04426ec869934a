//! The search's score in stages: a cheap screen for every candidate, a finer measure for the
//! few the screen puts at the top of its scale, and an exact judge only for the candidates the
//! screen cannot finish, which rank above all the others.

use std::cmp::Ordering;

use crate::limits::Limits;
use crate::model::puzzle::Puzzle;

/// Which stage gave a [`Score`]: a later stage ranks above every earlier one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The cheap screen finished the puzzle and gave the value.
    Screened,
    /// The cheap screen finished the puzzle at the top of its scale, where its values tie; a
    /// finer measure of the same solve gave the value.
    Plateau,
    /// The cheap screen could not finish the puzzle; the exact judge gave the value.
    Judged,
}

impl Stage {
    /// The name in the output: `screen`, `plateau` or `judge`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Screened => "screen",
            Stage::Plateau => "plateau",
            Stage::Judged => "judge",
        }
    }
}

/// How hard a puzzle is, higher is harder: ordered by [`Stage`], then by value, then by the
/// tie-break.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// The stage that gave the value.
    pub stage: Stage,
    /// The value on that stage's scale.
    pub value: f64,
    /// What orders equal values of a stage (0 where the stage has none; the plateau's
    /// scorer says what it is).
    pub tie_break: f64,
}

impl Score {
    /// A value the cheap screen gave.
    pub fn screened(value: f64) -> Score {
        Score { stage: Stage::Screened, value, tie_break: 0.0 }
    }

    /// A value the plateau's finer measure gave, and what breaks its ties.
    pub fn plateau(value: f64, tie_break: f64) -> Score {
        Score { stage: Stage::Plateau, value, tie_break }
    }

    /// A value the exact judge gave.
    pub fn judged(value: f64) -> Score {
        Score { stage: Stage::Judged, value, tie_break: 0.0 }
    }

    /// The search's order: stage, then value, then tie-break (a total order: NaN sorts above
    /// every number).
    pub fn order(&self, other: &Score) -> Ordering {
        self.stage
            .cmp(&other.stage)
            .then(self.value.total_cmp(&other.value))
            .then(self.tie_break.total_cmp(&other.tie_break))
    }

    /// The higher of two scores in [`Score::order`]; `self` when they are level.
    pub(crate) fn max_by_order(self, other: Score) -> Score {
        match other.order(&self) {
            Ordering::Greater => other,
            _ => self,
        }
    }
}

/// How hard a puzzle is. It must depend on the puzzle alone (givens and rules), so that the
/// search is reproducible, and be callable from several threads (the search scores a batch of
/// candidates in parallel).
pub trait Scorer: Sync {
    /// The score of a unique puzzle; a slow scorer stops at `limits` (the search drops a
    /// batch scored past them).
    fn score(&self, puzzle: &Puzzle, limits: &Limits) -> Score;
}

/// A plain function is a one-stage scorer, fast enough to ignore the limits: every score is
/// [`Stage::Screened`].
impl<F: Fn(&Puzzle) -> f64 + Sync> Scorer for F {
    fn score(&self, puzzle: &Puzzle, _: &Limits) -> Score {
        Score::screened(self(puzzle))
    }
}

/// The two-stage scorer: `screen` gives a score when its cheap logic finishes the puzzle
/// ([`Stage::Screened`], or [`Stage::Plateau`] at the top of its scale; a judged stage is taken
/// as the plateau's) and `None` when it cannot; only then does `judge` (the expensive, exact
/// rating) run, and its value ranks above every screened one. Both get the search's limits.
#[derive(Clone, Debug)]
pub struct TwoStage<S, J> {
    /// The cheap screen.
    pub screen: S,
    /// The exact judge.
    pub judge: J,
}

impl<S, J> Scorer for TwoStage<S, J>
where
    S: Fn(&Puzzle, &Limits) -> Option<Score> + Sync,
    J: Fn(&Puzzle, &Limits) -> f64 + Sync,
{
    fn score(&self, puzzle: &Puzzle, limits: &Limits) -> Score {
        match (self.screen)(puzzle, limits) {
            Some(score) => Score { stage: score.stage.min(Stage::Plateau), ..score },
            None => Score::judged((self.judge)(puzzle, limits)),
        }
    }
}

/// The score of the fewest-givens search: minus the number of givens, so that fewer givens
/// score higher.
pub fn fewest_givens(puzzle: &Puzzle) -> f64 {
    -(puzzle.givens().filled_count() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_stage_ranks_above_every_earlier_one() {
        let (high, low) = (Score::screened(11.0), Score::judged(2.0));
        assert_eq!(low.order(&high), Ordering::Greater);
        assert_eq!(Score::plateau(2.0, 8.5).order(&high), Ordering::Greater);
        assert_eq!(low.order(&Score::plateau(12.0, 8.6)), Ordering::Greater);
        assert_eq!(Score::judged(9.1).order(&Score::judged(9.0)), Ordering::Greater);
    }

    #[test]
    fn the_plateau_orders_by_its_value_then_by_its_tie_break() {
        let (low, high) = (Score::plateau(9.8, 8.579), Score::plateau(10.4, 8.544));
        assert_eq!(high.order(&low), Ordering::Greater, "the finer measure first");
        let tied = Score::plateau(9.8, 8.52);
        assert_eq!(low.order(&tied), Ordering::Greater, "the tie-break");
        assert_eq!(low.order(&low), Ordering::Equal);
    }

    #[test]
    fn the_judge_runs_only_when_the_screen_cannot_finish() {
        let puzzle: Puzzle = format!("rules: classic\n{}", ".".repeat(16)).parse().unwrap();
        let (judge, limits) = (|_: &Puzzle, _: &Limits| 9.5, Limits::new());
        let finished =
            TwoStage { screen: |_: &Puzzle, _: &Limits| Some(Score::screened(3.0)), judge };
        assert_eq!(finished.score(&puzzle, &limits), Score::screened(3.0));
        let claims = TwoStage { screen: |_: &Puzzle, _: &Limits| Some(Score::judged(3.0)), judge };
        assert_eq!(claims.score(&puzzle, &limits).stage, Stage::Plateau, "never the judge's");
        let stuck = TwoStage { screen: |_: &Puzzle, _: &Limits| None, judge };
        assert_eq!(stuck.score(&puzzle, &limits), Score::judged(9.5));
        assert_eq!(fewest_givens(&puzzle), 0.0);
    }
}
