//! Brute force, independently of every engine: every grid that keeps the givens and holds
//! each digit once in each row, column and box (or region), the variant rules aside, to be
//! filtered by the independent validator. Feasible when the givens leave few such grids (every
//! 4×4 puzzle; 6×6 and 9×9 puzzles with enough givens) and the search to find them is short.

use satdoku::{Cell, Digit, Grid};

/// How many cells brute force fills at most (tried digits, over the whole search) before it
/// gives up: a wrong given among few can make the classic search long before it fails.
const MOST_NODES: usize = 1_000_000;

/// Every grid that keeps the givens of `givens` and the classic rules of its geometry, or
/// `None` when there are more than `cap`, or the search to find them fills more than a
/// million cells.
pub fn completions(givens: &Grid, cap: usize) -> Option<Vec<Grid>> {
    let mut houses = Houses::of(givens);
    let mut grid = Grid::empty(givens.geometry());
    for (cell, digit) in givens.filled() {
        if !houses.allows(cell, digit.value()) {
            return Some(Vec::new());
        }
        houses.flip(cell, digit.value());
        grid.set(cell, Some(digit));
    }
    let mut search = Search { cap, nodes: MOST_NODES, found: Vec::new() };
    search.fill(&mut grid, &mut houses).then_some(search.found)
}

/// The digits each row, column and box (or region) holds so far, as bit sets.
struct Houses {
    /// Per cell (reading order), the indices of its row, column and box in `used`.
    of_cell: Vec<[usize; 3]>,
    /// Per house, bit `d` set when digit `d` is in it.
    used: Vec<u32>,
    n: usize,
}

impl Houses {
    fn of(grid: &Grid) -> Houses {
        let geometry = grid.geometry();
        let n = geometry.size();
        let of_cell = geometry
            .cells()
            .map(|cell| [cell.row(), n + cell.column(), 2 * n + geometry.box_of(cell)])
            .collect();
        Houses { of_cell, used: vec![0; 3 * n], n }
    }

    fn index(&self, cell: Cell) -> usize {
        cell.row() * self.n + cell.column()
    }

    fn allows(&self, cell: Cell, value: usize) -> bool {
        self.of_cell[self.index(cell)].iter().all(|&h| self.used[h] & (1 << value) == 0)
    }

    /// Puts `value` into the houses of `cell`, or takes it out.
    fn flip(&mut self, cell: Cell, value: usize) {
        for h in self.of_cell[self.index(cell)] {
            self.used[h] ^= 1 << value;
        }
    }
}

/// A brute-force search: what it may still do, and what it found.
struct Search {
    cap: usize,
    /// Cells it may still fill.
    nodes: usize,
    found: Vec<Grid>,
}

impl Search {
    /// Fills the empty cells of `grid` every way the houses allow, the cell with the fewest
    /// digits first, pushing each full grid onto `found`; `false` once more than `cap` are
    /// found or the nodes run out.
    fn fill(&mut self, grid: &mut Grid, houses: &mut Houses) -> bool {
        let n = houses.n;
        let open = grid.geometry().cells().filter(|&cell| grid.get(cell).is_none());
        let fewest = open.min_by_key(|&cell| (1..=n).filter(|&v| houses.allows(cell, v)).count());
        let Some(cell) = fewest else {
            self.found.push(grid.clone());
            return self.found.len() <= self.cap;
        };
        let values: Vec<usize> = (1..=n).filter(|&v| houses.allows(cell, v)).collect();
        for value in values {
            if self.nodes == 0 {
                return false;
            }
            self.nodes -= 1;
            houses.flip(cell, value);
            grid.set(cell, Digit::new(value));
            let within = self.fill(grid, houses);
            houses.flip(cell, value);
            grid.set(cell, None);
            if !within {
                return false;
            }
        }
        true
    }
}
