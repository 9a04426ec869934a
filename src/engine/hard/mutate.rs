//! The search's move: a mutant of a pool puzzle, unique and minimal, that keeps most of its
//! parent's givens (see the steps in [`super`]).

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

/// What a move of the search works with: the rules' session and compilation.
pub(super) struct Mutator<'a, 's> {
    pub(super) session: &'a mut Session<'s>,
    pub(super) compiled: &'a CompiledRules,
}

impl Mutator<'_, '_> {
    /// One move of the search: drop givens, complete towards the old or a new grid, minimise
    /// the added givens first, then all.
    pub(super) fn mutate(
        &mut self,
        parent: &Puzzle,
        max_drop: usize,
        rng: &mut ChaCha8Rng,
    ) -> Result<Puzzle, SolveError> {
        let solution = parent.solution().expect("pool puzzles carry their solution");
        let mut givens = placements_of(parent.givens());
        givens.shuffle(rng);
        // One given at least stays, unless there is only one: dropping them all would make a
        // new random puzzle, not a neighbour (a miracle has 2 givens).
        let most = max_drop.min(givens.len().saturating_sub(1)).max(1);
        let drop = rng.random_range(1..=most).min(givens.len());
        givens.truncate(givens.len() - drop);
        let target = match rng.random_bool(0.5) {
            true => solution.clone(),
            false => {
                let draw = GridDraw::new(self.compiled);
                draw.draw(self.session, rng, &givens)?.expect("the parent's solution fits")
            }
        };
        let old_cells: Vec<Cell> = givens.iter().map(|p| p.cell).collect();
        self.complete_randomly(&mut givens, &target, rng)?;
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
        self.minimise(&near, &MinimiseOptions::new().seed(rng.random()).keep(added_kept))
    }

    /// Adds givens from `target` (a solution of `givens`) until it is their only solution,
    /// each at a random cell where another solution differs from it (as tdoku's generator adds
    /// random clues until unique): one question per given (to the guess-and-propagate search
    /// where it answers, else to the SAT solver), where the `complete` engine's choice of the
    /// most cutting given samples several solutions per given; the minimising that follows
    /// drops the givens that are not needed.
    fn complete_randomly(
        &mut self,
        givens: &mut Vec<Placement>,
        target: &Grid,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), SolveError> {
        while let Some(other) = self.other_solution(givens, target)? {
            let differing: Vec<Cell> =
                target.geometry().cells().filter(|&c| other.get(c) != target.get(c)).collect();
            let cell = *differing.choose(rng).expect("another solution differs somewhere");
            givens.push(Placement::new(cell, target.get(cell).expect("a complete solution")));
        }
        Ok(())
    }

    /// A solution of `givens` other than `target` (one of them), if there is one.
    fn other_solution(
        &mut self,
        givens: &[Placement],
        target: &Grid,
    ) -> Result<Option<Grid>, SolveError> {
        let (limits, mut scratch) = (self.session.limits().clone(), None);
        let search = Some(&mut Search::default());
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
    fn minimise(
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
        let (mut kept, mut total) = (0, 0);
        for _ in 0..8 {
            let child = mutator.mutate(&parent, 3, &mut rng).unwrap();
            assert!(crate::count_up_to(&child, 2).unwrap().is_unique());
            let again = minimise_with(mutator.session, &compiled, &child, &MinimiseOptions::new());
            let again = again.unwrap().puzzle;
            assert_eq!(again.givens(), child.givens(), "not minimal");
            let same = |p: &Placement| child.givens().get(p.cell) == Some(p.digit);
            kept += placements_of(parent.givens()).iter().filter(|p| same(p)).count();
            total += parent.givens().filled_count();
        }
        // At most 3 givens dropped of about 24: most of the parent stays.
        assert!(kept * 10 >= total * 7, "{kept} of {total} givens kept");
    }
}
