//! The search's lanes ([`super::HardOptions::lanes`]): N shards of one search side by side in
//! one process, each on a thread of its own, their reports merged and de-duplicated as they
//! come, their results merged at the end.
//!
//! A lane never waits for another: it makes its moves and scores its candidates itself, so N
//! lanes keep N cores busy. (One search scoring each batch in parallel does not: most moves
//! are rejected, so a batch has one or two candidates to score, and every batch waits for
//! its slowest, measured at about 1.04 cores of 2.) Lanes are shards ([`super::Shard::split`]):
//! N lanes give what N processes of shards 1/N to N/N would, merged.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;

use super::{HardError, HardOptions, HardProgress, HardSearch, Lane, Report, Scorer};

/// Runs `lanes` lanes of the search `options` describes, each on a scoped thread of its own,
/// telling `report` what they find (one call at a time); the merged search, or the first
/// lane's error.
pub(super) fn side_by_side<S: Scorer>(
    lane: &Lane<S>,
    options: &HardOptions,
    lanes: usize,
    report: impl FnMut(Report) + Send,
) -> Result<HardSearch, HardError> {
    let merger = Mutex::new(Merger::new(report, options.wanted, lanes));
    let over = AtomicBool::new(false);
    let results: Vec<Result<HardSearch, HardError>> = thread::scope(|scope| {
        let handles: Vec<_> = lane_options(options, lanes)
            .enumerate()
            .map(|(index, options)| {
                let (merger, over) = (&merger, &over);
                scope.spawn(move || {
                    let mut report = |report: Report| lock(merger).report(index, report, over);
                    let result = lane.run(&options, &mut report, over);
                    if result.is_err() {
                        // The search fails: the other lanes need not go on.
                        over.store(true, Ordering::Relaxed);
                    }
                    result
                })
            })
            .collect();
        let joined = handles.into_iter().map(|handle| handle.join());
        joined
            .map(|result| result.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    let found = lock(&merger).found;
    let searches = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    Ok(merged(searches, found, options.wanted))
}

/// The options of each lane: its shard of `options`' shard, and its share of the attempts
/// (the first `attempts % lanes` make one more).
fn lane_options(options: &HardOptions, lanes: usize) -> impl Iterator<Item = HardOptions> {
    let attempts = options.max_attempts;
    options.shard.split(lanes).enumerate().map(move |(index, shard)| {
        let share = attempts / lanes + usize::from(index < attempts % lanes);
        options.clone().shard(shard).max_attempts(share)
    })
}

/// The merger, even if a lane panicked while holding it (the panic reaches the caller when
/// the lanes are joined).
fn lock<R>(merger: &Mutex<Merger<R>>) -> MutexGuard<'_, Merger<R>> {
    merger.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the lanes report, merged for the caller: each puzzle found once, at most `wanted` of
/// them (the lanes stop then), and the progress of all the lanes together.
struct Merger<R> {
    report: R,
    /// The one-line forms of the puzzles reported (the lines themselves, not hashes: a
    /// collision would drop a new puzzle without a word).
    reported: HashSet<String>,
    found: usize,
    wanted: usize,
    /// Each lane's latest progress.
    progress: Vec<Option<HardProgress>>,
}

impl<R: FnMut(Report)> Merger<R> {
    fn new(report: R, wanted: usize, lanes: usize) -> Merger<R> {
        let progress = vec![None; lanes];
        Merger { report, reported: HashSet::new(), found: 0, wanted, progress }
    }

    /// Passes on `report` from lane `lane`: a puzzle found unless another lane found it
    /// first or enough are found (the last one wanted sets `over`), the lanes' progress
    /// together.
    fn report(&mut self, lane: usize, report: Report, over: &AtomicBool) {
        match report {
            Report::Found(found) => {
                if self.found >= self.wanted || !self.reported.insert(found.puzzle.to_line()) {
                    return;
                }
                self.found += 1;
                if self.found == self.wanted {
                    over.store(true, Ordering::Relaxed);
                }
                (self.report)(Report::Found(found));
            }
            Report::Progress(progress) => {
                self.progress[lane] = Some(progress);
                let total = self.total();
                (self.report)(Report::Progress(total));
            }
        }
    }

    /// The lanes' progress together: attempts, rated and judged added, the best of their
    /// bests, the longest time.
    fn total(&self) -> HardProgress {
        let lanes = self.progress.iter().flatten();
        lanes.fold(HardProgress::default(), |total, lane| HardProgress {
            attempts: total.attempts + lane.attempts,
            rated: total.rated + lane.rated,
            judged: total.judged + lane.judged,
            best: match (total.best, lane.best) {
                (Some(best), Some(other)) => Some(best.max_by_order(other)),
                (best, other) => best.or(other),
            },
            elapsed: total.elapsed.max(lane.elapsed),
        })
    }
}

/// The lanes' searches as one: the best of all of them (each puzzle once, the earlier lane's
/// first among equal scores), `found` (what the merger reported), the counts and the solver's
/// work added, the first stop.
fn merged(searches: Vec<HardSearch>, found: usize, wanted: usize) -> HardSearch {
    let mut lanes = searches.into_iter();
    let first = lanes.next().expect("one lane at least");
    let mut search = lanes.fold(first, |total, lane| HardSearch {
        best: [total.best, lane.best].concat(),
        seed_score: total.seed_score.max_by_order(lane.seed_score),
        found: 0,
        attempts: total.attempts + lane.attempts,
        rejected: total.rejected + lane.rejected,
        rated: total.rated + lane.rated,
        judged: total.judged + lane.judged,
        improvements: total.improvements + lane.improvements,
        restarts: total.restarts + lane.restarts,
        stats: total.stats.plus(lane.stats),
        stopped: total.stopped.or(lane.stopped),
    });
    let mut seen = HashSet::new();
    search.best.retain(|found| seen.insert(found.puzzle.to_line()));
    // Stable: among equal scores, the earlier lane's first.
    search.best.sort_by(|a, b| b.score.order(&a.score));
    search.best.truncate(wanted);
    search.found = found;
    search
}
