//! The recursive solver of the lecture material on Sudoku ("Programming for the Puzzled",
//! MIT 6.S095, the Sudoku puzzle), reproduced exactly so that its backtrack counts are a
//! baseline anyone can check: 579, 6363, 335578 and 9949 on the course's four example puzzles.
//!
//! The procedure, exactly:
//!
//! 1. Take the first empty cell in reading order (r1c1, r1c2, ..., r9c9); with none left, the
//!    grid is a solution.
//! 2. Try its digits in increasing order, skipping a digit that is not *valid*: one already in
//!    the cell's row, column or box (or, under other rules, one any constraint of the IR
//!    forbids next to the digits placed so far).
//! 3. Place the digit and, in the improved modes, make the *implications* (below). Recurse.
//! 4. When the subtree held no solution, count one **backtrack**, undo the digit and every
//!    implication it made, all together, and try the next digit. When no digit is left, the
//!    cell's subtree has failed and the caller counts its own backtrack.
//!
//! No reasoning happens before the first guess: givens are placed as they are, and the
//! implications run only after each tried digit.
//!
//! **Implications** (one pass): visit the boxes down each stack in turn (the boxes of the first
//! three columns top to bottom, then the next three columns: the course's `sectors` order). For
//! each box, take the digits it misses *when the visit of the box starts*; then for each cell of
//! the box in reading order that is empty, remove the digits of its row and column as they are
//! *now*; when exactly one digit is left and it is valid, place it. (The box's missing digits
//! are not updated while the box is visited, as in the course's code, which is why the validity
//! check is needed: a digit placed earlier in the same box may be the one left.)
//! **Repeated implications**: repeat the pass until a pass places nothing.
//!
//! On the course's four examples (the README lists them) the backtracks to the first solution
//! are 579, 6363, 335578 and 9949 plain (the course's figures, exactly); 10, 33, 24231 and 726
//! with one pass of implications (the course reports about 10 and 33); 3, 2, 11536 and 232 with
//! repeated implications (the course reports 2 on the second).
//!
//! A placement made by implication is forced (the cell can hold no other digit), so both modes
//! are sound under any rule set; they only change how much search is needed.
//!
//! Counting past the first solution (`count`, `check`): the search goes on after a solution,
//! and a backtrack is still a tried digit whose subtree held no solution. [`TextbookCount`]
//! reports both the backtracks made before the first solution was found (the course's figure,
//! what `backtracks` means in the CLI's JSON) and those of the whole bounded search.
//!
//! Limits: the search is exponential and its cell order ignores the candidates, so it is a
//! baseline, not a solver: 9×9 puzzles and bounded counts. Use [`crate::count_up_to`] (SAT)
//! for real work and [`super::backtrack`] for a search that picks the most constrained cell.
//! The `try_` forms stop at [`Limits`] (checked every few thousand tried digits) with the
//! solutions found so far.

mod board;

use board::Board;

use crate::ir::Ir;
use crate::limits::{Limits, Stop, Ticker};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// Which improvement of the course runs after each tried digit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Implications {
    /// The plain recursive solver.
    #[default]
    None,
    /// One pass of implications over the boxes.
    Once,
    /// Passes of implications until one places nothing.
    Repeat,
}

impl Implications {
    /// The mode's name in JSON output: `none`, `once` or `repeat`.
    pub fn name(self) -> &'static str {
        match self {
            Implications::None => "none",
            Implications::Once => "once",
            Implications::Repeat => "repeat",
        }
    }
}

/// What a bounded textbook count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextbookCount {
    /// How many solutions were found (at most the bound).
    pub solutions: usize,
    /// Whether `solutions` is exact; `false` when a solution beyond the bound exists (the
    /// search looks for one more than the bound to tell), as [`crate::Count::is_exact`] does.
    pub exhausted: bool,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// Backtracks made before the first solution was found (all of them when there is none):
    /// the course's measure.
    pub backtracks: u64,
    /// Backtracks made in the whole bounded search.
    pub backtracks_total: u64,
    /// The limit that stopped the search, if one did: `solutions` is then a lower bound.
    pub stopped: Option<Stop>,
    /// Whether the search gave up at its budget of backtracks ([`try_count_within`]):
    /// `solutions` is then a lower bound.
    pub over_budget: bool,
}

/// Counts the solutions of `puzzle` with the course's solver, stopping at `max`.
///
/// # Panics
/// When `max` is 0: a count bounded by nothing is a caller bug.
///
/// # Example
/// ```
/// use satdoku::reference::textbook::{self, Implications};
/// let puzzle: satdoku::Puzzle =
///     "5176...34289..4...3462.5.9.6.2....1..38..6.47..........9.....787.34..56..........".parse()?;
/// // The course's first example: 579 backtracks before the first solution.
/// let count = textbook::count_up_to(&puzzle, Implications::None, 1);
/// assert_eq!((count.solutions, count.backtracks), (1, 579));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn count_up_to(puzzle: &Puzzle, implications: Implications, max: usize) -> TextbookCount {
    try_count_up_to(puzzle, implications, max, &Limits::new())
}

/// [`count_up_to`] that stops at `limits` (see [`TextbookCount::stopped`]).
///
/// # Panics
/// When `max` is 0.
pub fn try_count_up_to(
    puzzle: &Puzzle,
    implications: Implications,
    max: usize,
    limits: &Limits,
) -> TextbookCount {
    try_count_within(puzzle, implications, max, limits, u64::MAX)
}

/// [`try_count_up_to`] that also gives up at the first node it reaches after `most_backtracks`
/// backtracks in all ([`TextbookCount::over_budget`]): a bound on the work that, unlike a
/// deadline, ends the search at the same point on every machine.
///
/// # Panics
/// When `max` is 0.
pub fn try_count_within(
    puzzle: &Puzzle,
    implications: Implications,
    max: usize,
    limits: &Limits,
    most_backtracks: u64,
) -> TextbookCount {
    let (ir, visit) = (Ir::lower(puzzle), |_: &Grid| {});
    Search::new(&ir, implications, max, limits, most_backtracks, visit).run(puzzle.givens())
}

/// Searches the solutions of `ir` that keep `givens` in the course's order, calling `visit` on
/// each, and stops when a solution beyond `max` shows the count is not exact.
///
/// # Panics
/// When `max` is 0, or when `givens` is not of the IR's geometry.
pub fn visit_up_to(
    ir: &Ir,
    givens: &Grid,
    implications: Implications,
    max: usize,
    visit: impl FnMut(&Grid),
) -> TextbookCount {
    try_visit_up_to(ir, givens, implications, max, &Limits::new(), visit)
}

/// [`visit_up_to`] that stops at `limits` (see [`TextbookCount::stopped`]).
///
/// # Panics
/// As [`visit_up_to`].
pub fn try_visit_up_to(
    ir: &Ir,
    givens: &Grid,
    implications: Implications,
    max: usize,
    limits: &Limits,
    visit: impl FnMut(&Grid),
) -> TextbookCount {
    assert_eq!(givens.geometry(), ir.geometry(), "givens of another geometry");
    Search::new(ir, implications, max, limits, u64::MAX, visit).run(givens)
}

/// The state of one search: the board, the mode, the bounds, what was found so far, and the
/// limits' ticker.
struct Search<'a, F> {
    board: Board,
    implications: Implications,
    max: usize,
    most_backtracks: u64,
    visit: F,
    count: TextbookCount,
    ticker: Ticker<'a>,
}

impl<'a, F: FnMut(&Grid)> Search<'a, F> {
    /// A search of `ir`'s solutions up to `max`, giving up at `limits` or after
    /// `most_backtracks` backtracks, calling `visit` on each solution.
    fn new(
        ir: &Ir,
        implications: Implications,
        max: usize,
        limits: &'a Limits,
        most_backtracks: u64,
        visit: F,
    ) -> Search<'a, F> {
        assert!(max > 0, "visit_up_to needs a bound of at least 1");
        let count = TextbookCount {
            solutions: 0,
            exhausted: true,
            first: None,
            backtracks: 0,
            backtracks_total: 0,
            stopped: None,
            over_budget: false,
        };
        let (board, ticker) = (Board::new(ir), Ticker::new(limits));
        Search { board, implications, max, most_backtracks, visit, count, ticker }
    }

    /// Places `givens` and searches; what was found.
    fn run(mut self, givens: &Grid) -> TextbookCount {
        if self.board.place_givens(givens) {
            self.descend(0);
        }
        self.count
    }

    /// Searches from the first empty cell at or after `from` (every cell before is filled).
    fn descend(&mut self, from: usize) {
        // Past a limit or the budget the count is not exhausted: the search unwinds as it
        // does past the bound.
        if let Some(stop) = self.ticker.tick() {
            (self.count.stopped, self.count.exhausted) = (Some(stop), false);
            return;
        }
        if self.count.backtracks_total >= self.most_backtracks {
            (self.count.over_budget, self.count.exhausted) = (true, false);
            return;
        }
        let Some(cell) = (from..self.board.values.len()).find(|&c| self.board.values[c] == 0)
        else {
            self.record();
            return;
        };
        for digit in 0..self.board.digits {
            if !self.board.is_valid(cell, digit) {
                continue;
            }
            let mark = self.board.trail.len();
            self.board.place(cell, digit);
            self.make_implications();
            let before = self.count.solutions;
            self.descend(cell + 1);
            if !self.count.exhausted {
                return;
            }
            if self.count.solutions == before {
                self.count.backtracks_total += 1;
                if self.count.first.is_none() {
                    self.count.backtracks += 1;
                }
            }
            self.board.undo_to(mark);
        }
    }

    fn make_implications(&mut self) {
        match self.implications {
            Implications::None => {}
            Implications::Once => {
                self.board.implication_pass();
            }
            Implications::Repeat => while self.board.implication_pass() {},
        }
    }

    /// Counts the complete grid (every placement was checked valid, so it is a solution).
    fn record(&mut self) {
        if self.count.solutions == self.max {
            // One solution past the bound: the count is not exact.
            self.count.exhausted = false;
            return;
        }
        self.count.solutions += 1;
        let grid = self.board.to_grid();
        (self.visit)(&grid);
        self.count.first.get_or_insert(grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Constraint;
    use crate::model::digit::Digit;
    use crate::model::geometry::Geometry;

    /// The course's four examples and the plain solver's backtracks to the first solution.
    const COURSE: [(&str, u64); 4] = [
        ("5176...34289..4...3462.5.9.6.2....1..38..6.47..........9.....787.34..56..........", 579),
        ("5176...34.89..4...3.62.5.9.6......1..3...6.47..........9.....787.34..56..........", 6363),
        (
            "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
            335_578,
        ),
        ("..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..", 9949),
    ];

    fn puzzle(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    #[test]
    fn the_course_counts_are_reproduced_exactly() {
        for (line, backtracks) in COURSE {
            let count = count_up_to(&puzzle(line), Implications::None, 1);
            assert_eq!((count.solutions, count.backtracks), (1, backtracks), "{line}");
            let solution = count.first.unwrap();
            assert_eq!(crate::validate(&puzzle(line), &solution), Ok(()));
        }
    }

    #[test]
    fn a_budget_of_backtracks_ends_the_search_or_changes_nothing() {
        let (line, backtracks) = COURSE[3];
        let limits = Limits::new();
        let full = count_up_to(&puzzle(line), Implications::None, 2);
        assert!(full.exhausted && !full.over_budget);
        // Enough for the whole search: the same count.
        let within =
            |budget| try_count_within(&puzzle(line), Implications::None, 2, &limits, budget);
        assert_eq!(within(full.backtracks_total + 1), full);
        // Too few to reach the first solution: given up at the first node past the budget
        // (a failed subtree may add a few backtracks as it unwinds), nothing found, not exact.
        let budget = backtracks - 100;
        let short = within(budget);
        assert!(short.over_budget && !short.exhausted && short.stopped.is_none());
        assert_eq!(short.solutions, 0);
        assert!((budget..backtracks).contains(&short.backtracks_total), "{short:?}");
    }

    #[test]
    fn implications_cut_the_search_and_find_the_same_solutions() {
        // The second example has 5 solutions, the others one. Implications only place forced
        // digits, so every mode meets the solutions in the same (lexicographic) order.
        for (line, plain) in COURSE {
            let mut all = Vec::new();
            let expected = visit_up_to(
                &Ir::lower(&puzzle(line)),
                puzzle(line).givens(),
                Implications::None,
                10,
                |grid| all.push(grid.clone()),
            );
            let mut previous = plain;
            for mode in [Implications::Once, Implications::Repeat] {
                let mut found = Vec::new();
                let count = visit_up_to(
                    &Ir::lower(&puzzle(line)),
                    puzzle(line).givens(),
                    mode,
                    10,
                    |grid| found.push(grid.clone()),
                );
                assert_eq!(found, all, "{line} {mode:?}");
                assert_eq!(count.solutions, expected.solutions, "{line} {mode:?}");
                assert!(count.backtracks < previous, "{line} {mode:?}");
                assert!(count.backtracks_total <= expected.backtracks_total, "{line} {mode:?}");
                previous = count.backtracks;
            }
        }
    }

    #[test]
    fn the_improved_counts_match_the_course() {
        // The course reports about 10 and 33 with implications on the first two examples, and
        // 2 on the second with repeated implications; the rest are this implementation's
        // figures, recorded in the README.
        let counts: Vec<[u64; 2]> = COURSE
            .iter()
            .map(|(line, _)| {
                [Implications::Once, Implications::Repeat]
                    .map(|mode| count_up_to(&puzzle(line), mode, 1).backtracks)
            })
            .collect();
        assert_eq!(counts, [[10, 3], [33, 2], [24_231, 11_536], [726, 232]]);
    }

    #[test]
    fn other_rules_are_checked_through_the_ir() {
        // Both diagonals on the empty 4×4 grid leave 48 grids; anti-king leaves none on 4×4.
        for (rules, expected) in [("diagonal", 48), ("anti-king", 0)] {
            for mode in [Implications::None, Implications::Once, Implications::Repeat] {
                let empty = puzzle(&format!("rules: {rules}\n{}", ".".repeat(16)));
                let count = count_up_to(&empty, mode, 1000);
                assert_eq!((count.solutions, count.exhausted), (expected, true), "{rules}");
            }
        }
    }

    #[test]
    fn sums_and_tables_agree_with_backtracking() {
        use crate::ir::IrBuilder;
        use crate::model::geometry::Cell;
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let classic = Ir::lower(&Puzzle::new(Grid::empty(geometry), vec![]));
        let mut builder = IrBuilder::new(geometry);
        classic.constraints().iter().for_each(|x| builder.push(x.clone()));
        let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(3, 3));
        builder.push(Constraint::Sum { cells: vec![a, b], total: 7, distinct: true });
        let two = Digit::new(2).unwrap();
        builder.push(Constraint::Table { cells: vec![c], tuples: vec![vec![two]] });
        let ir = builder.build();
        let mut expected = Vec::new();
        let reference =
            super::super::backtrack::visit_up_to(&ir, &Grid::empty(geometry), 1000, |g| {
                expected.push(g.clone())
            });
        assert!(reference.solutions > 0 && reference.exhausted);
        for mode in [Implications::None, Implications::Once, Implications::Repeat] {
            let mut found = Vec::new();
            let count =
                visit_up_to(&ir, &Grid::empty(geometry), mode, 1000, |g| found.push(g.clone()));
            assert_eq!((count.solutions, count.exhausted), (reference.solutions, true));
            found.sort_by_key(Grid::to_line);
            expected.sort_by_key(Grid::to_line);
            assert_eq!(found, expected);
        }
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let givens = Grid::from_line(geometry, "11..............").unwrap();
        let count = count_up_to(&Puzzle::new(givens, vec![]), Implications::Once, 5);
        assert_eq!((count.solutions, count.backtracks_total, count.first), (0, 0, None));
    }

    #[test]
    fn a_limit_stops_the_search_with_a_lower_bound() {
        // The empty 9×9 has billions of grids: a past deadline stops the count at once.
        let limits = Limits::new().timeout(std::time::Duration::ZERO);
        let count = try_count_up_to(&puzzle(&".".repeat(81)), Implications::None, 1000, &limits);
        assert_eq!(count.stopped, Some(Stop::Timeout));
        assert!(!count.exhausted && count.solutions < 1000);
    }

    #[test]
    #[should_panic(expected = "a bound of at least 1")]
    fn a_zero_bound_panics() {
        count_up_to(&puzzle(&".".repeat(16)), Implications::None, 0);
    }
}
