//! Random lines of equal totals (sums or products along little-killer diagonals): drawn apart
//! from [`super::draw::cells::random_rule`] so that the seeded cases drawn with it stay the
//! same (the suite's rules and logic tests and `examples/differential` draw these on purpose).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::Rule;
use satdoku::model::equal_totals::Total;
use satdoku::model::geometry::Cell;

/// Two or three random diagonals of an N×N grid, each from just outside the grid inwards,
/// whose digits add up (or multiply) to one total.
pub fn random_equal_totals(rng: &mut ChaCha8Rng, n: usize) -> Rule {
    let total = if rng.random_bool(0.5) { Total::Sum } else { Total::Product };
    let count = rng.random_range(2..=3);
    let lines = (0..count).map(|_| random_diagonal(rng, n)).collect();
    Rule::EqualTotals { lines, total }
}

/// A random diagonal from the grid's edge to its other side: a cell whose cell one step back
/// is off the grid, and the cells on from it.
pub fn random_diagonal(rng: &mut ChaCha8Rng, n: usize) -> Vec<Cell> {
    let inside = |r: isize, c: isize| (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
    loop {
        let (mut r, mut c) = (rng.random_range(0..n) as isize, rng.random_range(0..n) as isize);
        let sign = |rng: &mut ChaCha8Rng| if rng.random_bool(0.5) { 1 } else { -1 };
        let (dr, dc) = (sign(rng), sign(rng));
        if inside(r - dr, c - dc) {
            continue;
        }
        let mut cells = Vec::new();
        while inside(r, c) {
            cells.push(Cell::new(r as usize, c as usize));
            (r, c) = (r + dr, c + dc);
        }
        return cells;
    }
}
