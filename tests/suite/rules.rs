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
//!   skyscrapers, numbered rooms, whose flags and gated sums the IR carries), inequality
//!   signs and indexers; and on double arrows, rellik cages, numbered rooms and
//!   differences-count lines alone, with anti-leaper and anti-taxicab rules; and on sum loops,
//!   branched renbans and branched region-sum lines; and on combined dots (`x|v`), their
//!   negative rules and sequence lines; on given pencil marks (candidates); on diagonals of
//!   equal sums or products; and on look-and-say clues, on groups and diagonals.
//!
//! The rules are drawn by `draw/cells.rs` of the differential harness (`examples/differential`).

use std::collections::BTreeSet;
use std::time::Duration;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::engine::count::{CountOptions, count};
use satdoku::reference::backtrack;
use satdoku::{Geometry, Grid, Ir, Limits, Puzzle, Rule};

use crate::cross_check::classic_4x4_grids;
use crate::cross_check::harness::draw::cells::{self, random_clue, random_rule};
use crate::cross_check::harness::draw::totals::random_equal_totals;
use crate::cross_check::harness::look_and_say::random_look_and_say;

/// One to three random rules with cells.
fn random_rules(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    (0..rng.random_range(1..=3)).map(|_| random_rule(rng, n, solution)).collect()
}

/// One to three random clues.
fn random_clues(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    (0..rng.random_range(1..=3)).map(|_| random_clue(rng, n, solution)).collect()
}

/// One to three random double arrows, rellik cages, numbered rooms and differences-count lines
/// (drawn by the harness
/// until one of these comes), with one time in two an anti-leaper or anti-taxicab rule.
fn random_newer_rules(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    let wanted = |rule: &Rule| {
        matches!(
            rule,
            Rule::DoubleArrow(_)
                | Rule::Rellik { .. }
                | Rule::NumberedRoom { .. }
                | Rule::DifferencesCount(_)
        )
    };
    let mut rules: Vec<Rule> = (0..rng.random_range(1..=3))
        .map(|_| {
            loop {
                let rule = match rng.random_bool(0.5) {
                    true => random_rule(rng, n, solution),
                    false => random_clue(rng, n, solution),
                };
                if wanted(&rule) {
                    break rule;
                }
            }
        })
        .collect();
    let chess = [Rule::AntiLeaper([1, 3]), Rule::AntiLeaper([2, 2]), Rule::AntiTaxicab];
    if rng.random_bool(0.5) {
        rules.push(chess[rng.random_range(0..chess.len())].clone());
    }
    rules
}

/// One to three random combined dots, negative combined rules and sequence lines (drawn by
/// the harness until one of these comes), with one time in two a dot of another kind.
fn random_combined_dots_and_sequences(
    rng: &mut ChaCha8Rng,
    n: usize,
    solution: &Grid,
) -> Vec<Rule> {
    let drawn = |rng: &mut ChaCha8Rng, wanted: fn(&Rule) -> bool| {
        std::iter::repeat_with(|| random_rule(rng, n, solution)).find(wanted).expect("endless")
    };
    let combined = |rule: &Rule| {
        matches!(rule, Rule::CombinedDot { .. } | Rule::NegativeCombined(_) | Rule::Sequence(_))
    };
    let mut rules: Vec<Rule> = (0..rng.random_range(1..=3)).map(|_| drawn(rng, combined)).collect();
    if rng.random_bool(0.5) {
        rules.push(drawn(rng, |rule| matches!(rule, Rule::Dot { .. })));
    }
    rules
}

/// One to four random cells' given pencil marks, with one time in two a random rule with
/// cells.
fn random_candidates(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    let mut rules: Vec<Rule> =
        (0..rng.random_range(1..=4)).map(|_| cells::random_candidates(rng, n, solution)).collect();
    if rng.random_bool(0.5) {
        rules.push(random_rule(rng, n, solution));
    }
    rules
}

/// A random group of diagonals of equal sums or products that `solution` meets (the first
/// of 500 draws that does, else the last: an empty grid without solutions takes backtracking
/// too long to tell), with one time in two a little killer across them.
fn random_equal_totals_and_killers(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    let mut group = random_equal_totals(rng, n, None).expect("random diagonals");
    for _ in 0..500 {
        let alone = Puzzle::new(Grid::empty(solution.geometry()), vec![group.clone()]);
        if satdoku::validate(&alone, solution).is_ok() {
            break;
        }
        group = random_equal_totals(rng, n, None).expect("random diagonals");
    }
    let mut rules = vec![group];
    if rng.random_bool(0.5) {
        let killer = std::iter::repeat_with(|| random_rule(rng, n, solution))
            .find(|rule| matches!(rule, Rule::LittleKiller { .. }));
        rules.extend(killer);
    }
    rules
}

/// One to three random look-and-say clues (groups and diagonals), their counts read off
/// `solution` but one time in three drawn at random, with one time in two a killer cage over
/// another group (whose different digits the clues' repeats must respect where they meet).
fn random_look_and_say_rules(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Vec<Rule> {
    let mut rules: Vec<Rule> = (0..rng.random_range(1..=3))
        .map(|_| {
            let read_off = rng.random_range(0..3) != 0;
            random_look_and_say(rng, n, read_off.then_some(solution))
        })
        .collect();
    if rng.random_bool(0.5) {
        let killer = std::iter::repeat_with(|| random_rule(rng, n, solution))
            .find(|rule| matches!(rule, Rule::Killer { .. }));
        rules.extend(killer);
    }
    rules
}

/// One or two random sum loops (rings round a 2×2, 2×3 or 3×3 block), branched renbans and
/// branched region-sum lines (a line of three with a branch off its middle).
fn random_loops_and_branches(rng: &mut ChaCha8Rng, n: usize, _: &Grid) -> Vec<Rule> {
    let cell = |r: usize, c: usize| satdoku::Cell::new(r, c);
    (0..rng.random_range(1..=2))
        .map(|_| match rng.random_range(0..3) {
            0 => {
                let (rows, columns) = [(2, 2), (2, 3), (3, 2), (3, 3)][rng.random_range(0..4)];
                let (r, c) = (rng.random_range(0..=n - rows), rng.random_range(0..=n - columns));
                let top = (0..columns).map(|i| cell(r, c + i));
                let right = (1..rows).map(|i| cell(r + i, c + columns - 1));
                let bottom = (0..columns - 1).rev().map(|i| cell(r + rows - 1, c + i));
                let left = (1..rows - 1).rev().map(|i| cell(r + i, c));
                let line = top.chain(right).chain(bottom).chain(left).collect();
                Rule::SumLine { line, sum: rng.random_range(3..=10), closed: true }
            }
            kind => {
                let (r, c) = (rng.random_range(0..n - 1), rng.random_range(0..n - 2));
                let mut cells: Vec<_> = (0..3).map(|i| cell(r, c + i)).collect();
                cells.push(cell(r + 1, c + 1));
                if kind == 1 { Rule::Renban(cells) } else { Rule::RegionSum(cells) }
            }
        })
        .collect()
}

/// The solutions backtracking finds, as lines.
pub(crate) fn by_backtracking(puzzle: &Puzzle, max: usize) -> (BTreeSet<String>, bool) {
    let mut found = BTreeSet::new();
    let count = backtrack::visit_up_to(&Ir::lower(puzzle), puzzle.givens(), max, |grid| {
        found.insert(grid.to_line());
    });
    (found, count.exhausted)
}

/// The count of the SAT solver alone, and of the default path (the pre-pass, then guess and
/// propagate, then SAT), agree with `expected` (a count below `max`), and what they show
/// validates.
pub(crate) fn check_sat(puzzle: &Puzzle, expected: usize, max: usize) {
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

/// How long backtracking may search an empty 6×6 grid SAT found no solution for. Most such
/// searches end in milliseconds; before the search broke ties by the degree heuristic, an
/// arrow from a circle to a cell of its box (seed 9) made it walk most of the grid's tree
/// before it could tell (over 5 s; now 8 ms). A case that still outlasts the bound is left
/// unchecked rather than holding the suite: the fact (backtracking finds none either) is
/// shown by the others, and `examples/differential` runs such cases without a bound.
const EMPTY_GRID_SEARCH: Duration = Duration::from_secs(5);

/// On `cases` random 6×6 cases of `rules` with givens from one of their solutions, SAT and
/// backtracking agree on the count; at least `solvable` cases have solutions, and of the
/// others at most one outlasts [`EMPTY_GRID_SEARCH`].
fn sat_against_backtracking_6x6(seed: u64, cases: usize, solvable: usize, rules: Rules) {
    let geometry = Geometry::with_usual_boxes(6).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let reference = Grid::from_line(geometry, crate::encoder::SOLUTION_6X6).unwrap();
    let (mut checked, mut unfinished) = (0, 0);
    for _ in 0..cases {
        let rules = rules(&mut rng, 6, &reference);
        let empty = Puzzle::new(Grid::empty(geometry), rules.clone());
        let sat = satdoku::count_up_to(&empty, 1).expect("the SAT solver runs");
        let Some(solution) = sat.first_solutions().first() else {
            let limits = Limits::new().timeout(EMPTY_GRID_SEARCH);
            let search =
                backtrack::try_visit_up_to(&Ir::lower(&empty), empty.givens(), 1, &limits, |_| {});
            match search.stopped {
                Some(_) => unfinished += 1,
                None => assert_eq!(search.solutions, 0, "{rules:?}"),
            }
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
    assert!(unfinished <= 1, "{unfinished} empty grids outlasted the search's time");
}

#[test]
fn random_rules_4x4_against_brute_force() {
    against_brute_force_4x4(4, 250, 120, random_rules);
}

#[test]
fn random_rules_6x6_sat_against_backtracking() {
    // With today's rule generator (combined dots and sequence lines too) seed 9 draws 6 cases
    // without a solution, each empty grid searched to the end by backtracking (the slowest
    // 0.9 s; see EMPTY_GRID_SEARCH): the test takes 1.5 s, loaded machine.
    sat_against_backtracking_6x6(9, 50, 25, random_rules);
}

#[test]
fn random_clues_4x4_against_brute_force() {
    against_brute_force_4x4(10, 200, 60, random_clues);
}

#[test]
fn random_newer_rules_4x4_against_brute_force() {
    against_brute_force_4x4(14, 250, 100, random_newer_rules);
}

#[test]
fn random_newer_rules_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(16, 50, 20, random_newer_rules);
}

#[test]
fn random_combined_dots_and_sequences_4x4_against_brute_force() {
    against_brute_force_4x4(20, 250, 80, random_combined_dots_and_sequences);
}

#[test]
fn random_combined_dots_and_sequences_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(22, 50, 20, random_combined_dots_and_sequences);
}

#[test]
fn random_candidates_4x4_against_brute_force() {
    against_brute_force_4x4(24, 250, 80, random_candidates);
}

#[test]
fn random_candidates_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(26, 50, 20, random_candidates);
}

#[test]
fn random_equal_totals_4x4_against_brute_force() {
    against_brute_force_4x4(24, 200, 60, random_equal_totals_and_killers);
}

#[test]
fn random_equal_totals_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(25, 40, 15, random_equal_totals_and_killers);
}

#[test]
fn random_look_and_say_4x4_against_brute_force() {
    against_brute_force_4x4(27, 250, 80, random_look_and_say_rules);
}

#[test]
fn random_look_and_say_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(28, 50, 20, random_look_and_say_rules);
}

#[test]
fn random_loops_and_branches_4x4_against_brute_force() {
    against_brute_force_4x4(18, 150, 30, random_loops_and_branches);
}

#[test]
fn random_clues_6x6_sat_against_backtracking() {
    sat_against_backtracking_6x6(12, 40, 12, random_clues);
}
