//! The fewest-givens search's sweep: every child of a parent that drops n givens and adds back
//! one, towards every grid at once, found by one count of the supports of every candidate.
//!
//! Drop n givens of a unique puzzle: the givens kept have solutions S1..Sk (on many grids). A
//! placement that lies in exactly one Si makes a unique puzzle with it, and these are all the
//! unique puzzles of the kept givens and one more. One guess-and-propagate search counts the
//! solutions through every candidate up to two ([`CompiledRules::count_supports`], as
//! `candidates --count-up-to 1` does): a count of exactly one is exact, and each such
//! placement is a child. So n = 1 gives every sideways swap of the parent at once (the pool
//! fills with distinct puzzles of its count) and n = 2 every child with one given fewer, on
//! any grid: the whole {-2+1} neighbourhood of the parent in one search per pair, where the
//! random and hitting-set moves see the children of one or two grids each. With n = 3, one
//! given of a solution of what is left is first added at random, and the sweep then looks
//! for the last one (a {-3+2} move, its first given sampled). A search past its budget leaves
//! the move without children (rejected): the kept givens have too many solutions for one
//! sweep.

use rand::RngExt;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::hitting::{given_of, open_cells};
use super::mutate::{Move, Mutator};
use crate::engine::grid_of;
use crate::engine::minimise::MinimiseOptions;
use crate::ir::Placement;
use crate::logic::{Ended, Search};
use crate::model::digit::Digit;
use crate::model::puzzle::Puzzle;
use crate::session::SolveError;

/// How many supports a count needs: one past one, so that a count of one is exact.
const CAP: usize = 2;

/// How many of its sideways swaps a sweep that drops one given keeps.
const SIDEWAYS: usize = 2;

/// The hash of a planned sweep's kept givens (FNV-1a of their cells and digits in cell order):
/// two sweeps of the same givens find the same children. `None` when the move drops three or
/// more, whose sweep adds a random given first.
pub(super) fn kept_hash(planned: &Move) -> Option<u64> {
    if planned.dropped.len() >= 3 {
        return None;
    }
    let mut kept = planned.kept.clone();
    kept.sort_unstable_by_key(|p| p.cell);
    let bytes: Vec<u8> = kept
        .iter()
        .flat_map(|p| [p.cell.row() as u8, p.cell.column() as u8, p.digit.value() as u8])
        .collect();
    Some(super::shard::fnv1a(&bytes))
}

impl Mutator<'_, '_> {
    /// Every child of the planned move on `parent`: the kept givens (with one given of a
    /// solution of them added at random when the move drops three or more) and one placement
    /// that makes them unique, each minimised. Empty when no placement does, or when the
    /// search cannot count the supports within its budget.
    pub(super) fn sweep(
        &mut self,
        parent: &Puzzle,
        planned: Move,
        rng: &mut ChaCha8Rng,
    ) -> Result<Vec<Puzzle>, SolveError> {
        let Move { kept: mut givens, dropped, new_grid, .. } = planned;
        if dropped.len() >= 3 {
            let target = self.target(parent, &givens, new_grid, rng)?;
            let open: Vec<_> = open_cells(&target, &givens).collect();
            let cell = *open.choose(rng).expect("a dropped given left a cell open");
            givens.push(given_of(&target, cell));
        }
        let mut children = Vec::new();
        // The parent's own givens back make the parent (or, when it is not minimal, what
        // minimising it makes); a sideways sweep keeps a few of its many swaps.
        let mut lasts: Vec<Placement> = self.unique_completions(&givens)?;
        lasts.retain(|p| parent.givens().get(p.cell) != Some(p.digit));
        if dropped.len() == 1 {
            lasts.shuffle(rng);
            lasts.truncate(SIDEWAYS);
        }
        for last in lasts {
            givens.push(last);
            let child = parent.with_givens(grid_of(parent.geometry(), &givens));
            givens.pop();
            children.push(self.minimise(&child, &MinimiseOptions::new().seed(rng.random()))?);
        }
        Ok(children)
    }

    /// The placements, each of which alone makes `givens` unique (in cell and digit order);
    /// empty when `givens` has no solution, or when the search cannot count within its budget.
    /// When `givens` is already unique, no placement is needed: its solution's own placements
    /// would only add a given that the minimising drops again, so none is returned either.
    fn unique_completions(&mut self, givens: &[Placement]) -> Result<Vec<Placement>, SolveError> {
        let mut scratch = None;
        let Ok(state) = self.compiled.deduce(givens.iter().copied(), &mut scratch) else {
            return Ok(Vec::new());
        };
        if state.is_solved() {
            return Ok(Vec::new());
        }
        let geometry = self.compiled.board().geometry;
        let mut counts = vec![0; geometry.slot_count()];
        let limits = self.session.limits().clone();
        match self.compiled.count_supports(state, CAP, &mut Search::default(), &limits, &mut counts)
        {
            Ok(()) => {}
            Err(Ended::Stopped(stop)) => return Err(stop.into()),
            Err(Ended::OverBudget | Ended::Fruitless) => return Ok(Vec::new()),
        }
        let digits = (0..geometry.digits()).map(Digit::from_index);
        Ok(geometry
            .cells()
            .flat_map(|cell| digits.clone().map(move |digit| Placement::new(cell, digit)))
            .filter(|p| counts[geometry.slot(p.cell, p.digit)] == 1)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::engine::compiled::CompiledRules;
    use crate::engine::generate::{GenerateOptions, generate};
    use crate::engine::minimise::minimise;
    use crate::engine::placements_of;
    use crate::limits::Limits;

    fn parent(rules: &str, size: usize, seed: u64) -> Puzzle {
        let empty = ".".repeat(size * size);
        let template: Puzzle = format!("rules: {rules}\n{empty}").parse().unwrap();
        generate(&template, 0, &GenerateOptions::new().seed(seed)).unwrap().puzzle
    }

    #[test]
    fn the_completions_are_exactly_the_placements_that_make_the_givens_unique() {
        let parent = parent("classic", 9, 7);
        let compiled = CompiledRules::compile(&parent);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let mut mutator = Mutator { session: &mut session, compiled: &compiled };
        let givens = placements_of(parent.givens());
        let geometry = parent.geometry();
        let mut found = 0;
        // Each of the first four givens dropped alone, then the pairs of the first four.
        let singles = (0..4).map(|a| vec![a]);
        let pairs = (0..4).flat_map(|a| (a + 1..4).map(move |b| vec![a, b]));
        for dropped in singles.chain(pairs) {
            let kept: Vec<Placement> =
                (0..givens.len()).filter(|i| !dropped.contains(i)).map(|i| givens[i]).collect();
            let completions = mutator.unique_completions(&kept).unwrap();
            // Independently: every placement added in turn, counted by SAT.
            let unique_with = |placement: &Placement| {
                let mut with = kept.clone();
                with.push(*placement);
                let puzzle = parent.with_givens(grid_of(geometry, &with));
                crate::count_up_to(&puzzle, 2).unwrap().is_unique()
            };
            let every = geometry.cells().flat_map(|cell| {
                (0..geometry.digits()).map(move |d| Placement::new(cell, Digit::from_index(d)))
            });
            let open = every.filter(|p| !kept.iter().any(|k| k.cell == p.cell));
            let expected: Vec<Placement> = open.filter(unique_with).collect();
            assert_eq!(completions, expected, "dropped givens {dropped:?}");
            found += completions.len();
        }
        assert!(found > 0, "no completion found: the test sees nothing");
    }

    #[test]
    fn sweeps_make_unique_minimal_children_no_larger_than_one_given_back_allows() {
        for (rules, size, seed) in [("classic", 4, 2), ("classic", 9, 3), ("anti-knight", 9, 1)] {
            let parent = parent(rules, size, seed);
            let compiled = CompiledRules::compile(&parent);
            let mut session = compiled.session(&Limits::new()).unwrap();
            let mut mutator = Mutator { session: &mut session, compiled: &compiled };
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let parent_count = parent.givens().filled_count();
            let mut made = 0;
            for drop in [1, 2, 3].repeat(4) {
                let planned = Move::plan(&parent, drop, 1, &mut rng);
                for child in mutator.sweep(&parent, planned, &mut rng).unwrap() {
                    made += 1;
                    let line = child.to_line();
                    assert!(crate::count_up_to(&child, 2).unwrap().is_unique(), "{line}");
                    let again = minimise(&child, &MinimiseOptions::new()).unwrap().puzzle;
                    assert_eq!(again.givens(), child.givens(), "not minimal: {line}");
                    // n dropped, n - 1 given back (n = 1: one).
                    let most = parent_count - drop + drop.saturating_sub(1).max(1);
                    assert!(child.givens().filled_count() <= most, "{line} after {drop}");
                    assert_ne!(child.givens(), parent.givens(), "the parent itself");
                }
            }
            assert!(made >= 2, "{rules} {size}: {made} children of 12 sweeps");
        }
    }

    #[test]
    fn a_sweep_of_the_same_givens_is_recognised() {
        let parent = parent("classic", 9, 4);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let planned = Move::plan(&parent, 2, 1, &mut rng);
        let mut shuffled = planned.clone();
        shuffled.kept.reverse();
        assert_eq!(kept_hash(&planned), kept_hash(&shuffled));
        assert!(kept_hash(&planned).is_some());
        assert_eq!(kept_hash(&Move::plan(&parent, 3, 1, &mut rng)), None);
        assert_ne!(kept_hash(&planned), kept_hash(&Move::plan(&parent, 2, 1, &mut rng)));
    }
}
