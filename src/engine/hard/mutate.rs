//! The search's move, {-n+m}: a mutant of a pool puzzle that drops n of its givens and adds
//! at most m, then minimised: unique and minimal, and near its parent (see [`super`]).

use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use crate::engine::compiled::{CompiledRules, WithoutSat};
use crate::engine::minimise::{MinimiseError, MinimiseOptions, minimise_compiled};
use crate::engine::random_grid::GridDraw;
use crate::engine::{grid_of, placements_of};
use crate::ir::Placement;
use crate::logic::Search;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::{Outcome, Session, SolveError};

/// A planned {-n+m} move (see [`Move::plan`]).
#[derive(Clone, Debug)]
pub(super) struct Move {
    /// The parent's givens that stay.
    pub(super) kept: Vec<Placement>,
    /// The cells of the givens dropped (in cell order).
    pub(super) dropped: Vec<Cell>,
    /// At most how many givens to add.
    add: usize,
    /// Whether to complete towards a new grid (else the parent's).
    pub(super) new_grid: bool,
}

impl Move {
    /// Plans one {-n+m} move of the search on `parent`: which givens to drop (`drop` at
    /// random; one at least stays, unless there is only one), at most how many to add, and
    /// whether towards the parent's grid or a new one. Cheap: the search hashes the plan to
    /// a shard before [`Mutator::make`] does the work.
    pub(super) fn plan(parent: &Puzzle, drop: usize, add: usize, rng: &mut ChaCha8Rng) -> Move {
        let mut kept = placements_of(parent.givens());
        kept.shuffle(rng);
        // Dropping them all would make a new random puzzle, not a neighbour (a miracle has 2
        // givens).
        let drop = drop.min(kept.len().saturating_sub(1)).max(1).min(kept.len());
        let mut dropped: Vec<Cell> = kept.drain(kept.len() - drop..).map(|p| p.cell).collect();
        dropped.sort_unstable();
        Move { kept, dropped, add, new_grid: !rng.random_bool(0.5) }
    }

    /// The move's hash from its parent, dropped cells and draws (FNV-1a, the same on every
    /// machine): the search's [`super::Shard`] of the move.
    pub(super) fn hash(&self, parent: &Puzzle) -> u64 {
        let mut bytes = parent.to_line().into_bytes();
        bytes.extend(self.dropped.iter().flat_map(|cell| [cell.row() as u8, cell.column() as u8]));
        bytes.extend([self.add as u8, u8::from(self.new_grid)]);
        super::shard::fnv1a(&bytes)
    }
}

/// What a move of the search works with: the rules' session and compilation.
pub(super) struct Mutator<'a, 's> {
    pub(super) session: &'a mut Session<'s>,
    pub(super) compiled: &'a CompiledRules,
}

impl Mutator<'_, '_> {
    /// Makes the planned move on `parent`: adds at most `add` givens towards the old or a new
    /// grid, then minimises the added givens first, then all. `None` when `add` givens do not
    /// make the puzzle unique again (the move leaves the neighbourhood).
    pub(super) fn make(
        &mut self,
        parent: &Puzzle,
        planned: Move,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<Puzzle>, SolveError> {
        let Move { kept: mut givens, add, new_grid, .. } = planned;
        let target = self.target(parent, &givens, new_grid, rng)?;
        let old_cells: Vec<Cell> = givens.iter().map(|p| p.cell).collect();
        if !self.complete_randomly(&mut givens, &target, add, rng)? {
            return Ok(None);
        }
        let grid = grid_of(parent.geometry(), &givens);
        // The added givens are tried for removal first (the parent's stay: the child stays
        // near its parent), then the parent's: a given needed once is needed after any
        // removal, so the added givens that stayed need no second question, and the result
        // is minimal.
        let added_first = MinimiseOptions::new().seed(rng.random()).keep(old_cells.clone());
        let near = self.minimise(&parent.with_givens(grid), &added_first)?;
        let added_kept = near
            .givens()
            .filled()
            .map(|(cell, _)| cell)
            .filter(|c| !old_cells.contains(c))
            .collect();
        let options = MinimiseOptions::new().seed(rng.random()).keep(added_kept);
        self.minimise(&near, &options).map(Some)
    }

    /// The grid a move on `parent` completes `givens` (what it kept) towards: the parent's
    /// solution, or with `new_grid` a random solution of `givens`.
    pub(super) fn target(
        &mut self,
        parent: &Puzzle,
        givens: &[Placement],
        new_grid: bool,
        rng: &mut ChaCha8Rng,
    ) -> Result<Grid, SolveError> {
        let solution = parent.solution().expect("pool puzzles carry their solution");
        Ok(match new_grid {
            false => solution.clone(),
            true => {
                let draw = GridDraw::new(self.compiled);
                draw.draw(self.session, rng, givens)?.expect("the parent's solution fits")
            }
        })
    }

    /// Adds at most `add` givens from `target` (a solution of `givens`) until it is their only
    /// solution, each at a random cell where another solution differs from it (as tdoku's
    /// generator adds random clues until unique; a given where no other solution differs
    /// would be dropped again by the minimising): one question per given (to the
    /// guess-and-propagate search where it answers, else to the SAT solver). Whether the
    /// target is now the only solution.
    fn complete_randomly(
        &mut self,
        givens: &mut Vec<Placement>,
        target: &Grid,
        add: usize,
        rng: &mut ChaCha8Rng,
    ) -> Result<bool, SolveError> {
        for _ in 0..add {
            let Some(other) = self.other_solution(givens, target)? else { return Ok(true) };
            let differing: Vec<Cell> =
                target.geometry().cells().filter(|&c| other.get(c) != target.get(c)).collect();
            let cell = *differing.choose(rng).expect("another solution differs somewhere");
            givens.push(Placement::new(cell, target.get(cell).expect("a complete solution")));
        }
        Ok(self.other_solution(givens, target)?.is_none())
    }

    /// A solution of `givens` other than `target` (one of them), if there is one.
    pub(super) fn other_solution(
        &mut self,
        givens: &[Placement],
        target: &Grid,
    ) -> Result<Option<Grid>, SolveError> {
        self.other_solution_by(givens, target, Search::default())
    }

    /// A solution of `givens` other than `target` that agrees with it as far down the search
    /// as one can (the search tries `target`'s digits first, [`Search::preferring`]), if there
    /// is one: a neighbour of `target`, which rules out few of the cells where a given would
    /// make `target` the only solution.
    pub(super) fn neighbour_solution(
        &mut self,
        givens: &[Placement],
        target: &Grid,
    ) -> Result<Option<Grid>, SolveError> {
        self.other_solution_by(givens, target, Search::preferring(target.clone()))
    }

    /// A solution of `givens` other than `target`, by `search` where it answers, else by SAT.
    fn other_solution_by(
        &mut self,
        givens: &[Placement],
        target: &Grid,
        mut search: Search,
    ) -> Result<Option<Grid>, SolveError> {
        let (limits, mut scratch) = (self.session.limits().clone(), None);
        let search = Some(&mut search);
        let placements = givens.iter().copied();
        match self.compiled.count_without_sat(placements, 1, search, &limits, &mut scratch) {
            WithoutSat::Counted(_, Some(stop)) => return Err(stop.into()),
            WithoutSat::Counted(found, None) => {
                return Ok(found.first.into_iter().find(|grid| grid != target));
            }
            WithoutSat::Open(_) => {}
        }
        let activation = self.session.activation();
        let blocking = self.session.blocking_clause(target);
        self.session.add_clause_while(activation, &blocking);
        let other = self.session.solve_while(givens, &[activation]);
        self.session.retire(activation);
        Ok(match other? {
            Outcome::Solution(other) => Some(other),
            Outcome::NoSolution { .. } => None,
        })
    }

    /// `puzzle` (unique) minimised within `options` ([`minimise_compiled`]).
    pub(super) fn minimise(
        &mut self,
        puzzle: &Puzzle,
        options: &MinimiseOptions,
    ) -> Result<Puzzle, SolveError> {
        match minimise_compiled(self.session, self.compiled, puzzle, options) {
            Ok(minimal) => Ok(minimal.puzzle),
            Err(MinimiseError::Solve(error)) => Err(error),
            Err(error) => unreachable!("completed givens have one solution: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::engine::generate::{GenerateOptions, generate};
    use crate::engine::minimise::minimise_with;
    use crate::limits::Limits;

    #[test]
    fn mutants_are_unique_minimal_and_keep_most_of_their_parent() {
        let template: Puzzle = format!("rules: classic\n{}", ".".repeat(81)).parse().unwrap();
        let parent = generate(&template, 0, &GenerateOptions::new().seed(7)).unwrap().puzzle;
        let compiled = CompiledRules::compile(&template);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let mut mutator = Mutator { session: &mut session, compiled: &compiled };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (mut kept, mut total, mut made) = (0, 0, 0);
        for _ in 0..40 {
            let planned = Move::plan(&parent, 2, 3, &mut rng);
            assert_eq!(planned.dropped.len(), 2);
            let Some(child) = mutator.make(&parent, planned, &mut rng).unwrap() else { continue };
            made += 1;
            assert!(crate::count_up_to(&child, 2).unwrap().is_unique());
            let again = minimise_with(mutator.session, &compiled, &child, &MinimiseOptions::new());
            let again = again.unwrap().puzzle;
            assert_eq!(again.givens(), child.givens(), "not minimal");
            let same = |p: &Placement| child.givens().get(p.cell) == Some(p.digit);
            kept += placements_of(parent.givens()).iter().filter(|p| same(p)).count();
            total += parent.givens().filled_count();
        }
        // At most 2 givens dropped of about 24: most of the parent stays.
        assert!(made >= 5, "{made} of 40 moves stayed unique with 3 givens added");
        assert!(kept * 10 >= total * 7, "{kept} of {total} givens kept");
    }
}
