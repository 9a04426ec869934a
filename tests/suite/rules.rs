//! Every rule with cells against brute force and the reference engine, on random instances.
//!
//! - 4×4: for random sets of every rule with cells (cages, thermometers, arrows, dots,
//!   negatives, whispers, renban, little killers, region sums, minima and maxima, palindromes,
//!   quadruples, disjoint groups, clones, between lines, extra regions, zippers), the solutions are every classic 4×4 grid the independent validator accepts (brute
//!   force over all 288); backtracking over the IR must find exactly that set, and the SAT
//!   engine the same count, each solution it shows valid.
//! - 6×6: random rules (entropic and modular lines too) with givens taken from one of their solutions; SAT and backtracking
//!   agree on the count (up to a bound), and every solution shown validates.
//! - The same two checks on clues that pick their cells by digits (sandwiches, X-sums,
//!   skyscrapers, whose flags and gated sums the IR carries), inequality signs and indexers.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::engine::count::{CountOptions, count};
use satdoku::model::rule::Dot;
use satdoku::reference::backtrack;
use satdoku::{Cell, Geometry, Grid, Ir, Puzzle, Rule};

use crate::cross_check::classic_4x4_grids;

/// A random path of 1 to `max` cells, each a king's move from the one before, none twice.
fn walk(rng: &mut ChaCha8Rng, n: usize, max: usize) -> Vec<Cell> {
    let mut path = vec![Cell::new(rng.random_range(0..n), rng.random_range(0..n))];
    let length = rng.random_range(1..=max);
    while path.len() < length {
        let last = *path.last().unwrap();
        let steps: Vec<Cell> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .filter_map(|(r, c)| last.offset(r, c, n))
            .filter(|c| !path.contains(c))
            .collect();
        if steps.is_empty() {
            break;
        }
        path.push(steps[rng.random_range(0..steps.len())]);
    }
    path
}

/// A random rule with cells on an N×N grid, with totals read off `solution` (so that most
/// instances have solutions), kept within reach.
fn random_rule(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Rule {
    let value = |c: Cell| solution.get(c).map_or(1, |d| d.value());
    match rng.random_range(0..21) {
        0 | 1 => {
            let cells = walk(rng, n, 4);
            let k = cells.len();
            let sum: usize = cells.iter().map(|&c| value(c)).sum();
            let sum = sum.clamp(k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
            Rule::Killer { sum: rng.random_bool(0.8).then_some(sum), cells }
        }
        2 => Rule::Thermo { cells: walk(rng, n, 3), slow: rng.random_bool(0.3) },
        3 => {
            let mut cells = walk(rng, n, 4);
            if cells.len() < 2 {
                cells.push(cells[0].offset(0, 1, n).or(cells[0].offset(0, -1, n)).unwrap());
            }
            let line = cells.split_off(1);
            Rule::Arrow { pill: cells, line }
        }
        4 | 5 => {
            let a = Cell::new(rng.random_range(0..n), rng.random_range(0..n - 1));
            let (a, b) = if rng.random_bool(0.5) {
                (a, a.offset(0, 1, n).unwrap())
            } else {
                let a = Cell::new(a.column(), a.row());
                (a, a.offset(1, 0, n).unwrap())
            };
            Rule::Dot { cells: [a, b], dot: Dot::ALL[rng.random_range(0..4)] }
        }
        6 => Rule::Negative(Dot::ALL[rng.random_range(0..4)]),
        7 => Rule::Whispers { line: walk(rng, n, 3), gap: rng.random_range(1..n / 2 + 1) },
        8 => Rule::Renban(walk(rng, n, 3)),
        9 => {
            let cells = diagonal(rng, n);
            let sum = cells.iter().map(|&c| value(c)).sum();
            Rule::LittleKiller { cells, sum }
        }
        10 => Rule::RegionSum(walk(rng, n, 4)),
        11 => {
            let cell = Cell::new(rng.random_range(0..n), rng.random_range(0..n));
            Rule::Extremum { cell, maximum: rng.random_bool(0.5) }
        }
        12 => Rule::Palindrome(walk(rng, n, 4)),
        13 => {
            let corner = Cell::new(rng.random_range(0..n - 1), rng.random_range(0..n - 1));
            let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .map(|(r, c)| corner.offset(r, c, n).unwrap())
                .into();
            let count = rng.random_range(1..=3);
            let digits = cells.iter().take(count).map(|&c| value(c)).collect();
            Rule::Quadruple { cells, digits }
        }
        14 => Rule::DisjointGroups,
        15 => {
            let cells = walk(rng, n, 3);
            let (rows, columns) =
                (rng.random_range(0..5) as isize - 2, rng.random_range(0..5) as isize - 2);
            let copy: Option<Vec<Cell>> =
                cells.iter().map(|c| c.offset(rows, columns, n)).collect();
            match copy {
                Some(copy) if copy.iter().all(|c| !cells.contains(c)) => {
                    Rule::Clone { cells, copy }
                }
                _ => Rule::Palindrome(cells),
            }
        }
        16 => Rule::Between(walk(rng, n, 4)),
        17 => Rule::ExtraRegion(walk(rng, n, 4)),
        18 if n % 3 == 0 => Rule::Entropic(walk(rng, n, 4)),
        19 if n % 3 == 0 => Rule::Modular(walk(rng, n, 4)),
        _ => Rule::Zipper(walk(rng, n, 5)),
    }
}

/// A random stretch of a diagonal, 1 to N cells, from its first cell in one direction.
fn diagonal(rng: &mut ChaCha8Rng, n: usize) -> Vec<Cell> {
    let (rows, columns) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.random_range(0..4)];
    let mut cells = vec![Cell::new(rng.random_range(0..n), rng.random_range(0..n))];
    while let Some(next) = cells.last().unwrap().offset(rows, columns, n) {
        if rng.random_bool(0.3) {
            break;
        }
        cells.push(next);
    }
    cells
}

/// The rules of one random case: one to three rules with cells.
fn random_rules(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    (0..rng.random_range(1..=3)).map(|_| random_rule(rng, n, solution)).collect()
}

/// The solutions backtracking finds, as lines.
fn by_backtracking(puzzle: &Puzzle, max: usize) -> (BTreeSet<String>, bool) {
    let mut found = BTreeSet::new();
    let count = backtrack::visit_up_to(&Ir::lower(puzzle), puzzle.givens(), max, |grid| {
        found.insert(grid.to_line());
    });
    (found, count.exhausted)
}

/// The count of the SAT solver alone, and of the default path (the pre-pass, then guess and
/// propagate, then SAT), agree with `expected` (a count below `max`), and what they show
/// validates.
fn check_sat(puzzle: &Puzzle, expected: usize, max: usize) {
    let sat_alone = CountOptions::up_to(max).prepass(false);
    for (path, options) in [("SAT", sat_alone), ("default path", CountOptions::up_to(max))] {
        let counted = count(puzzle, &options).expect("the SAT solver runs");
        let answer = (counted.count(), counted.is_exact());
        assert_eq!(answer, (expected, true), "{path} on\n{}", puzzle.to_text());
        for solution in counted.first_solutions() {
            assert_eq!(satdoku::validate(puzzle, solution), Ok(()), "{}", puzzle.to_text());
        }
    }
}

/// A random rule generator: the rules of one case on an N×N grid, near `solution`.
type Rules = fn(&mut ChaCha8Rng, usize, &Grid) -> Vec<Rule>;

/// On `cases` random 4×4 cases of `rules`: backtracking finds exactly the grids the validator
/// accepts (brute force), SAT the same count; at least `solvable` cases have solutions.
fn against_brute_force_4x4(seed: u64, cases: usize, solvable: usize, rules: Rules) {
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let grids = classic_4x4_grids();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut with_solutions = 0;
    for _ in 0..cases {
        let solution = &grids[rng.random_range(0..grids.len())];
        let puzzle = Puzzle::new(Grid::empty(geometry), rules(&mut rng, 4, solution));
        let expected: BTreeSet<String> = grids
            .iter()
            .filter(|grid| satdoku::validate(&puzzle, grid).is_ok())
            .map(Grid::to_line)
            .collect();
        let (found, exhausted) = by_backtracking(&puzzle, 300);
        assert!(exhausted);
        assert_eq!(found, expected, "backtracking vs brute force on\n{:?}", puzzle.rules());
        check_sat(&puzzle, expected.len(), 300);
        with_solutions += usize::from(!expected.is_empty());
    }
    assert!(with_solutions >= solvable, "only {with_solutions} random cases have solutions");
}

/// On `cases` random 6×6 cases of `rules` with givens from one of their solutions, SAT and
/// backtracking agree on the count; at least `solvable` cases have solutions.
fn sat_against_backtracking_6x6(seed: u64, cases: usize, solvable: usize, rules: Rules) {
    let geometry = Geometry::with_usual_boxes(6).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let reference = Grid::from_line(geometry, crate::encoder::SOLUTION_6X6).unwrap();
    let mut checked = 0;
    for _ in 0..cases {
        let rules = rules(&mut rng, 6, &reference);
        let empty = Puzzle::new(Grid::empty(geometry), rules.clone());
        let sat = satdoku::count_up_to(&empty, 1).expect("the SAT solver runs");
        let Some(solution) = sat.first_solutions().first() else {
            assert_eq!(by_backtracking(&empty, 1).0.len(), 0, "{rules:?}");
            continue;
        };
        let mut givens = Grid::empty(geometry);
        for (cell, digit) in solution.filled() {
            if rng.random_range(0..10) < 5 {
                givens.set(cell, Some(digit));
            }
        }
        let puzzle = Puzzle::new(givens, rules);
        let (found, exhausted) = by_backtracking(&puzzle, 50);
        assert!(exhausted, "more than 50 solutions: {:?}", puzzle.rules());
        check_sat(&puzzle, found.len(), 50);
        checked += 1;
    }
    assert!(checked >= solvable, "only {checked} random cases have solutions");
}

#[test]
fn random_rules_4x4_against_brute_force() {
    against_brute_force_4x4(4, 250, 120, random_rules);
}

#[test]
fn random_rules_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(6, 50, 25, random_rules);
}

/// A random clue outside the grid (sandwich, X-sum, skyscraper), inequality sign or indexer;
/// a clue's number is, two times in three, one that `solution` satisfies.
fn random_clue(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Rule {
    let index = rng.random_range(0..n);
    let mut line: Vec<Cell> = match rng.random_bool(0.5) {
        true => (0..n).map(|r| Cell::new(r, index)).collect(),
        false => (0..n).map(|c| Cell::new(index, c)).collect(),
    };
    if rng.random_bool(0.5) {
        line.reverse();
    }
    let cell = |rng: &mut ChaCha8Rng| Cell::new(rng.random_range(0..n), rng.random_range(0..n));
    type Clue = fn(Vec<Cell>, usize) -> Rule;
    let (clue, least, most): (Clue, usize, usize) = match rng.random_range(0..5) {
        0 => (|cells, sum| Rule::Sandwich { cells, sum }, 0, (2..n).sum()),
        1 => (|cells, sum| Rule::XSum { cells, sum }, 1, n * (n + 1) / 2),
        2 => (|cells, count| Rule::Skyscraper { cells, count }, 1, n),
        3 => {
            let a = cell(rng);
            let b = std::iter::repeat_with(|| cell(rng)).find(|&b| b != a).unwrap();
            return Rule::Greater([a, b]);
        }
        _ => {
            let mut cells: Vec<Cell> = (0..rng.random_range(1..=3)).map(|_| cell(rng)).collect();
            cells.sort();
            cells.dedup();
            return Rule::Indexer { cells, columns: rng.random_bool(0.5) };
        }
    };
    let geometry = solution.geometry();
    let fits = |number: &usize| {
        let puzzle = Puzzle::new(Grid::empty(geometry), vec![clue(line.clone(), *number)]);
        satdoku::validate(&puzzle, solution).is_ok()
    };
    let number = match rng.random_range(0..3) {
        0 => rng.random_range(least..=most),
        _ => (least..=most).find(fits).expect("some number fits the solution"),
    };
    clue(line, number)
}

/// One to three random clues.
fn random_clues(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    (0..rng.random_range(1..=3)).map(|_| random_clue(rng, n, solution)).collect()
}

#[test]
fn random_clues_4x4_against_brute_force() {
    against_brute_force_4x4(10, 200, 60, random_clues);
}

#[test]
fn random_clues_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(12, 40, 12, random_clues);
}
