//! Counting many puzzles: a [`Counter`] compiles each rule set once (see `compiled.rs`), runs
//! the pre-pass from it, then (for rule sets without sums) guesses and propagates on what the
//! pre-pass left (`logic/search.rs`), and hands the puzzles both leave open to a SAT solver.
//!
//! [`Solvers::Fresh`] (the default) builds a new solver per open puzzle over the candidates its
//! pre-pass left, with the givens as facts. [`Solvers::Reused`] keeps one session per rule set
//! over the CNF of the empty grid: a puzzle's placements (its givens and what the pre-pass
//! forced) are assumptions, and the clauses blocking its solutions hang on an activation
//! literal retired after the puzzle; the session is renewed every `renew_every` puzzles, which
//! bounds its learned and retired clauses. Measured (see the README's benchmarks), the reused
//! session is about level with fresh solvers on 17-clue puzzles and ten times slower on hard
//! ones, so fresh is the default and the reused path stays as an option and a cross-check.

use varisat::Lit;

use super::compiled::{CompiledRules, WithoutSat};
use super::count::{Count, CountOptions};
use crate::ir::Placement;
use crate::ir::propagate::Candidates;
use crate::limits::Limits;
use crate::logic::{Search, State};
use crate::model::puzzle::Puzzle;
use crate::session::{ConflictCounter, Outcome, Session, SolveError};

/// Which SAT solver answers the puzzles the pre-pass leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solvers {
    /// A new solver per puzzle, over the candidates its pre-pass left (givens as facts).
    Fresh,
    /// One solver per rule set, over the empty grid's CNF, with each puzzle's placements as
    /// assumptions; a new one after `renew_every` puzzles (at least 1).
    Reused {
        /// Puzzles a solver answers before it is replaced.
        renew_every: usize,
    },
}

impl Default for Solvers {
    /// A fresh solver per puzzle: measured faster (`cargo bench --features tools --bench anchors -- --solvers`,
    /// see the README): about level on 17-clue puzzles, ten times faster on SE 11+ ones, where
    /// the reused solver searches the whole grid's CNF under assumptions instead of the few
    /// candidates the pre-pass left.
    fn default() -> Solvers {
        Solvers::Fresh
    }
}

/// Counts the solutions of many puzzles, one after another, sharing what their rule set
/// compiles to. One per thread: a batch worker keeps its own.
///
/// # Example
/// ```
/// use satdoku::engine::count::CountOptions;
/// use satdoku::engine::counter::Counter;
/// let mut counter = Counter::new(&satdoku::Limits::new());
/// for line in ["1...............", "12..34.........."] {
///     let puzzle: satdoku::Puzzle = line.parse()?;
///     let counted = counter.count(&puzzle, &CountOptions::up_to(2))?;
///     // Both have more than two solutions: the count stops one past its bound.
///     assert_eq!(counted.count(), 2);
/// }
/// # Ok::<(), satdoku::Error>(())
/// ```
#[derive(Debug)]
pub struct Counter {
    limits: Limits,
    solvers: Solvers,
    compiled: Option<CompiledRules>,
    /// Puzzles counted with the current compilation.
    counted: usize,
    reused: Option<Reused>,
    scratch: Option<State>,
    /// The guess-and-propagate search's scratch states.
    search: Search,
}

/// The reused session and how many puzzles it answered.
#[derive(Debug)]
struct Reused {
    session: Session<'static>,
    puzzles: usize,
}

impl Counter {
    /// A counter whose SAT calls stop at `limits`, with the default [`Solvers`].
    pub fn new(limits: &Limits) -> Counter {
        Counter {
            limits: limits.clone(),
            solvers: Solvers::default(),
            compiled: None,
            counted: 0,
            reused: None,
            scratch: None,
            search: Search::default(),
        }
    }

    /// Which solver answers what the pre-pass leaves open. [default: fresh]
    ///
    /// # Panics
    /// When `renew_every` is 0.
    pub fn solvers(mut self, solvers: Solvers) -> Counter {
        assert!(
            solvers != Solvers::Reused { renew_every: 0 },
            "a solver answers a puzzle at least"
        );
        self.solvers = solvers;
        self
    }

    /// The limits its SAT calls stop at.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Counts the solutions of `puzzle` as `options` say (see [`super::count::count`]); a
    /// limit reached makes the count a lower bound ([`Count::stopped`]).
    ///
    /// # Errors
    /// [`SolveError`] when the SAT solver fails.
    pub fn count(&mut self, puzzle: &Puzzle, options: &CountOptions) -> Result<Count, SolveError> {
        let (compiled, new_rules) = CompiledRules::kept(&mut self.compiled, puzzle);
        if new_rules {
            (self.counted, self.reused) = (0, None);
        }
        self.counted += 1;
        let mut count = Count::start(options.conflicts);
        let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
        // What the SAT solver has left to decide: the candidates, and the placements to assume.
        let (candidates, assumptions): (&Candidates, Vec<Placement>) = if options.prepass {
            let search = (options.search && !options.conflicts).then_some(&mut self.search);
            let max = options.max;
            match compiled.count_without_sat(givens, max, search, &self.limits, &mut self.scratch) {
                WithoutSat::Counted(found, stop) => return Ok(count.found(found, max, stop)),
                WithoutSat::Open(state) => (&state.candidates, state.placements().collect()),
            }
        } else {
            let Ok(candidates) = compiled.start() else {
                count.exhausted = true;
                return Ok(count);
            };
            (candidates, givens.collect())
        };
        if let Some(stop) = self.limits.reached() {
            count.stopped = Some(stop);
            return Ok(count);
        }
        // The first puzzle of a rule set goes to a fresh solver: a batch of distinct rule sets
        // never pays for the empty grid's CNF.
        match self.solvers {
            Solvers::Reused { renew_every } if !options.conflicts && self.counted > 1 => {
                let renew = self.reused.as_ref().is_none_or(|reused| reused.puzzles >= renew_every);
                if renew {
                    self.reused = compiled
                        .session(&self.limits)
                        .map(|session| Reused { session, puzzles: 0 });
                }
                let Some(reused) = self.reused.as_mut() else {
                    count.exhausted = true;
                    return Ok(count);
                };
                reused.puzzles += 1;
                let counted = enumerate(
                    &mut reused.session,
                    (&assumptions, &[]),
                    options.max,
                    count,
                    &mut |_| {},
                );
                if counted.as_ref().map_or(true, |count| count.stopped.is_some()) {
                    // varisat cannot go on after a stop or a failure.
                    self.reused = None;
                }
                counted
            }
            _ => fresh(compiled, candidates, &assumptions, options, &self.limits, count),
        }
    }
}

/// Counts on a new solver over `candidates`.
fn fresh(
    compiled: &CompiledRules,
    candidates: &Candidates,
    assumptions: &[Placement],
    options: &CountOptions,
    limits: &Limits,
    count: Count,
) -> Result<Count, SolveError> {
    let encoding = compiled.encode(candidates);
    let mut counter = ConflictCounter::new();
    let mut session = if options.conflicts {
        Session::counting_conflicts(encoding, &mut counter, limits)
    } else {
        Session::limited(encoding, limits)
    };
    enumerate(&mut session, (assumptions, &[]), options.max, count, &mut |_| {})
}

/// Solve under `assumptions` (placements, and literals such as ruled-out placements), block
/// that solution, solve again, until there is none or one more than `max` shows the count is
/// not exact; `progress` hears the count after each solution. The blocking clauses hang on
/// an activation literal retired at the end, so a reused session serves the next puzzle.
pub(super) fn enumerate(
    session: &mut Session,
    (assumptions, assumed): (&[Placement], &[Lit]),
    max: usize,
    mut count: Count,
    progress: &mut dyn FnMut(usize),
) -> Result<Count, SolveError> {
    let before = session.stats();
    let other = session.activation();
    let activations = [assumed, &[other]].concat();
    loop {
        let outcome = match session.solve_while(assumptions, &activations) {
            Err(error) if error.stop().is_some() => {
                count.stopped = error.stop();
                break;
            }
            outcome => outcome?,
        };
        match outcome {
            // One solution past the bound: the count is not exact.
            Outcome::Solution(grid) if count.count == max => {
                if count.first.len() < 2 {
                    count.first.push(grid);
                }
                break;
            }
            Outcome::Solution(grid) => {
                let blocking = session.blocking_clause(&grid);
                session.add_clause_while(other, &blocking);
                count.count += 1;
                if count.first.len() < 2 {
                    count.first.push(grid);
                }
                progress(count.count);
            }
            Outcome::NoSolution { .. } => {
                count.exhausted = true;
                break;
            }
        }
    }
    if count.stopped.is_none() {
        session.retire(other);
    }
    count.stats = session.stats().since(before);
    Ok(count)
}
