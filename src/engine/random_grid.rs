//! Random solution grids in one SAT call: random *seed* placements chosen with the logic
//! engine's propagation, then one solve that completes them.
//!
//! The seeds: take the open cell with the fewest candidates (ties in a random order), try its
//! candidates in a random order and keep the first whose placement, followed by the core
//! propagation (singles and table supports, [`crate::logic`]), leaves no contradiction; repeat
//! until every cell is placed. On most rule sets the seeds and their propagation fill the
//! grid, and the SAT call only confirms it. Propagation sees less than the solver: when it meets a cell
//! none of whose candidates survives, or when the solver finds no grid with the seeds, the
//! later half of the seeds is dropped and the solver asked again (the givens always stay), so a
//! grid costs one call, rarely a few.
//!
//! Everything random comes from the caller's generator: the same stream gives the same grid.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::engine::compiled::CompiledRules;
use crate::engine::grid_of;
use crate::ir::Placement;
use crate::logic::state::State;
use crate::model::digit::Digit;
use crate::model::grid::Grid;
use crate::session::{Session, SolveError};

/// Draws random solution grids of one rule set, reading its compilation (the IR and the logic
/// engine's board, built once for every grid drawn and every question the minimiser asks).
pub(crate) struct GridDraw<'a> {
    compiled: &'a CompiledRules,
}

impl<'a> GridDraw<'a> {
    /// The draws for the rules (and marks) `compiled` holds.
    pub(crate) fn new(compiled: &'a CompiledRules) -> GridDraw<'a> {
        GridDraw { compiled }
    }

    /// A random solution grid of the session's rules (those of the template) that keeps
    /// `givens`, or `None` when there is none.
    pub(crate) fn draw(
        &self,
        session: &mut Session,
        rng: &mut ChaCha8Rng,
        givens: &[Placement],
    ) -> Result<Option<Grid>, SolveError> {
        let has_variable = |p: Placement| session.var_map().lit(p).is_some();
        if !givens.iter().all(|&p| has_variable(p)) {
            return Ok(None);
        }
        let seeds = self.seeds(rng, givens, has_variable);
        let mut kept = seeds.len();
        loop {
            let assumptions: Vec<_> =
                seeds[..kept].iter().filter_map(|&p| session.var_map().lit(p)).collect();
            if let Some(grid) = session.solve_lits(&assumptions)? {
                return Ok(Some(grid));
            }
            if kept == givens.len() {
                return Ok(None);
            }
            kept = givens.len() + (kept - givens.len()) / 2;
        }
    }

    /// `givens`, then the random placements propagation allows, in the order chosen; only
    /// placements `allowed` (those with a variable) are drawn.
    fn seeds(
        &self,
        rng: &mut ChaCha8Rng,
        givens: &[Placement],
        allowed: impl Fn(Placement) -> bool,
    ) -> Vec<Placement> {
        let (ir, board) = (self.compiled.ir(), self.compiled.board());
        let mut seeds = givens.to_vec();
        let Ok(mut state) = State::start(board, ir, &grid_of(board.geometry, givens)) else {
            return seeds;
        };
        if state.settle(board).is_err() {
            return seeds;
        }
        // Fewest candidates first (a dead end is then rare), ties in a random order.
        let ties: Vec<u64> = board.geometry.cells().map(|_| rng.random()).collect();
        let open = |state: &State| {
            let cells = board.geometry.cells().filter(|&cell| !state.is_placed(board, cell));
            cells.min_by_key(|&cell| (state.get(cell).len(), ties[board.geometry.index(cell)]))
        };
        while let Some(cell) = open(&state) {
            let mut digits: Vec<Digit> = state.get(cell).iter().collect();
            digits.shuffle(rng);
            let survivor =
                digits.into_iter().map(|digit| Placement::new(cell, digit)).find_map(|placement| {
                    let mut next = state.clone();
                    let fine = allowed(placement)
                        && next.place(board, placement).is_ok()
                        && next.settle(board).is_ok();
                    fine.then_some((placement, next))
                });
            let Some((placement, next)) = survivor else { break };
            seeds.push(placement);
            state = next;
        }
        seeds
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::limits::Limits;
    use crate::model::puzzle::Puzzle;

    fn empty(rules: &str, size: usize) -> Puzzle {
        format!("rules: {rules}\n{}", ".".repeat(size * size)).parse().unwrap()
    }

    /// The grid drawn from `seed` for `template`, keeping `givens`, and the SAT calls it took.
    fn drawn(template: &Puzzle, seed: u64, givens: &[Placement]) -> (Option<Grid>, u64) {
        let compiled = CompiledRules::compile(template);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let grid = GridDraw::new(&compiled)
            .draw(&mut session, &mut ChaCha8Rng::seed_from_u64(seed), givens)
            .unwrap();
        (grid, session.stats().solve_calls)
    }

    #[test]
    fn a_seed_fixes_the_grid_and_seeds_vary_it_in_about_one_call() {
        for (rules, size) in [("classic", 9), ("classic", 16), ("diagonal", 9), ("miracle", 9)] {
            let template = empty(rules, size);
            let mut grids = Vec::new();
            let mut calls = 0;
            for seed in 0..8 {
                let (grid, used) = drawn(&template, seed, &[]);
                let grid = grid.unwrap();
                assert_eq!(crate::validate(&template, &grid), Ok(()), "{rules} {seed}");
                assert_eq!(drawn(&template, seed, &[]).0.as_ref(), Some(&grid), "{rules}");
                grids.push(grid.to_line());
                calls += used;
            }
            grids.sort();
            grids.dedup();
            // The miracle has only 72 grids; the others billions.
            let distinct = if rules == "miracle" { 4 } else { 8 };
            assert!(grids.len() >= distinct, "{rules} {size}: {} distinct", grids.len());
            if rules == "classic" {
                assert!(calls <= 12, "{rules} {size}: {calls} SAT calls for 8 grids");
            }
        }
    }

    #[test]
    fn givens_stay_and_impossible_givens_draw_nothing() {
        let template = empty("classic", 9);
        let one = crate::model::digit::Digit::new(1).unwrap();
        let cell = crate::model::geometry::Cell::new;
        let given = Placement::new(cell(4, 4), one);
        let (grid, _) = drawn(&template, 3, &[given]);
        assert_eq!(grid.unwrap().get(cell(4, 4)), Some(one));
        let clash = [given, Placement::new(cell(4, 5), one)];
        assert_eq!(drawn(&template, 3, &clash).0, None);
    }
}
