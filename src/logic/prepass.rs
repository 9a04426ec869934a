//! The pre-pass: the core tier of the logic engine (`state.rs`: placing a digit removes what it
//! excludes; naked and hidden singles; table supports) run from a rule set compiled once, so
//! that a puzzle costs only its own deductions.
//!
//! The board (houses, peers, exclusions, tables) is built and the empty grid settled once per
//! rule set; each puzzle copies that settled state into a scratch state it reuses (no
//! allocation once the scratch exists), places its givens and settles. A puzzle the pre-pass
//! solves is unique by deduction (every step was forced); a contradiction proves it has no
//! solution; anything else goes to the SAT solver with what the pre-pass forced.

use super::board::Board;
use super::search::{self, Found, Search, Unfinished};
use super::state::State;
use crate::ir::propagate::Contradiction;
use crate::ir::{Ir, Placement};
use crate::limits::Limits;
use crate::model::grid::Grid;

/// The core tier over one rule set, ready for any givens.
#[derive(Clone, Debug)]
pub(crate) struct Prepass {
    board: Board,
    /// The empty grid settled: what the rules alone force, or their contradiction.
    start: Result<State, Contradiction>,
}

impl Prepass {
    /// Arranges `ir` for deductions and settles its empty grid.
    pub fn new(ir: &Ir) -> Prepass {
        let board = Board::new(ir);
        let start = State::start(&board, ir, &Grid::empty(ir.geometry())).and_then(|mut state| {
            state.settle(&board)?;
            Ok(state)
        });
        Prepass { board, start }
    }

    /// The board the deductions run on (built once: a grid draw reads it too).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The settled empty grid: what the rules alone leave, or the contradiction they meet.
    pub fn start(&self) -> Result<&State, &Contradiction> {
        self.start.as_ref()
    }

    /// Places `givens` on the settled empty grid, in `scratch` (filled on first use, reused
    /// after), and settles: the state reached.
    ///
    /// # Errors
    /// The [`Contradiction`] met: the givens have no solution under the rules.
    pub fn run<'s>(
        &self,
        givens: impl IntoIterator<Item = Placement>,
        scratch: &'s mut Option<State>,
    ) -> Result<&'s State, Contradiction> {
        let start = self.start.as_ref().map_err(Clone::clone)?;
        let state = match scratch {
            Some(state) => {
                state.reset_to(start);
                state
            }
            None => scratch.insert(start.clone()),
        };
        for given in givens {
            state.place(&self.board, given)?;
        }
        state.settle(&self.board)?;
        Ok(state)
    }

    /// Counts the solutions below `state` (a state this pre-pass settled) by guessing and
    /// propagating (see `search.rs`), up to one past `max`, seeing at most `budget` nodes;
    /// `None` when the rule set has constraints the core does not enforce (sums), which only
    /// the SAT solver answers.
    pub fn search(
        &self,
        state: &State,
        max: usize,
        budget: usize,
        limits: &Limits,
        scratch: &mut Search,
    ) -> Option<Result<Found, Unfinished>> {
        search::applies(&self.board).then(|| scratch.count(&self.board, state, max, budget, limits))
    }
}
