//! True candidates: the digits each cell takes in at least one solution.
//!
//! Algorithm: keep the set of placements seen in some solution; ask for a solution that uses
//! at least one placement not seen yet (one clause over the unseen placements, switched on by
//! an activation literal); add its placements; repeat until there is none. Each call finds at
//! least one new placement, so it takes at most (candidates + 1) SAT calls, usually far fewer.
//! Optionally, the solutions through each true candidate are counted up to a bound.

use crate::encode::encode_puzzle;
use crate::ir::Placement;
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
}

impl TrueCandidates {
    /// The digits `cell` takes in at least one solution (empty everywhere when the puzzle has
    /// no solution).
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[self.geometry.index(cell)]
    }

    /// Whether the puzzle has a solution at all.
    pub fn has_solution(&self) -> bool {
        self.sets.iter().all(|set| !set.is_empty())
    }

    /// When counts were asked for: the number of solutions with `placement` (at most the
    /// bound), and whether it is exact (`false` when more solutions than the bound exist).
    pub fn solutions_with(&self, placement: Placement) -> Option<(usize, bool)> {
        let (bound, counts) = self.counts.as_ref()?;
        let count = counts[self.geometry.slot(placement.cell, placement.digit)];
        Some((count.min(*bound), count <= *bound))
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
    let geometry = puzzle.geometry();
    let mut found = TrueCandidates {
        geometry,
        sets: vec![DigitSet::EMPTY; geometry.cell_count()],
        counts: None,
        stats: Stats::default(),
    };
    let Ok(encoding) = encode_puzzle(puzzle, puzzle.givens()) else {
        return Ok(found);
    };
    let mut session = Session::new(encoding);
    collect_true_candidates(&mut session, &mut found)?;
    if let Some(bound) = count_up_to {
        let mut counts = vec![0; geometry.slot_count()];
        for cell in geometry.cells() {
            for digit in found.get(cell).iter() {
                let slot = geometry.slot(cell, digit);
                counts[slot] = count_with(&mut session, Placement::new(cell, digit), bound)?;
            }
        }
        found.counts = Some((bound, counts));
    }
    found.stats = session.stats();
    Ok(found)
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
