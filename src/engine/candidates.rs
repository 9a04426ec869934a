//! True candidates: the digits each cell takes in at least one solution.
//!
//! Algorithm: keep the set of placements seen in some solution; ask for a solution that uses
//! at least one placement not seen yet (one clause over the unseen placements, switched on by
//! an activation literal); add its placements; repeat until there is none. Each call finds at
//! least one new placement, so it takes at most (candidates + 1) SAT calls, usually far fewer.
//! Optionally, the solutions through each true candidate are counted up to a bound: every
//! solution found is kept out of later calls by a blocking clause and counts for each of its
//! placements, and each candidate short of the bound asks for one more solution through it
//! until it has one past the bound or there is none; so a solution found for one candidate
//! counts for all of its own, and each call finds a new solution or closes a candidate.
//! [`try_true_candidates`] stops at [`Limits`] with the candidates found so far: each is a true
//! candidate, but some may be missing.

use varisat::Lit;

use super::compiled::CompiledRules;
use crate::encode::encode_puzzle;
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
use crate::logic::{Ended, Search, State};
use crate::model::digit::DigitSet;
use crate::model::geometry::{Cell, Geometry};
use crate::model::puzzle::Puzzle;
use crate::session::{Session, SolveError, Stats};

/// The true candidates of a puzzle, with optional solution counts per candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrueCandidates {
    geometry: Geometry,
    sets: Vec<DigitSet>,
    counts: Option<(usize, Vec<usize>)>,
    stats: Stats,
    stopped: Option<Stop>,
}

impl TrueCandidates {
    /// The digits `cell` takes in at least one solution (empty everywhere when the puzzle has
    /// no solution).
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[self.geometry.index(cell)]
    }

    /// Whether the puzzle has a solution at all (as far as the search went: a search stopped
    /// before its first solution says `false`; see [`TrueCandidates::stopped`]).
    pub fn has_solution(&self) -> bool {
        self.sets.iter().all(|set| !set.is_empty())
    }

    /// The limit that stopped the search, if one did ([`try_true_candidates`]): then the sets
    /// hold the true candidates found so far (some may be missing), and counts not reached
    /// are 0 and inexact.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// When counts were asked for: the number of solutions with `placement` (at most the
    /// bound), and whether it is exact (`false` when more solutions than the bound exist).
    pub fn solutions_with(&self, placement: Placement) -> Option<(usize, bool)> {
        let (bound, counts) = self.counts.as_ref()?;
        let count = counts[self.geometry.slot(placement.cell, placement.digit)];
        Some((count.min(*bound), count <= *bound && self.stopped.is_none()))
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The solver's work.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

/// The true candidates of `puzzle`; with `count_up_to = Some(k)`, also the number of solutions
/// through each true candidate, counted up to `k`.
///
/// # Errors
/// [`SolveError`] when the SAT solver fails.
///
/// # Example
/// ```
/// use satdoku::{Cell, Puzzle};
/// let puzzle: Puzzle = "12..............".parse()?;
/// let candidates = satdoku::true_candidates(&puzzle, None)?;
/// // r1c3 holds 3 or 4; both happen in some solution.
/// assert_eq!(candidates.get(Cell::new(0, 2)).len(), 2);
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn true_candidates(
    puzzle: &Puzzle,
    count_up_to: Option<usize>,
) -> Result<TrueCandidates, SolveError> {
    try_true_candidates(puzzle, count_up_to, &Limits::new())
}

/// [`true_candidates`] that stops at `limits`, with what it found so far (see
/// [`TrueCandidates::stopped`]).
///
/// # Errors
/// [`SolveError`] when the SAT solver fails (reaching a limit is not an error here).
///
/// # Example
/// ```
/// use std::time::Duration;
/// let empty: satdoku::Puzzle = ".".repeat(625).parse()?;
/// // The empty 25×25 takes long: stop after 50 ms, with a subset of the candidates.
/// let limits = satdoku::Limits::new().timeout(Duration::from_millis(50));
/// let found = satdoku::engine::candidates::try_true_candidates(&empty, None, &limits)?;
/// assert_eq!(found.stopped(), Some(satdoku::Stop::Timeout));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn try_true_candidates(
    puzzle: &Puzzle,
    count_up_to: Option<usize>,
    limits: &Limits,
) -> Result<TrueCandidates, SolveError> {
    let Ok(encoding) = encode_puzzle(puzzle, puzzle.givens()) else {
        return Ok(TrueCandidates::none(puzzle.geometry()));
    };
    let mut session = Session::limited(encoding, limits);
    search(&mut session, &[], count_up_to, puzzle.geometry())
}

/// The true candidates (and, given a bound, the counts) below `state`, a settled state of
/// `compiled`'s rules, by one guess-and-propagate search ([`CompiledRules::count_supports`])
/// instead of SAT calls; why it gave up when it runs out of its budget or finds no solution
/// early ([`Ended`]: the SAT path answers then). A limit reached returns what was found, as
/// [`try_true_candidates`] does.
pub(crate) fn by_search(
    compiled: &CompiledRules,
    state: &State,
    count_up_to: Option<usize>,
    search: &mut Search,
    limits: &Limits,
) -> Result<TrueCandidates, Ended> {
    let geometry = compiled.board().geometry;
    // One past the bound tells an exact count from a larger one; a candidate needs one.
    let cap = count_up_to.map_or(1, |bound| bound.saturating_add(1));
    let mut counts = vec![0; geometry.slot_count()];
    let stopped = match compiled.count_supports(state, cap, search, limits, &mut counts) {
        Ok(()) => None,
        Err(Ended::Stopped(stop)) => Some(stop),
        Err(ended) => return Err(ended),
    };
    let mut found = TrueCandidates::none(geometry);
    for cell in geometry.cells() {
        let digits = DigitSet::full(geometry.digits()).iter();
        let counted = digits.filter(|&digit| counts[geometry.slot(cell, digit)] > 0);
        found.sets[geometry.index(cell)] = counted.collect();
    }
    found.counts = count_up_to.map(|bound| (bound, counts));
    found.stopped = stopped;
    Ok(found)
}

impl TrueCandidates {
    /// The answer for a puzzle without a solution: no candidate anywhere.
    pub(crate) fn none(geometry: Geometry) -> TrueCandidates {
        TrueCandidates {
            geometry,
            sets: vec![DigitSet::EMPTY; geometry.cell_count()],
            counts: None,
            stats: Stats::default(),
            stopped: None,
        }
    }

    /// The answer of a search a limit stopped before it found any solution.
    pub(crate) fn stopped_at(geometry: Geometry, stop: Stop) -> TrueCandidates {
        TrueCandidates { stopped: Some(stop), ..TrueCandidates::none(geometry) }
    }

    /// The answer for a puzzle whose only solution is `solution`: one candidate per cell,
    /// each in one solution (exactly, when counts are asked up to `count_up_to`).
    pub(crate) fn unique(solution: &crate::Grid, count_up_to: Option<usize>) -> TrueCandidates {
        let geometry = solution.geometry();
        let mut found = TrueCandidates::none(geometry);
        let mut counts = vec![0; geometry.slot_count()];
        for (cell, digit) in solution.filled() {
            found.sets[geometry.index(cell)].insert(digit);
            counts[geometry.slot(cell, digit)] = 1;
        }
        found.counts = count_up_to.map(|bound| (bound, counts));
        found
    }
}

/// The true candidates (and, given a bound, the counts) of the puzzle `session` holds, under
/// the `assumed` literals (a warm session's givens and restrictions); the blocking clauses
/// hang on activation literals retired at the end, so the session serves the next puzzle
/// unless a limit stopped it.
pub(crate) fn search(
    session: &mut Session,
    assumed: &[Lit],
    count_up_to: Option<usize>,
    geometry: Geometry,
) -> Result<TrueCandidates, SolveError> {
    let mut found = TrueCandidates::none(geometry);
    let before = session.stats();
    let blocked = session.activation();
    let mut counts = vec![0; geometry.slot_count()];
    let searched = collect_true_candidates(session, assumed, blocked, &mut found, &mut counts)
        .and_then(|()| {
            let Some(bound) = count_up_to else { return Ok(()) };
            let counted = count_each(session, assumed, blocked, &found, bound, &mut counts);
            found.counts = Some((bound, std::mem::take(&mut counts)));
            counted
        });
    match searched {
        Err(error) if error.stop().is_some() => found.stopped = error.stop(),
        searched => searched?,
    }
    if found.stopped.is_none() {
        session.retire(blocked);
    }
    found.stats = session.stats().since(before);
    Ok(found)
}

/// Finds solutions that use unseen placements until none is left; each one found is blocked
/// (on `blocked`) and counted in `counts` for each of its placements.
fn collect_true_candidates(
    session: &mut Session,
    assumed: &[Lit],
    blocked: Lit,
    found: &mut TrueCandidates,
    counts: &mut [usize],
) -> Result<(), SolveError> {
    loop {
        let unseen: Vec<_> = session
            .var_map()
            .placements()
            .iter()
            .filter(|p| !found.get(p.cell).contains(p.digit))
            .filter_map(|&p| session.var_map().lit(p))
            .collect();
        if unseen.is_empty() {
            return Ok(());
        }
        let activation = session.activation();
        session.add_clause_while(activation, &unseen);
        let solution = session.solve_lits(&[assumed, &[activation, blocked]].concat())?;
        session.retire(activation);
        let Some(solution) = solution else {
            return Ok(());
        };
        for (cell, digit) in solution.filled() {
            found.sets[found.geometry.index(cell)].insert(digit);
        }
        record(session, blocked, &solution, counts);
    }
}

/// Counts the solutions through each true candidate into `counts` (which holds those already
/// found), up to one past `bound` (which shows the bound cut the count): a candidate short of
/// it asks for one more solution through it, new since every found one is blocked, until
/// there is none.
fn count_each(
    session: &mut Session,
    assumed: &[Lit],
    blocked: Lit,
    found: &TrueCandidates,
    bound: usize,
    counts: &mut [usize],
) -> Result<(), SolveError> {
    let geometry = found.geometry;
    for cell in geometry.cells() {
        for digit in found.get(cell).iter() {
            let slot = geometry.slot(cell, digit);
            let lit = session.var_map().lit(Placement::new(cell, digit));
            let lit = lit.expect("true candidates have variables");
            while counts[slot] <= bound {
                let with = [assumed, &[blocked, lit]].concat();
                let Some(solution) = session.solve_lits(&with)? else {
                    break;
                };
                record(session, blocked, &solution, counts);
            }
        }
    }
    Ok(())
}

/// Blocks `solution` (while `blocked` is assumed) and counts it for each of its placements.
fn record(session: &mut Session, blocked: Lit, solution: &crate::Grid, counts: &mut [usize]) {
    let geometry = solution.geometry();
    let blocking = session.blocking_clause(solution);
    session.add_clause_while(blocked, &blocking);
    for (cell, digit) in solution.filled() {
        counts[geometry.slot(cell, digit)] += 1;
    }
}
