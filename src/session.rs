//! The SAT session: one incremental varisat solver over an encoding, asked many questions.
//!
//! Givens (or any placements) enter as assumptions, so one encoding serves every question
//! about puzzles with the same rules: counting adds blocking clauses over the placement
//! variables only; the minimiser reads failed-assumption cores to learn which givens mattered.
//! Clauses meant for one question hang on an activation literal (`Session::activation`,
//! crate-internal) so the session stays reusable.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use varisat::solver::SolverError;
use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

use crate::encode::{Encoding, VarMap};
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
use crate::model::grid::Grid;

mod proof_sink;

use proof_sink::ProofSink;

/// What one SAT call answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A solution satisfying the assumptions.
    Solution(Grid),
    /// No solution under the assumptions; `core` is a subset of them that already has none
    /// (not necessarily minimal; empty when the rules alone have no solution).
    NoSolution {
        /// The failed assumptions.
        core: Vec<Placement>,
    },
}

/// A SAT call ended without an answer: a [`Limits`] was reached, or the solver failed for a
/// reason other than the formula (varisat reports these; with the encodings of this crate none
/// is expected).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct SolveError {
    kind: SolveErrorKind,
}

/// What ended a SAT call without an answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SolveErrorKind {
    /// A limit was reached (the deadline, or an interrupt).
    #[error(transparent)]
    Stopped(Stop),
    /// varisat failed.
    #[error("the SAT solver failed: {0}")]
    Solver(String),
}

impl SolveError {
    /// What ended the call.
    pub fn kind(&self) -> &SolveErrorKind {
        &self.kind
    }

    /// The limit that stopped the call, when that is what happened (rather than a failure).
    pub fn stop(&self) -> Option<Stop> {
        match self.kind {
            SolveErrorKind::Stopped(stop) => Some(stop),
            SolveErrorKind::Solver(_) => None,
        }
    }
}

impl From<Stop> for SolveError {
    fn from(stop: Stop) -> SolveError {
        SolveError { kind: SolveErrorKind::Stopped(stop) }
    }
}

impl From<SolverError> for SolveError {
    /// A stop signalled through the proof sink (see `proof_sink`) is a stop; anything else
    /// is a failure.
    fn from(error: SolverError) -> SolveError {
        let stop = match &error {
            SolverError::ProofIoError { cause } => {
                cause.get_ref().and_then(|inner| inner.downcast_ref::<Stop>()).copied()
            }
            _ => None,
        };
        match stop {
            Some(stop) => SolveError::from(stop),
            None => SolveError { kind: SolveErrorKind::Solver(error.to_string()) },
        }
    }
}

impl SolveError {
    /// A failure described by `message`.
    pub(crate) fn new(message: String) -> SolveError {
        SolveError { kind: SolveErrorKind::Solver(message) }
    }
}

/// Counters of the work a session did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Variables of the encoding (placements and auxiliaries).
    pub variables: usize,
    /// Clauses of the encoding, plus those added since (blocking clauses and the like).
    pub clauses: usize,
    /// Conflicts the solver met (its learned clauses), when counted; see
    /// [`ConflictCounter`].
    pub conflicts: Option<u64>,
    /// SAT calls made.
    pub solve_calls: u64,
    /// Time spent inside the solver.
    pub solve_time: Duration,
}

impl Stats {
    /// The work done since `before` (an earlier reading of the same session): the calls and
    /// their time since then, the formula's size now.
    pub(crate) fn since(self, before: Stats) -> Stats {
        Stats {
            solve_calls: self.solve_calls - before.solve_calls,
            solve_time: self.solve_time - before.solve_time,
            ..self
        }
    }

    /// The work of two sessions on the same rules together: their calls, time and conflicts
    /// added, the larger formula.
    pub(crate) fn plus(self, other: Stats) -> Stats {
        let conflicts = match (self.conflicts, other.conflicts) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        Stats {
            variables: self.variables.max(other.variables),
            clauses: self.clauses.max(other.clauses),
            conflicts,
            solve_calls: self.solve_calls + other.solve_calls,
            solve_time: self.solve_time + other.solve_time,
        }
    }
}

/// Counts the solver's conflicts: the clauses of more than two literals its proof adds as
/// learned, read from the proof as varisat writes it (see `proof_sink`; reading it costs a few
/// percent of the solve). Sessions that do not need the count (minimiser, generator) leave it
/// off.
#[derive(Debug, Default)]
pub struct ConflictCounter {
    count: Arc<AtomicU64>,
}

impl ConflictCounter {
    /// A counter at zero.
    pub fn new() -> ConflictCounter {
        ConflictCounter::default()
    }
}

/// An incremental varisat solver over one encoding.
pub struct Session<'a> {
    solver: Solver<'a>,
    var_map: VarMap,
    conflicts: Option<Arc<AtomicU64>>,
    stats: Stats,
    limits: Limits,
    /// The limits the proof sink checks inside calls, when the session was made limited.
    signal: Option<Arc<Mutex<Limits>>>,
    /// The limit that stopped a call: varisat cannot go on after, so every later call stops.
    stopped: Option<Stop>,
}

impl fmt::Debug for Session<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session").field("stats", &self.stats).finish_non_exhaustive()
    }
}

impl<'a> Session<'a> {
    /// A session over `encoding`, without limits.
    pub fn new(encoding: Encoding) -> Session<'a> {
        Session::limited(encoding, &Limits::new())
    }

    /// A session over `encoding`'s clauses, leaving `encoding` to the caller (to write it out
    /// afterwards, say); it stops at `limits`.
    pub(crate) fn over(encoding: &Encoding, limits: &Limits) -> Session<'a> {
        Session::start(Solver::new(), encoding, None, limits)
    }

    /// [`Session::limited`] over `encoding`'s clauses, leaving `encoding` to the caller (a
    /// compiled rule set keeps it to start sessions from).
    pub(crate) fn limited_over(encoding: &Encoding, limits: &Limits) -> Session<'a> {
        Session::start(Solver::new(), encoding, None, limits)
    }

    /// A session over `encoding` whose calls stop with [`SolveErrorKind::Stopped`] once
    /// `limits` is reached, even in the middle of a SAT call (within milliseconds). After a
    /// stop, every call stops: the session is done.
    pub fn limited(encoding: Encoding, limits: &Limits) -> Session<'a> {
        Session::start(Solver::new(), &encoding, None, limits)
    }

    /// A session over `encoding` whose statistics include conflicts, counted by `counter`, and
    /// which stops at `limits`.
    pub fn counting_conflicts(
        encoding: Encoding,
        counter: &'a mut ConflictCounter,
        limits: &Limits,
    ) -> Session<'a> {
        Session::start(Solver::new(), &encoding, Some(Arc::clone(&counter.count)), limits)
    }

    fn start(
        mut solver: Solver<'a>,
        encoding: &Encoding,
        conflicts: Option<Arc<AtomicU64>>,
        limits: &Limits,
    ) -> Self {
        let signal = limits.is_limited().then(|| Arc::new(Mutex::new(limits.clone())));
        if signal.is_some() || conflicts.is_some() {
            let sink = ProofSink::new(signal.clone(), conflicts.clone());
            solver.write_proof(sink, ProofFormat::Varisat);
        }
        solver.add_formula(encoding.formula());
        let stats = Stats {
            variables: encoding.var_count(),
            clauses: encoding.clause_count(),
            ..Stats::default()
        };
        let var_map = encoding.var_map().clone();
        let limits = limits.clone();
        Session { solver, var_map, conflicts, stats, limits, signal, stopped: None }
    }

    /// The limits its calls stop at (engines that answer some questions without it stop at
    /// the same).
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Stops the calls from now on at `limits` instead (a warm session answering one request
    /// after another, each with its own deadline and interrupt). Inside a call, only a session
    /// made limited ([`Session::limited`]) can stop; between calls, every session does.
    pub(crate) fn set_limits(&mut self, limits: &Limits) {
        self.limits = limits.clone();
        if let Some(signal) = &self.signal {
            *signal.lock().unwrap_or_else(PoisonError::into_inner) = limits.clone();
        }
    }

    /// Whether a limit stopped a call: varisat cannot go on after, the session is done.
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Which variable is which placement.
    pub fn var_map(&self) -> &VarMap {
        &self.var_map
    }

    /// The work done so far.
    pub fn stats(&self) -> Stats {
        let conflicts = self.conflicts.as_ref().map(|count| count.load(Ordering::Relaxed));
        Stats { conflicts, ..self.stats }
    }

    /// Looks for a solution in which every placement of `assumptions` holds.
    ///
    /// # Errors
    /// [`SolveError`] when varisat fails (not when there is no solution: that is an outcome).
    pub fn solve(&mut self, assumptions: &[Placement]) -> Result<Outcome, SolveError> {
        self.solve_while(assumptions, &[])
    }

    /// [`Session::solve`] with the clauses hung on `activations` switched on too. A placement
    /// that propagation ruled out fails alone, without a SAT call.
    pub(crate) fn solve_while(
        &mut self,
        assumptions: &[Placement],
        activations: &[Lit],
    ) -> Result<Outcome, SolveError> {
        if let Some(&impossible) = assumptions.iter().find(|&&p| self.var_map.var(p).is_none()) {
            return Ok(Outcome::NoSolution { core: vec![impossible] });
        }
        let mut lits: Vec<Lit> = assumptions.iter().filter_map(|&p| self.var_map.lit(p)).collect();
        lits.extend_from_slice(activations);
        Ok(match self.solve_lits(&lits)? {
            Some(grid) => Outcome::Solution(grid),
            None => Outcome::NoSolution { core: self.last_core() },
        })
    }

    /// Looks for a model under assumed literals (placements, their negations, activation
    /// literals); the solution grid when there is one.
    pub(crate) fn solve_lits(&mut self, assumptions: &[Lit]) -> Result<Option<Grid>, SolveError> {
        if let Some(stop) = self.stopped.or_else(|| self.limits.reached()) {
            self.stopped = Some(stop);
            return Err(stop.into());
        }
        let start = Instant::now();
        self.solver.assume(assumptions);
        let satisfiable = self.solver.solve().map_err(SolveError::from);
        self.stats.solve_calls += 1;
        self.stats.solve_time += start.elapsed();
        if let Err(error) = &satisfiable {
            self.stopped = error.stop();
        }
        Ok(satisfiable?.then(|| self.model_grid()))
    }

    /// The placements among the failed assumptions of the last unsatisfiable call.
    fn last_core(&self) -> Vec<Placement> {
        let core = self.solver.failed_core().unwrap_or(&[]);
        core.iter().filter_map(|lit| self.var_map.placement(lit.var())).collect()
    }

    fn model_grid(&self) -> Grid {
        let mut grid = Grid::empty(self.var_map.geometry());
        for lit in self.solver.model().expect("a model after a satisfiable call") {
            if let Some(placement) =
                lit.is_positive().then(|| self.var_map.placement(lit.var())).flatten()
            {
                grid.set(placement.cell, Some(placement.digit));
            }
        }
        grid
    }

    /// Forbids `grid`'s placements from all holding together again: after this, every
    /// solution differs from `grid` in some cell. A grid with a placement that has no variable
    /// (propagation ruled it out) can never be a solution, so nothing is added for it.
    pub fn block(&mut self, grid: &Grid) {
        if let Some(clause) = self.clause_against(grid) {
            self.add_clause(&clause);
        }
    }

    /// The clause that rules out `grid`, a model of this session: some placement of it does not
    /// hold.
    pub(crate) fn blocking_clause(&self, grid: &Grid) -> Vec<Lit> {
        self.clause_against(grid).expect("a model's placements have variables")
    }

    /// The clause that rules out `grid`, or `None` when a placement of it has no variable.
    fn clause_against(&self, grid: &Grid) -> Option<Vec<Lit>> {
        grid.filled().map(|(c, d)| self.var_map.lit(Placement::new(c, d)).map(|lit| !lit)).collect()
    }

    /// Adds a clause for good.
    pub(crate) fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
        self.stats.clauses += 1;
    }

    /// A fresh literal to hang temporary clauses on: add `¬a ∨ clause`, assume `a` while the
    /// clause should hold, then [`Session::retire`] it.
    pub(crate) fn activation(&mut self) -> Lit {
        self.solver.new_lit()
    }

    /// Adds `clause`, in force only while `activation` is assumed.
    pub(crate) fn add_clause_while(&mut self, activation: Lit, clause: &[Lit]) {
        self.add_clause(&[&[!activation][..], clause].concat());
    }

    /// Switches off every clause hung on `activation` for good.
    pub(crate) fn retire(&mut self, activation: Lit) {
        self.add_clause(&[!activation]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::encode_puzzle;
    use crate::model::puzzle::Puzzle;

    fn session(text: &str) -> Session<'static> {
        let puzzle: Puzzle = text.parse().unwrap();
        Session::new(encode_puzzle(&puzzle, puzzle.givens()).unwrap())
    }

    fn count(session: &mut Session) -> usize {
        let mut count = 0;
        while let Outcome::Solution(grid) = session.solve(&[]).unwrap() {
            session.block(&grid);
            count += 1;
        }
        count
    }

    #[test]
    fn blocking_a_grid_that_cannot_be_a_solution_removes_nothing() {
        // r1c1 is given 1, so a grid with 2 there has a placement without a variable.
        let mut given = session("1...............");
        let impossible = Grid::from_line(given.var_map().geometry(), "2143341212344321").unwrap();
        given.block(&impossible);
        assert_eq!(count(&mut given), 72);
    }

    #[test]
    fn assumptions_that_propagation_ruled_out_fail_alone() {
        let mut given = session("1...............");
        let cell = crate::model::geometry::Cell::new(0, 0);
        let two = Placement::new(cell, crate::model::digit::Digit::new(2).unwrap());
        assert_eq!(given.solve(&[two]).unwrap(), Outcome::NoSolution { core: vec![two] });
    }
}
