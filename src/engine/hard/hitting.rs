//! The fewest-givens search's move: drop n givens of a unique puzzle and add back the fewest
//! givens of its solution that rule out every other solution of what is left (a hitting set
//! of their difference sets), found by counting, never by blind trial.
//!
//! Let a unique puzzle have solution G, and drop n of its givens: the loosened puzzle has
//! other solutions S1..Sk. A given of G at cell c rules out exactly the Si that differ from G
//! at c, so a set of cells, each given its digit in G, makes G the only solution again iff it
//! meets every Si's set of cells differing from G. The cells that do so alone are found
//! without enumerating the Si: each Si met strikes out the cells where it agrees with G, and
//! a cell left is tried alone (is G the only solution with its given?), which either keeps it
//! or meets another Si. So {-2+1} finds, for the two givens dropped, exactly the cells whose
//! given makes a unique puzzle with one given fewer, in a few counts up to two (by the
//! guess-and-propagate search, SAT where it does not answer). The search tries the target's
//! digits first, so the other solution it meets is a neighbour of the target that agrees with
//! it in most cells and strikes out most cells at once (on anti-knight rules, 100 moves took
//! a third to a quarter of the counts). The target may also be another solution of what is
//! left: the move then leaves for a neighbouring grid.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::mutate::{Move, Mutator};
use crate::engine::grid_of;
use crate::engine::minimise::MinimiseOptions;
use crate::ir::Placement;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::SolveError;

/// At most how many first cells a two-given completion tries (each costs a few counts).
const PAIR_TRIES: usize = 12;

/// What [`Mutator::hitting_cells`] found out about the loosened givens.
struct Hitting {
    /// The cells whose given alone makes the target the only solution.
    cells: Vec<Cell>,
    /// Another solution the search met first, if the givens had one.
    other: Option<Grid>,
}

impl Mutator<'_, '_> {
    /// Makes the planned move on `parent` towards fewer givens: drops the planned n givens and
    /// adds back the smallest set of givens of the target grid (the parent's solution, or a
    /// new one: [`Mutator::target`]) that makes it the only solution again, one given (n = 1:
    /// a sideways swap; n >= 2: n - 1 fewer givens) or, failing that and when n >= 2, two;
    /// then minimises. Never more givens than the parent; `None` when no such set exists (the
    /// move is rejected).
    pub(super) fn make_fewer(
        &mut self,
        parent: &Puzzle,
        planned: Move,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<Puzzle>, SolveError> {
        let Move { kept: mut givens, dropped, new_grid, .. } = planned;
        let target = self.target(parent, &givens, new_grid, rng)?;
        // On the parent's grid a dropped given alone leaves a puzzle smaller than a minimal
        // one: never unique.
        let mut open: Vec<Cell> =
            open_cells(&target, &givens).filter(|c| new_grid || !dropped.contains(c)).collect();
        open.shuffle(rng);
        let Some(added) = self.completion(&givens, &target, &open, dropped.len(), rng)? else {
            return Ok(None);
        };
        givens.extend(added.iter().map(|&c| given_of(&target, c)));
        let child = parent.with_givens(grid_of(parent.geometry(), &givens));
        let options = MinimiseOptions::new().seed(rng.random());
        self.minimise(&child, &options).map(Some)
    }

    /// The fewest cells of `open` (none, one, or with `dropped` >= 2 two) whose givens of
    /// `target` make it the only solution of `givens`; `None` when neither one nor two do.
    /// None when `target` already is the only solution: a seed need not be minimal, and a
    /// given added then is one the minimising would remove again.
    fn completion(
        &mut self,
        givens: &[Placement],
        target: &Grid,
        open: &[Cell],
        dropped: usize,
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<Vec<Cell>>, SolveError> {
        let hitting = self.hitting_cells(givens, target, open.to_vec(), 1)?;
        Ok(match (hitting.cells.first(), hitting.other) {
            (_, None) => Some(Vec::new()),
            (Some(&cell), Some(_)) => Some(vec![cell]),
            (None, Some(other)) if dropped >= 2 => {
                self.two_givens(givens, target, &other, open, rng)?.map(|pair| pair.to_vec())
            }
            (None, Some(_)) => None,
        })
    }

    /// Two cells of `open` whose givens of `target` together make it the only solution of
    /// `givens` (when no one cell does): one of them must rule out `other`, another solution,
    /// so the first cell is tried among where `other` differs (at most [`PAIR_TRIES`] of them,
    /// in random order), the second found by [`Mutator::hitting_cells`].
    fn two_givens(
        &mut self,
        givens: &[Placement],
        target: &Grid,
        other: &Grid,
        open: &[Cell],
        rng: &mut ChaCha8Rng,
    ) -> Result<Option<[Cell; 2]>, SolveError> {
        let mut firsts: Vec<Cell> =
            open.iter().copied().filter(|&c| other.get(c) != target.get(c)).collect();
        firsts.shuffle(rng);
        let mut with_first = givens.to_vec();
        for first in firsts.into_iter().take(PAIR_TRIES) {
            with_first.push(given_of(target, first));
            let rest = open.iter().copied().filter(|&c| c != first).collect();
            let hitting = self.hitting_cells(&with_first, target, rest, 1)?;
            if let Some(&second) = hitting.cells.first() {
                return Ok(Some([first, second]));
            }
            with_first.pop();
        }
        Ok(None)
    }

    /// The cells of `candidates` where every solution of `givens` other than `target` differs
    /// from `target` (each, given its digit of `target`, makes `target` the only solution),
    /// and another solution (`None` when `target` is the only one). Every other solution
    /// met strikes out the cells where it agrees with `target`; a cell left is tried alone
    /// (one count up to two, by [`Mutator::neighbour_solution`]), last first: it stays when no
    /// other solution is left, else the solution found strikes out more. Stops when `wanted`
    /// cells are found.
    fn hitting_cells(
        &mut self,
        givens: &[Placement],
        target: &Grid,
        mut candidates: Vec<Cell>,
        wanted: usize,
    ) -> Result<Hitting, SolveError> {
        let Some(other) = self.neighbour_solution(givens, target)? else {
            return Ok(Hitting { cells: candidates, other: None });
        };
        candidates.retain(|&c| other.get(c) != target.get(c));
        let (mut cells, mut with) = (Vec::new(), givens.to_vec());
        while cells.len() < wanted
            && let Some(cell) = candidates.pop()
        {
            with.push(given_of(target, cell));
            match self.neighbour_solution(&with, target)? {
                None => cells.push(cell),
                Some(another) => candidates.retain(|&c| another.get(c) != target.get(c)),
            }
            with.pop();
        }
        Ok(Hitting { cells, other: Some(other) })
    }
}

/// The cells of `target`'s grid that no placement of `givens` fills.
pub(super) fn open_cells<'a>(
    target: &'a Grid,
    givens: &'a [Placement],
) -> impl Iterator<Item = Cell> + 'a {
    target.geometry().cells().filter(|&c| !givens.iter().any(|p| p.cell == c))
}

/// The given of `target`'s digit at `cell`.
pub(super) fn given_of(target: &Grid, cell: Cell) -> Placement {
    Placement::new(cell, target.get(cell).expect("a complete solution"))
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

    fn parent(seed: u64) -> Puzzle {
        let template: Puzzle = format!("rules: classic\n{}", ".".repeat(81)).parse().unwrap();
        generate(&template, 0, &GenerateOptions::new().seed(seed)).unwrap().puzzle
    }

    #[test]
    fn the_hitting_cells_are_exactly_the_single_givens_that_make_the_puzzle_unique_again() {
        let parent = parent(7);
        let target = parent.solution().unwrap().clone();
        let compiled = CompiledRules::compile(&parent);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let mut mutator = Mutator { session: &mut session, compiled: &compiled };
        let givens = placements_of(parent.givens());
        let open: Vec<Cell> =
            target.geometry().cells().filter(|&c| parent.givens().get(c).is_none()).collect();
        let mut found = 0;
        // Each given dropped alone (a swap), then pairs of the first six (one given fewer).
        let singles = (0..givens.len()).map(|a| vec![a]);
        let pairs = (0..6).flat_map(|a| (a + 1..6).map(move |b| vec![a, b]));
        for dropped in singles.chain(pairs) {
            let kept: Vec<Placement> =
                (0..givens.len()).filter(|i| !dropped.contains(i)).map(|i| givens[i]).collect();
            let hitting = mutator.hitting_cells(&kept, &target, open.clone(), usize::MAX);
            let mut cells = hitting.unwrap().cells;
            cells.sort_unstable();
            // Independently: each open cell given its digit, counted by SAT.
            let unique_with = |&cell: &Cell| {
                let mut with = kept.clone();
                with.push(given_of(&target, cell));
                let puzzle = parent.with_givens(grid_of(parent.geometry(), &with));
                crate::count_up_to(&puzzle, 2).unwrap().is_unique()
            };
            let expected: Vec<Cell> = open.iter().copied().filter(unique_with).collect();
            assert_eq!(cells, expected, "dropped givens {dropped:?}");
            found += cells.len();
        }
        assert!(found > 0, "no swap found: the test sees nothing");
    }

    #[test]
    fn a_move_that_leaves_the_puzzle_unique_adds_no_given() {
        // A seed need not be minimal: the parent's solution in full, less one given, is still
        // unique, and no given should come back (the hitting cells are then every open cell).
        let parent = parent(5);
        let target = parent.solution().unwrap().clone();
        let compiled = CompiledRules::compile(&parent);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let mut mutator = Mutator { session: &mut session, compiled: &compiled };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut givens = placements_of(&target);
        let dropped = givens.pop().unwrap().cell;
        for drops in [1, 2] {
            let added = mutator.completion(&givens, &target, &[dropped], drops, &mut rng);
            assert_eq!(added.unwrap(), Some(Vec::new()), "{drops} dropped");
        }
    }

    #[test]
    fn fewer_moves_are_unique_minimal_and_never_larger_than_their_parent() {
        let parent = parent(3);
        let compiled = CompiledRules::compile(&parent);
        let mut session = compiled.session(&Limits::new()).unwrap();
        let mut mutator = Mutator { session: &mut session, compiled: &compiled };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut made = 0;
        for drop in [1, 2, 3].repeat(15) {
            let planned = Move::plan(&parent, drop, 1, &mut rng);
            let Some(child) = mutator.make_fewer(&parent, planned, &mut rng).unwrap() else {
                continue;
            };
            made += 1;
            assert!(crate::count_up_to(&child, 2).unwrap().is_unique(), "{}", child.to_line());
            let again = minimise(&child, &MinimiseOptions::new()).unwrap().puzzle;
            assert_eq!(again.givens(), child.givens(), "not minimal: {}", child.to_line());
            let count = |p: &Puzzle| p.givens().filled_count();
            assert!(
                count(&child) <= count(&parent),
                "{} from {}",
                child.to_line(),
                parent.to_line()
            );
        }
        assert!(made >= 3, "{made} of 45 moves made a puzzle");
    }
}
