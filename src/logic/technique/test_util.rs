//! Soundness checks for the techniques: a finder's steps, at every state of real solves,
//! never remove a solution digit nor place a wrong one, and it does find steps.

use std::sync::OnceLock;

use super::Finder;
use crate::logic::board::Board;
use crate::logic::explain::finders;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// Puzzles of the Sudoku Exchange bank across its ratings (SE 2.5 to 9.0), plus the curated
/// variant fixtures: enough for every technique to fire.
const LINES: &[&str] = &[
    "6...8...9....658...38..97...26......87.....14......52...76..15...147....9...1...2",
    "..4.2.6....16..8.763.9............73...8.2...71............5.624.2..87....6.1.5..",
    "..51.64..1...2...7.8.....6....234.....68.93...1..5..8.3.8...9.6.9.5.3.1..........",
    ".9.....6..51.4.29..........26..1..854..356..2...........64.78.....6.1.....25.34..",
    ".7.3...61....512.7.........4..2....6..9.4.7..5....3..8.........3.518....12...4.9.",
    ".1.2.....9...1.2..87..6......5.8....4.86.53.1....7.6......9..24..1.3...7.....2.6.",
    "............942.....4.1.8...7..3..8.9.......5.536.824.3...8...28.52.41.7.2.....6.",
    "2.91...8...12.7..5......12.1.8...6...2.....4...6...2.9.53......6..7.84...9...65.1",
    "....9..4....23.9.57........2..5..6..35..8..79..8..1..3........75.2.18....8..4....",
    "...4.5....8....14......87.66.3.....7.9.5.7.6.7.....8.49.83......46....9....2.4...",
    "..35.........934...1.2.8..6.54...6.2.7.....4.3.2...17.9..6.4.2...712.........57..",
    ".217.654..5.....3..6..2..9...61.34..4.......31..284..7..9...1...........8..9.5..4",
    ".4.....5..2..5..6.1..8.2..3...1.7.....1...5..48.....39....2....9..6.3..46...9...8",
    "...164.3.81.....9.2........1....6...97..2..68...4....9........6.9.....17.8.375...",
    ".27.3.4....6..4..54.51..237.4....3..8.......2..2....5.268..51.37..8..5....4.9.87.",
    "..4.8.1..5.......8..7...5...4.8.2.3..6..4..7.1.......5..12.78..2.......93...5...4",
    "...2.8.....21536..5...9...23.89.65.4.1.....3...5.8.9.....5.7...6.......1.8.....6.",
    "....6..32..1..29...2.4...7.1....83...97...56...27....9.1...3.9...36..2..56..2....",
    "1..23.6..96...1.2....7..1...96...8..3.......6..2...49...4..7....7.3...12..1.28..3",
    "39.2.8.5..2..9......57..9...138...4.4.......5.7...513...1..23......8..9..4.3.7.61",
    "..23548..3...2...4..9...3..5...9...2...682....26...93..8..6..4.2...4...6.64...21.",
    "....8....97.3.1.425..6.2..3.6.8.9.1...5...9...1.....7.6.7...5.4..........2..7..6.",
    ".3.5...92.1..9.38....8.37...43......5.......7......62...72.5....61.4..7.45...6.3.",
    ".3..1..4....597.....18.46...2.....1.1...5...6..3...4...87...59...2.6.8.....2.9...",
];

/// Curated fixtures (variants) from `puzzles/`.
const FIXTURES: &[&str] = &[
    "miracle.txt",
    "new-miracle.txt",
    "anti-knight-9x9-ctc.txt",
    "anti-king-6x6.txt",
    "non-consecutive-6x6-our-lady-of-the-adjacent.txt",
    "even-odd-9x9.txt",
    "sudoku-x.txt",
    "classic-6x6-hard.txt",
    "sandwich-classic.txt",
    "x-sum-tiny-scar.txt",
    "skyscraper-renban.txt",
    "killer-6x6-extreme.txt",
    "little-killer-killer-blister.txt",
    "arrow-eddies.txt",
    "same-digits-4x4-ngn.txt",
    "counting-circles-4x4-introduction.txt",
    "differences-count-6x6.txt",
    "sum-line-6x6.txt",
    "sum-loop-6x6.txt",
    "modular-killer-transmission.txt",
    "greater-6x6.txt",
    "maximum-6x6-fortress.txt",
    "killer-parity-uraninite.txt",
];

/// The test puzzles, each with its solution.
fn puzzles() -> Vec<(Puzzle, Grid)> {
    let mut all: Vec<Puzzle> =
        LINES.iter().map(|line| line.parse().expect("a puzzle line")).collect();
    for name in FIXTURES {
        let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("a fixture");
        all.push(text.parse().expect("a fixture parses"));
    }
    all.into_iter()
        .map(|puzzle| {
            let solution = match crate::uniqueness(&puzzle).expect("the solver runs") {
                crate::Uniqueness::Unique(grid) => grid,
                other => panic!("a test puzzle is not unique: {other:?}"),
            };
            (puzzle, solution)
        })
        .collect()
}

/// The states along the solves of the test puzzles (bifurcations up to depth 1), each with
/// its board and the solution, computed once for all the tests.
pub(crate) fn states() -> &'static [(Board, Vec<State>, Grid)] {
    static STATES: OnceLock<Vec<(Board, Vec<State>, Grid)>> = OnceLock::new();
    STATES.get_or_init(|| {
        puzzles()
            .into_iter()
            .map(|(puzzle, solution)| {
                let ir = crate::ir::Ir::lower(&puzzle);
                let mut board = Board::new(&ir);
                board.unique = true;
                let mut state =
                    State::start(&board, &ir, puzzle.givens()).expect("a unique puzzle");
                let mut states = Vec::new();
                while !state.is_solved() {
                    states.push(state.clone());
                    let Some(next) = finders(1).find_map(|f| f.find(&board, &state)) else { break };
                    state.apply(&board, &next.placements, &next.eliminations).expect("sound steps");
                }
                (board, states, solution)
            })
            .collect()
    })
}

/// Checks every step `finder` finds at the states of the test solves against the solutions,
/// and that it finds at least one.
pub(crate) fn assert_sound(finder: Finder) {
    assert_sound_every(finder, 1);
}

/// As [`assert_sound`], at every `nth` state of each solve only (from its first): for the
/// finders that search so widely at each state that every state would take seconds.
pub(crate) fn assert_sound_every(finder: Finder, nth: usize) {
    let name = format!("{finder:?}");
    let found = sound_steps(&name, nth, |board, state| finder.find(board, state));
    assert!(found > 0, "{finder:?} never fired on the test puzzles");
}

/// Checks every step `find` finds at the states of the test solves (named `name` in failures)
/// against the solutions; returns how many it found.
pub(crate) fn assert_sound_with(
    name: &str,
    find: impl Fn(&Board, &State) -> Option<Step>,
) -> usize {
    sound_steps(name, 1, find)
}

/// Checks every step `find` finds at every `nth` state of the test solves against the
/// solutions; returns how many it found.
fn sound_steps(name: &str, nth: usize, find: impl Fn(&Board, &State) -> Option<Step>) -> usize {
    let mut found = 0;
    for (board, states, solution) in states() {
        for state in states.iter().step_by(nth) {
            let Some(step) = find(board, state) else { continue };
            found += 1;
            assert_step_sound(name, &step, state, solution, "");
        }
    }
    found
}

/// Checks that `step`, found at `state` (by `name`), places only digits of `solution`,
/// removes none of its digits nor a candidate already gone, and does something; `context`
/// (the puzzle) ends each failure message.
pub(crate) fn assert_step_sound(
    name: &str,
    step: &Step,
    state: &State,
    solution: &Grid,
    context: &str,
) {
    for p in &step.placements {
        assert_eq!(solution.get(p.cell), Some(p.digit), "{name} placed wrongly: {step}\n{context}");
    }
    for p in &step.eliminations {
        let removed = solution.get(p.cell) == Some(p.digit);
        assert!(!removed, "{name} removed the answer: {step}\n{context}");
        assert!(state.allows(*p), "{name} removed a candidate already gone: {step}\n{context}");
    }
    let empty = step.placements.is_empty() && step.eliminations.is_empty();
    assert!(!empty, "{name} found an empty step: {step}\n{context}");
}

/// The board and start state of an empty 9×9 grid with `rules` (text-format lines: cages,
/// lines, dots).
pub(crate) fn start(rules: &str) -> (Board, State) {
    let text = format!("{rules}\n{}", ".".repeat(81));
    let puzzle: Puzzle = text.parse().expect("a puzzle");
    let ir = crate::ir::Ir::lower(&puzzle);
    let board = Board::new(&ir);
    let state = State::start(&board, &ir, puzzle.givens()).expect("no contradiction");
    (board, state)
}

/// The last step that removed `placement` while the ladder's finders up to `upto` (cheapest
/// first, one step at a time) solved from `state`, until it went or nothing applied; `None`
/// when none removed it.
pub(crate) fn removed_by(
    board: &Board,
    mut state: State,
    placement: crate::ir::Placement,
    upto: Finder,
) -> Option<Step> {
    let upto = super::LADDER.iter().position(|&f| f == upto).expect("in the ladder");
    let mut removed_by = None;
    while state.allows(placement) {
        let Some(step) = super::LADDER[..=upto].iter().find_map(|f| f.find(board, &state)) else {
            break;
        };
        state.apply(board, &step.placements, &step.eliminations).expect("sound steps");
        if step.eliminations.contains(&placement) {
            removed_by = Some(step);
        }
    }
    removed_by
}
