//! Drawing a random puzzle: a random rule set (each global rule with probability 1/5, marks now
//! and then), a solution the SAT engine finds (steered by a few random placements), a random
//! part of it as givens, and sometimes a given that may well be wrong.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use satdoku::{Cell, Digit, Geometry, Grid, Puzzle, Rule};

/// Every rule that holds on the whole grid (marks aside).
pub const GLOBAL_RULES: [Rule; 5] = [
    Rule::MainDiagonal,
    Rule::AntiDiagonal,
    Rule::AntiKing,
    Rule::AntiKnight,
    Rule::NonConsecutive,
];

/// A random puzzle of size `n` (4, 6 or 9).
pub fn draw(n: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    let geometry = Geometry::with_usual_boxes(n).expect("a size with usual boxes");
    let rules = rules(n, rng);
    let mut givens = Grid::empty(geometry);
    if let Some(solution) = some_solution(geometry, &rules, rng) {
        // 9×9 puzzles keep more givens, so the reference engines stay quick.
        let density = if n == 9 { rng.random_range(35..=80) } else { rng.random_range(0..=70) };
        for (cell, digit) in solution.filled() {
            if rng.random_range(0..100) < density {
                givens.set(cell, Some(digit));
            }
        }
    }
    if rng.random_range(0..4) == 0 {
        givens.set(random_cell(n, rng), Digit::new(rng.random_range(1..=n)));
    }
    Puzzle::new(givens, rules)
}

fn random_cell(n: usize, rng: &mut ChaCha8Rng) -> Cell {
    Cell::new(rng.random_range(0..n), rng.random_range(0..n))
}

/// Each global rule with probability 1/5; even and odd marks one time in four each.
fn rules(n: usize, rng: &mut ChaCha8Rng) -> Vec<Rule> {
    let mut rules: Vec<Rule> =
        GLOBAL_RULES.into_iter().filter(|_| rng.random_range(0..5) == 0).collect();
    for mark in [Rule::Even as fn(Vec<Cell>) -> Rule, Rule::Odd] {
        if rng.random_range(0..4) == 0 {
            let cells = (0..rng.random_range(1..=2)).map(|_| random_cell(n, rng)).collect();
            rules.push(mark(cells));
        }
    }
    rules
}

/// Some solution of the rules: one steered by a few random placements, or else any, or `None`.
fn some_solution(geometry: Geometry, rules: &[Rule], rng: &mut ChaCha8Rng) -> Option<Grid> {
    let n = geometry.size();
    let mut steered = Grid::empty(geometry);
    for _ in 0..rng.random_range(0..4) {
        let digits: Vec<usize> = (1..=n).collect();
        steered.set(random_cell(n, rng), Digit::new(*digits.choose(rng).expect("digits")));
    }
    [steered, Grid::empty(geometry)].into_iter().find_map(|givens| {
        let puzzle = Puzzle::new(givens, rules.to_vec());
        let count = satdoku::count_up_to(&puzzle, 1).expect("the SAT solver runs");
        count.first_solutions().first().cloned()
    })
}
