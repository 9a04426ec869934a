//! Hard minimal puzzles (or puzzles with few givens): a vicinity search over a persistent
//! pool of puzzles, for any rule set, generic over the score it climbs.
//!
//! The search follows the forum's "{-n+m}" vicinity searches, which found the hardest known
//! puzzles (take hard puzzles, remove n givens and add m, keep the minimal unique results that
//! rate higher, repeat with large persistent populations, screen with a fast measure and rate
//! exactly only the survivors), and tdoku's generator (a pool of hundreds that can be loaded
//! from a file and never restarts from random puzzles). Here:
//!
//! 1. **Seeds.** The pool starts from the caller's puzzles (each checked to follow the rules
//!    and to be unique; they need not be minimal) or, given none, from
//!    [`HardOptions::self_seeds`] plain puzzles (what
//!    [`generate`](crate::engine::generate::generate) gives for the seed and indices 0, 1, ...;
//!    the first is exactly plain generation's puzzle, so the search can only improve on it).
//! 2. **Moves.** Each *attempt* draws a parent from the pool (the better of two drawn at
//!    random) and makes a {-n+m} move, n and m drawn in 1..=[`HardOptions::max_drop`] and
//!    1..=[`HardOptions::max_add`] ([`mutate`]): drop n givens at random, choose a target grid
//!    among the solutions of what is left (the parent's, or half the time a random one), add
//!    givens from the target at cells where another solution differs until it is the only
//!    solution, at most m of them (a move that needs more is *rejected*: it left the
//!    neighbourhood; m > n is allowed, and the intermediate puzzle need not be minimal), then
//!    minimise the added givens first, so that the parent's givens stay, and then the rest.
//!    Every candidate is unique and minimal. With [`Moves::Fewer`] (the fewest-givens search)
//!    half the moves instead add back only givens that rule out every other solution of what
//!    is left (`hitting.rs`): never more givens than the parent.
//! 3. **Shards.** Each move is planned first (parent, dropped cells, the draw of the target
//!    grid, m) and hashed to a [`Shard`]: a search does only the moves of its own shard and
//!    keeps every candidate they make (a candidate seen before is dropped unscored). N
//!    processes with shards 1/N .. N/N make disjoint moves, each at the speed of one process
//!    alone; two moves can still make the same puzzle, so a wide run merges and de-duplicates.
//! 4. **Scores.** Candidates are scored by the caller's [`Scorer`] in batches of [`BATCH`] on
//!    the rayon pool (the batch is fixed, so the result does not depend on the threads). The
//!    scorer the command line uses is a [`TwoStage`]: a cheap screen, and the exact judge only
//!    for the candidates the screen cannot finish, which rank above every screened one.
//!    Each batch waits for its slowest candidate and the moves are made one after another,
//!    so one search keeps about one core busy; [`HardOptions::lanes`] runs N shards of the
//!    search side by side in one process, each on a thread of its own (`lanes.rs`).
//! 5. **Pool.** A candidate joins the pool ([`HardOptions::pool_size`]) while it has room, and
//!    afterwards replaces the worst member when it scores at least as much. When the pool's
//!    best has not risen for [`HardOptions::restart_after`] scored candidates, the pool
//!    restarts from its best tenth (never from random puzzles).
//! 6. **Output.** Every candidate scoring at least [`HardOptions::min_score`] is reported as
//!    found, at once ([`Report::Found`]); the search stops when [`HardOptions::wanted`] are
//!    found, after [`HardOptions::max_attempts`] attempts, after [`HardOptions::time_limit`]
//!    (which the moves and the scorer see in their limits, so a slow judge stops there too),
//!    or at the [`Limits`] ([`try_search`], which returns what it has, labelled). The result
//!    holds the best new puzzles (never a seed from the caller: those are not new).
//!
//! Everything random comes from the seed, and the scorer must be a pure function of the
//! puzzle: the same seeds, options (the lanes among them) and attempts give the same puzzles
//! on any machine and for any number of threads in the rayon pool. A time limit cuts the
//! search at a machine-dependent point.
//!
//! Limits: the search only exploits what the scorer sees. With [`backtrack_score`] the score
//! of a mutant is nearly unrelated to its parent's; with the logic rating the mutants of a
//! hard classic puzzle stay hard, less so on diagonal rules, and a miracle's 2-given
//! landscape is flat at depth 1 (see docs/hard-puzzles.md). For the fewest givens, score with
//! [`fewest_givens`].

mod hitting;
mod lanes;
mod mutate;
mod pool;
mod score;
mod shard;
mod sweep;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mutate::{Move, Mutator};
use pool::{Member, Pool};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

pub use score::{Score, Scorer, Stage, TwoStage, fewest_givens};
pub use shard::Shard;

use crate::engine::compiled::CompiledRules;
use crate::engine::count::{CountOptions, try_count};
use crate::engine::generate::{GenerateError, GenerateOptions, Generator};
use crate::limits::{Limits, Stop};
use crate::model::puzzle::Puzzle;
use crate::reference::backtrack;
use crate::session::{SolveError, Stats};

/// Mixed into the seed so that the search's own random stream differs from the ones
/// [`generate`](crate::engine::generate::generate) draws the seed puzzles from.
const SEARCH_STREAM: u64 = 0x6861_7264; // "hard"

/// Candidates made, then scored in parallel, before the pool takes them in order.
pub const BATCH: usize = 8;

/// How many moves a shard of N may draw per attempt, times N, to find one of its own (each is
/// its own with chance 1/N; a parent with few moves may have none).
const DRAWS_PER_ATTEMPT: usize = 8;

/// The backtracking score: `log2(1 + b)`, where `b` is the number of backtracks the reference
/// backtracking solver ([`backtrack::count_up_to`], fewest candidates first, no reasoning but
/// forward checking) makes to find the solution and prove it unique. 0 means the puzzle falls
/// to naked singles alone; each point doubles the search. A measure of search, not of human
/// technique.
pub fn backtrack_score(puzzle: &Puzzle) -> f64 {
    let backtracks = backtrack::count_up_to(puzzle, 2).backtracks;
    (1.0 + backtracks as f64).log2()
}

/// Which move the search makes from a parent ([`HardOptions::moves`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Moves {
    /// The vicinity search's {-n+m}: drop n givens, add at most m at random cells where
    /// another solution differs (towards the parent's grid or a new one), then minimise.
    #[default]
    Vicinity,
    /// Towards fewer givens: half the moves drop n givens and add back the fewest givens of
    /// the target grid (the parent's solution, or half the time another solution of what is
    /// left) that make it the only solution again, one, or two when n >= 2, found as a
    /// hitting set of the other solutions, never by blind trial ({-2+1} makes one given
    /// fewer, {-1+1} is a sideways swap; then minimised); the other half are
    /// [`Moves::Vicinity`] moves, which reach further (their minimising drops givens that a
    /// move added).
    Fewer,
}

/// The share of [`Moves::Fewer`]'s moves that are sweeps (`sweep.rs`); the others are hitting-set
/// and vicinity moves, half each. Measured (docs/hard-puzzles.md, records): with sweeps alone,
/// 0.75 and none, the CPU time to the first 9-given anti-knight puzzle (seeds 1 to 3: 6.5, 5.0,
/// 13.8 s alone; 41.9, 44.6, 49.8 s without), and to the first 19-given classic puzzle (1.33,
/// 0.66 and 16.1 s); on diagonal rules 0.75 reached 13 givens where sweeps alone stayed at 14.
const SWEEP_SHARE: f64 = 0.75;

/// The kind of one move of the search.
enum Kind {
    /// A random {-n+m} move ([`Mutator::make`]).
    Vicinity,
    /// A hitting-set move towards the parent's or a new grid (`hitting.rs`).
    Hitting,
    /// Every {-n+1} child at once (`sweep.rs`).
    Sweep,
}

/// Choices of the search.
#[derive(Clone, Debug)]
pub struct HardOptions {
    seed: u64,
    max_attempts: usize,
    time_limit: Option<Duration>,
    min_score: Option<f64>,
    wanted: usize,
    pool_size: usize,
    max_drop: usize,
    max_add: usize,
    restart_after: Option<usize>,
    self_seeds: usize,
    shard: Shard,
    moves: Moves,
    lanes: usize,
}

impl Default for HardOptions {
    fn default() -> HardOptions {
        HardOptions {
            seed: 0,
            max_attempts: 1000,
            time_limit: None,
            min_score: None,
            wanted: 1,
            pool_size: 300,
            max_drop: 3,
            max_add: 3,
            restart_after: Some(400),
            self_seeds: 4,
            shard: Shard::default(),
            moves: Moves::Vicinity,
            lanes: 1,
        }
    }
}

impl HardOptions {
    /// Seed 0, 1000 attempts, no time limit, no score to reach, 1 puzzle wanted, a pool of
    /// 300, moves {-n+m} with n, m in 1..=3, restart after 400 scored without a rise,
    /// 4 seed puzzles when the caller gives none, the whole neighbourhood, vicinity moves,
    /// one lane.
    pub fn new() -> HardOptions {
        HardOptions::default()
    }

    /// The seed; it fixes everything random. [default: 0]
    pub fn seed(mut self, seed: u64) -> HardOptions {
        self.seed = seed;
        self
    }

    /// Stop after this many attempts (moves tried, rejected ones included). [default: 1000]
    /// [range: 1..]
    pub fn max_attempts(mut self, attempts: usize) -> HardOptions {
        self.max_attempts = attempts.max(1);
        self
    }

    /// Stop after this much time: the moves and the scorer get the deadline in their
    /// [`Limits`] (a slow scorer should stop there), the batch under way is dropped, and the
    /// search ends normally ([`HardSearch::stopped`] stays `None`). The seeds are checked and
    /// scored whatever the time (only the caller's limits stop that). [default: none]
    pub fn time_limit(mut self, limit: Option<Duration>) -> HardOptions {
        self.time_limit = limit;
        self
    }

    /// Report every new puzzle whose score's value is at least this as found, and stop when
    /// [`HardOptions::wanted`] are; finding fewer is an error. [default: none: search until
    /// a limit, and keep the best]
    pub fn min_score(mut self, score: Option<f64>) -> HardOptions {
        self.min_score = score;
        self
    }

    /// How many puzzles to find at [`HardOptions::min_score`] before stopping, or without
    /// one, how many of the best new puzzles the result keeps. [default: 1] [range: 1..]
    pub fn wanted(mut self, puzzles: usize) -> HardOptions {
        self.wanted = puzzles.max(1);
        self
    }

    /// How many puzzles the pool keeps. [default: 300] [range: 1..]
    pub fn pool_size(mut self, size: usize) -> HardOptions {
        self.pool_size = size.max(1);
        self
    }

    /// The n of a {-n+m} move is drawn in 1..=this. [default: 3] [range: 1..]
    pub fn max_drop(mut self, givens: usize) -> HardOptions {
        self.max_drop = givens.max(1);
        self
    }

    /// The m of a {-n+m} move is drawn in 1..=this. [default: 3] [range: 1..]
    pub fn max_add(mut self, givens: usize) -> HardOptions {
        self.max_add = givens.max(1);
        self
    }

    /// Restart when the pool's best has not risen for this many scored candidates: the pool
    /// keeps its best tenth. [default: 400] [range: 1..]
    pub fn restart_after(mut self, attempts: Option<usize>) -> HardOptions {
        self.restart_after = attempts.map(|n| n.max(1));
        self
    }

    /// How many plain puzzles seed the pool when the caller gives none. [default: 4]
    /// [range: 1..]
    pub fn self_seeds(mut self, puzzles: usize) -> HardOptions {
        self.self_seeds = puzzles.max(1);
        self
    }

    /// The part of the neighbourhood this search rates. [default: 1/1, all of it]
    pub fn shard(mut self, shard: Shard) -> HardOptions {
        self.shard = shard;
        self
    }

    /// The move the search makes (with [`fewest_givens`] as the score, [`Moves::Fewer`]).
    /// [default: [`Moves::Vicinity`]]
    pub fn moves(mut self, moves: Moves) -> HardOptions {
        self.moves = moves;
        self
    }

    /// Runs the search as this many *lanes* side by side, each on a thread of its own, so
    /// that no lane waits for another: lane K of N searches shard K of N of
    /// [`HardOptions::shard`]'s part of the neighbourhood (lanes of the whole neighbourhood
    /// are the shards 1/N to N/N), from the same seeds, with its own pool and random stream,
    /// its share of [`HardOptions::max_attempts`] (the first `attempts % N` lanes make one
    /// more), and scores its own candidates. Their reports are merged as they come: each
    /// puzzle found once, [`HardOptions::wanted`] at most (then every lane stops), the
    /// progress of all of them together; the result holds the best of all the lanes. So N
    /// lanes give what N processes with shards 1/N to N/N give, merged and de-duplicated. The
    /// same seed, options and lanes give the same puzzles when the search ends by its
    /// attempts; the order in which the lanes' finds are reported depends on timing, and so,
    /// when the search ends because `wanted` puzzles reached [`HardOptions::min_score`],
    /// which ones those are. No more lanes than attempts run. [default: 1: one search,
    /// each batch's candidates scored in parallel on the rayon pool] [range: 1..=1024]
    pub fn lanes(mut self, lanes: usize) -> HardOptions {
        self.lanes = lanes.clamp(1, 1024);
        self
    }

    /// The score to reach, if any.
    pub fn get_min_score(&self) -> Option<f64> {
        self.min_score
    }
}

/// A new puzzle the search found: minimal and unique, with its solution recorded.
#[derive(Clone, Debug)]
pub struct Found {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its score.
    pub score: Score,
    /// The attempt that made it (0 for a seed the search made itself), counted in its lane
    /// ([`HardOptions::lanes`]).
    pub attempt: usize,
}

/// How far a search has gone, for a progress display.
#[derive(Clone, Copy, Debug, Default)]
pub struct HardProgress {
    /// Attempts so far.
    pub attempts: usize,
    /// Candidates scored so far.
    pub rated: usize,
    /// Of those, how many the exact judge rated.
    pub judged: usize,
    /// The best score of the pool.
    pub best: Option<Score>,
    /// The time since the search started.
    pub elapsed: Duration,
}

/// What the search tells its caller as it goes.
#[derive(Debug)]
pub enum Report<'a> {
    /// A new puzzle at or above the score asked for, as soon as it is scored.
    Found(&'a Found),
    /// After each batch.
    Progress(HardProgress),
}

/// What a search did, and the best new puzzles it found.
#[derive(Clone, Debug)]
pub struct HardSearch {
    /// The best new puzzles, best first, at most [`HardOptions::wanted`]; empty when the
    /// search made none (a limit before the first move).
    pub best: Vec<Found>,
    /// The best score among the seed puzzles.
    pub seed_score: Score,
    /// New puzzles found at or above the score asked for.
    pub found: usize,
    /// Attempts (moves tried).
    pub attempts: usize,
    /// Moves that did not come back to a unique puzzle within their m added givens.
    pub rejected: usize,
    /// Candidates scored.
    pub rated: usize,
    /// Of those, how many the exact judge rated.
    pub judged: usize,
    /// How many times the pool's best rose.
    pub improvements: usize,
    /// How many times the pool restarted from its best.
    pub restarts: usize,
    /// The solver's work in the search's sessions (one per lane).
    pub stats: Stats,
    /// The limit that ended the search early, if one did ([`try_search`]).
    pub stopped: Option<Stop>,
}

/// Why the search could not run, or found too little.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HardError {
    /// The rules (and marks) admit no solution grid at all.
    #[error("these rules admit no solution grid")]
    NoGrid,
    /// A seed puzzle does not have exactly one solution.
    #[error("seed puzzle {} is not unique: expected 1 solution, found {}", .index + 1, match .solutions { 0 => "none", _ => "several" })]
    SeedNotUnique {
        /// Its index among the seeds (0-based).
        index: usize,
        /// 0, or 2 for several.
        solutions: usize,
    },
    /// A seed puzzle's rules or grid differ from the first seed's.
    #[error("seed puzzle {} has other rules or another grid than the first: expected the same for every seed", .index + 1)]
    SeedRules {
        /// Its index among the seeds (0-based).
        index: usize,
    },
    /// Limits stopped the search before [`HardOptions::wanted`] puzzles reached the score
    /// asked for; what the search did.
    #[error("{} puzzles scored {wanted} or more in {} attempts (best: {})", .search.found, .search.attempts, best_text(.search))]
    ScoreNotReached {
        /// The score asked for.
        wanted: f64,
        /// The search.
        search: Box<HardSearch>,
    },
    /// The SAT solver failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

fn best_text(search: &HardSearch) -> String {
    search.best.first().map_or("none".to_string(), |f| format!("{:.3}", f.score.value))
}

/// Searches for hard puzzles under the rules (and marks) of `template` (its givens are
/// ignored), starting from `seeds` (or from plain puzzles when there are none), scoring with
/// `scorer` and telling `report` what it finds as it goes.
///
/// # Errors
/// See [`HardError`].
///
/// # Example
/// ```
/// use satdoku::engine::hard::{HardOptions, backtrack_score, search};
/// let template: satdoku::Puzzle = format!("rules: diagonal\n{}", ".".repeat(36)).parse()?;
/// let options = HardOptions::new().seed(1).max_attempts(20);
/// let hard = search(&template, &[], &options, &backtrack_score, |_| {})?;
/// // Never worse than the plain puzzles it started from, and still unique.
/// assert!(hard.best[0].score.order(&hard.seed_score).is_ge());
/// assert!(satdoku::count_up_to(&hard.best[0].puzzle, 2)?.is_unique());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn search(
    template: &Puzzle,
    seeds: &[Puzzle],
    options: &HardOptions,
    scorer: &impl Scorer,
    report: impl FnMut(Report) + Send,
) -> Result<HardSearch, HardError> {
    try_search(template, seeds, options, scorer, report, &Limits::new())
}

/// [`search`] that stops at `limits`, with what it found so far ([`HardSearch::stopped`] says
/// so). A scorer that can be slow should stop at the same limits: a batch scored after the
/// limit is discarded. With several [`HardOptions::lanes`], `report` is called from their
/// threads, one call at a time.
///
/// # Errors
/// As [`search`]; also [`HardError::Solve`] with a [`SolveError::stop`] when a limit is
/// reached before the seeds are scored.
pub fn try_search(
    template: &Puzzle,
    seeds: &[Puzzle],
    options: &HardOptions,
    scorer: &impl Scorer,
    mut report: impl FnMut(Report) + Send,
    limits: &Limits,
) -> Result<HardSearch, HardError> {
    let start = Instant::now();
    let generator = Generator::new(template);
    let compiled = generator.compiled();
    let made_seeds = seeds.is_empty();
    let seeds = match made_seeds {
        true => plain_seeds(&generator, options, limits)?,
        false => checked_seeds(compiled, seeds, limits)?,
    };
    let scores = score_all(scorer, &seeds, limits)?;
    let seeds: Vec<Member> =
        seeds.into_iter().zip(scores).map(|(puzzle, score)| Member { puzzle, score }).collect();
    let lanes = options.lanes.min(options.max_attempts);
    let lane = Lane {
        compiled,
        seeds: &seeds,
        made_seeds,
        scorer,
        limits,
        // `--time` reaches the moves and the scorer through their limits: a slow judge stops
        // at the deadline too, and the search ends there normally.
        search_limits: &within(limits, options.time_limit, start),
        start,
        parallel_scores: lanes == 1,
    };
    let search = match lanes {
        1 => lane.run(options, &mut report, &AtomicBool::new(false))?,
        lanes => lanes::side_by_side(&lane, options, lanes, report)?,
    };
    match options.min_score {
        Some(wanted) if search.found < options.wanted && search.stopped.is_none() => {
            Err(HardError::ScoreNotReached { wanted, search: Box::new(search) })
        }
        _ => Ok(search),
    }
}

/// What every lane of a search shares: the rules, the scored seeds (and whether the search
/// made them), the scorer, the caller's limits and the search's own (with its time limit),
/// when it started, and whether a lane scores a batch on the rayon pool (when it is alone).
struct Lane<'a, S> {
    compiled: &'a CompiledRules,
    seeds: &'a [Member],
    made_seeds: bool,
    scorer: &'a S,
    limits: &'a Limits,
    search_limits: &'a Limits,
    start: Instant,
    parallel_scores: bool,
}

impl<S: Scorer> Lane<'_, S> {
    /// The search of one lane, with `options` (its shard and attempts), until it is done or
    /// `over` is set (by another lane), telling `report` what it finds.
    fn run(
        &self,
        options: &HardOptions,
        report: &mut impl FnMut(Report),
        over: &AtomicBool,
    ) -> Result<HardSearch, HardError> {
        let mut session = self.compiled.session(self.search_limits).ok_or(HardError::NoGrid)?;
        let mut rng = ChaCha8Rng::seed_from_u64(options.seed ^ SEARCH_STREAM);
        let mut run = Run::new(options, self.start);
        for member in self.seeds {
            run.seen.insert(shard::fnv1a(member.puzzle.to_line().as_bytes()));
            if self.made_seeds && options.shard.contains(&member.puzzle) {
                let (puzzle, score) = (member.puzzle.clone(), member.score);
                run.take(Found { puzzle, score, attempt: 0 }, report);
            }
            run.pool.admit(member.clone());
        }
        run.search.seed_score = run.pool.best().expect("at least one seed");
        let cut = loop {
            if run.done(options) || over.load(Ordering::Relaxed) {
                break false;
            }
            if self.search_limits.reached().is_some() {
                break true;
            }
            let mut mutator = Mutator { session: &mut session, compiled: self.compiled };
            let batch = match run.moves(&mut mutator, options, &mut rng) {
                Err(error) if error.stop().is_some() => break true,
                batch => batch?,
            };
            let scores = self.score_batch(&batch);
            if self.search_limits.reached().is_some() {
                // The scores may be cut short: the batch is not counted.
                break true;
            }
            run.admit(batch.into_iter().zip(scores), options, report);
            report(Report::Progress(run.progress()));
        };
        if cut {
            // Only the caller's limits make a stop; the time limit is the search's normal end.
            run.search.stopped = self.limits.reached();
        }
        run.search.stats = session.stats();
        Ok(run.search)
    }

    /// The scores of a batch's candidates within the search's limits: in parallel on the
    /// rayon pool for a lane alone, else one after the other on the lane's own thread.
    fn score_batch(&self, batch: &[Puzzle]) -> Vec<Score> {
        match self.parallel_scores {
            true => scorer_batch(self.scorer, batch, self.search_limits),
            false => {
                batch.iter().map(|puzzle| self.scorer.score(puzzle, self.search_limits)).collect()
            }
        }
    }
}

/// The state of a search under way.
struct Run {
    pool: Pool,
    /// Hashes of the one-line forms of every puzzle met: none is scored twice.
    seen: HashSet<u64>,
    /// Hashes of the kept givens of every sweep that dropped one or two: none is swept twice.
    swept: HashSet<u64>,
    search: HardSearch,
    /// Candidates scored since the pool's best last rose.
    stale: usize,
    start: Instant,
    min_score: Option<f64>,
    wanted: usize,
}

impl Run {
    fn new(options: &HardOptions, start: Instant) -> Run {
        let search = HardSearch {
            best: Vec::new(),
            seed_score: Score::screened(f64::NEG_INFINITY),
            found: 0,
            attempts: 0,
            rejected: 0,
            rated: 0,
            judged: 0,
            improvements: 0,
            restarts: 0,
            stats: Stats::default(),
            stopped: None,
        };
        Run {
            pool: Pool::new(options.pool_size),
            seen: HashSet::new(),
            swept: HashSet::new(),
            search,
            stale: 0,
            start,
            min_score: options.min_score,
            wanted: options.wanted,
        }
    }

    /// Whether the search is over: enough found, out of attempts or out of time.
    fn done(&self, options: &HardOptions) -> bool {
        let enough = options.min_score.is_some() && self.search.found >= options.wanted;
        let out_of_time = options.time_limit.is_some_and(|limit| self.start.elapsed() >= limit);
        enough || self.search.attempts >= options.max_attempts || out_of_time
    }

    /// Up to [`BATCH`] attempts, each a move of this shard (moves of other shards are drawn
    /// and skipped; after [`DRAWS_PER_ATTEMPT`] times the shard count per attempt, the attempts
    /// left count as rejected): the new candidates, unique and minimal.
    fn moves(
        &mut self,
        mutator: &mut Mutator,
        options: &HardOptions,
        rng: &mut ChaCha8Rng,
    ) -> Result<Vec<Puzzle>, SolveError> {
        let attempts = BATCH.min(options.max_attempts - self.search.attempts);
        let mut draws = attempts * DRAWS_PER_ATTEMPT * options.shard.count() as usize;
        let mut batch = Vec::with_capacity(attempts);
        for _ in 0..attempts {
            self.search.attempts += 1;
            let Some((parent, planned)) = self.plan(options, &mut draws, rng) else {
                self.search.rejected += 1;
                continue;
            };
            let kind = Run::kind(options, rng);
            // A sweep of givens swept before would find the same children.
            if matches!(kind, Kind::Sweep)
                && sweep::kept_hash(&planned).is_some_and(|hash| !self.swept.insert(hash))
            {
                self.search.rejected += 1;
                continue;
            }
            let children = match kind {
                Kind::Vicinity => mutator.make(&parent, planned, rng)?.into_iter().collect(),
                Kind::Hitting => mutator.make_fewer(&parent, planned, rng)?.into_iter().collect(),
                Kind::Sweep => mutator.sweep(&parent, planned, rng)?,
            };
            if children.is_empty() {
                self.search.rejected += 1;
            }
            for child in children {
                if self.seen.insert(shard::fnv1a(child.to_line().as_bytes())) {
                    batch.push(child);
                }
            }
        }
        Ok(batch)
    }

    /// Which kind of move the next attempt makes: with [`Moves::Fewer`], a sweep
    /// ([`SWEEP_SHARE`]), else a hitting-set or a vicinity move, half each.
    fn kind(options: &HardOptions, rng: &mut ChaCha8Rng) -> Kind {
        if options.moves != Moves::Fewer {
            return Kind::Vicinity;
        }
        if rng.random_bool(SWEEP_SHARE) {
            Kind::Sweep
        } else if rng.random_bool(0.5) {
            Kind::Hitting
        } else {
            Kind::Vicinity
        }
    }

    /// The next move of this shard and its parent, drawing at most `draws` more plans.
    fn plan(
        &self,
        options: &HardOptions,
        draws: &mut usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<(Puzzle, Move)> {
        while *draws > 0 {
            *draws -= 1;
            let parent = &self.pool.choose(rng).puzzle;
            let drop = rng.random_range(1..=options.max_drop);
            let add = rng.random_range(1..=options.max_add);
            let planned = Move::plan(parent, drop, add, rng);
            if options.shard.holds(planned.hash(parent)) {
                return Some((parent.clone(), planned));
            }
        }
        None
    }

    /// Takes the scored candidates into the pool in order, reporting those found.
    fn admit(
        &mut self,
        scored: impl Iterator<Item = (Puzzle, Score)>,
        options: &HardOptions,
        report: &mut impl FnMut(Report),
    ) {
        for (puzzle, score) in scored {
            self.search.rated += 1;
            self.search.judged += usize::from(score.stage == Stage::Judged);
            let pool_best = self.pool.best().expect("the pool is never empty");
            if score.order(&pool_best).is_gt() {
                self.search.improvements += 1;
                self.stale = 0;
            } else {
                self.stale += 1;
            }
            let attempt = self.search.attempts;
            self.take(Found { puzzle: puzzle.clone(), score, attempt }, report);
            self.pool.admit(Member { puzzle, score });
        }
        if options.restart_after.is_some_and(|after| self.stale >= after) {
            self.pool.cut_to_best(options.pool_size / 10);
            self.search.restarts += 1;
            self.stale = 0;
        }
    }

    /// Keeps a new puzzle among the best, and reports it when it reaches the score asked for.
    fn take(&mut self, found: Found, report: &mut impl FnMut(Report)) {
        if self.min_score.is_some_and(|wanted| found.score.value >= wanted)
            && self.search.found < self.wanted
        {
            self.search.found += 1;
            report(Report::Found(&found));
        }
        let best = &mut self.search.best;
        let place = best.partition_point(|b| b.score.order(&found.score).is_ge());
        if place < self.wanted {
            best.insert(place, found);
            best.truncate(self.wanted);
        }
    }

    fn progress(&self) -> HardProgress {
        HardProgress {
            attempts: self.search.attempts,
            rated: self.search.rated,
            judged: self.search.judged,
            best: self.pool.best(),
            elapsed: self.start.elapsed(),
        }
    }
}

/// `limits` with the deadline `time_limit` after `start` as well, when that comes first.
fn within(limits: &Limits, time_limit: Option<Duration>, start: Instant) -> Limits {
    let Some(deadline) = time_limit.and_then(|limit| start.checked_add(limit)) else {
        return limits.clone();
    };
    match limits.get_deadline() {
        Some(earlier) if earlier <= deadline => limits.clone(),
        _ => limits.clone().deadline(deadline),
    }
}

/// The scores of `puzzles` within `limits`, in parallel on the rayon pool.
fn scorer_batch(scorer: &impl Scorer, puzzles: &[Puzzle], limits: &Limits) -> Vec<Score> {
    puzzles.par_iter().map(|puzzle| scorer.score(puzzle, limits)).collect()
}

/// [`scorer_batch`], an error when a limit cut it short.
fn score_all(
    scorer: &impl Scorer,
    puzzles: &[Puzzle],
    limits: &Limits,
) -> Result<Vec<Score>, HardError> {
    let scores = scorer_batch(scorer, puzzles, limits);
    limits.check().map_err(|stop| HardError::Solve(stop.into()))?;
    Ok(scores)
}

/// Plain generation's puzzles 0.. [`HardOptions::self_seeds`] for the search's seed.
fn plain_seeds(
    generator: &Generator,
    options: &HardOptions,
    limits: &Limits,
) -> Result<Vec<Puzzle>, HardError> {
    let plain = GenerateOptions::new().seed(options.seed);
    (0..options.self_seeds as u64)
        .map(|index| match generator.try_generate(index, &plain, limits) {
            Ok(generated) => Ok(generated.puzzle),
            Err(GenerateError::Solve(error)) => Err(HardError::Solve(error)),
            Err(_) => Err(HardError::NoGrid),
        })
        .collect()
}

/// The caller's seeds, each checked to follow the rules and to be unique, with its solution
/// recorded.
fn checked_seeds(
    compiled: &CompiledRules,
    seeds: &[Puzzle],
    limits: &Limits,
) -> Result<Vec<Puzzle>, HardError> {
    let mut checked = Vec::with_capacity(seeds.len());
    for (index, seed) in seeds.iter().enumerate() {
        if !compiled.fits(seed) {
            return Err(HardError::SeedRules { index });
        }
        let count = try_count(seed, &CountOptions::up_to(2), limits)?;
        if let Some(stop) = count.stopped() {
            return Err(HardError::Solve(stop.into()));
        }
        match count.first_solutions() {
            [solution] if count.is_unique() => {
                checked.push(seed.clone().with_solution(solution.clone()))
            }
            _ => return Err(HardError::SeedNotUnique { index, solutions: count.count().min(2) }),
        }
    }
    Ok(checked)
}

#[cfg(test)]
mod tests;
