//! A warm solver for one rule set, answering one puzzle after another as a setter edits it:
//! the rules are compiled once (`compiled.rs`: the IR, the pre-pass's board, the empty grid's
//! CNF) and one SAT session over that CNF stays open. Each puzzle's pre-pass runs from the
//! compiled board, on its givens and the cells restricted to some digits (f-puzzles' given
//! pencil marks); what the pre-pass places and rules out becomes assumptions of the session,
//! and the blocking clauses of each answer hang on activation literals retired after it. A
//! limit that stops a call ends the session (varisat cannot go on), and the next puzzle opens
//! a new one from the compiled CNF; so does every [`RENEW_EVERY`]th puzzle, which bounds the
//! learned and retired clauses.
//!
//! True candidates on rule sets with sums ask the warm session first whether the puzzle is
//! unique (two SAT calls at most): a setter's edits of a finished puzzle mostly are, and the
//! answer is then its solution, in milliseconds where building a solver for a variant's CNF
//! takes tens. A puzzle with several solutions, or any open puzzle of a rule set the search
//! propagates fully (no sums: there the search answers uniqueness as fast, and no session is
//! opened for it), has the supports of its candidates counted by one guess-and-propagate
//! search from its pre-pass ([`super::candidates::by_search`]), as ISS counts them; past that
//! search's budget, or when it finds no solution early (entropic and modular lines: the rule
//! set's later puzzles then ask the warm session first, and skip the search), it is
//! enumerated on a fresh solver over the candidates its pre-pass left, which
//! `examples/serve_latency` measured faster for that than the warm session over the whole
//! grid's CNF (149 against 254 ms median on classic puzzles with a fifth of their givens
//! removed; 836 against 1876 ms on anti-knight ones), as [`super::counter::Counter`] found for
//! hard puzzles. Counts (`try_count`) stay on the warm session, with its progress.

use varisat::Lit;

use super::candidates::{TrueCandidates, by_search, search};
use super::compiled::CompiledRules;
use super::count::Count;
use super::counter::enumerate;
use crate::ir::Placement;
use crate::limits::Limits;
use crate::logic::{Ended, Found, Search, State};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::{Session, SolveError};

/// The puzzles a session answers before a new one replaces it.
pub const RENEW_EVERY: usize = 200;

/// One rule set compiled, with a warm SAT session; see the module documentation.
///
/// # Example
/// ```
/// use satdoku::engine::warm::WarmSolver;
/// use satdoku::{Cell, Digit, Limits, Puzzle};
/// use satdoku::model::digit::DigitSet;
///
/// let puzzle: Puzzle = "1...............".parse()?;
/// let mut warm = WarmSolver::new(&puzzle);
/// // An edit: one more given, and r4c4 restricted to 1 or 2 (a given pencil mark).
/// let edited: Puzzle = "12..............".parse()?;
/// assert!(warm.fits(&edited));
/// let marks = [(Cell::new(3, 3), [1, 2].into_iter().filter_map(Digit::new).collect::<DigitSet>())];
/// let found = warm.try_true_candidates(&edited, &marks, Some(8), &Limits::new())?;
/// assert_eq!(found.get(Cell::new(0, 2)).len(), 2);
/// assert!(found.get(Cell::new(3, 3)).iter().all(|digit| digit.value() <= 2));
/// # Ok::<(), satdoku::Error>(())
/// ```
#[derive(Debug)]
pub struct WarmSolver {
    compiled: CompiledRules,
    session: Option<Session<'static>>,
    /// Puzzles the session answered.
    answered: usize,
    scratch: Option<State>,
    /// The supports search's scratch states, kept from one puzzle to the next.
    search: Search,
    /// Whether the supports search found no solution early on these rules once (entropic and
    /// modular lines): later puzzles go to SAT at once.
    fruitless: bool,
}

/// Where a puzzle stands after its pre-pass.
enum Start {
    /// The pre-pass met a contradiction.
    NoSolution,
    /// The pre-pass solved it: the one solution.
    Solved(Grid),
    /// Left open: the placements made, the placements ruled out (negated), and the settled
    /// state (boxed: far larger than the other variants).
    Open(Vec<Placement>, Vec<Placement>, Box<State>),
}

impl WarmSolver {
    /// Compiles the rules and grid shape of `puzzle` (its givens play no part).
    pub fn new(puzzle: &Puzzle) -> WarmSolver {
        WarmSolver {
            compiled: CompiledRules::compile(puzzle),
            session: None,
            answered: 0,
            scratch: None,
            search: Search::default(),
            fruitless: false,
        }
    }

    /// Whether `puzzle` has exactly these rules on this grid shape, so that this solver
    /// answers for it.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        self.compiled.fits(puzzle)
    }

    /// The true candidates of `puzzle` with the cells of `restricted` narrowed to their
    /// digits; with `count_up_to = Some(k)`, the solutions through each counted up to `k`. A
    /// limit reached returns what was found, as [`super::candidates::try_true_candidates`]
    /// does.
    ///
    /// # Panics
    /// When `puzzle` does not fit this solver ([`WarmSolver::fits`]).
    ///
    /// # Errors
    /// [`SolveError`] when the SAT solver fails.
    pub fn try_true_candidates(
        &mut self,
        puzzle: &Puzzle,
        restricted: &[(Cell, DigitSet)],
        count_up_to: Option<usize>,
        limits: &Limits,
    ) -> Result<TrueCandidates, SolveError> {
        let (placed, ruled_out, state) = match self.start(puzzle, restricted) {
            Start::NoSolution => return Ok(TrueCandidates::none(puzzle.geometry())),
            Start::Solved(grid) => return Ok(TrueCandidates::unique(&grid, count_up_to)),
            Start::Open(placed, ruled_out, state) => (placed, ruled_out, *state),
        };
        // Where the search propagates every rule (and has not been fruitless on it), one count
        // of supports answers whether the puzzle is unique too (its one solution's placements
        // counted once). Elsewhere the warm session asks that first: most edits of a finished
        // puzzle are unique.
        let search_first = self.compiled.searchable() && !self.fruitless;
        if !search_first {
            if let Some(found) =
                self.settled_on_session(puzzle, &placed, &ruled_out, count_up_to, limits)?
            {
                return Ok(found);
            }
        }
        // One search counts the supports of every candidate; past its budget, a fresh solver
        // over what the pre-pass left enumerates them faster than the warm one over the whole
        // grid (see the module documentation).
        if !self.fruitless {
            match by_search(&self.compiled, &state, count_up_to, &mut self.search, limits) {
                Ok(found) => return Ok(found),
                Err(Ended::Fruitless) => {
                    self.fruitless = true;
                    if let Some(found) =
                        self.settled_on_session(puzzle, &placed, &ruled_out, count_up_to, limits)?
                    {
                        return Ok(found);
                    }
                }
                Err(_) => {}
            }
        }
        let mut fresh = Session::limited(self.compiled.encode(&state.candidates), limits);
        search(&mut fresh, &[], count_up_to, puzzle.geometry())
    }

    /// The answer of the warm session when it settles the question: no solution, one (its
    /// placements counted once), or a limit reached; `None` when there are several.
    fn settled_on_session(
        &mut self,
        puzzle: &Puzzle,
        placed: &[Placement],
        ruled_out: &[Placement],
        count_up_to: Option<usize>,
        limits: &Limits,
    ) -> Result<Option<TrueCandidates>, SolveError> {
        let geometry = puzzle.geometry();
        let Some(session) = self.session(limits) else {
            return Ok(Some(TrueCandidates::none(geometry)));
        };
        let assumed = assumed_lits(session, &[], ruled_out);
        let two = enumerate(session, (placed, &assumed), 2, Count::start(false), &mut |_| {});
        self.after_call();
        let two = two?;
        if let Some(stop) = two.stopped() {
            return Ok(Some(TrueCandidates::stopped_at(geometry, stop)));
        }
        Ok(match two.first_solutions() {
            [] => Some(TrueCandidates::none(geometry)),
            [solution] => Some(TrueCandidates::unique(solution, count_up_to)),
            _ => None,
        })
    }

    /// The solutions of `puzzle` with the cells of `restricted` narrowed to their digits,
    /// counted up to `max`; `progress` hears the count after each solution the SAT solver
    /// finds. A limit reached makes the count a lower bound ([`Count::stopped`]).
    ///
    /// # Panics
    /// When `puzzle` does not fit this solver, or `max` is 0.
    ///
    /// # Errors
    /// [`SolveError`] when the SAT solver fails.
    pub fn try_count(
        &mut self,
        puzzle: &Puzzle,
        restricted: &[(Cell, DigitSet)],
        max: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Count, SolveError> {
        assert!(max > 0, "a count needs a bound of at least 1");
        let count = Count::start(false);
        let (placed, ruled_out) = match self.start(puzzle, restricted) {
            Start::NoSolution => return Ok(count.found(Found::deduced(None), max, None)),
            Start::Solved(grid) => return Ok(count.found(Found::deduced(Some(grid)), max, None)),
            Start::Open(placed, ruled_out, _) => (placed, ruled_out),
        };
        let Some(session) = self.session(limits) else {
            return Ok(count.found(Found::deduced(None), max, None));
        };
        let assumed = assumed_lits(session, &[], &ruled_out);
        let counted = enumerate(session, (&placed, &assumed), max, count, progress);
        self.after_call();
        counted
    }

    /// The pre-pass on `puzzle`'s givens, narrowed by `restricted`.
    ///
    /// # Panics
    /// When `puzzle` does not fit this solver.
    fn start(&mut self, puzzle: &Puzzle, restricted: &[(Cell, DigitSet)]) -> Start {
        assert!(self.fits(puzzle), "a warm solver answers for the rule set it compiled");
        let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
        let Ok(state) = self.compiled.deduce(givens, &mut self.scratch) else {
            return Start::NoSolution;
        };
        let mut state = state.clone();
        let board = self.compiled.board();
        let narrowed = restricted
            .iter()
            .try_for_each(|&(cell, digits)| state.restrict(cell, digits).map(|_| ()));
        let settled = narrowed.and_then(|()| {
            if !restricted.is_empty() {
                state.settle(board)?;
            }
            state.check_solved(board)
        });
        if settled.is_err() {
            return Start::NoSolution;
        }
        if state.is_solved() {
            return Start::Solved(state.candidates.singles());
        }
        let geometry = puzzle.geometry();
        let ruled_out = geometry
            .cells()
            .filter(|&cell| !state.is_placed(board, cell))
            .flat_map(|cell| {
                DigitSet::full(geometry.digits())
                    .difference(state.get(cell))
                    .iter()
                    .map(move |digit| Placement::new(cell, digit))
            })
            .collect();
        Start::Open(state.placements().collect(), ruled_out, Box::new(state))
    }

    /// The session, renewed when a limit ended it or it answered [`RENEW_EVERY`] puzzles, and
    /// stopping at `limits`; `None` when the rules alone have no solution.
    fn session(&mut self, limits: &Limits) -> Option<&mut Session<'static>> {
        let renew =
            self.session.as_ref().is_none_or(Session::is_stopped) || self.answered >= RENEW_EVERY;
        if renew {
            self.session = self.compiled.session(limits);
            self.answered = 0;
        }
        let session = self.session.as_mut()?;
        session.set_limits(limits);
        Some(session)
    }

    /// Counts an answer; a session a limit stopped is dropped.
    fn after_call(&mut self) {
        self.answered += 1;
        if self.session.as_ref().is_some_and(Session::is_stopped) {
            self.session = None;
        }
    }
}

/// The literals that assume `placed` and rule out `ruled_out`, for those with a variable (the
/// others the empty grid's propagation already ruled out).
fn assumed_lits(session: &Session, placed: &[Placement], ruled_out: &[Placement]) -> Vec<Lit> {
    let var_map = session.var_map();
    let positive = placed.iter().filter_map(|&p| var_map.lit(p));
    let negative = ruled_out.iter().filter_map(|&p| var_map.lit(p).map(|lit| !lit));
    positive.chain(negative).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::digit::Digit;

    fn digits(values: &[usize]) -> DigitSet {
        values.iter().filter_map(|&v| Digit::new(v)).collect()
    }

    #[test]
    fn warm_answers_match_the_cold_engines_across_edits() {
        let first: Puzzle = "1...............".parse().unwrap();
        let mut warm = WarmSolver::new(&first);
        for line in ["1...............", "12..34..........", "1...", "12..21.........."] {
            let Ok(puzzle) = line.repeat(16 / line.len()).parse::<Puzzle>() else { continue };
            let cold = crate::engine::candidates::true_candidates(&puzzle, Some(8)).unwrap();
            let hot = warm.try_true_candidates(&puzzle, &[], Some(8), &Limits::new()).unwrap();
            for cell in puzzle.geometry().cells() {
                assert_eq!(hot.get(cell), cold.get(cell), "{line} {cell:?}");
                for digit in cold.get(cell).iter() {
                    let placement = Placement::new(cell, digit);
                    assert_eq!(hot.solutions_with(placement), cold.solutions_with(placement));
                }
            }
            let count = warm.try_count(&puzzle, &[], 1000, &Limits::new(), &mut |_| {}).unwrap();
            let cold = crate::engine::count::count_up_to(&puzzle, 1000).unwrap();
            assert_eq!(
                (count.count(), count.is_exact()),
                (cold.count(), cold.is_exact()),
                "{line}"
            );
        }
    }

    #[test]
    fn restricted_cells_narrow_the_answers() {
        let empty: Puzzle = ".".repeat(16).parse().unwrap();
        let mut warm = WarmSolver::new(&empty);
        let corner = Cell::new(0, 0);
        let restricted = [(corner, digits(&[2]))];
        let found = warm.try_true_candidates(&empty, &restricted, None, &Limits::new()).unwrap();
        assert_eq!(found.get(corner), digits(&[2]));
        assert!(!found.get(Cell::new(0, 1)).contains(Digit::new(2).unwrap()));
        // 288 grids, a quarter with 2 in the corner.
        let mut heard = 0;
        let count =
            warm.try_count(&empty, &restricted, 1000, &Limits::new(), &mut |n| heard = n).unwrap();
        assert_eq!((count.count(), count.is_exact(), heard), (72, true, 72));
        let none = [(corner, digits(&[2])), (Cell::new(0, 1), digits(&[2]))];
        let found = warm.try_true_candidates(&empty, &none, None, &Limits::new()).unwrap();
        assert!(!found.has_solution());
    }

    #[test]
    fn a_stopped_call_leaves_a_solver_that_answers_the_next() {
        let empty: Puzzle = ".".repeat(81).parse().unwrap();
        let mut warm = WarmSolver::new(&empty);
        let stopped = Limits::new().timeout(std::time::Duration::ZERO);
        let count = warm.try_count(&empty, &[], 1_000_000, &stopped, &mut |_| {}).unwrap();
        assert!(count.stopped().is_some());
        let limits = Limits::new().timeout(std::time::Duration::from_secs(60));
        let count = warm.try_count(&empty, &[], 5, &limits, &mut |_| {}).unwrap();
        assert_eq!((count.count(), count.stopped()), (5, None));
    }
}
