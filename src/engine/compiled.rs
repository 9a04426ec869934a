//! A rule set compiled once: everything that depends only on the rules and the grid shape,
//! shared by every puzzle of a batch, every removal of the minimiser and every attempt of the
//! generator. A puzzle adds only its givens.
//!
//! What it holds: the IR; the logic engine's board (houses, peer lists, exclusions and tables,
//! indexed by cell and placement) with the empty grid already settled, for the pre-pass and the
//! guess-and-propagate search after it; and,
//! built on first need, the CNF of the empty grid, over which a reused SAT session takes each
//! puzzle's placements as assumptions.

use std::sync::OnceLock;

use crate::encode::{EncodeOptions, Encoding, encode};
use crate::ir::propagate::{Candidates, Contradiction};
use crate::ir::{Ir, Placement};
use crate::limits::{Limits, Stop};
use crate::logic::board::Board;
use crate::logic::{Ended, Found, Prepass, Search, State, Unfinished};
use crate::model::geometry::Geometry;
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;
use crate::session::Session;

/// What the pre-pass and the search make of a set of givens
/// ([`CompiledRules::count_without_sat`]).
pub(crate) enum WithoutSat<'s> {
    /// Counted: solved or contradicted by the pre-pass, or searched; with the limit that
    /// stopped the search, if one did (the count is then a lower bound).
    Counted(Found, Option<Stop>),
    /// Left to the SAT solver: the state the pre-pass settled.
    Open(&'s State),
}

/// The rules of a puzzle (and its grid shape), compiled for many questions.
#[derive(Debug)]
pub(crate) struct CompiledRules {
    geometry: Geometry,
    rules: Vec<Rule>,
    ir: Ir,
    prepass: Prepass,
    /// The CNF of the empty grid (the candidates the rules alone leave); `None` when the rules
    /// alone have no solution.
    empty: OnceLock<Option<Encoding>>,
    /// The nodes a search may see before SAT answers instead (see [`search_nodes`]).
    search_nodes: usize,
}

impl CompiledRules {
    /// Compiles the rules and grid shape of `puzzle` (its givens play no part).
    pub fn compile(puzzle: &Puzzle) -> CompiledRules {
        let ir = Ir::lower(puzzle);
        let global = puzzle.rules().iter().all(Rule::is_global);
        CompiledRules {
            search_nodes: search_nodes(puzzle.geometry().cell_count(), global),
            geometry: puzzle.geometry(),
            rules: puzzle.rules().to_vec(),
            prepass: Prepass::new(&ir),
            ir,
            empty: OnceLock::new(),
        }
    }

    /// The compilation in `slot` when it answers for `puzzle`, else a new one put there (how
    /// a batch worker keeps its rule set from one puzzle to the next); and whether it is new.
    pub fn kept<'a>(
        slot: &'a mut Option<CompiledRules>,
        puzzle: &Puzzle,
    ) -> (&'a CompiledRules, bool) {
        let fresh = !slot.as_ref().is_some_and(|compiled| compiled.fits(puzzle));
        if fresh {
            *slot = Some(CompiledRules::compile(puzzle));
        }
        (slot.as_ref().expect("filled above"), fresh)
    }

    /// Whether `puzzle` has exactly these rules on this grid shape, so that this compilation
    /// answers for it.
    pub fn fits(&self, puzzle: &Puzzle) -> bool {
        puzzle.geometry() == self.geometry && puzzle.rules() == self.rules.as_slice()
    }

    /// The pre-pass on `givens` (see [`Prepass::run`]), in `scratch`.
    ///
    /// # Errors
    /// The [`Contradiction`] met: the givens have no solution.
    pub fn deduce<'s>(
        &self,
        givens: impl IntoIterator<Item = Placement>,
        scratch: &'s mut Option<State>,
    ) -> Result<&'s State, Contradiction> {
        self.prepass.run(givens, scratch)
    }

    /// Counts the solutions of `givens` up to one past `max` without the SAT solver when it
    /// can: the pre-pass (in `scratch`), then, given `search`, guessing and propagating (see
    /// [`Prepass::search`]) within a budget and `limits`. What is left open (sums, a search
    /// past its budget, or no search asked) is the pre-pass's settled state, for SAT.
    pub fn count_without_sat<'s>(
        &self,
        givens: impl IntoIterator<Item = Placement>,
        max: usize,
        search: Option<&mut Search>,
        limits: &Limits,
        scratch: &'s mut Option<State>,
    ) -> WithoutSat<'s> {
        let state = match self.deduce(givens, scratch) {
            Err(_) => return WithoutSat::Counted(Found::deduced(None), None),
            Ok(state) if state.is_solved() => {
                return WithoutSat::Counted(Found::deduced(Some(state.candidates.singles())), None);
            }
            Ok(state) => state,
        };
        let budget = self.search_nodes.saturating_add(max.saturating_mul(10));
        match search.and_then(|search| self.prepass.search(state, max, budget, limits, search)) {
            Some(Ok(found)) => WithoutSat::Counted(found, None),
            Some(Err(Unfinished::Stopped(stop, found))) => WithoutSat::Counted(found, Some(stop)),
            Some(Err(Unfinished::OverBudget)) | None => WithoutSat::Open(state),
        }
    }

    /// Adds to `counts` (by placement slot) the solutions below `state` (a settled state of
    /// these rules) through each candidate, until each has `cap` (see
    /// [`Search::count_supports`]), within `limits` and a budget of nodes: the budget of rules
    /// with cells (see [`search_nodes`]), and ten per count asked (each open candidate's cap).
    /// Not the larger budget of global rules: the nodes of a search past its budget are lost
    /// before SAT answers.
    ///
    /// # Errors
    /// [`Ended`] when the budget or a limit ends the search.
    pub fn count_supports(
        &self,
        state: &State,
        cap: usize,
        search: &mut Search,
        limits: &Limits,
        counts: &mut [usize],
    ) -> Result<(), Ended> {
        let open: usize = self.geometry.cells().map(|cell| state.get(cell).len()).sum();
        let base = search_nodes(self.geometry.cell_count(), false);
        let budget = base.saturating_add(open.saturating_mul(cap).saturating_mul(10));
        search.count_supports(self.board(), state, cap, budget, limits, counts)
    }

    /// Whether the guess-and-propagate search answers for these rules on its own: the core
    /// propagates every constraint (no sums).
    pub fn searchable(&self) -> bool {
        crate::logic::applies(self.board())
    }

    /// The rules lowered to the IR.
    pub fn ir(&self) -> &Ir {
        &self.ir
    }

    /// The logic engine's board over the rules.
    pub fn board(&self) -> &Board {
        self.prepass.board()
    }

    /// The candidates the rules alone leave (the settled empty grid), or their contradiction.
    pub fn start(&self) -> Result<&Candidates, &Contradiction> {
        self.prepass.start().map(|state| &state.candidates)
    }

    /// The CNF of `candidates` (a puzzle's, after its pre-pass): for a fresh solver.
    pub fn encode(&self, candidates: &Candidates) -> Encoding {
        encode(&self.ir, candidates, EncodeOptions::default())
    }

    /// A new session over the CNF of the empty grid, stopping at `limits`, in which givens are
    /// assumptions; `None` when the rules alone have no solution.
    pub fn session(&self, limits: &Limits) -> Option<Session<'static>> {
        let empty = self.empty.get_or_init(|| self.start().ok().map(|all| self.encode(all)));
        empty.as_ref().map(|encoding| Session::limited_over(encoding, limits))
    }
}

/// The nodes a search may see before its question goes to the SAT solver, besides ten per
/// solution asked (each takes a few nodes): about half a second of guessing where the search
/// does better than SAT, no more than the hardest classic puzzles need (a few thousand) many
/// times over where it does not.
///
/// - Global rules alone (`global`): the search settles each guess with locked candidates and
///   common exclusions, the reasoning that solves these rule sets by hand, and answers sparse
///   puzzles that varisat takes 0.25 to 2 s on (non-consecutive puzzles of 4 to 6 givens need
///   up to about 150,000 nodes). A node costs more on a larger grid (about 3 µs on 9×9, 15 µs
///   on 16×16), so the budget shrinks with the square of the cells, from 200,000 nodes on 9×9
///   and smaller grids to a floor of 20,000.
/// - Rules with cells (lines, dots, cages, indexers, marks): 20,000. A sparse puzzle the
///   search cannot finish there (renban lines and indexers on an empty grid) is one that
///   varisat's learning answers in a tenth of a second, where 200,000 nodes would add half a
///   second.
fn search_nodes(cells: usize, global: bool) -> usize {
    const FLOOR: usize = 20_000;
    if !global {
        return FLOOR;
    }
    let scale = (81.0 / cells.max(1) as f64).powi(2).min(1.0);
    ((200_000.0 * scale) as usize).max(FLOOR)
}

#[cfg(test)]
mod tests {
    use super::search_nodes;

    #[test]
    fn the_search_budget_shrinks_with_the_grid_and_for_rules_with_cells() {
        assert_eq!(search_nodes(81, true), 200_000);
        assert_eq!(search_nodes(16, true), 200_000);
        let twelve = search_nodes(144, true);
        assert!(20_000 < twelve && twelve < 200_000, "{twelve}");
        // 16×16 keeps the 20,000 nodes it always had, give or take a few.
        assert!((20_000..20_100).contains(&search_nodes(256, true)));
        assert_eq!(search_nodes(625, true), 20_000);
        assert_eq!(search_nodes(81, false), 20_000);
    }
}
