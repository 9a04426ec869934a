//! The counting paths agree: the pre-pass (answers without SAT when deduction solves or
//! contradicts a puzzle), the reused solver (one session per rule set, placements as
//! assumptions, renewed every few puzzles) and a fresh solver per puzzle give the same counts
//! and the same unique solutions, on random puzzles of every rule set (unique, several
//! solutions, none), with one counter per path kept across rule sets as a batch worker keeps it.
//! A minimiser kept across rule sets (its session reused, removals proved by the pre-pass
//! skipping SAT) still gives unique minimal puzzles.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satdoku::Puzzle;
use satdoku::engine::count::{Count, CountOptions};
use satdoku::engine::counter::{Counter, Solvers};
use satdoku::engine::minimise::{MinimiseOptions, Minimiser};

use crate::certify::{random_puzzle, rule_sets};

/// Puzzles per rule set.
const PUZZLES: usize = 60;

/// A counting path: whether the pre-pass runs first, and which solver answers the rest.
struct Path {
    name: &'static str,
    prepass: bool,
    counter: Counter,
}

fn paths() -> Vec<Path> {
    let counter = |solvers| Counter::new(&satdoku::Limits::new()).solvers(solvers);
    // A small renewal period, so that renewals happen within the test.
    let reused = Solvers::Reused { renew_every: 7 };
    vec![
        Path { name: "pre-pass, reused", prepass: true, counter: counter(reused) },
        Path { name: "pre-pass, fresh", prepass: true, counter: counter(Solvers::Fresh) },
        Path { name: "SAT alone, reused", prepass: false, counter: counter(reused) },
        Path { name: "SAT alone, fresh", prepass: false, counter: counter(Solvers::Fresh) },
    ]
}

/// What a count says, to compare paths: count, exactness, and the solution when unique.
fn verdict(count: &Count) -> (usize, bool, Option<String>) {
    let unique = count.is_unique().then(|| count.first_solutions()[0].to_line());
    (count.count(), count.is_exact(), unique)
}

/// Counts `puzzle` up to `max` on every path; asserts they agree and every solution shown
/// validates. Whether the pre-pass answered alone (no SAT call).
fn assert_paths_agree(paths: &mut [Path], puzzle: &Puzzle, max: usize) -> bool {
    let context = || format!("{}\n{}", puzzle.rule_names(), puzzle.givens().to_line());
    let mut verdicts = Vec::new();
    let mut deduced = false;
    for path in paths.iter_mut() {
        let options = CountOptions::up_to(max).prepass(path.prepass);
        let count = path.counter.count(puzzle, &options).unwrap();
        for solution in count.first_solutions() {
            assert_eq!(satdoku::validate(puzzle, solution), Ok(()), "{}: {}", path.name, context());
        }
        deduced |= path.prepass && count.stats().solve_calls == 0;
        verdicts.push((path.name, verdict(&count)));
    }
    for (name, found) in &verdicts[1..] {
        assert_eq!(found, &verdicts[0].1, "{name} vs {}: {}", verdicts[0].0, context());
    }
    deduced
}

#[test]
fn prepass_reused_and_fresh_solvers_agree_on_every_rule_set() {
    let mut paths = paths();
    let (mut deduced, mut total) = (0, 0);
    for (index, set) in rule_sets().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + index as u64);
        for round in 0..PUZZLES {
            let puzzle = random_puzzle(set, &mut rng);
            // Counts past 2 too: several blocking clauses under one activation literal.
            let max = if round % 4 == 0 { 5 } else { 2 };
            deduced += usize::from(assert_paths_agree(&mut paths, &puzzle, max));
            total += 1;
        }
    }
    eprintln!("{deduced} of {total} random puzzles answered by the pre-pass alone");
    assert!(deduced >= total / 10, "the pre-pass path is exercised: {deduced} of {total}");
}

#[test]
fn the_prepass_answers_a_singles_puzzle_and_a_contradiction_without_sat() {
    let mut counter = Counter::new(&satdoku::Limits::new());
    let options = CountOptions::up_to(2);
    let easy: Puzzle =
        "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
            .parse()
            .unwrap();
    let counted = counter.count(&easy, &options).unwrap();
    assert!(counted.is_unique());
    assert_eq!(counted.stats().solve_calls, 0);
    // r1c1..r1c3 leave only 4 for r1c4, which column 4 already holds.
    let contradiction: Puzzle = "123............4".parse().unwrap();
    let counted = counter.count(&contradiction, &options).unwrap();
    assert_eq!((counted.count(), counted.is_exact(), counted.stats().solve_calls), (0, true, 0));
}

/// Whether `puzzle` has exactly the solution `solution`.
fn unique_with(puzzle: &Puzzle, solution: &satdoku::Grid) -> bool {
    let count = satdoku::count_up_to(puzzle, 2).unwrap();
    count.is_unique() && &count.first_solutions()[0] == solution
}

#[test]
fn a_minimiser_kept_across_rule_sets_gives_unique_minimal_puzzles() {
    let mut minimiser = Minimiser::new(&satdoku::Limits::new());
    let mut minimised = 0;
    for (index, set) in rule_sets().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(200 + index as u64);
        for _ in 0..12 {
            let puzzle = random_puzzle(set, &mut rng);
            let Some(solution) = satdoku::count_up_to(&puzzle, 2)
                .unwrap()
                .is_unique()
                .then(|| satdoku::count_up_to(&puzzle, 1).unwrap().first_solutions()[0].clone())
            else {
                continue;
            };
            let options = MinimiseOptions::new().seed(index as u64);
            let minimal = minimiser.minimise(&puzzle, &options).unwrap().puzzle;
            let context = format!("{}\n{}", puzzle.rule_names(), puzzle.givens().to_line());
            assert!(unique_with(&minimal, &solution), "not unique: {context}");
            for (cell, _) in minimal.givens().filled() {
                let mut fewer = minimal.givens().clone();
                fewer.set(cell, None);
                let count = satdoku::count_up_to(&minimal.with_givens(fewer), 2).unwrap();
                assert!(!count.is_unique(), "the given at {cell} is redundant: {context}");
            }
            minimised += 1;
        }
    }
    assert!(minimised >= 20, "only {minimised} unique random puzzles");
}
