//! Cross-checks the SAT engine against the reference engines (backtracking, dancing links and
//! the course's textbook solver in its three modes) on random 4×4 and 6×6 puzzles, and against
//! brute force over every 4×4 grid.

use std::collections::HashSet;
use std::sync::OnceLock;

use proptest::prelude::*;
use satdoku::reference::textbook::{self, Implications};
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
fn classic_4x4_grids() -> Vec<Grid> {
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

/// The three modes of the course's solver.
const TEXTBOOK_MODES: [Implications; 3] =
    [Implications::None, Implications::Once, Implications::Repeat];

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
    for mode in TEXTBOOK_MODES {
        let mut by_textbook = Vec::new();
        let course = textbook::visit_up_to(&ir, puzzle.givens(), mode, BOUND, |grid| {
            by_textbook.push(grid.clone())
        });
        prop_assert_eq!(
            sat_answer,
            (course.solutions, course.exhausted),
            "SAT vs textbook {:?} on\n{}",
            mode,
            text
        );
        // Every solution the textbook solver finds is one backtracking finds too: when the
        // count is exact, the two sets are the same.
        if sat.is_exact() {
            let backtracked: HashSet<&Grid> = by_backtracking.iter().collect();
            let course: HashSet<&Grid> = by_textbook.iter().collect();
            prop_assert!(
                backtracked == course,
                "textbook {:?} solutions differ on\n{}",
                mode,
                text
            );
        }
        prop_assert_eq!(course.first.as_ref(), by_textbook.first());
    }
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
            let course = TEXTBOOK_MODES.map(|mode| textbook::count_up_to(&puzzle, mode, 1000));
            let answers = [
                (sat.count(), sat.is_exact()),
                (reference.solutions, reference.exhausted),
                (dancing.solutions, dancing.exhausted),
                (course[0].solutions, course[0].exhausted),
                (course[1].solutions, course[1].exhausted),
                (course[2].solutions, course[2].exhausted),
            ];
            assert_eq!(
                answers,
                [(brute, true); 6],
                "SAT, backtracking, DLX, textbook (3 modes) vs brute force under {:?}",
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

#[test]
fn the_course_examples_agree_across_engines() {
    // The course's four 9×9 examples (one has 5 solutions): every engine and every mode of the
    // textbook solver finds the same solution set, and SAT agrees on the count.
    let examples = [
        "5176...34289..4...3462.5.9.6.2....1..38..6.47..........9.....787.34..56..........",
        "5176...34.89..4...3.62.5.9.6......1..3...6.47..........9.....787.34..56..........",
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
        "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    ];
    for line in examples {
        let puzzle: Puzzle = line.parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let mut expected = HashSet::new();
        let reference = backtrack::visit_up_to(&ir, puzzle.givens(), 10, |g| {
            expected.insert(g.clone());
        });
        let sat = satdoku::count_up_to(&puzzle, 10).unwrap();
        assert_eq!((sat.count(), sat.is_exact()), (reference.solutions, true), "{line}");
        let mut danced = HashSet::new();
        dlx::visit_up_to(&ir, puzzle.givens(), 10, |g| {
            danced.insert(g.clone());
        })
        .unwrap();
        assert_eq!(danced, expected, "{line}");
        for mode in TEXTBOOK_MODES {
            let mut found = HashSet::new();
            textbook::visit_up_to(&ir, puzzle.givens(), mode, 10, |g| {
                found.insert(g.clone());
            });
            assert_eq!(found, expected, "{line} {mode:?}");
        }
    }
}
