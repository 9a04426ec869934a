//! Random lines of equal totals (sums or products along little-killer diagonals): drawn on a
//! solution by [`super::cells::random_rule`] in its slot of combined rules (diagonals with one
//! total there, since random ones seldom have), and at random on purpose by the suite's rules
//! and logic tests.

use itertools::Itertools;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::model::equal_totals::Total;
use satdoku::model::geometry::Cell;
use satdoku::{Grid, Rule};

/// Two or three diagonals of an N×N grid whose digits add up (or multiply, at random) to one
/// total: random ones, or with `solution`, ones whose digits there have one total, so that the
/// rule holds on it (`None` when twelve drawn diagonals have no two alike).
pub fn random_equal_totals(
    rng: &mut ChaCha8Rng,
    n: usize,
    solution: Option<&Grid>,
) -> Option<Rule> {
    let total = if rng.random_bool(0.5) { Total::Sum } else { Total::Product };
    let count = rng.random_range(2..=3);
    let Some(solution) = solution else {
        let lines = (0..count).map(|_| random_diagonal(rng, n)).collect();
        return Some(Rule::EqualTotals { lines, total });
    };
    let value = |cell: &Cell| solution.get(*cell).map_or(1, |digit| digit.value());
    let of = |line: &Vec<Cell>| match total {
        Total::Sum => line.iter().map(value).sum::<usize>(),
        Total::Product => line.iter().map(value).product(),
    };
    let drawn: Vec<Vec<Cell>> = (0..12).map(|_| random_diagonal(rng, n)).unique().collect();
    let lines = drawn
        .iter()
        .map(|line| drawn.iter().filter(|other| of(other) == of(line)).take(count).cloned())
        .map(Vec::from_iter)
        .find(|alike: &Vec<Vec<Cell>>| alike.len() >= 2)?;
    Some(Rule::EqualTotals { lines, total })
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
