//! Cross-checks the SAT engine against the reference engines (backtracking and dancing links)
//! on random 4×4 and 6×6 puzzles, and against brute force over every 4×4 grid.

use std::collections::HashSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use satdoku::reference::{backtrack, dlx};
use satdoku::{Cell, Digit, Geometry, Grid, Ir, Puzzle, Rule};

/// The bound every engine counts up to in the random cases.
const BOUND: usize = 50;

/// The raw choices a random puzzle is built from (indices are reduced modulo the grid).
#[derive(Clone, Debug)]
struct Recipe {
    size: usize,
    /// MainDiagonal, AntiDiagonal, AntiKing, AntiKnight, NonConsecutive.
    rules: Vec<bool>,
    even: Vec<usize>,
    odd: Vec<usize>,
    /// Placements (cell, digit) that steer the SAT engine towards some solution.
    seeds: Vec<(usize, usize)>,
    /// Keep a cell of the solution as a given when its draw is below `density`.
    density: u32,
    draws: Vec<u32>,
    /// A given that may well be wrong.
    wrong: Option<(usize, usize)>,
}

/// Mostly no marks (a few marks often leave no solution at all), sometimes one or two.
fn marks() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        3 => Just(Vec::new()),
        1 => proptest::collection::vec(0..36usize, 1..3),
    ]
}

fn recipe() -> impl Strategy<Value = Recipe> {
    let cell = 0..36usize;
    (
        prop_oneof![Just(4usize), Just(6usize)],
        proptest::collection::vec(proptest::bool::weighted(0.2), 5),
        marks(),
        marks(),
        proptest::collection::vec((cell.clone(), 0..6usize), 0..4),
        0..=70u32,
        proptest::collection::vec(0..100u32, 36),
        proptest::option::weighted(0.25, (cell, 0..6usize)),
    )
        .prop_map(|(size, rules, even, odd, seeds, density, draws, wrong)| Recipe {
            size,
            rules,
            even,
            odd,
            seeds,
            density,
            draws,
            wrong,
        })
}

/// Every rule that holds on the whole grid (marks aside).
const GLOBAL_RULES: [Rule; 5] = [
    Rule::MainDiagonal,
    Rule::AntiDiagonal,
    Rule::AntiKing,
    Rule::AntiKnight,
    Rule::NonConsecutive,
];

/// The rules the recipe switches on, with its marks.
fn rules_of(recipe: &Recipe) -> Vec<Rule> {
    let n = recipe.size;
    let global = GLOBAL_RULES;
    let mut rules: Vec<Rule> = global
        .into_iter()
        .zip(&recipe.rules)
        .filter(|(_, on)| **on)
        .map(|(rule, _)| rule)
        .collect();
    let cells = |indices: &[usize]| indices.iter().map(|&i| cell_at(i, n)).collect::<Vec<_>>();
    if !recipe.even.is_empty() {
        rules.push(Rule::Even(cells(&recipe.even)));
    }
    if !recipe.odd.is_empty() {
        rules.push(Rule::Odd(cells(&recipe.odd)));
    }
    rules
}

fn cell_at(index: usize, n: usize) -> Cell {
    let index = index % (n * n);
    Cell::new(index / n, index % n)
}

/// Some solution of the rules: one steered by the seeds, or else any, or `None`.
fn some_solution(geometry: Geometry, rules: &[Rule], seeds: &[(usize, usize)]) -> Option<Grid> {
    let n = geometry.size();
    let mut steered = Grid::empty(geometry);
    for &(cell, digit) in seeds {
        steered.set(cell_at(cell, n), Digit::new(digit % n + 1));
    }
    [steered, Grid::empty(geometry)].into_iter().find_map(|givens| {
        let puzzle = Puzzle::new(givens, rules.to_vec());
        let count = satdoku::count_up_to(&puzzle, 1).expect("the SAT solver runs");
        count.first_solutions().first().cloned()
    })
}

/// The random puzzle: a random part of a solution as givens, maybe plus a wrong one.
fn build(recipe: &Recipe) -> Puzzle {
    let n = recipe.size;
    let geometry = Geometry::with_usual_boxes(n).expect("4 and 6 have boxes");
    let rules = rules_of(recipe);
    let mut givens = Grid::empty(geometry);
    if let Some(solution) = some_solution(geometry, &rules, &recipe.seeds) {
        let empty = Puzzle::new(Grid::empty(geometry), rules.clone());
        assert_eq!(satdoku::validate(&empty, &solution), Ok(()), "{solution:?}");
        for (cell, digit) in solution.filled() {
            if recipe.draws[geometry.index(cell)] < recipe.density {
                givens.set(cell, Some(digit));
            }
        }
    }
    if let Some((cell, digit)) = recipe.wrong {
        givens.set(cell_at(cell, n), Digit::new(digit % n + 1));
    }
    Puzzle::new(givens, rules)
}

/// Every solution of a 4×4 grid under the classic rules, by brute force over the rows.
pub(crate) fn classic_4x4_grids() -> Vec<Grid> {
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let mut permutations = Vec::new();
    for a in 1..=4 {
        for b in 1..=4 {
            for c in 1..=4 {
                for d in 1..=4 {
                    let row = [a, b, c, d];
                    if (1..=4).all(|v| row.contains(&v)) {
                        permutations.push(row);
                    }
                }
            }
        }
    }
    let mut grids = Vec::new();
    for r0 in &permutations {
        for r1 in &permutations {
            for r2 in &permutations {
                for r3 in &permutations {
                    let rows = [r0, r1, r2, r3];
                    let columns_differ = (0..4).all(|c| {
                        let column: HashSet<_> = rows.iter().map(|row| row[c]).collect();
                        column.len() == 4
                    });
                    let boxes_differ = (0..4).all(|b| {
                        let (top, left) = (b / 2 * 2, b % 2 * 2);
                        let digits: HashSet<_> =
                            (0..4).map(|i| rows[top + i / 2][left + i % 2]).collect();
                        digits.len() == 4
                    });
                    if columns_differ && boxes_differ {
                        let mut grid = Grid::empty(geometry);
                        for (r, row) in rows.iter().enumerate() {
                            for (c, &value) in row.iter().enumerate() {
                                grid.set(Cell::new(r, c), Digit::new(value));
                            }
                        }
                        grids.push(grid);
                    }
                }
            }
        }
    }
    grids
}

/// The counts and solutions of every engine agree on `puzzle`, and every solution validates.
fn check(puzzle: &Puzzle, brute: Option<&[Grid]>) -> Result<(), TestCaseError> {
    let text = puzzle.to_text();
    let sat = satdoku::count_up_to(puzzle, BOUND).expect("the SAT solver runs");
    let ir = Ir::lower(puzzle);
    let mut by_backtracking = Vec::new();
    let reference = backtrack::visit_up_to(&ir, puzzle.givens(), BOUND, |grid| {
        by_backtracking.push(grid.clone())
    });
    let mut by_dlx = Vec::new();
    let dancing = dlx::visit_up_to(&ir, puzzle.givens(), BOUND, |grid| by_dlx.push(grid.clone()))
        .expect("these rules lower to houses, exclusions and domains");
    let sat_answer = (sat.count(), sat.is_exact());
    prop_assert_eq!(
        sat_answer,
        (reference.solutions, reference.exhausted),
        "SAT vs backtracking on\n{}",
        text
    );
    prop_assert_eq!(sat_answer, (dancing.solutions, dancing.exhausted), "SAT vs DLX on\n{}", text);
    prop_assert_eq!(by_backtracking.len(), reference.solutions);
    prop_assert_eq!(by_dlx.len(), dancing.solutions);
    let engines = [
        ("SAT", sat.first_solutions()),
        ("backtracking", &by_backtracking[..]),
        ("DLX", &by_dlx[..]),
    ];
    for (engine, solutions) in engines {
        for grid in solutions {
            let verdict = satdoku::validate(puzzle, grid);
            prop_assert!(
                verdict.is_ok(),
                "{} returned a bad solution {:?} ({:?}) on\n{}",
                engine,
                grid,
                verdict,
                text
            );
        }
        let distinct: HashSet<&Grid> = solutions.iter().collect();
        prop_assert_eq!(distinct.len(), solutions.len(), "{} repeats a solution", engine);
    }
    if sat.is_exact() {
        let backtracked: HashSet<&Grid> = by_backtracking.iter().collect();
        let danced: HashSet<&Grid> = by_dlx.iter().collect();
        prop_assert!(backtracked == danced, "solution sets differ on\n{}", text);
        for grid in sat.first_solutions() {
            prop_assert!(backtracked.contains(grid), "SAT found {:?} alone", grid);
        }
    }
    if let Some(grids) = brute {
        let valid: HashSet<&Grid> =
            grids.iter().filter(|grid| satdoku::validate(puzzle, grid).is_ok()).collect();
        prop_assert_eq!(
            sat_answer,
            (valid.len().min(BOUND), valid.len() < BOUND),
            "SAT vs brute force on\n{}",
            text
        );
        if valid.len() < BOUND {
            let backtracked: HashSet<&Grid> = by_backtracking.iter().collect();
            prop_assert!(backtracked == valid, "backtracking vs brute force on\n{}", text);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn engines_agree_on_random_small_puzzles(recipe in recipe()) {
        let puzzle = build(&recipe);
        static GRIDS: OnceLock<Vec<Grid>> = OnceLock::new();
        let grids = (recipe.size == 4).then(|| GRIDS.get_or_init(classic_4x4_grids).as_slice());
        check(&puzzle, grids)?;
    }
}

#[test]
fn brute_force_agrees_on_every_4x4_rule_set() {
    let grids = classic_4x4_grids();
    assert_eq!(grids.len(), 288);
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let global = GLOBAL_RULES;
    let marks = [
        vec![],
        vec![Rule::Even(vec![Cell::new(0, 0), Cell::new(3, 3)])],
        vec![Rule::Odd(vec![Cell::new(1, 2)]), Rule::Even(vec![Cell::new(2, 0), Cell::new(2, 1)])],
    ];
    for subset in 0..1u32 << global.len() {
        for extra in &marks {
            let mut rules: Vec<Rule> = (0..global.len())
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| global[i].clone())
                .collect();
            rules.extend(extra.iter().cloned());
            let puzzle = Puzzle::new(Grid::empty(geometry), rules);
            let brute =
                grids.iter().filter(|grid| satdoku::validate(&puzzle, grid).is_ok()).count();
            let sat = satdoku::count_up_to(&puzzle, 1000).expect("the SAT solver runs");
            let reference = backtrack::count_up_to(&puzzle, 1000);
            let dancing = dlx::count_up_to(&puzzle, 1000).expect("no tables");
            let answers = [
                (sat.count(), sat.is_exact()),
                (reference.solutions, reference.exhausted),
                (dancing.solutions, dancing.exhausted),
            ];
            assert_eq!(
                answers,
                [(brute, true); 3],
                "SAT, backtracking, DLX vs brute force under {:?}",
                puzzle.rules()
            );
        }
    }
}

#[test]
fn known_4x4_counts() {
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let empty = Puzzle::new(Grid::empty(geometry), vec![]);
    assert_eq!(satdoku::count_up_to(&empty, 1000).unwrap().count(), 288);
    let x = Puzzle::new(Grid::empty(geometry), vec![Rule::MainDiagonal, Rule::AntiDiagonal]);
    assert_eq!(satdoku::count_up_to(&x, 1000).unwrap().count(), 48);
    assert_eq!(backtrack::count_up_to(&x, 1000).solutions, 48);
    assert_eq!(dlx::count_up_to(&x, 1000).unwrap().solutions, 48);
}
