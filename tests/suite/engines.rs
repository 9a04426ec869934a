//! The engines built on the SAT session (minimise, true candidates, complete, generate),
//! checked from outside and independently of themselves:
//!
//! - a puzzle is *unique* when `count_up_to(p, 2)` stops at one exact solution, and that
//!   solution must pass the independent validator;
//! - a puzzle is *minimal* when removing any single given (or, under a symmetry, any orbit of
//!   givens) lets `count_up_to(p, 2)` find a second solution; this is re-checked here for every
//!   result, never taken from the minimiser's own word;
//! - true candidates are compared with the union of all solutions enumerated by the reference
//!   backtracking solver (which shares nothing with the CNF), and with a per-placement count.
//!
//! Tests that need `../shared/datasets` say so loudly on stderr and skip that part when it is
//! absent.

use std::collections::BTreeSet;
use std::fs;
use std::time::Duration;

use satdoku::engine::complete::complete;
use satdoku::engine::generate::{GenerateError, GenerateOptions, Generated, generate};
use satdoku::engine::minimise::{MinimiseError, MinimiseOptions, Minimised, Order, minimise};
use satdoku::model::digit::DigitSet;
use satdoku::model::symmetry::Symmetry;
use satdoku::reference::backtrack;
use satdoku::{
    Cell, Count, Digit, Geometry, Grid, Ir, Placement, Puzzle, count_up_to, true_candidates,
    validate,
};

/// The sqlite example: 30 givens, unique.
const SQLITE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A known minimal form of [`SQLITE`]: 23 of its givens.
const SQLITE_MINIMAL: &str =
    ".3..........1.5....98....6.....6...34..8.3..17...2.....6....28.....19..5....8..79";

/// A 4×4 grid whose givens break no rule directly but which has no solution: row 1 needs a 3
/// in c3 or c4, and the 3 at r2c3 shuts both out of the top-right box.
const CONTRADICTION_4X4: &str = "12....3.........";

/// The multi-solution benchmark, in the datasets folder.
const SERG: &str = "serg-benchmark-10000-multisolution.txt";

// ---------------------------------------------------------------------------------------------
// Helpers: independent checks through the public API.
// ---------------------------------------------------------------------------------------------

fn parse(text: &str) -> Puzzle {
    text.parse().unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"))
}

/// The Miracle (Mitchell Lee): r5c3 = 1 and r6c7 = 2 under anti-king, anti-knight and
/// non-consecutive.
fn miracle() -> Puzzle {
    let mut line = vec!['.'; 81];
    line[4 * 9 + 2] = '1';
    line[5 * 9 + 6] = '2';
    parse(&format!("rules: miracle\n{}", line.into_iter().collect::<String>()))
}

fn empty_template(rules: &str, size: usize) -> Puzzle {
    parse(&format!("rules: {rules}\n{}", ".".repeat(size * size)))
}

fn count(puzzle: &Puzzle, max: usize) -> Count {
    // The SAT solver alone: the minimiser and the generator answer by the pre-pass and the
    // search, so their results are checked by the other engine.
    let sat_alone = satdoku::engine::count::CountOptions::up_to(max).prepass(false);
    satdoku::engine::count::count(puzzle, &sat_alone).expect("the SAT solver does not fail")
}

/// The unique solution of `puzzle`, checked by the validator; fails when it is not unique.
fn unique_solution(puzzle: &Puzzle, label: &str) -> Grid {
    let counted = count(puzzle, 2);
    assert!(
        counted.is_unique(),
        "{label}: expected a unique puzzle, got {} solution(s) (exact: {}) for {}",
        counted.count(),
        counted.is_exact(),
        puzzle.givens().to_line()
    );
    let solution = counted.first_solutions()[0].clone();
    validate(puzzle, &solution).unwrap_or_else(|v| {
        panic!(
            "{label}: the solution {} of {} breaks a rule: {v}",
            solution.to_line(),
            puzzle.givens().to_line()
        )
    });
    solution
}

/// `puzzle` with the givens of `cells` removed.
fn without(puzzle: &Puzzle, cells: &[Cell]) -> Puzzle {
    let mut givens = puzzle.givens().clone();
    for &cell in cells {
        givens.set(cell, None);
    }
    puzzle.with_givens(givens)
}

/// The givens of `puzzle` (other than those in `kept`) whose removal leaves it unique.
fn redundant_givens(puzzle: &Puzzle, kept: &[Cell]) -> Vec<Cell> {
    puzzle
        .givens()
        .filled()
        .map(|(cell, _)| cell)
        .filter(|cell| !kept.contains(cell))
        .filter(|&cell| count(&without(puzzle, &[cell]), 2).count() < 2)
        .collect()
}

/// Fails unless removing each given of `puzzle` (other than those in `kept`) leaves at least
/// two solutions.
fn assert_minimal_except(puzzle: &Puzzle, kept: &[Cell], label: &str) {
    let redundant = redundant_givens(puzzle, kept);
    assert!(
        redundant.is_empty(),
        "{label}: the givens at {redundant:?} of {} are each redundant",
        puzzle.givens().to_line()
    );
}

fn assert_minimal(puzzle: &Puzzle, label: &str) {
    assert_minimal_except(puzzle, &[], label);
}

/// The given cells of `grid` whose `symmetry` images are not all given.
fn asymmetric_cells(grid: &Grid, symmetry: Symmetry) -> Vec<Cell> {
    let size = grid.geometry().size();
    grid.filled()
        .map(|(cell, _)| cell)
        .filter(|&cell| {
            symmetry.orbit(cell, size).into_iter().any(|image| grid.get(image).is_none())
        })
        .collect()
}

/// Fails unless every orbit of `symmetry` is wholly given or wholly empty in `grid`.
fn assert_symmetric(grid: &Grid, symmetry: Symmetry, label: &str) {
    let broken = asymmetric_cells(grid, symmetry);
    assert!(
        broken.is_empty(),
        "{label}: the givens at {broken:?} lack their {symmetry} images in {}",
        grid.to_line()
    );
}

/// Fails unless `puzzle` is symmetric and removing any orbit of givens leaves two solutions.
fn assert_minimal_under(puzzle: &Puzzle, symmetry: Symmetry, label: &str) {
    assert_symmetric(puzzle.givens(), symmetry, label);
    let size = puzzle.geometry().size();
    let orbits: BTreeSet<Vec<Cell>> =
        puzzle.givens().filled().map(|(cell, _)| symmetry.orbit(cell, size)).collect();
    for orbit in orbits {
        let found = count(&without(puzzle, &orbit), 2).count();
        assert!(
            found >= 2,
            "{label}: the orbit {orbit:?} of {} is redundant under {symmetry} ({found} solution)",
            puzzle.givens().to_line()
        );
    }
}

/// Fails unless every given of `small` is a given of `big` with the same digit.
fn assert_subset(small: &Grid, big: &Grid, label: &str) {
    for (cell, digit) in small.filled() {
        assert_eq!(
            big.get(cell),
            Some(digit),
            "{label}: {cell}={digit} of {} is not a given of {}",
            small.to_line(),
            big.to_line()
        );
    }
}

fn run_minimise(puzzle: &Puzzle, options: &MinimiseOptions, label: &str) -> Minimised {
    minimise(puzzle, options).unwrap_or_else(|e| panic!("{label}: minimise failed: {e}"))
}

/// Checks what every minimise result must satisfy against its input, and returns the result.
fn checked_minimise(puzzle: &Puzzle, options: &MinimiseOptions, label: &str) -> Minimised {
    let solution = unique_solution(puzzle, label);
    let minimal = run_minimise(puzzle, options, label);
    let before = puzzle.givens().filled_count();
    let after = minimal.puzzle.givens().filled_count();
    assert_eq!(minimal.removed, before - after, "{label}: `removed` miscounts");
    assert_eq!(minimal.puzzle.rules(), puzzle.rules(), "{label}: rules changed");
    assert_subset(minimal.puzzle.givens(), puzzle.givens(), label);
    assert_eq!(
        unique_solution(&minimal.puzzle, label),
        solution,
        "{label}: the minimal puzzle has another solution"
    );
    assert_eq!(minimal.puzzle.solution(), Some(&solution), "{label}: recorded solution");
    minimal
}

/// All solutions of `puzzle` by the reference backtracking solver (no CNF, no SAT), failing
/// when there are more than `max`.
fn all_solutions(puzzle: &Puzzle, max: usize) -> Vec<Grid> {
    let mut solutions = Vec::new();
    let counted = backtrack::visit_up_to(&Ir::lower(puzzle), puzzle.givens(), max + 1, |grid| {
        solutions.push(grid.clone())
    });
    assert!(
        counted.solutions <= max,
        "more than {max} solutions for {}",
        puzzle.givens().to_line()
    );
    solutions
}

/// The serg multi-solution puzzles (at most `limit`), or `None` after a loud line on stderr.
fn serg_puzzles(test: &str, limit: usize) -> Option<Vec<Puzzle>> {
    let path = crate::data::datasets(test)?.join(SERG);
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    Some(
        text.lines()
            .filter(|line| !line.trim().is_empty())
            .take(limit)
            .map(|line| parse(line.trim()))
            .collect(),
    )
}

fn run_generate(
    template: &Puzzle,
    index: u64,
    options: &GenerateOptions,
    label: &str,
) -> Generated {
    generate(template, index, options).unwrap_or_else(|e| panic!("{label}: generate failed: {e}"))
}

/// Checks that a generated puzzle is unique, minimal, valid and of the template's rules.
fn check_generated(template: &Puzzle, made: &Generated, label: &str) {
    let puzzle = &made.puzzle;
    assert_eq!(puzzle.rules(), template.rules(), "{label}: rules changed");
    assert_eq!(puzzle.geometry(), template.geometry(), "{label}: geometry");
    let solution = unique_solution(puzzle, label);
    assert_eq!(puzzle.solution(), Some(&solution), "{label}: recorded solution");
    assert!(made.attempts >= 1, "{label}: attempts");
}

#[test]
fn the_independent_checks_can_fail() {
    // The 30-given sqlite puzzle is unique but not minimal: the check must see that.
    let sqlite = parse(SQLITE);
    assert!(!redundant_givens(&sqlite, &[]).is_empty());
    // The 23-given form is minimal; with one more given from its solution it is not.
    let minimal = parse(SQLITE_MINIMAL);
    assert!(redundant_givens(&minimal, &[]).is_empty());
    let solution = unique_solution(&minimal, "23-given form");
    let mut more = minimal.givens().clone();
    more.set(Cell::new(0, 0), solution.get(Cell::new(0, 0)));
    assert!(!redundant_givens(&minimal.with_givens(more), &[]).is_empty());
    // A single given off the centre is not rotationally symmetric; the centre alone is.
    let mut grid = Grid::empty(sqlite.geometry());
    grid.set(Cell::new(0, 1), Digit::new(3));
    assert_eq!(asymmetric_cells(&grid, Symmetry::Rotational), vec![Cell::new(0, 1)]);
    grid.set(Cell::new(0, 1), None);
    grid.set(Cell::new(4, 4), Digit::new(5));
    assert!(asymmetric_cells(&grid, Symmetry::Rotational).is_empty());
}

// ---------------------------------------------------------------------------------------------
// 1. minimise
// ---------------------------------------------------------------------------------------------

#[test]
fn minimise_sqlite_gives_a_minimal_subset_with_the_same_solution() {
    let sqlite = parse(SQLITE);
    assert_eq!(sqlite.givens().filled_count(), 30);
    for seed in [0, 7, 42] {
        let label = format!("sqlite seed {seed}");
        let minimal = checked_minimise(&sqlite, &MinimiseOptions::new().seed(seed), &label);
        assert!(
            minimal.removed > 0,
            "{label}: the 30-given sqlite puzzle is not minimal, yet nothing was removed"
        );
        // Classic rules: the pre-pass and the search answer every question, no SAT call.
        assert_eq!(minimal.sat_calls, 0, "{label}");
        assert_minimal(&minimal.puzzle, &label);
    }
}

#[test]
fn a_minimal_puzzle_is_left_unchanged() {
    let sqlite = parse(SQLITE);
    let minimal = parse(SQLITE_MINIMAL);
    assert_eq!(minimal.givens().filled_count(), 23);
    assert_subset(minimal.givens(), sqlite.givens(), "the 23-given form");
    assert_eq!(unique_solution(&minimal, "23-given form"), unique_solution(&sqlite, "sqlite"));
    // The premise, checked independently: it is minimal.
    assert_minimal(&minimal, "the 23-given form");
    for order in [Order::Given, Order::Reverse, Order::Random] {
        for seed in [0, 3] {
            let label = format!("23-given form, {order:?}, seed {seed}");
            let options = MinimiseOptions::new().order(order).seed(seed);
            let again = checked_minimise(&minimal, &options, &label);
            assert_eq!(again.removed, 0, "{label}");
            assert_eq!(again.puzzle.givens(), minimal.givens(), "{label}");
        }
    }
}

#[test]
fn minimise_is_deterministic_per_seed_and_seeds_matter() {
    let sqlite = parse(SQLITE);
    let givens = |options: &MinimiseOptions| {
        run_minimise(&sqlite, options, "sqlite").puzzle.givens().clone()
    };
    let first = givens(&MinimiseOptions::new().seed(0));
    assert_eq!(givens(&MinimiseOptions::new().seed(0)), first, "seed 0 twice");
    assert_eq!(givens(&MinimiseOptions::new()), first, "the default seed is 0");
    let mut differ = Vec::new();
    for seed in 1..=8 {
        let options = MinimiseOptions::new().seed(seed);
        assert_eq!(options.get_seed(), seed);
        let result = givens(&options);
        assert_eq!(givens(&options), result, "seed {seed} twice");
        if result != first {
            differ.push(seed);
        }
    }
    assert!(!differ.is_empty(), "seeds 0..=8 all give the same minimal puzzle {}", first.to_line());
    // A fixed order does not depend on the seed.
    for order in [Order::Given, Order::Reverse] {
        let a = givens(&MinimiseOptions::new().order(order).seed(1));
        let b = givens(&MinimiseOptions::new().order(order).seed(99));
        assert_eq!(a, b, "{order:?} with seeds 1 and 99");
    }
}

#[test]
fn given_and_reverse_orders_give_minimal_puzzles() {
    let sqlite = parse(SQLITE);
    for order in [Order::Given, Order::Reverse] {
        let label = format!("sqlite {order:?}");
        let minimal = checked_minimise(&sqlite, &MinimiseOptions::new().order(order), &label);
        assert!(minimal.removed > 0, "{label}");
        assert_minimal(&minimal.puzzle, &label);
    }
}

#[test]
fn kept_cells_stay() {
    let sqlite = parse(SQLITE);
    let cell = |name: &str| Cell::from_name(name).expect("a cell name");
    // Four givens of sqlite, and one empty cell (r1c3) that must stay empty.
    let keep = vec![cell("r1c1"), cell("r1c2"), cell("r1c5"), cell("r2c1"), cell("r1c3")];
    assert_eq!(sqlite.givens().get(cell("r1c3")), None);
    let mut some_free_run_drops_a_kept_cell = false;
    for seed in 0..4 {
        let label = format!("sqlite keep, seed {seed}");
        let options = MinimiseOptions::new().seed(seed).keep(keep.clone());
        let minimal = checked_minimise(&sqlite, &options, &label);
        for &kept in &keep {
            assert_eq!(
                minimal.puzzle.givens().get(kept),
                sqlite.givens().get(kept),
                "{label}: kept cell {kept}"
            );
        }
        assert_minimal_except(&minimal.puzzle, &keep, &label);
        let free = run_minimise(&sqlite, &MinimiseOptions::new().seed(seed), &label);
        if keep
            .iter()
            .any(|&c| free.puzzle.givens().get(c).is_none() && sqlite.givens().get(c).is_some())
        {
            some_free_run_drops_a_kept_cell = true;
        }
    }
    // Otherwise this test would prove nothing about `keep`.
    assert!(
        some_free_run_drops_a_kept_cell,
        "without keep, no seed in 0..4 removes any of the kept givens"
    );
}

#[test]
fn rotational_symmetry_is_kept_and_minimal_among_symmetric_removals() {
    let sqlite = parse(SQLITE);
    let solution = unique_solution(&sqlite, "sqlite");
    // The sqlite givens, rows 1 and 9 in full and the centre, closed under the half turn,
    // filled from the solution: a symmetric, unique and far from minimal puzzle.
    let mut givens = Grid::empty(sqlite.geometry());
    let mut seeds: Vec<Cell> = sqlite.givens().filled().map(|(cell, _)| cell).collect();
    seeds.extend((0..9).map(|c| Cell::new(0, c)));
    seeds.push(Cell::new(4, 4));
    for cell in seeds {
        for image in Symmetry::Rotational.orbit(cell, 9) {
            givens.set(image, solution.get(image));
        }
    }
    let symmetric = sqlite.with_givens(givens);
    assert_symmetric(symmetric.givens(), Symmetry::Rotational, "input");
    assert!(symmetric.givens().filled_count() > 30);
    for seed in 0..3 {
        let label = format!("rotational seed {seed}");
        let options = MinimiseOptions::new().seed(seed).symmetry(Symmetry::Rotational);
        let minimal = checked_minimise(&symmetric, &options, &label);
        assert!(minimal.removed > 0, "{label}");
        assert_minimal_under(&minimal.puzzle, Symmetry::Rotational, &label);
    }
    // Other symmetries on the same grid: closed under each, and minimal under it.
    for symmetry in [Symmetry::Quarter, Symmetry::Mirror, Symmetry::Full] {
        let label = format!("{symmetry} on the full sqlite grid");
        let full = sqlite.with_givens(solution.clone());
        let options = MinimiseOptions::new().seed(1).symmetry(symmetry);
        let minimal = checked_minimise(&full, &options, &label);
        assert_minimal_under(&minimal.puzzle, symmetry, &label);
    }
}

#[test]
fn multiple_solutions_are_reported_with_two_valid_grids() {
    let mut puzzles = vec![parse("1..............."), parse(&".".repeat(16))];
    if let Some(serg) = serg_puzzles("multiple_solutions_are_reported_with_two_valid_grids", 1) {
        puzzles.extend(serg);
    }
    for puzzle in puzzles {
        let line = puzzle.givens().to_line();
        assert!(count(&puzzle, 2).count() >= 2, "premise: {line} has several solutions");
        match minimise(&puzzle, &MinimiseOptions::new()) {
            Err(MinimiseError::MultipleSolutions(a, b)) => {
                assert_ne!(a, b, "{line}: the two solutions are the same");
                for grid in [&a, &b] {
                    validate(&puzzle, grid).unwrap_or_else(|v| {
                        panic!("{line}: reported solution {} is invalid: {v}", grid.to_line())
                    });
                }
            }
            other => panic!("{line}: expected MultipleSolutions, got {other:?}"),
        }
    }
}

#[test]
fn contradictions_have_no_solution() {
    // The parser refuses givens that clash outright, so that one is built by hand.
    let empty = parse(&".".repeat(16));
    let clash = Grid::from_line(empty.geometry(), "11..............").expect("a 4x4 line");
    let puzzles = [empty.with_givens(clash), parse(CONTRADICTION_4X4)];
    for puzzle in &puzzles {
        let text = puzzle.givens().to_line();
        assert_eq!(count(puzzle, 2).count(), 0, "premise: {text} has no solution");
        assert!(
            matches!(minimise(puzzle, &MinimiseOptions::new()), Err(MinimiseError::NoSolution)),
            "{text}: minimise"
        );
        assert!(
            matches!(complete(puzzle, true), Err(MinimiseError::NoSolution)),
            "{text}: complete"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Miracle
// ---------------------------------------------------------------------------------------------

#[test]
fn the_miracle_is_minimal() {
    let miracle = miracle();
    assert_eq!(miracle.givens().filled_count(), 2);
    assert_minimal(&miracle, "the Miracle");
    for seed in [0, 1] {
        let label = format!("the Miracle, seed {seed}");
        let minimal = checked_minimise(&miracle, &MinimiseOptions::new().seed(seed), &label);
        assert_eq!(minimal.removed, 0, "{label}");
        assert_eq!(minimal.puzzle.givens(), miracle.givens(), "{label}");
    }
}

#[test]
fn the_empty_miracle_has_72_solutions() {
    let counted = count(&empty_template("miracle", 9), 100);
    assert_eq!((counted.count(), counted.is_exact()), (72, true));
}

#[test]
fn generated_miracles_are_unique_and_minimal() {
    let template = empty_template("miracle", 9);
    let mut sizes = Vec::new();
    for seed in 0..6 {
        let label = format!("miracle seed {seed}");
        let made = run_generate(&template, 0, &GenerateOptions::new().seed(seed), &label);
        check_generated(&template, &made, &label);
        assert_minimal(&made.puzzle, &label);
        let givens = made.puzzle.givens().filled_count();
        assert!(givens >= 2, "{label}: {givens} given(s) cannot fix one of 72 grids");
        sizes.push(givens);
    }
    assert!(sizes.contains(&2), "no miracle puzzle with exactly 2 givens: {sizes:?}");
}

// ---------------------------------------------------------------------------------------------
// 3. true candidates
// ---------------------------------------------------------------------------------------------

/// Compares `true_candidates` (with and without counts) with an enumeration of all solutions
/// by the reference backtracking solver.
fn check_candidates_against_enumeration(puzzle: &Puzzle, max: usize, label: &str) {
    let solutions = all_solutions(puzzle, max);
    let sat_count = count(puzzle, max + 1);
    assert_eq!(
        (sat_count.count(), sat_count.is_exact()),
        (solutions.len(), true),
        "{label}: SAT and backtracking counts differ"
    );
    let geometry = puzzle.geometry();
    let bound = solutions.len() + 1;
    let found = true_candidates(puzzle, Some(bound)).expect("the SAT solver does not fail");
    assert_eq!(found.has_solution(), !solutions.is_empty(), "{label}: has_solution");
    assert_eq!(found.geometry(), geometry);
    let plain = true_candidates(puzzle, None).expect("the SAT solver does not fail");
    assert!(plain.solutions_with(Placement::new(Cell::new(0, 0), Digit::from_index(0))).is_none());
    for cell in geometry.cells() {
        let union: DigitSet = solutions.iter().filter_map(|s| s.get(cell)).collect();
        assert_eq!(found.get(cell), union, "{label}: candidates of {cell}");
        assert_eq!(plain.get(cell), union, "{label}: candidates of {cell} (no counts)");
        let mut total = 0;
        for index in 0..geometry.size() {
            let digit = Digit::from_index(index);
            let with = solutions.iter().filter(|s| s.get(cell) == Some(digit)).count();
            let (counted, exact) =
                found.solutions_with(Placement::new(cell, digit)).expect("counts were asked for");
            assert_eq!(counted, with, "{label}: solutions with {cell}={digit}");
            assert!(exact, "{label}: {cell}={digit} counted below the bound is exact");
            total += counted;
        }
        assert_eq!(total, solutions.len(), "{label}: counts through {cell} add up");
    }
}

#[test]
fn true_candidates_of_the_empty_4x4_are_every_digit() {
    let empty = parse(&".".repeat(16));
    let found = true_candidates(&empty, Some(1000)).expect("the SAT solver does not fail");
    assert!(found.has_solution());
    for cell in empty.geometry().cells() {
        assert_eq!(found.get(cell), DigitSet::full(4), "{cell}");
        for index in 0..4 {
            let placement = Placement::new(cell, Digit::from_index(index));
            // 288 grids, each digit equally often in each cell.
            assert_eq!(found.solutions_with(placement), Some((72, true)), "{placement:?}");
        }
    }
    // A bound that is reached is reported as such.
    let bounded = true_candidates(&empty, Some(5)).expect("the SAT solver does not fail");
    let placement = Placement::new(Cell::new(2, 3), Digit::from_index(1));
    assert_eq!(bounded.solutions_with(placement), Some((5, false)));
}

#[test]
fn true_candidates_of_a_unique_puzzle_are_its_solution() {
    let sqlite = parse(SQLITE);
    let solution = unique_solution(&sqlite, "sqlite");
    let found = true_candidates(&sqlite, Some(3)).expect("the SAT solver does not fail");
    for cell in sqlite.geometry().cells() {
        let digit = solution.get(cell).expect("a complete solution");
        assert_eq!(found.get(cell), DigitSet::single(digit), "{cell}");
        assert_eq!(found.solutions_with(Placement::new(cell, digit)), Some((1, true)));
    }
}

#[test]
fn true_candidates_of_a_contradiction_are_empty() {
    let puzzle = parse(CONTRADICTION_4X4);
    let found = true_candidates(&puzzle, None).expect("the SAT solver does not fail");
    assert!(!found.has_solution());
    for cell in puzzle.geometry().cells() {
        assert!(found.get(cell).is_empty(), "{cell}");
    }
}

#[test]
fn true_candidates_agree_with_an_enumeration_of_all_solutions() {
    // Hand-made 4×4 puzzles with several solutions.
    for text in ["12..............", "1...............", "1..2......3....."] {
        check_candidates_against_enumeration(&parse(text), 300, text);
    }
    // The same through the definition "d is a candidate of c iff the puzzle with c=d has a
    // solution", on one 4×4.
    let puzzle = parse("1...............");
    let found = true_candidates(&puzzle, None).expect("the SAT solver does not fail");
    for cell in puzzle.geometry().cells() {
        for index in 0..4 {
            let digit = Digit::from_index(index);
            let mut givens = puzzle.givens().clone();
            if givens.get(cell).is_some_and(|given| given != digit) {
                assert!(!found.get(cell).contains(digit), "{cell}={digit}");
                continue;
            }
            givens.set(cell, Some(digit));
            let possible = count(&puzzle.with_givens(givens), 1).count() >= 1;
            assert_eq!(found.get(cell).contains(digit), possible, "{cell}={digit}");
        }
    }
    // A serg puzzle with few solutions, and a cell with two or more candidates.
    let test = "true_candidates_agree_with_an_enumeration_of_all_solutions";
    let Some(serg) = serg_puzzles(test, 200) else {
        return;
    };
    let chosen = serg.iter().find(|p| {
        let counted = count(p, 200);
        counted.is_exact() && counted.count() >= 3
    });
    let puzzle = chosen.expect("one of the first 200 serg puzzles has 3..200 solutions");
    let line = puzzle.givens().to_line();
    check_candidates_against_enumeration(puzzle, 200, &line);
    let found = true_candidates(puzzle, None).expect("the SAT solver does not fail");
    assert!(
        puzzle.geometry().cells().any(|cell| found.get(cell).len() >= 2),
        "{line}: a puzzle with several solutions has a cell with two candidates"
    );
}

// ---------------------------------------------------------------------------------------------
// 4. complete
// ---------------------------------------------------------------------------------------------

fn check_complete(puzzle: &Puzzle, minimise_after: bool, label: &str) {
    let done = complete(puzzle, minimise_after)
        .unwrap_or_else(|e| panic!("{label}: complete failed: {e}"));
    let result = &done.puzzle;
    let solution = unique_solution(result, label);
    validate(puzzle, &solution)
        .unwrap_or_else(|v| panic!("{label}: the solution does not solve the input: {v}"));
    assert_eq!(result.solution(), Some(&solution), "{label}: recorded solution");
    assert_eq!(result.rules(), puzzle.rules(), "{label}: rules changed");
    assert_subset(puzzle.givens(), result.givens(), label);
    // `added` is exactly the new givens, each once.
    let new: BTreeSet<Placement> = result
        .givens()
        .filled()
        .filter(|&(cell, _)| puzzle.givens().get(cell).is_none())
        .map(|(cell, digit)| Placement::new(cell, digit))
        .collect();
    let added: BTreeSet<Placement> = done.added.iter().copied().collect();
    assert_eq!(added.len(), done.added.len(), "{label}: a given added twice");
    assert_eq!(added, new, "{label}: `added` is not the new givens");
    if count(puzzle, 2).count() >= 2 {
        assert!(!added.is_empty(), "{label}: nothing added to a multi-solution puzzle");
    }
    if minimise_after {
        let originals: Vec<Cell> = puzzle.givens().filled().map(|(cell, _)| cell).collect();
        assert_minimal_except(result, &originals, label);
    }
}

#[test]
fn complete_makes_multi_solution_puzzles_unique() {
    let mut puzzles = vec![
        parse("1..............."),
        parse(&".".repeat(16)),
        parse("12.............."),
        parse(&".".repeat(36)),
        empty_template("miracle", 9),
    ];
    if let Some(serg) = serg_puzzles("complete_makes_multi_solution_puzzles_unique", 5) {
        puzzles.extend(serg);
    }
    for puzzle in &puzzles {
        for minimise_after in [false, true] {
            let label = format!("{} (minimise_after {minimise_after})", puzzle.givens().to_line());
            check_complete(puzzle, minimise_after, &label);
        }
    }
}

#[test]
fn complete_leaves_a_unique_puzzle_alone() {
    let sqlite = parse(SQLITE);
    for minimise_after in [false, true] {
        let done = complete(&sqlite, minimise_after).expect("a unique puzzle");
        assert!(done.added.is_empty(), "minimise_after {minimise_after}");
        assert_eq!(done.puzzle.givens(), sqlite.givens(), "minimise_after {minimise_after}");
    }
}

// ---------------------------------------------------------------------------------------------
// 5. generate
// ---------------------------------------------------------------------------------------------

#[test]
fn generated_puzzles_are_unique_minimal_and_valid() {
    let cases = [
        ("classic", 9, 1),
        ("classic", 9, 2),
        ("diagonal", 9, 1),
        ("anti-knight", 6, 1),
        ("classic", 4, 1),
        ("classic", 4, 2),
    ];
    for (rules, size, seed) in cases {
        let label = format!("{rules} {size}x{size} seed {seed}");
        let template = empty_template(rules, size);
        let made = run_generate(&template, 0, &GenerateOptions::new().seed(seed), &label);
        check_generated(&template, &made, &label);
        assert_eq!(made.attempts, 1, "{label}: no givens limit, one attempt");
        assert_minimal(&made.puzzle, &label);
    }
}

#[test]
fn generation_is_reproducible_and_indexed() {
    for (rules, size) in [("classic", 9), ("classic", 4), ("anti-knight", 6)] {
        let label = format!("{rules} {size}x{size}");
        let template = empty_template(rules, size);
        let options = GenerateOptions::new().seed(5);
        let a = run_generate(&template, 0, &options, &label).puzzle;
        let b = run_generate(&template, 0, &options, &label).puzzle;
        assert_eq!(a.givens(), b.givens(), "{label}: same seed and index");
        assert_eq!(a.solution(), b.solution(), "{label}: same seed and index");
        let next = run_generate(&template, 1, &options, &label).puzzle;
        assert_ne!(a.givens(), next.givens(), "{label}: indices 0 and 1");
        let other_seed = run_generate(&template, 0, &GenerateOptions::new().seed(6), &label).puzzle;
        assert_ne!(a.givens(), other_seed.givens(), "{label}: seeds 5 and 6");
    }
    // The template's givens are ignored.
    let empty = empty_template("classic", 9);
    let options = GenerateOptions::new().seed(3);
    let from_empty = run_generate(&empty, 2, &options, "empty template").puzzle;
    let from_sqlite = run_generate(&parse(SQLITE), 2, &options, "sqlite template").puzzle;
    assert_eq!(from_empty.givens(), from_sqlite.givens(), "template givens are ignored");
}

#[test]
fn givens_limit_is_respected_or_reported() {
    for (rules, size, limit, attempts) in
        [("classic", 4, 4, 50), ("classic", 9, 23, 30), ("classic", 9, 19, 3)]
    {
        let label = format!("{rules} {size}x{size} at most {limit}");
        let template = empty_template(rules, size);
        let options =
            GenerateOptions::new().seed(1).givens_at_most(Some(limit)).max_attempts(attempts);
        match generate(&template, 0, &options) {
            Ok(made) => {
                check_generated(&template, &made, &label);
                assert_minimal(&made.puzzle, &label);
                let givens = made.puzzle.givens().filled_count();
                assert!(givens <= limit, "{label}: got {givens} givens");
                assert!(made.attempts <= attempts, "{label}: {} attempts", made.attempts);
            }
            Err(GenerateError::LimitReached { wanted, attempts: made, fewest }) => {
                assert_eq!((wanted, made), (limit, attempts), "{label}");
                assert!(fewest > limit, "{label}: fewest {fewest}");
            }
            Err(other) => panic!("{label}: {other}"),
        }
    }
}

#[test]
fn an_impossible_givens_limit_reaches_the_limit() {
    let template = empty_template("classic", 4);
    for attempts in [1, 3] {
        let options = GenerateOptions::new().givens_at_most(Some(1)).max_attempts(attempts);
        match generate(&template, 0, &options) {
            Err(GenerateError::LimitReached { wanted, attempts: made, fewest }) => {
                assert_eq!((wanted, made), (1, attempts));
                // A unique 4×4 puzzle needs at least 4 givens.
                assert!((4..16).contains(&fewest), "fewest {fewest}");
            }
            other => panic!("expected LimitReached after {attempts} attempt(s), got {other:?}"),
        }
    }
    // A zero time limit stops after the first attempt.
    let options = GenerateOptions::new().givens_at_most(Some(1)).time_limit(Some(Duration::ZERO));
    match generate(&template, 0, &options) {
        Err(GenerateError::LimitReached { attempts, .. }) => assert_eq!(attempts, 1),
        other => panic!("expected LimitReached with a zero time limit, got {other:?}"),
    }
    // max_attempts(0) is taken as 1.
    let options = GenerateOptions::new().givens_at_most(Some(1)).max_attempts(0);
    match generate(&template, 0, &options) {
        Err(GenerateError::LimitReached { attempts, .. }) => assert_eq!(attempts, 1),
        other => panic!("expected LimitReached with max_attempts(0), got {other:?}"),
    }
}

#[test]
fn symmetric_generation_is_symmetric() {
    let cases = [
        ("classic", 9, Symmetry::Rotational, 0),
        ("classic", 9, Symmetry::Rotational, 1),
        ("classic", 4, Symmetry::Rotational, 0),
        ("anti-knight", 6, Symmetry::Mirror, 0),
    ];
    for (rules, size, symmetry, seed) in cases {
        let label = format!("{rules} {size}x{size} {symmetry} seed {seed}");
        let template = empty_template(rules, size);
        let options = GenerateOptions::new().seed(seed).symmetry(symmetry);
        let made = run_generate(&template, 0, &options, &label);
        check_generated(&template, &made, &label);
        assert_minimal_under(&made.puzzle, symmetry, &label);
    }
}

#[test]
fn every_usual_size_generates_unique_valid_puzzles() {
    for size in [4, 6, 8, 9, 12] {
        let geometry = Geometry::with_usual_boxes(size).unwrap();
        let template = Puzzle::new(Grid::empty(geometry), vec![]);
        let made = generate(&template, 0, &GenerateOptions::new().seed(3)).unwrap();
        let count = count_up_to(&made.puzzle, 2).unwrap();
        assert!(count.is_unique(), "{size}x{size}: {:?}", made.puzzle.givens());
        let solution = &count.first_solutions()[0];
        assert_eq!(validate(&made.puzzle, solution), Ok(()), "{size}x{size}");
        assert_eq!(made.puzzle.solution(), Some(solution), "{size}x{size}");
    }
}

#[test]
fn explicit_boxes_change_the_houses() {
    // With 1x4 boxes a box is a row, so only rows and columns constrain: the 576 Latin squares
    // of order 4, against 288 grids with the usual 2x2 boxes.
    let latin: Puzzle = format!("boxes: 1x4\n{}", ".".repeat(16)).parse().unwrap();
    assert_eq!(count_up_to(&latin, 1000).unwrap().count(), 576);
    let usual: Puzzle = format!("boxes: 2x2\n{}", ".".repeat(16)).parse().unwrap();
    assert_eq!(count_up_to(&usual, 1000).unwrap().count(), 288);
    // A 6x6 grid with tall 3x2 boxes generates and validates like the usual 2x3.
    let tall: Puzzle = format!("boxes: 3x2\n{}", ".".repeat(36)).parse().unwrap();
    let made = generate(&tall, 0, &GenerateOptions::new().seed(5)).unwrap();
    let solution = made.puzzle.solution().unwrap().clone();
    assert_eq!(validate(&made.puzzle, &solution), Ok(()));
    assert!(count_up_to(&made.puzzle, 2).unwrap().is_unique());
}
