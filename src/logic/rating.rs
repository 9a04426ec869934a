//! Ratings: a puzzle's difficulty from its logical solve, as one score on a Sudoku
//! Explainer-like scale (the rating of the hardest step) and a named grade.

use std::fmt;

use super::explain::{ExplainOptions, Explanation, Outcome, explain, explain_with};
use super::technique::Technique;
use crate::limits::Stop;
use crate::model::puzzle::Puzzle;

/// A named band of scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Hidden singles only (score below 2.0).
    Easy,
    /// Naked singles, supports, pointing and claiming (below 3.0).
    Medium,
    /// Outside clues, pairs, triples, X-wings, line fish, swordfish, XY- and XYZ-wings (below
    /// 4.5).
    Hard,
    /// Quads, jellyfish, the shortest chains (below 7.0).
    Fiendish,
    /// Longer chains and bifurcations at depth 1 (below 8.5).
    Diabolical,
    /// Bifurcations of depth 2 and more (8.5 and above).
    Extreme,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 6] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Fiendish,
        Grade::Diabolical,
        Grade::Extreme,
    ];

    /// The lowest score of each grade after the first: 2.0, 3.0, 4.5, 7.0, 8.5.
    pub const THRESHOLDS: [f64; 5] = [2.0, 3.0, 4.5, 7.0, 8.5];

    /// The grade of a score.
    pub fn of(score: f64) -> Grade {
        let above = Grade::THRESHOLDS.iter().filter(|&&t| score >= t - 1e-9).count();
        Grade::ALL[above]
    }

    /// The lowest score of the grade (0 for the easiest).
    pub fn lowest_score(self) -> f64 {
        let index = Grade::ALL.iter().position(|&g| g == self).expect("every grade is listed");
        index.checked_sub(1).map_or(0.0, |i| Grade::THRESHOLDS[i])
    }

    /// The name in output: `easy`, ..., `extreme`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Fiendish => "fiendish",
            Grade::Diabolical => "diabolical",
            Grade::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of a puzzle, from its logical solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    score: f64,
    fine_score: f64,
    hardest: Option<Technique>,
    steps: usize,
    rounds: usize,
    bifurcations: usize,
    outcome: Outcome,
}

impl Rating {
    /// The rating of an explanation's steps.
    pub fn of(explanation: &Explanation) -> Rating {
        let steps = explanation.steps();
        let hardest = steps
            .iter()
            .max_by(|a, b| a.rating().total_cmp(&b.rating()).then(a.finer.total_cmp(&b.finer)));
        let is_single =
            |t: Technique| matches!(t, Technique::HiddenSingle | Technique::NakedSingle);
        let score = hardest.map_or(0.0, |s| (s.rating() * 10.0).round() / 10.0);
        let bifurcations = steps.iter().filter(|s| s.technique() == Technique::Bifurcation).count();
        Rating {
            score,
            fine_score: fine_score(score, hardest.map_or(0.0, |s| s.finer), bifurcations),
            hardest: hardest.map(|s| s.technique()),
            steps: steps.len(),
            rounds: steps.iter().filter(|s| !is_single(s.technique())).count(),
            bifurcations,
            outcome: explanation.outcome().clone(),
        }
    }

    /// The rating of the hardest step (Sudoku Explainer-like: 1.2 hidden single ... 7.5 and up
    /// for bifurcations), rounded to a tenth; 0 for a full grid.
    pub fn score(&self) -> f64 {
        self.score
    }

    /// The score with two more digits that break its ties in the bifurcation band, where
    /// most hard puzzles land: the hundredths say how far the hardest step's work goes into
    /// the tenth of its length penalty (tenths of the way from the least work that rates that
    /// tenth to the least that rates the next), the thousandths how many bifurcation steps the
    /// solve needs (9 for 9 or more). It truncates to the score, so it orders puzzles as the
    /// score does and only splits equal scores: of two puzzles with the same score, the one
    /// whose hardest contradiction takes more work, or with the same work more bifurcations,
    /// ranks higher. What `generate --hard` climbs.
    pub fn fine_score(&self) -> f64 {
        self.fine_score
    }

    /// The grade of the score.
    pub fn grade(&self) -> Grade {
        Grade::of(self.score)
    }

    /// The technique of the hardest step.
    pub fn hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// How many steps the solve took.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// How many times the singles ran out and a harder technique was needed.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// How many steps were bifurcations.
    pub fn bifurcations(&self) -> usize {
        self.bifurcations
    }

    /// How the solve ended; the rating means something only when it is solved.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The limit that stopped the solve, if one did: the score is then that of the steps
    /// found so far, a lower bound.
    pub fn stopped(&self) -> Option<Stop> {
        self.outcome.stopped()
    }

    /// Whether the logic solved the puzzle.
    pub fn is_solved(&self) -> bool {
        matches!(self.outcome, Outcome::Solved(_))
    }
}

/// `score` followed by the hundredths of `finer` (the hardest step's fraction of a tenth) and
/// the thousandths of `bifurcations` (at most 9).
fn fine_score(score: f64, finer: f64, bifurcations: usize) -> f64 {
    let hundredths = (finer * 10.0).floor().clamp(0.0, 9.0);
    let thousandths = bifurcations.min(9) as f64;
    ((score * 1000.0).round() + hundredths * 10.0 + thousandths) / 1000.0
}

/// Rates `puzzle`: solves it with [`explain`] and keeps the figures.
///
/// # Example
/// ```
/// use satdoku::logic::{Grade, rate};
/// let puzzle: satdoku::Puzzle = std::fs::read_to_string("puzzles/golden-nugget.txt")?.parse()?;
/// let rating = rate(&puzzle);
/// assert!(rating.is_solved());
/// // One of the hardest known puzzles: bifurcations, the top grade.
/// assert!(rating.bifurcations() > 0);
/// assert_eq!(rating.grade(), Grade::Extreme);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rate(puzzle: &Puzzle) -> Rating {
    Rating::of(&explain(puzzle))
}

/// [`rate`] with bifurcations no deeper than `max_depth`: a cheaper rating, for searches that
/// rate many puzzles (a puzzle stuck at that depth rates as the deepest bifurcation allowed).
pub fn rate_with_depth(puzzle: &Puzzle, max_depth: usize) -> Rating {
    rate_with(puzzle, &ExplainOptions::new().max_depth(max_depth))
}

/// [`rate`] within `options` (bifurcation depth, [`crate::Limits`]; a puzzle known to be
/// unique: `options.unique(true)`, so unique rectangles and BUG+1 take part, as in Sudoku
/// Explainer): a solve a limit stops rates the steps found so far ([`Rating::stopped`]).
pub fn rate_with(puzzle: &Puzzle, options: &ExplainOptions) -> Rating {
    Rating::of(&explain_with(puzzle, options))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::step::Step;

    /// A solved explanation whose steps are bifurcations with these ratings and fractions.
    fn bifurcations(steps: &[(f64, f64)]) -> Rating {
        let steps = steps
            .iter()
            .map(|&(rating, finer)| {
                let mut step = Step::new(Technique::Bifurcation, String::new());
                (step.rating, step.finer) = (rating, finer);
                step
            })
            .collect();
        Rating::of(&Explanation::new(steps, Outcome::Stuck))
    }

    #[test]
    fn the_fine_score_truncates_to_the_score() {
        for (rating, finer) in [(7.5, 0.0), (8.3, 0.99), (9.6, 0.5), (8.2, 0.0)] {
            let rating = bifurcations(&[(rating, finer); 12]);
            let fine = rating.fine_score();
            assert!(fine >= rating.score() && fine < rating.score() + 0.1 - 1e-9, "{fine}");
            assert_eq!(((fine + 1e-9) * 10.0).floor() / 10.0, rating.score());
        }
        assert_eq!(bifurcations(&[(8.3, 0.75), (7.9, 0.9), (8.3, 0.2)]).fine_score(), 8.373);
    }

    #[test]
    fn more_work_or_more_bifurcations_never_score_lower() {
        let fine = |steps: &[(f64, f64)]| bifurcations(steps).fine_score();
        // More work in the hardest contradiction, at the same tenth.
        assert!(fine(&[(8.2, 0.6)]) > fine(&[(8.2, 0.3); 9]));
        // The same hardest step, more bifurcations: never lower, up to the cap.
        let counts: Vec<f64> = (1..=12).map(|n| fine(&vec![(8.2, 0.3); n])).collect();
        assert!(counts.windows(2).all(|w| w[1] >= w[0]), "{counts:?}");
        assert!(counts[8] > counts[0]);
        // A higher score is never outranked by the digits below it.
        assert!(fine(&[(8.3, 0.0)]) > fine(&[(8.2, 0.99); 12]));
    }
}
