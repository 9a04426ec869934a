//! True candidates: the digits each cell takes in at least one solution.
//!
//! Algorithm: keep the set of placements seen in some solution; ask for a solution that uses
//! at least one placement not seen yet (one clause over the unseen placements, switched on by
//! an activation literal); add its placements; repeat until there is none. Each call finds at
//! least one new placement, so it takes at most (candidates + 1) SAT calls, usually far fewer.
//! Optionally, the solutions through each true candidate are counted up to a bound.
//! [`try_true_candidates`] stops at [`Limits`] with the candidates found so far: each is a true
//! candidate, but some may be missing.

use crate::encode::encode_puzzle;
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
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
    let geometry = puzzle.geometry();
    let mut found = TrueCandidates {
        geometry,
        sets: vec![DigitSet::EMPTY; geometry.cell_count()],
        counts: None,
        stats: Stats::default(),
        stopped: None,
    };
    let Ok(encoding) = encode_puzzle(puzzle, puzzle.givens()) else {
        return Ok(found);
    };
    let mut session = Session::limited(encoding, limits);
    let searched = collect_true_candidates(&mut session, &mut found).and_then(|()| {
        let Some(bound) = count_up_to else { return Ok(()) };
        let mut counts = vec![0; geometry.slot_count()];
        let counted = count_each(&mut session, &found, bound, &mut counts);
        found.counts = Some((bound, counts));
        counted
    });
    match searched {
        Err(error) if error.stop().is_some() => found.stopped = error.stop(),
        searched => searched?,
    }
    found.stats = session.stats();
    Ok(found)
}

/// Counts the solutions through each true candidate into `counts`, up to one past `bound`.
fn count_each(
    session: &mut Session,
    found: &TrueCandidates,
    bound: usize,
    counts: &mut [usize],
) -> Result<(), SolveError> {
    let geometry = found.geometry;
    for cell in geometry.cells() {
        for digit in found.get(cell).iter() {
            let slot = geometry.slot(cell, digit);
            counts[slot] = count_with(session, Placement::new(cell, digit), bound)?;
        }
    }
    Ok(())
}

/// Finds solutions that use unseen placements until none is left.
fn collect_true_candidates(
    session: &mut Session,
    found: &mut TrueCandidates,
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
        let solution = session.solve_lits(&[activation])?;
        session.retire(activation);
        let Some(solution) = solution else {
            return Ok(());
        };
        for (cell, digit) in solution.filled() {
            found.sets[found.geometry.index(cell)].insert(digit);
        }
    }
}

/// The number of solutions with `placement`, up to one past `bound` (which shows the bound cut
/// the count), with blocking clauses that are switched off afterwards.
fn count_with(
    session: &mut Session,
    placement: Placement,
    bound: usize,
) -> Result<usize, SolveError> {
    let lit = session.var_map().lit(placement).expect("true candidates have variables");
    let activation = session.activation();
    let mut count = 0;
    while count <= bound {
        let Some(solution) = session.solve_lits(&[activation, lit])? else {
            break;
        };
        let blocking = session.blocking_clause(&solution);
        session.add_clause_while(activation, &blocking);
        count += 1;
    }
    session.retire(activation);
    Ok(count)
}
