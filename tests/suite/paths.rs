//! The counting paths agree: the pre-pass (answers without SAT when deduction solves or
//! contradicts a puzzle), guess and propagate after it (answers without SAT for rule sets
//! without sums), the reused solver (one session per rule set, placements as
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

/// A counting path: whether the pre-pass runs first, whether the search follows it, and which
/// solver answers the rest.
struct Path {
    name: &'static str,
    prepass: bool,
    search: bool,
    counter: Counter,
}

fn paths() -> Vec<Path> {
    let counter = |solvers| Counter::new(&satdoku::Limits::new()).solvers(solvers);
    // A small renewal period, so that renewals happen within the test.
    let reused = Solvers::Reused { renew_every: 7 };
    let path =
        |name, prepass, search, solvers| Path { name, prepass, search, counter: counter(solvers) };
    vec![
        path("pre-pass and search", true, true, Solvers::Fresh),
        path("pre-pass, reused", true, false, reused),
        path("pre-pass, fresh", true, false, Solvers::Fresh),
        path("SAT alone, reused", false, false, reused),
        path("SAT alone, fresh", false, false, Solvers::Fresh),
    ]
}

/// What a count says, to compare paths: count, exactness, and the solution when unique.
fn verdict(count: &Count) -> (usize, bool, Option<String>) {
    let unique = count.is_unique().then(|| count.first_solutions()[0].to_line());
    (count.count(), count.is_exact(), unique)
}

/// Which paths answered a puzzle without a SAT call.
#[derive(Default)]
struct WithoutSat {
    /// The pre-pass alone.
    deduced: bool,
    /// The pre-pass or the search after it.
    searched: bool,
}

/// Counts `puzzle` up to `max` on every path; asserts they agree and every solution shown
/// validates.
fn assert_paths_agree(paths: &mut [Path], puzzle: &Puzzle, max: usize) -> WithoutSat {
    let context = || format!("{}\n{}", puzzle.rule_names(), puzzle.givens().to_line());
    let mut verdicts = Vec::new();
    let mut without_sat = WithoutSat::default();
    for path in paths.iter_mut() {
        let options = CountOptions::up_to(max).prepass(path.prepass).search(path.search);
        let count = path.counter.count(puzzle, &options).unwrap();
        for solution in count.first_solutions() {
            assert_eq!(satdoku::validate(puzzle, solution), Ok(()), "{}: {}", path.name, context());
        }
        let no_sat = path.prepass && count.stats().solve_calls == 0;
        if path.search {
            without_sat.searched |= no_sat;
        } else {
            without_sat.deduced |= no_sat;
        }
        verdicts.push((path.name, verdict(&count)));
    }
    for (name, found) in &verdicts[1..] {
        assert_eq!(found, &verdicts[0].1, "{name} vs {}: {}", verdicts[0].0, context());
    }
    without_sat
}

#[test]
fn prepass_search_reused_and_fresh_solvers_agree_on_every_rule_set() {
    let mut paths = paths();
    let (mut deduced, mut searched, mut total) = (0, 0, 0);
    for (index, set) in rule_sets().iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + index as u64);
        for round in 0..PUZZLES {
            let puzzle = random_puzzle(set, &mut rng);
            // Counts past 2 too: several blocking clauses under one activation literal.
            let max = if round % 4 == 0 { 5 } else { 2 };
            let without_sat = assert_paths_agree(&mut paths, &puzzle, max);
            deduced += usize::from(without_sat.deduced);
            searched += usize::from(without_sat.searched);
            total += 1;
        }
    }
    eprintln!(
        "of {total} random puzzles, {deduced} answered by the pre-pass alone, {searched} with the search"
    );
    assert!(deduced >= total / 10, "the pre-pass path is exercised: {deduced} of {total}");
    // These rule sets have no sums: the search answers every puzzle within its budget.
    assert_eq!(searched, total, "the search answers every puzzle");
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

/// The count up to 2 of the SAT solver alone: independent of the minimiser's pre-pass and
/// search.
fn sat_count(puzzle: &Puzzle) -> Count {
    satdoku::engine::count::count(puzzle, &CountOptions::up_to(2).prepass(false)).unwrap()
}

/// Whether `puzzle` has exactly the solution `solution`.
fn unique_with(puzzle: &Puzzle, solution: &satdoku::Grid) -> bool {
    let count = sat_count(puzzle);
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
                let count = sat_count(&minimal.with_givens(fewer));
                assert!(!count.is_unique(), "the given at {cell} is redundant: {context}");
            }
            minimised += 1;
        }
    }
    assert!(minimised >= 20, "only {minimised} unique random puzzles");
}

#[test]
fn a_rule_set_with_sums_is_minimised_by_the_sat_solver() {
    // The search leaves sums to SAT: the killer's full grid is minimised by SAT calls.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/killer-6x6-extreme.txt");
    let killer: Puzzle = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let solution = sat_count(&killer).first_solutions()[0].clone();
    let full = killer.with_givens(solution.clone());
    let minimal = Minimiser::new(&satdoku::Limits::new())
        .minimise(&full, &MinimiseOptions::new().seed(3))
        .unwrap();
    assert!(minimal.sat_calls > 0);
    assert!(minimal.removed > 0);
    assert!(unique_with(&minimal.puzzle, &solution));
    for (cell, _) in minimal.puzzle.givens().filled() {
        let mut fewer = minimal.puzzle.givens().clone();
        fewer.set(cell, None);
        assert!(!sat_count(&minimal.puzzle.with_givens(fewer)).is_unique(), "{cell} is redundant");
    }
}
