//! Hard minimal puzzles: a local search over minimal unique puzzles that keeps the hardest it
//! finds, for any rule set, generic over how hardness is scored.
//!
//! The search follows the generators that find the hardest known puzzles: tdoku's generator
//! (a pool of puzzles; draw one, drop a few clues, add random clues until unique, minimise,
//! score by the solver's guesses, replace the pool's worst when better) and the forum's
//! "{-n+m}" vicinity searches around the hardest lists (remove n clues, add m, keep the results
//! that stay unique and minimal, rate them). Here:
//!
//! 1. The first puzzle is exactly what [`generate`](crate::engine::generate::generate) gives for the same seed and index (a random
//!    grid, minimised), so the search can only improve on plain generation.
//! 2. Each *attempt* draws a puzzle of the pool at random and mutates it: drop 1 to
//!    [`HardOptions::max_drop`] of its givens at random, never all unless there is only one
//!    (a miracle's 2 givens lose one: dropping both would make a new random puzzle, not a
//!    neighbour); choose a target grid among the
//!    solutions of what is left, either its old solution (new givens come from the same grid)
//!    or, half the time, a random one (a new grid in the freed region); add givens from the
//!    target until it is the only solution, each at a random cell where another solution
//!    differs (one question per given, to the guess-and-propagate search or the SAT solver); then
//!    minimise (the [`minimise`](super::minimise) engine), the added givens first, so that
//!    the parent's givens stay and the mutant stays near its parent (a {-n+m} move), then
//!    the parent's givens in a random order. The result is unique (the completion stops at
//!    one solution) and minimal: a given needed once stays needed after any removal, so the
//!    added givens the first pass kept need no second question (30 ms rather than 35 per
//!    mutation on miracle rules).
//! 3. The mutant is scored; it joins the pool while the pool is not full, and afterwards
//!    replaces the worst member when it scores at least as much (ties move the pool across
//!    plateaus). Puzzles already in the pool are skipped. When the pool's best has not risen
//!    for [`HardOptions::restart_after`] attempts, the pool starts again from a new plain
//!    puzzle (tdoku's generator and the forum's searches also restart from new seeds).
//! 4. The search stops after [`HardOptions::max_attempts`] minimal puzzles (the first one
//!    included), after [`HardOptions::time_limit`], or as soon as a puzzle reaches
//!    [`HardOptions::min_score`], and returns the best puzzle seen. [`try_generate_hard`] also
//!    stops at [`Limits`] (even inside a SAT call), with the best puzzle scored so far,
//!    labelled ([`HardPuzzle::stopped`]); a mutant the limit cut short is dropped unscored.
//!
//! The pool is small (4) because searches here are short (hundreds of attempts): in trials of
//! 150 attempts on classic rules, pools of 2 to 4 ended a little higher than 8 or 16, and a
//! tournament selection of parents made no difference beyond the noise; on diagonal rules
//! (100 attempts, 10 seeds) pools of 1 to 8 ended within a hundredth of each other. Small
//! moves keep more of the parent's hardness: dropping at most 2 givens rather than 3 ended
//! higher on average by 0.026 on classic rules (300 attempts, 12 seeds) and 0.012 on diagonal
//! (100 attempts, 10 seeds).
//!
//! Limits: the search only exploits what the scorer sees. With [`backtrack_score`], the score
//! of a mutant is nearly unrelated to its parent's (small changes reorder the solver's search).
//! With the logic rating's fine score (what `generate --hard` climbs), mutants that keep the
//! parent's givens stay hard on classic rules (in a trial, two thirds of the mutants scored
//! 8.1 or more, against one random minimal puzzle in thirty), less so on diagonal rules, and
//! not at all on the miracle's 2-given puzzles: rated whole on one grid (`cargo run --example
//! two_givens`), the puzzles that share a given with a hard one are hard as often as those
//! that share one with an easy one, so no local search has a slope to climb there. At equal
//! time the search beats random restarts of plain generation clearly on classic rules, by a
//! little on diagonal, and only by chance on miracle (see `cargo bench --bench hard` and the
//! README).
//!
//! Everything random comes from the seed and the puzzle's index, and the scorer must be a pure
//! function of the puzzle: then the same seed and attempts give the same puzzle on any machine.
//! A time limit cuts the search at a machine-dependent point.
//!
//! The score is whatever the caller's [`Scorer`] says. [`backtrack_score`] is one that needs
//! nothing else: the work the reference backtracking solver does to solve the puzzle and prove
//! it unique, on a log scale.

mod mutate;

use std::time::{Duration, Instant};

use mutate::Mutator;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::generate::{GenerateError, GenerateOptions, Generator};
use crate::limits::{Limits, Stop};
use crate::model::puzzle::Puzzle;
use crate::reference::backtrack;
use crate::session::{SolveError, Stats};

/// Mixed into the seed so that the search's own random stream differs from the one
/// [`generate`](crate::engine::generate::generate) draws the first puzzle from.
const SEARCH_STREAM: u64 = 0x6861_7264; // "hard"

/// How hard a puzzle is: higher is harder. It must depend on the puzzle alone (givens and
/// rules), so that the search is reproducible.
pub trait Scorer {
    /// The score of a unique puzzle.
    fn score(&self, puzzle: &Puzzle) -> f64;
}

impl<F: Fn(&Puzzle) -> f64> Scorer for F {
    fn score(&self, puzzle: &Puzzle) -> f64 {
        self(puzzle)
    }
}

/// The backtracking score: `log2(1 + b)`, where `b` is the number of backtracks the reference
/// backtracking solver ([`backtrack::count_up_to`], fewest candidates first, no reasoning but
/// forward checking) makes to find the solution and prove it unique. 0 means the puzzle falls
/// to naked singles alone; each point doubles the search. A measure of search, not of human
/// technique.
pub fn backtrack_score(puzzle: &Puzzle) -> f64 {
    let backtracks = backtrack::count_up_to(puzzle, 2).backtracks;
    (1.0 + backtracks as f64).log2()
}

/// Choices of the search.
#[derive(Clone, Debug)]
pub struct HardOptions {
    seed: u64,
    max_attempts: usize,
    time_limit: Option<Duration>,
    min_score: Option<f64>,
    pool_size: usize,
    max_drop: usize,
    restart_after: Option<usize>,
}

impl Default for HardOptions {
    fn default() -> HardOptions {
        HardOptions {
            seed: 0,
            max_attempts: 1000,
            time_limit: None,
            min_score: None,
            pool_size: 4,
            max_drop: 2,
            restart_after: Some(80),
        }
    }
}

impl HardOptions {
    /// Seed 0, 1000 attempts, no time limit, no score to reach, a pool of 4, drop up to 2,
    /// restart after 80 attempts without a rise.
    pub fn new() -> HardOptions {
        HardOptions::default()
    }

    /// The seed; with the puzzle index it fixes everything random. [default: 0]
    pub fn seed(mut self, seed: u64) -> HardOptions {
        self.seed = seed;
        self
    }

    /// Stop after this many minimal puzzles, the first included. [default: 1000] [range: 1..]
    pub fn max_attempts(mut self, attempts: usize) -> HardOptions {
        self.max_attempts = attempts.max(1);
        self
    }

    /// Stop after this much time. [default: none]
    pub fn time_limit(mut self, limit: Option<Duration>) -> HardOptions {
        self.time_limit = limit;
        self
    }

    /// Stop as soon as a puzzle scores at least this; not reaching it is an error.
    /// [default: none: search until a limit]
    pub fn min_score(mut self, score: Option<f64>) -> HardOptions {
        self.min_score = score;
        self
    }

    /// How many puzzles the pool keeps. [default: 4] [range: 1..]
    pub fn pool_size(mut self, size: usize) -> HardOptions {
        self.pool_size = size.max(1);
        self
    }

    /// A mutation drops between 1 and this many givens, and never all of them unless there
    /// is only one. [default: 2] [range: 1..]
    pub fn max_drop(mut self, givens: usize) -> HardOptions {
        self.max_drop = givens.max(1);
        self
    }

    /// Restart when the pool's best has not risen for this many attempts: the pool is emptied
    /// and a new plain puzzle (a new random grid, minimised, as
    /// [`generate`](crate::engine::generate::generate) makes with a seed drawn from the
    /// search) starts it again; the best puzzle seen is kept. [default: 80] [range: 1..]
    pub fn restart_after(mut self, attempts: Option<usize>) -> HardOptions {
        self.restart_after = attempts.map(|n| n.max(1));
        self
    }

    /// The score to reach, if any.
    pub fn get_min_score(&self) -> Option<f64> {
        self.min_score
    }
}

/// The hardest puzzle a search found.
#[derive(Clone, Debug)]
pub struct HardPuzzle {
    /// The minimal unique puzzle, with its solution recorded.
    pub puzzle: Puzzle,
    /// Its score.
    pub score: f64,
    /// The score of the first puzzle, the one plain [`generate`](crate::engine::generate::generate) gives.
    pub first_score: f64,
    /// Minimal puzzles made, the first included.
    pub attempts: usize,
    /// How many times the best score went up.
    pub improvements: usize,
    /// How many times the pool started again from a new plain puzzle
    /// ([`HardOptions::restart_after`]).
    pub restarts: usize,
    /// The solver's work in the search's session.
    pub stats: Stats,
    /// The limit that ended the search early, if one did ([`try_generate_hard`]): the puzzle
    /// is then the best of a shorter search.
    pub stopped: Option<Stop>,
}

/// How far a search has gone, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct HardProgress {
    /// Minimal puzzles made so far.
    pub attempts: usize,
    /// The best score so far.
    pub best: f64,
}

/// Why no puzzle came out.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HardError {
    /// The rules (and marks) admit no solution grid at all.
    #[error("these rules admit no solution grid")]
    NoGrid,
    /// A limit stopped the search before a puzzle reached the score asked for; the best found.
    #[error(
        "no puzzle scored {wanted} or more in {} attempts (best: {:.3})",
        .best.attempts,
        .best.score
    )]
    ScoreNotReached {
        /// The score asked for.
        wanted: f64,
        /// The best puzzle found.
        best: Box<HardPuzzle>,
    },
    /// The SAT solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// A puzzle of the pool and its score.
struct Member {
    puzzle: Puzzle,
    score: f64,
}

/// Searches for a hard minimal puzzle number `index` for the rules (and marks) of `template`
/// (its givens are ignored), scoring with `scorer` and reporting each attempt to `progress`.
///
/// # Errors
/// See [`HardError`].
///
/// # Example
/// ```
/// use satdoku::engine::hard::{HardOptions, backtrack_score, generate_hard};
/// let template: satdoku::Puzzle = format!("rules: diagonal\n{}", ".".repeat(36)).parse()?;
/// let options = HardOptions::new().seed(1).max_attempts(20);
/// let hard = generate_hard(&template, 0, &options, &backtrack_score, |_| {})?;
/// // Never worse than plain generation, and still unique.
/// assert!(hard.score >= hard.first_score);
/// assert!(satdoku::count_up_to(&hard.puzzle, 2)?.is_unique());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn generate_hard(
    template: &Puzzle,
    index: u64,
    options: &HardOptions,
    scorer: &impl Scorer,
    progress: impl FnMut(HardProgress),
) -> Result<HardPuzzle, HardError> {
    try_generate_hard(template, index, options, scorer, progress, &Limits::new())
}

/// [`generate_hard`] that stops at `limits`: with the best puzzle so far
/// ([`HardPuzzle::stopped`] says so), or with no puzzle when the limit comes before the first
/// one is made and scored. A scorer that can be slow should stop at the same limits: a score
/// computed after the limit is discarded.
///
/// # Errors
/// As [`generate_hard`]; also [`HardError::Solve`] with a [`SolveError::stop`] when a limit is
/// reached before the first puzzle is scored.
pub fn try_generate_hard(
    template: &Puzzle,
    index: u64,
    options: &HardOptions,
    scorer: &impl Scorer,
    mut progress: impl FnMut(HardProgress),
    limits: &Limits,
) -> Result<HardPuzzle, HardError> {
    let start = Instant::now();
    let generator = Generator::new(template);
    let first = plain(&generator, index, options.seed, limits)?;
    let compiled = generator.compiled();
    let mut session = compiled.session(limits).ok_or(HardError::NoGrid)?;
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed ^ SEARCH_STREAM);
    rng.set_stream(index);
    let first_score = scorer.score(&first);
    limits.check().map_err(|stop| HardError::Solve(stop.into()))?;
    let mut best = HardPuzzle {
        puzzle: first.clone(),
        score: first_score,
        first_score,
        attempts: 1,
        improvements: 0,
        restarts: 0,
        stats: Stats::default(),
        stopped: None,
    };
    let mut pool = vec![Member { puzzle: first, score: first_score }];
    // Attempts since the pool's best last rose.
    let mut stale = 0;
    let reached = |best: &HardPuzzle| options.min_score.is_some_and(|wanted| best.score >= wanted);
    let out_of_time = || options.time_limit.is_some_and(|limit| start.elapsed() >= limit);
    while !reached(&best) && best.attempts < options.max_attempts && !out_of_time() {
        let restart = options.restart_after.is_some_and(|after| stale >= after);
        let made = match restart {
            true => plain(&generator, index, rng.random(), limits),
            false => {
                let parent = &pool.choose(&mut rng).expect("the pool is never empty").puzzle;
                let mut mutator = Mutator { session: &mut session, compiled };
                mutator.mutate(parent, options.max_drop, &mut rng).map_err(HardError::from)
            }
        };
        let child = match made {
            Err(HardError::Solve(error)) if error.stop().is_some() => {
                best.stopped = error.stop();
                break;
            }
            made => made?,
        };
        best.attempts += 1;
        if restart {
            (pool, stale) = (Vec::new(), 0);
            best.restarts += 1;
        }
        if !pool.iter().any(|member| member.puzzle.givens() == child.givens()) {
            let score = scorer.score(&child);
            if let Some(stop) = limits.reached() {
                // The score may be cut short: the child is not counted.
                (best.stopped, best.attempts) = (Some(stop), best.attempts - 1);
                break;
            }
            if score > best.score {
                (best.puzzle, best.score) = (child.clone(), score);
                best.improvements += 1;
            }
            let pool_best = pool.iter().map(|m| m.score).fold(f64::NEG_INFINITY, f64::max);
            stale = if score > pool_best { 0 } else { stale + 1 };
            admit(&mut pool, Member { puzzle: child, score }, options.pool_size);
        } else {
            stale += 1;
        }
        progress(HardProgress { attempts: best.attempts, best: best.score });
    }
    best.stats = session.stats();
    match options.min_score {
        Some(wanted) if !reached(&best) && best.stopped.is_none() => {
            Err(HardError::ScoreNotReached { wanted, best: Box::new(best) })
        }
        _ => Ok(best),
    }
}

/// Plain generation's puzzle `index` for `seed`: a random grid, minimised.
fn plain(
    generator: &Generator,
    index: u64,
    seed: u64,
    limits: &Limits,
) -> Result<Puzzle, HardError> {
    match generator.try_generate(index, &GenerateOptions::new().seed(seed), limits) {
        Ok(generated) => Ok(generated.puzzle),
        Err(GenerateError::Solve(error)) => Err(HardError::Solve(error)),
        Err(_) => Err(HardError::NoGrid),
    }
}

/// Puts `member` in the pool while it has room, or in place of the worst member when it
/// scores at least as much.
fn admit(pool: &mut Vec<Member>, member: Member, size: usize) {
    if pool.len() < size {
        pool.push(member);
        return;
    }
    let worst = (0..pool.len())
        .min_by(|&a, &b| pool[a].score.total_cmp(&pool[b].score))
        .expect("the pool is never empty");
    if member.score >= pool[worst].score {
        pool[worst] = member;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::generate;

    fn template(rules: &str, size: usize) -> Puzzle {
        format!("rules: {rules}\n{}", ".".repeat(size * size)).parse().unwrap()
    }

    #[test]
    fn the_first_puzzle_is_plain_generation() {
        let template = template("classic", 6);
        let options = HardOptions::new().seed(4).max_attempts(1);
        let hard = generate_hard(&template, 2, &options, &backtrack_score, |_| {}).unwrap();
        let plain = generate(&template, 2, &GenerateOptions::new().seed(4)).unwrap();
        assert_eq!(hard.puzzle.givens(), plain.puzzle.givens());
        assert_eq!((hard.attempts, hard.score), (1, hard.first_score));
    }

    #[test]
    fn the_search_is_reproducible_and_never_worse() {
        let template = template("classic", 9);
        let options = HardOptions::new().seed(3).max_attempts(15);
        let mut seen = Vec::new();
        let one =
            generate_hard(&template, 0, &options, &backtrack_score, |p| seen.push(p.attempts))
                .unwrap();
        let two = generate_hard(&template, 0, &options, &backtrack_score, |_| {}).unwrap();
        assert_eq!(one.puzzle.givens(), two.puzzle.givens());
        assert_eq!(seen, (2..=15).collect::<Vec<_>>());
        assert!(one.score >= one.first_score);
        assert_eq!(one.score, backtrack_score(&one.puzzle));
    }

    #[test]
    fn an_unreachable_score_returns_the_best_as_an_error() {
        let template = template("classic", 4);
        let options = HardOptions::new().max_attempts(5).min_score(Some(1e9));
        let error = generate_hard(&template, 0, &options, &backtrack_score, |_| {}).unwrap_err();
        let HardError::ScoreNotReached { best, .. } = error else { panic!("{error}") };
        assert_eq!(best.attempts, 5);
    }

    #[test]
    fn a_limit_ends_the_search_with_the_best_so_far_or_no_puzzle() {
        use std::time::Duration;
        let template = template("classic", 9);
        let options = HardOptions::new().max_attempts(usize::MAX);
        let soon = Limits::new().timeout(Duration::from_millis(200));
        let hard =
            try_generate_hard(&template, 0, &options, &backtrack_score, |_| {}, &soon).unwrap();
        assert_eq!(hard.stopped, Some(Stop::Timeout));
        assert!(hard.attempts >= 1 && hard.score == backtrack_score(&hard.puzzle));
        let past = Limits::new().timeout(Duration::ZERO);
        let error =
            try_generate_hard(&template, 0, &options, &backtrack_score, |_| {}, &past).unwrap_err();
        let HardError::Solve(error) = error else { panic!("{error}") };
        assert_eq!(error.stop(), Some(Stop::Timeout));
    }

    #[test]
    fn a_stale_pool_restarts_reproducibly_and_the_best_is_kept() {
        let template = template("classic", 6);
        let options = HardOptions::new().seed(5).max_attempts(30).restart_after(Some(3));
        let one = generate_hard(&template, 1, &options, &backtrack_score, |_| {}).unwrap();
        let two = generate_hard(&template, 1, &options, &backtrack_score, |_| {}).unwrap();
        assert!(one.restarts >= 1, "{one:?}");
        assert_eq!((one.puzzle.givens(), one.restarts), (two.puzzle.givens(), two.restarts));
        assert!(one.score >= one.first_score);
        assert_eq!(one.score, backtrack_score(&one.puzzle));
        let never = options.restart_after(None);
        let kept = generate_hard(&template, 1, &never, &backtrack_score, |_| {}).unwrap();
        assert_eq!(kept.restarts, 0);
    }

    #[test]
    fn a_reachable_score_stops_the_search() {
        let template = template("classic", 4);
        let options = HardOptions::new().max_attempts(50).min_score(Some(0.0));
        let hard = generate_hard(&template, 0, &options, &backtrack_score, |_| {}).unwrap();
        assert_eq!(hard.attempts, 1);
    }
}
