//! Property tests over random puzzles of every rule with cells, drawn as the differential
//! harness draws them (`examples/differential/harness/draw/`: irregular regions, global rules,
//! rules with cells read off a solution, a sixth made false): every finder's steps, at every
//! state of the solves of the unique ones, keep the solution; the logic engine never calls a
//! puzzle without a solution solved, nor a puzzle with one contradictory; the pre-pass and
//! the guess-and-propagate search return only grids the validator accepts, as many as SAT
//! counts.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Finder, test_util};
use crate::engine::count::{Count, CountOptions, count};
use crate::ir::{Ir, Placement};
use crate::limits::Limits;
use crate::logic::board::Board;
use crate::logic::explain::{ExplainOptions, Outcome, explain_with, finders};
use crate::logic::{Prepass, Search, State};
use crate::model::puzzle::Puzzle;

#[path = "../../../examples/differential/harness/draw/mod.rs"]
mod draw;

/// Puzzles drawn per size (4, 6 and 9), from fixed seeds.
const PER_SIZE: u64 = 40;

/// The bound of every count here.
const BOUND: usize = 20;

/// The random puzzles, each with its count by the SAT engine alone, drawn once for all tests.
fn drawn() -> &'static [(Puzzle, Count)] {
    static DRAWN: OnceLock<Vec<(Puzzle, Count)>> = OnceLock::new();
    DRAWN.get_or_init(|| {
        let sizes = [4, 6, 9].into_iter();
        let cases = sizes.flat_map(|n| (0..PER_SIZE).map(move |seed| (n, seed)));
        cases
            .map(|(n, seed)| {
                let puzzle = draw::draw(n, &mut ChaCha8Rng::seed_from_u64(seed));
                let sat_alone = CountOptions::up_to(BOUND).prepass(false);
                let counted = count(&puzzle, &sat_alone).expect("the SAT solver runs");
                (puzzle, counted)
            })
            .collect()
    })
}

/// The drawn puzzles with exactly `solutions` solutions.
fn with_solutions(solutions: usize) -> impl Iterator<Item = &'static (Puzzle, Count)> {
    drawn().iter().filter(move |(_, c)| c.is_exact() && c.count() == solutions)
}

#[test]
fn every_finder_keeps_the_solution_of_random_unique_puzzles() {
    let mut fired: BTreeMap<String, usize> = BTreeMap::new();
    let mut puzzles = 0;
    for (puzzle, counted) in with_solutions(1) {
        puzzles += 1;
        solve_checking_every_finder(puzzle, counted.first_solutions(), &mut fired);
    }
    eprintln!("{puzzles} unique random puzzles; steps found by finder: {fired:?}");
    assert!(puzzles >= 20, "only {puzzles} of the random puzzles are unique");
    for finder in [Finder::HiddenSingle, Finder::Support, Finder::CommonExclusion] {
        assert!(fired.contains_key(&format!("{finder:?}")), "{finder:?} never fired: {fired:?}");
    }
}

/// Solves `puzzle` (whose every solution is in `solutions`) with the cheapest step each time,
/// asking every finder at every state and checking that each step it finds keeps every
/// solution; counts the steps of each finder in `fired`. Uniqueness techniques run only when
/// there is one solution.
fn solve_checking_every_finder(
    puzzle: &Puzzle,
    solutions: &[crate::Grid],
    fired: &mut BTreeMap<String, usize>,
) {
    let ir = Ir::lower(puzzle);
    let mut board = Board::new(&ir);
    board.unique = solutions.len() == 1;
    let context = puzzle.to_text();
    let mut state = State::start(&board, &ir, puzzle.givens()).expect("a puzzle with solutions");
    while !state.is_solved() {
        let mut cheapest = None;
        for finder in finders(1) {
            let Some(step) = finder.find(&board, &state) else { continue };
            let name = format!("{finder:?}");
            for solution in solutions {
                test_util::assert_step_sound(&name, &step, &state, solution, &context);
            }
            *fired.entry(name).or_default() += 1;
            cheapest.get_or_insert(step);
        }
        let Some(step) = cheapest else { break };
        let applied = state.apply(&board, &step.placements, &step.eliminations);
        applied.unwrap_or_else(|why| panic!("sound steps met {why} on\n{context}"));
    }
}

/// Random puzzles with more digits than cells in a house (4×4 with 1-5 and 1-6, 6×6 with 1-7
/// and 1-8; [`PER_SIZE`] of each), each with its count by the SAT engine alone.
fn drawn_with_more_digits() -> &'static [(Puzzle, Count)] {
    static DRAWN: OnceLock<Vec<(Puzzle, Count)>> = OnceLock::new();
    DRAWN.get_or_init(|| {
        let shapes = [(4, 5), (4, 6), (6, 7), (6, 8)].into_iter();
        let cases = shapes.flat_map(|shape| (0..PER_SIZE).map(move |seed| (shape, seed)));
        cases
            .map(|((n, digits), seed)| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let puzzle = draw::draw_with_digits(n, digits, &mut rng);
                let sat_alone = CountOptions::up_to(BOUND).prepass(false);
                let counted = count(&puzzle, &sat_alone).expect("the SAT solver runs");
                (puzzle, counted)
            })
            .collect()
    })
}

#[test]
fn every_finder_keeps_every_solution_of_random_puzzles_with_more_digits() {
    let mut fired: BTreeMap<String, usize> = BTreeMap::new();
    let mut puzzles = 0;
    let solvable = drawn_with_more_digits().iter().filter(|(_, c)| c.is_exact() && c.count() > 0);
    for (puzzle, counted) in solvable {
        puzzles += 1;
        let ir = Ir::lower(puzzle);
        let board = Board::new(&ir);
        let mut solutions = Vec::new();
        if let Ok(state) = State::start(&board, &ir, puzzle.givens()) {
            every_solution(&board, &state, puzzle, &mut solutions);
        }
        assert_eq!(solutions.len(), counted.count(), "the enumeration on\n{}", puzzle.to_text());
        solve_checking_every_finder(puzzle, &solutions, &mut fired);
    }
    eprintln!("{puzzles} random puzzles with more digits; steps found by finder: {fired:?}");
    assert!(puzzles >= 40, "only {puzzles} of the random puzzles have {BOUND} solutions or fewer");
    for finder in [Finder::NakedSingle, Finder::Support, Finder::NakedSubset(2)] {
        assert!(fired.contains_key(&format!("{finder:?}")), "{finder:?} never fired: {fired:?}");
    }
}

#[test]
fn the_logic_never_solves_a_random_puzzle_without_solution() {
    let options = ExplainOptions::new().max_depth(1);
    let mut puzzles = 0;
    for (puzzle, _) in with_solutions(0) {
        puzzles += 1;
        let outcome = explain_with(puzzle, &options).outcome().clone();
        if let Outcome::Solved(grid) = outcome {
            panic!("solved as {grid:?} with no solution:\n{}", puzzle.to_text());
        }
    }
    assert!(puzzles >= 10, "only {puzzles} of the random puzzles have no solution");
}

#[test]
fn the_logic_solves_random_unique_puzzles_to_their_solution_or_not_at_all() {
    for (puzzle, counted) in with_solutions(1) {
        let options = ExplainOptions::new().max_depth(1).unique(true);
        match explain_with(puzzle, &options).outcome() {
            Outcome::Solved(grid) => {
                assert_eq!(grid, &counted.first_solutions()[0], "{}", puzzle.to_text());
            }
            Outcome::Contradiction(why) => panic!("{why} on a unique\n{}", puzzle.to_text()),
            _ => {}
        }
    }
}

#[test]
fn the_prepass_and_the_search_return_only_valid_grids_as_many_as_sat() {
    let mut searched = 0;
    for (puzzle, counted) in drawn().iter().filter(|(_, c)| c.is_exact()) {
        let context = puzzle.to_text();
        let ir = Ir::lower(puzzle);
        let prepass = Prepass::new(&ir);
        let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
        let mut scratch = None;
        let Ok(state) = prepass.run(givens, &mut scratch) else {
            assert_eq!(counted.count(), 0, "the pre-pass met a contradiction on\n{context}");
            continue;
        };
        if state.is_solved() {
            let grid = state.candidates.singles();
            assert_eq!(crate::validate(puzzle, &grid), Ok(()), "the pre-pass on\n{context}");
            assert_eq!(counted.first_solutions(), [grid], "the pre-pass on\n{context}");
        }
        let mut search = Search::default();
        let limits = Limits::new();
        let Some(Ok(found)) = prepass.search(state, BOUND, 1_000_000, &limits, &mut search) else {
            continue;
        };
        searched += 1;
        for grid in &found.first {
            assert_eq!(crate::validate(puzzle, grid), Ok(()), "the search on\n{context}");
        }
        assert!(found.exhausted, "the search passed the bound of a count SAT finds exact");
        assert_eq!(found.count, counted.count(), "the search's count on\n{context}");
    }
    assert!(searched >= 20, "the search answered only {searched} random puzzles");
}

/// `puzzle` with every third of its givens removed: most such puzzles have several solutions.
fn loosened(puzzle: &Puzzle) -> Puzzle {
    let mut givens = puzzle.givens().clone();
    let cells: Vec<_> = puzzle.givens().filled().map(|(cell, _)| cell).collect();
    for cell in cells.into_iter().step_by(3) {
        givens.set(cell, None);
    }
    puzzle.with_givens(givens)
}

#[test]
fn the_supports_search_counts_the_true_candidates_as_sat_does() {
    use crate::engine::candidates::{by_search, true_candidates};
    use crate::engine::compiled::CompiledRules;
    let mut compared = 0;
    for (drawn, _) in drawn() {
        let puzzle = loosened(drawn);
        let context = puzzle.to_text();
        let compiled = CompiledRules::compile(&puzzle);
        let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
        let mut scratch = None;
        let Ok(state) = compiled.deduce(givens, &mut scratch) else { continue };
        // Unlimited counts only where SAT enumerates every solution quickly.
        let small = puzzle.geometry().size() <= 6
            && crate::engine::count::count_up_to(&puzzle, 300).unwrap().is_exact();
        let bounds = [None, Some(1), Some(8)].into_iter().chain(small.then_some(Some(usize::MAX)));
        for bound in bounds {
            let mut search = Search::default();
            let limits = Limits::new();
            let Ok(searched) = by_search(&compiled, state, bound, &mut search, &limits) else {
                continue;
            };
            let sat = true_candidates(&puzzle, bound).unwrap();
            compared += 1;
            for cell in puzzle.geometry().cells() {
                assert_eq!(
                    searched.get(cell),
                    sat.get(cell),
                    "{cell:?} up to {bound:?} on\n{context}"
                );
                for digit in sat.get(cell).iter() {
                    let placement = Placement::new(cell, digit);
                    let (ours, theirs) =
                        (searched.solutions_with(placement), sat.solutions_with(placement));
                    assert_eq!(ours, theirs, "{placement:?} up to {bound:?} on\n{context}");
                }
            }
        }
    }
    assert!(compared >= 200, "the supports search answered only {compared} questions");
}

/// Every solution below `state` (up to one past [`BOUND`]), by placing and settling, each
/// checked by the validator (the core does not enforce sums).
fn every_solution(board: &Board, state: &State, puzzle: &Puzzle, found: &mut Vec<crate::Grid>) {
    let mut state = state.clone();
    if found.len() > BOUND || state.settle(board).is_err() {
        return;
    }
    let open = (board.geometry.cells().filter(|&c| !state.is_placed(board, c)))
        .min_by_key(|&c| state.get(c).len());
    let Some(cell) = open else {
        let grid = state.candidates.singles();
        if crate::validate(puzzle, &grid).is_ok() {
            found.push(grid);
        }
        return;
    };
    for digit in state.get(cell).iter() {
        let mut next = state.clone();
        if next.place(board, Placement::new(cell, digit)).is_ok() {
            every_solution(board, &next, puzzle, found);
        }
    }
}

#[test]
fn the_rules_links_hold_in_every_solution_of_random_puzzles() {
    let (mut weak, mut strong) = (0, 0);
    for (puzzle, counted) in drawn().iter().filter(|(_, c)| c.is_exact() && c.count() > 0) {
        let context = puzzle.to_text();
        let ir = Ir::lower(puzzle);
        let board = Board::new(&ir);
        let Ok(mut state) = State::start(&board, &ir, puzzle.givens()) else { continue };
        if state.settle(&board).is_err() {
            continue;
        }
        let mut solutions = Vec::new();
        every_solution(&board, &state, puzzle, &mut solutions);
        assert_eq!(solutions.len(), counted.count(), "the enumeration on\n{context}");
        let holds = |slot: usize| {
            let p = board.placement(slot);
            move |grid: &crate::Grid| grid.get(p.cell) == Some(p.digit)
        };
        let links = crate::logic::rule_links::of(&board, &state);
        for slot in 0..board.geometry.slot_count() {
            for &(other, source) in &links.weak[slot] {
                let (p, q) = (holds(slot), holds(other as usize));
                let both = solutions.iter().any(|grid| p(grid) && q(grid));
                assert!(!both, "weak link {slot}-{other} of {source:?} broken on\n{context}");
                weak += 1;
            }
            for &(other, source) in &links.strong[slot] {
                let (p, q) = (holds(slot), holds(other as usize));
                let either = solutions.iter().all(|grid| p(grid) || q(grid));
                assert!(either, "strong link {slot}-{other} of {source:?} broken on\n{context}");
                strong += 1;
            }
        }
    }
    eprintln!("{weak} weak and {strong} strong links checked");
    assert!(weak > 200 && strong > 5, "{weak} weak and {strong} strong links");
}
