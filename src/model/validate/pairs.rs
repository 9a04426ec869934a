//! The validator's quick look for two cells whose digits the classic rules or a pair rule
//! forbid together (equal digits in a house or on a diagonal, or a king's or knight's move
//! apart; consecutive neighbours): whether there are any, in one pass over the grid, without
//! allocating. Naming the first such pair is the slower search's work, run only when this
//! finds one.

use super::pair_conflict;
use crate::model::digit::{Digit, MAX_SIZE};
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;
use crate::model::rule::Rule;

/// Whether two filled cells of `grid` break the classic rules or a pair rule of `rules`.
pub(super) fn has_conflict(rules: &[Rule], grid: &Grid) -> bool {
    let geometry = grid.geometry();
    let size = geometry.size();
    let last = size - 1;
    let (main, anti) = (rules.contains(&Rule::MainDiagonal), rules.contains(&Rule::AntiDiagonal));
    let moves = rules.iter().any(|rule| !later_moves(rule).is_empty());
    let box_of = BoxOf::new(geometry);
    // The digits met so far in each row, column and box (or region), and on each diagonal.
    let mut rows = [Digits::default(); MAX_SIZE];
    let mut columns = [Digits::default(); MAX_SIZE];
    let mut boxes = [Digits::default(); MAX_SIZE];
    let mut diagonals = [Digits::default(); 2];
    (0..size).any(|row| {
        (0..size).any(|column| {
            let a = Cell::new(row, column);
            let Some(da) = grid.get(a) else { return false };
            let bit = 1 << da.index();
            let on_main = main && row == column;
            let on_anti = anti && row + column == last;
            let repeated = rows[row].meets(bit)
                || columns[column].meets(bit)
                || boxes[box_of.cell(a)].meets(bit)
                || (on_main && diagonals[0].meets(bit))
                || (on_anti && diagonals[1].meets(bit));
            repeated || (moves && moved_conflict(rules, grid, a, da))
        })
    })
}

/// Whether a pair rule of `rules` forbids `da` in `a` with the digit of a later cell a move
/// of the rule away.
fn moved_conflict(rules: &[Rule], grid: &Grid, a: Cell, da: Digit) -> bool {
    let geometry = grid.geometry();
    rules.iter().any(|rule| {
        later_moves(rule).iter().any(|&(down, right)| {
            let Some(b) = a.offset(down, right, geometry.size()) else { return false };
            let conflict = |db| pair_conflict(rule, rules, geometry, a, da, b, db);
            grid.get(b).and_then(conflict).is_some()
        })
    })
}

/// The box (or region) of a cell without a division per cell: with the usual boxes, the
/// first box of the cell's band plus the cell's stack, both read from a table made once.
enum BoxOf {
    Boxes { band: [u8; MAX_SIZE], stack: [u8; MAX_SIZE] },
    Regions(Geometry),
}

impl BoxOf {
    fn new(geometry: Geometry) -> BoxOf {
        if geometry.regions().is_some() {
            return BoxOf::Regions(geometry);
        }
        let (mut band, mut stack) = ([0; MAX_SIZE], [0; MAX_SIZE]);
        for i in 0..geometry.size() {
            // Box numbers are below N ≤ MAX_SIZE, which fits a byte.
            band[i] = geometry.box_of(Cell::new(i, 0)) as u8;
            stack[i] = geometry.box_of(Cell::new(0, i)) as u8;
        }
        BoxOf::Boxes { band, stack }
    }

    /// The 0-based number of the box (or region) holding `cell`.
    fn cell(&self, cell: Cell) -> usize {
        match self {
            BoxOf::Boxes { band, stack } => usize::from(band[cell.row()] + stack[cell.column()]),
            BoxOf::Regions(geometry) => geometry.box_of(cell),
        }
    }
}

/// A set of digits, one bit per digit index.
#[derive(Clone, Copy, Default)]
struct Digits(u64);

impl Digits {
    /// Adds the digit of `bit`: whether it was met before.
    fn meets(&mut self, bit: u64) -> bool {
        let met = self.0 & bit != 0;
        self.0 |= bit;
        met
    }
}

/// The moves (rows down, columns right) to the later cells in reading order that `rule`
/// relates a cell to beyond its houses and diagonals: the king's diagonal steps, the knight's
/// moves, the orthogonal neighbours the non-consecutive rule looks at.
fn later_moves(rule: &Rule) -> &'static [(isize, isize)] {
    match rule {
        Rule::AntiKing => &[(1, -1), (1, 1)],
        Rule::AntiKnight => &[(1, -2), (1, 2), (2, -1), (2, 1)],
        Rule::NonConsecutive => &[(0, 1), (1, 0)],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::model::regions::Regions;
    use crate::model::validate::first_pair_conflict;

    /// Every pair rule, and the grids: 4×4, 6×6 with boxes and with regions.
    fn shapes() -> ([Rule; 5], [Geometry; 3]) {
        let regions = Regions::new(6, b"aaabbbaacbbbacccddeccdddeeefdfeeffff").unwrap();
        let rules = [
            Rule::MainDiagonal,
            Rule::AntiDiagonal,
            Rule::AntiKing,
            Rule::AntiKnight,
            Rule::NonConsecutive,
        ];
        let geometries = [
            Geometry::with_usual_boxes(4).unwrap(),
            Geometry::with_usual_boxes(6).unwrap(),
            Geometry::with_regions(6, regions).unwrap(),
        ];
        (rules, geometries)
    }

    #[test]
    fn the_quick_look_finds_a_conflict_exactly_when_the_pair_by_pair_search_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(20);
        let (families, geometries) = shapes();
        let mut outcomes = [0; 2];
        for geometry in geometries {
            for chosen in 0..1 << families.len() {
                let rules: Vec<Rule> = (0..families.len())
                    .filter(|i| chosen >> i & 1 == 1)
                    .map(|i| families[i].clone())
                    .collect();
                for filled in 2..=geometry.cell_count() / 2 {
                    let mut grid = Grid::empty(geometry);
                    for _ in 0..filled {
                        let cell = geometry.cell(rng.random_range(0..geometry.cell_count()));
                        grid.set(cell, Digit::new(rng.random_range(1..=geometry.size())));
                    }
                    let found = has_conflict(&rules, &grid);
                    let named = first_pair_conflict(&rules, &grid);
                    assert_eq!(found, named.is_some(), "{rules:?} {} {named:?}", grid.to_line());
                    outcomes[usize::from(found)] += 1;
                }
            }
        }
        // Both answers are met many times, so a look that missed a rule would be caught.
        assert!(outcomes.iter().all(|&count| count > 200), "{outcomes:?}");
    }
}
