//! A plain backtracking solver over the constraint IR: the obviously correct reference the SAT
//! engine is checked against, with a backtrack counter as a rough measure of difficulty.
//!
//! Algorithm: depth-first search from the candidates [`propagate`] leaves. At each node the
//! search picks the unassigned cell with the fewest candidates (the MRV heuristic, "minimum
//! remaining values"), of those the one in the most tables and sums (the degree heuristic, so
//! that a contradiction among a rule's few cells, such as an arrow from a circle to a cell of
//! its box, is met at the top of the tree rather than under every filling of the rest of the
//! grid), and tries its digits in ascending order. Assigning a digit removes every
//! placement it excludes (house partners and [`Constraint::Exclude`] partners) from the other
//! cells, and checks that every table or sum on the cell still has a tuple its cells' candidates
//! allow, and that every linear sum on it can still reach its bound within the range its cells'
//! candidates span (forward checking); a cell left without candidates, a table left without
//! tuples, or a linear sum out of range, is a dead end. A complete grid is checked once more against every constraint and the givens
//! before it counts. A *backtrack* is an assignment undone because no solution lay below it.
//!
//! Limits: the search is exponential and does no hidden singles or other reasoning, so it is
//! meant for 4×4 to 9×9 puzzles and bounded counts; it may take very long on sparse 16×16 grids.
//! Use [`crate::count_up_to`] (SAT) for real work, and [`super::dlx`] for a second opinion on
//! puzzles without tables or sums. The `try_` forms stop at [`Limits`] (checked every few
//! thousand nodes) with the solutions found so far.

use crate::ir::propagate::propagate;
use crate::ir::{
    Constraint, Ir, Relation, Term, flag_states, flag_values, linear_cells, linear_reachable,
    linear_value,
};
use crate::limits::{Limits, Stop, Ticker};
use crate::model::digit::{Digit, DigitSet};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// What a bounded backtracking count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BacktrackCount {
    /// How many solutions were found (at most the bound).
    pub solutions: usize,
    /// Whether `solutions` is exact; `false` when a solution beyond the bound exists (the
    /// search looks for one more than the bound to tell), as [`crate::Count::is_exact`] does.
    pub exhausted: bool,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// How many assignments were undone because no solution lay below them.
    pub backtracks: u64,
    /// The limit that stopped the search, if one did: `solutions` is then a lower bound.
    pub stopped: Option<Stop>,
}

/// Counts the solutions of `puzzle` by backtracking, stopping at `max`.
///
/// # Panics
/// When `max` is 0: a count bounded by nothing is a caller bug.
///
/// # Example
/// ```
/// use satdoku::reference::backtrack;
/// let empty: satdoku::Puzzle = "................".parse()?;
/// // The empty 4×4 grid has 288 solutions; 1000 is more than enough to see them all.
/// let count = backtrack::count_up_to(&empty, 1000);
/// assert_eq!((count.solutions, count.exhausted), (288, true));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn count_up_to(puzzle: &Puzzle, max: usize) -> BacktrackCount {
    try_count_up_to(puzzle, max, &Limits::new())
}

/// [`count_up_to`] that stops at `limits` (see [`BacktrackCount::stopped`]).
///
/// # Panics
/// When `max` is 0.
pub fn try_count_up_to(puzzle: &Puzzle, max: usize, limits: &Limits) -> BacktrackCount {
    try_visit_up_to(&Ir::lower(puzzle), puzzle.givens(), max, limits, |_| {})
}

/// Searches the solutions of `ir` that keep `givens`, calling `visit` on each, and stops when a
/// solution beyond `max` shows the count is not exact. This is the form to use for IR built by
/// hand (tables, sums).
///
/// # Panics
/// When `max` is 0, or when `givens` is not of the IR's geometry.
///
/// # Example
/// ```
/// use satdoku::reference::backtrack;
/// let puzzle: satdoku::Puzzle = "1234341221434321".parse()?;
/// let mut found = Vec::new();
/// let ir = satdoku::Ir::lower(&puzzle);
/// let count = backtrack::visit_up_to(&ir, puzzle.givens(), 10, |grid| found.push(grid.clone()));
/// // A full grid is its own only solution.
/// assert_eq!((count.solutions, found.len()), (1, 1));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn visit_up_to(ir: &Ir, givens: &Grid, max: usize, visit: impl FnMut(&Grid)) -> BacktrackCount {
    try_visit_up_to(ir, givens, max, &Limits::new(), visit)
}

/// [`visit_up_to`] that stops at `limits` (see [`BacktrackCount::stopped`]).
///
/// # Panics
/// As [`visit_up_to`].
pub fn try_visit_up_to(
    ir: &Ir,
    givens: &Grid,
    max: usize,
    limits: &Limits,
    visit: impl FnMut(&Grid),
) -> BacktrackCount {
    assert!(max > 0, "visit_up_to needs a bound of at least 1");
    assert_eq!(givens.geometry(), ir.geometry(), "givens of another geometry");
    let count =
        BacktrackCount { solutions: 0, exhausted: true, first: None, backtracks: 0, stopped: None };
    let Ok(candidates) = propagate(ir, givens) else {
        return count;
    };
    let geometry = ir.geometry();
    let sets: Vec<DigitSet> = geometry.cells().map(|cell| candidates.get(cell)).collect();
    let mut search = Search {
        rules: Rules::new(ir),
        givens,
        max,
        visit,
        count,
        assigned: vec![false; geometry.cell_count()],
        ticker: Ticker::new(limits),
    };
    search.descend(&sets);
    search.count
}

/// The IR arranged for the search, with cells and placements as indices.
struct Rules<'a> {
    ir: &'a Ir,
    /// M, the largest digit.
    digits: usize,
    /// For each placement slot ([`Geometry::slot`]), the placements it excludes.
    excluded_by: Vec<Vec<(usize, Digit)>>,
    /// Each table or sum: its cells (as indices) and the tuples it allows.
    tables: Vec<(Vec<usize>, Vec<Vec<Digit>>)>,
    /// For each cell, the tables it is in.
    tables_of: Vec<Vec<usize>>,
    /// Each linear sum: its terms, its relation and its bound.
    linears: Vec<IndexedLinear>,
    /// For each cell, the linear sums that read it (through their flags too).
    linears_of: Vec<Vec<usize>>,
}

impl<'a> Rules<'a> {
    fn new(ir: &'a Ir) -> Rules<'a> {
        let geometry = ir.geometry();
        let digits = geometry.digits();
        let mut excluded_by = vec![Vec::new(); geometry.slot_count()];
        let mut tables = Vec::new();
        let mut tables_of = vec![Vec::new(); geometry.cell_count()];
        let mut linears = Vec::new();
        let mut linears_of = vec![Vec::new(); geometry.cell_count()];
        for constraint in ir.constraints() {
            match constraint {
                Constraint::House(cells) => {
                    for (i, &a) in cells.iter().enumerate() {
                        for &b in &cells[i + 1..] {
                            let (ia, ib) = (geometry.index(a), geometry.index(b));
                            for digit in (0..digits).map(Digit::from_index) {
                                excluded_by[geometry.slot(a, digit)].push((ib, digit));
                                excluded_by[geometry.slot(b, digit)].push((ia, digit));
                            }
                        }
                    }
                }
                Constraint::Exclude(a, b) => {
                    let (ca, cb) = (geometry.index(a.cell), geometry.index(b.cell));
                    excluded_by[geometry.slot(a.cell, a.digit)].push((cb, b.digit));
                    excluded_by[geometry.slot(b.cell, b.digit)].push((ca, a.digit));
                }
                // The starting candidates already respect the domains.
                Constraint::Domain(..) => {}
                Constraint::Table { .. } | Constraint::Sum { .. } => {
                    let (cells, tuples) = constraint.tuples(digits).expect("a table or a sum");
                    let cells: Vec<usize> = cells.iter().map(|&c| geometry.index(c)).collect();
                    for &cell in &cells {
                        tables_of[cell].push(tables.len());
                    }
                    tables.push((cells, tuples));
                }
                Constraint::Linear { terms, relation, bound } => {
                    for cell in linear_cells(ir.flags(), terms) {
                        linears_of[geometry.index(cell)].push(linears.len());
                    }
                    linears.push((terms.clone(), *relation, i64::from(*bound)));
                }
            }
        }
        Rules { ir, digits, excluded_by, tables, tables_of, linears, linears_of }
    }

    /// Puts `digit` in `cell` and removes what it excludes from `sets`; `false` on a dead end.
    fn assign(&self, sets: &mut [DigitSet], cell: usize, digit: Digit) -> bool {
        sets[cell] = DigitSet::single(digit);
        let geometry = self.ir.geometry();
        for &(other, excluded) in &self.excluded_by[geometry.slot(geometry.cell(cell), digit)] {
            sets[other].remove(excluded);
            if sets[other].is_empty() {
                return false;
            }
        }
        let tables_alive = self.tables_of[cell].iter().all(|&table| {
            let (cells, tuples) = &self.tables[table];
            tuples.iter().any(|tuple| cells.iter().zip(tuple).all(|(&c, &d)| sets[c].contains(d)))
        });
        if !tables_alive {
            return false;
        }
        let linears = &self.linears_of[cell];
        let candidates_of = |cell| sets[geometry.index(cell)];
        // The flags in three values, once for all the cell's sums, when one of them reads any.
        let gated =
            linears.iter().any(|&linear| self.linears[linear].0.iter().any(|t| t.gate.is_some()));
        let states = match gated {
            true => flag_states(self.ir.flags(), candidates_of),
            false => Vec::new(),
        };
        linears.iter().all(|&linear| self.in_range(sets, linear, &states))
    }

    /// Whether linear sum number `linear` can still hold: its bound lies within the range the
    /// candidates `sets` span (for `≠`, unless every cell is fixed on the bound), with the
    /// flags its terms read in three values (`states`, empty when it reads none).
    fn in_range(&self, sets: &[DigitSet], linear: usize, states: &[Option<bool>]) -> bool {
        let (terms, relation, bound) = &self.linears[linear];
        let geometry = self.ir.geometry();
        linear_reachable(terms, *relation, *bound, |cell| sets[geometry.index(cell)], states)
    }

    /// Whether the complete `grid` satisfies every constraint, checked straight from the IR.
    fn satisfied(&self, grid: &Grid) -> bool {
        let digit = |cell| grid.get(cell).expect("a complete grid");
        let flags = flag_values(self.ir.flags(), digit);
        self.ir.constraints().iter().all(|constraint| match constraint {
            Constraint::House(cells) => {
                let digits: DigitSet = cells.iter().map(|&c| digit(c)).collect();
                digits.len() == cells.len()
            }
            Constraint::Exclude(a, b) => !(digit(a.cell) == a.digit && digit(b.cell) == b.digit),
            Constraint::Domain(cell, allowed) => allowed.contains(digit(*cell)),
            Constraint::Table { .. } | Constraint::Sum { .. } => {
                let (cells, tuples) = constraint.tuples(self.digits).expect("a table or a sum");
                let found: Vec<Digit> = cells.iter().map(|&c| digit(c)).collect();
                tuples.contains(&found)
            }
            Constraint::Linear { terms, relation, bound } => {
                relation.holds(linear_value(terms, digit, &flags), i64::from(*bound))
            }
        })
    }
}

/// A linear sum: terms, relation, bound.
type IndexedLinear = (Vec<Term>, Relation, i64);

/// The state of one search: the rules, the bound, what was found so far.
struct Search<'a, F> {
    rules: Rules<'a>,
    givens: &'a Grid,
    max: usize,
    visit: F,
    count: BacktrackCount,
    assigned: Vec<bool>,
    ticker: Ticker<'a>,
}

impl<F: FnMut(&Grid)> Search<'_, F> {
    /// Whether a solution beyond the bound turned up or a limit was reached, so the search can
    /// stop.
    fn stopped(&self) -> bool {
        !self.count.exhausted
    }

    /// Searches below the candidates `sets`; says whether a solution lay below.
    fn descend(&mut self, sets: &[DigitSet]) -> bool {
        if let Some(stop) = self.ticker.tick() {
            (self.count.stopped, self.count.exhausted) = (Some(stop), false);
            return false;
        }
        let open = (0..sets.len()).filter(|&cell| !self.assigned[cell]);
        let rules = &self.rules;
        let degree = |cell: usize| rules.tables_of[cell].len() + rules.linears_of[cell].len();
        let fewest = |&cell: &usize| (sets[cell].len(), std::cmp::Reverse(degree(cell)));
        let Some(cell) = open.min_by_key(fewest) else {
            return self.record(sets);
        };
        let mut found = false;
        self.assigned[cell] = true;
        for digit in sets[cell].iter() {
            let mut next = sets.to_vec();
            let below = self.rules.assign(&mut next, cell, digit) && self.descend(&next);
            if !below {
                self.count.backtracks += 1;
            }
            found |= below;
            if self.stopped() {
                break;
            }
        }
        self.assigned[cell] = false;
        found
    }

    /// Counts the complete assignment `sets` if it is a solution; says whether it was.
    fn record(&mut self, sets: &[DigitSet]) -> bool {
        let geometry = self.rules.ir.geometry();
        let mut grid = Grid::empty(geometry);
        for (index, set) in sets.iter().enumerate() {
            grid.set(geometry.cell(index), set.single_digit());
        }
        let keeps_givens = self.givens.filled().all(|(cell, given)| grid.get(cell) == Some(given));
        if !grid.is_complete() || !keeps_givens || !self.rules.satisfied(&grid) {
            return false;
        }
        if self.count.solutions == self.max {
            // One solution past the bound: the count is not exact.
            self.count.exhausted = false;
            return true;
        }
        self.count.solutions += 1;
        (self.visit)(&grid);
        self.count.first.get_or_insert(grid);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::IrBuilder;
    use crate::model::geometry::{Cell, Geometry};

    fn puzzle(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        let count = count_up_to(&puzzle(&".".repeat(16)), 1000);
        assert_eq!((count.solutions, count.exhausted), (288, true));
        let bounded = count_up_to(&puzzle(&".".repeat(16)), 288);
        assert_eq!((bounded.solutions, bounded.exhausted), (288, true));
        let cut = count_up_to(&puzzle(&".".repeat(16)), 287);
        assert_eq!((cut.solutions, cut.exhausted), (287, false));
    }

    #[test]
    fn both_diagonals_leave_48() {
        let count = count_up_to(&puzzle(&format!("rules: diagonal\n{}", ".".repeat(16))), 1000);
        assert_eq!((count.solutions, count.exhausted), (48, true));
    }

    #[test]
    fn a_unique_9x9_solves() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let count = count_up_to(&puzzle(line), 2);
        assert_eq!((count.solutions, count.exhausted), (1, true));
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(count.first.unwrap().to_line(), solution);
    }

    #[test]
    fn a_hard_9x9_needs_backtracks() {
        let line =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let count = count_up_to(&puzzle(line), 2);
        assert_eq!((count.solutions, count.exhausted), (1, true));
        assert!(count.backtracks > 0);
        let solution = count.first.unwrap();
        assert_eq!(crate::validate(&puzzle(line), &solution), Ok(()));
    }

    #[test]
    fn contradictions_have_no_solution() {
        // The parser refuses contradictory givens, so the puzzle is built directly.
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let givens = Grid::from_line(geometry, "11..............").unwrap();
        let count = count_up_to(&Puzzle::new(givens, vec![]), 5);
        assert_eq!(
            count,
            BacktrackCount {
                solutions: 0,
                exhausted: true,
                first: None,
                backtracks: 0,
                stopped: None
            }
        );
    }

    #[test]
    fn sums_and_tables_are_kept() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let classic = Ir::lower(&Puzzle::new(Grid::empty(geometry), vec![]));
        let (a, b, c) = (Cell::new(0, 0), Cell::new(0, 1), Cell::new(3, 3));
        let mut builder = IrBuilder::new(geometry);
        classic.constraints().iter().for_each(|x| builder.push(x.clone()));
        builder.push(Constraint::Sum { cells: vec![a, b], total: 7, distinct: true });
        let two = Digit::new(2).unwrap();
        builder.push(Constraint::Table { cells: vec![c], tuples: vec![vec![two]] });
        let ir = builder.build();
        let mut found = Vec::new();
        let count = visit_up_to(&ir, &Grid::empty(geometry), 1000, |g| found.push(g.clone()));
        // Brute force: the classic solutions with 3+4 in r1c1..r1c2 and 2 in r4c4.
        let all = visit_up_to(&classic, &Grid::empty(geometry), 1000, |_| {});
        assert_eq!(all.solutions, 288);
        let mut expected = 0;
        visit_up_to(&classic, &Grid::empty(geometry), 1000, |g| {
            let value = |cell| g.get(cell).unwrap().value();
            if value(a) + value(b) == 7 && value(c) == 2 {
                expected += 1;
            }
        });
        assert!(expected > 0);
        assert_eq!((count.solutions, count.exhausted), (expected, true));
        assert_eq!(found.len(), expected);
    }

    #[test]
    #[should_panic(expected = "a bound of at least 1")]
    fn a_zero_bound_panics() {
        count_up_to(&puzzle(&".".repeat(16)), 0);
    }
}
