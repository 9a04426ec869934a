//! Exact cover by dancing links: Knuth's Algorithm X over the placements, a second reference
//! engine that shares nothing with the propagator, the encoder or the SAT session.
//!
//! The matrix: one row per placement the domains and the givens allow; one primary column
//! (covered exactly once) per cell and per (house of N cells, digit); one secondary column
//! (covered at most once) per (house of fewer cells, digit) and per [`Constraint::Exclude`],
//! which both of its placements cover. Algorithm X picks the primary column with the fewest
//! rows, tries each of its rows, and covers the columns the row covers; the links are the
//! array-based doubly linked lists of the paper, so undoing a cover is restoring four links.
//!
//! Reference: Donald E. Knuth, "Dancing Links", Millennial Perspectives in Computer Science,
//! 2000, <https://arxiv.org/abs/cs/0011047>.
//!
//! Limits: tables and sums are not exact-cover constraints, so an IR holding one is
//! [`Unsupported`]; use [`super::backtrack`] for those. The search is exponential: fine for
//! bounded counts on 4×4 to 9×9 puzzles. Use [`crate::count_up_to`] (SAT) for real work. The
//! `try_` forms stop at [`Limits`] (checked every few thousand nodes) with what they found.

use std::fmt;

use crate::ir::{Constraint, Ir, Placement};
use crate::limits::{Limits, Stop, Ticker};
use crate::model::digit::{Digit, DigitSet};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// What a bounded dancing-links count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DlxCount {
    /// How many solutions were found (at most the bound).
    pub solutions: usize,
    /// Whether `solutions` is exact; `false` when a solution beyond the bound exists (the
    /// search looks for one more than the bound to tell), as [`crate::Count::is_exact`] does.
    pub exhausted: bool,
    /// The first solution found, if any.
    pub first: Option<Grid>,
    /// How many rows Algorithm X tried (search nodes below the root).
    pub nodes: u64,
    /// The limit that stopped the search, if one did: `solutions` is then a lower bound.
    pub stopped: Option<Stop>,
}

/// The IR holds a constraint exact cover cannot express (a table or a sum).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    constraint: &'static str,
}

impl Unsupported {
    /// The kind of constraint that could not be expressed: `"table"` or `"sum"`.
    pub fn constraint(&self) -> &'static str {
        self.constraint
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dancing links expected houses, exclusions and domains only, found a {} constraint",
            self.constraint
        )
    }
}

impl std::error::Error for Unsupported {}

/// Counts the solutions of `puzzle` by dancing links, stopping at `max`.
///
/// # Errors
/// [`Unsupported`] when the puzzle's rules lower to tables or sums.
///
/// # Panics
/// When `max` is 0: a count bounded by nothing is a caller bug.
///
/// # Example
/// ```
/// use satdoku::reference::dlx;
/// let x: satdoku::Puzzle = format!("rules: diagonal\n{}", ".".repeat(16)).parse()?;
/// // Both diagonals cut the 288 solutions of the empty 4×4 grid down to 48.
/// let count = dlx::count_up_to(&x, 1000).expect("houses only");
/// assert_eq!((count.solutions, count.exhausted), (48, true));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn count_up_to(puzzle: &Puzzle, max: usize) -> Result<DlxCount, Unsupported> {
    try_count_up_to(puzzle, max, &Limits::new())
}

/// [`count_up_to`] that stops at `limits` (see [`DlxCount::stopped`]).
///
/// # Errors
/// [`Unsupported`] when the puzzle's rules lower to tables or sums.
///
/// # Panics
/// When `max` is 0.
pub fn try_count_up_to(
    puzzle: &Puzzle,
    max: usize,
    limits: &Limits,
) -> Result<DlxCount, Unsupported> {
    try_visit_up_to(&Ir::lower(puzzle), puzzle.givens(), max, limits, |_| {})
}

/// Searches the solutions of `ir` that keep `givens`, calling `visit` on each, and stops when a
/// solution beyond `max` shows the count is not exact. This is the form to use for IR built by
/// hand.
///
/// # Errors
/// [`Unsupported`] when the IR holds a table or a sum.
///
/// # Panics
/// When `max` is 0, or when `givens` is not of the IR's geometry.
///
/// # Example
/// ```
/// use satdoku::reference::dlx;
/// let puzzle: satdoku::Puzzle = "12..............".parse()?;
/// let mut found = Vec::new();
/// let ir = satdoku::Ir::lower(&puzzle);
/// let count = dlx::visit_up_to(&ir, puzzle.givens(), 1000, |grid| found.push(grid.clone()))
///     .expect("houses only");
/// // Every solution keeps the givens.
/// assert!(found.iter().all(|grid| grid.to_line().starts_with("12")));
/// assert_eq!(count.solutions, found.len());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn visit_up_to(
    ir: &Ir,
    givens: &Grid,
    max: usize,
    visit: impl FnMut(&Grid),
) -> Result<DlxCount, Unsupported> {
    try_visit_up_to(ir, givens, max, &Limits::new(), visit)
}

/// [`visit_up_to`] that stops at `limits` (see [`DlxCount::stopped`]).
///
/// # Errors
/// [`Unsupported`] when the IR holds a table or a sum.
///
/// # Panics
/// As [`visit_up_to`].
pub fn try_visit_up_to(
    ir: &Ir,
    givens: &Grid,
    max: usize,
    limits: &Limits,
    visit: impl FnMut(&Grid),
) -> Result<DlxCount, Unsupported> {
    assert!(max > 0, "visit_up_to needs a bound of at least 1");
    assert_eq!(givens.geometry(), ir.geometry(), "givens of another geometry");
    let mut search = Search {
        links: Links::new(ir, givens)?,
        ir,
        max,
        visit,
        chosen: Vec::new(),
        count: DlxCount { solutions: 0, exhausted: true, first: None, nodes: 0, stopped: None },
        ticker: Ticker::new(limits),
    };
    search.descend();
    Ok(search.count)
}

/// The root of the header list.
const ROOT: usize = 0;

/// The exact-cover matrix as dancing links: node 0 is the root, nodes `1..=columns` the
/// column headers, the rest the ones of the matrix. Secondary headers link to themselves
/// horizontally, so the column choice never sees them.
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// The header of each node's column (headers point at themselves).
    column: Vec<usize>,
    /// The matrix row of each node (unused for headers).
    row: Vec<usize>,
    /// How many nodes each column holds now (indexed by header node).
    size: Vec<usize>,
    /// The placement each matrix row stands for.
    placements: Vec<Placement>,
}

impl Links {
    /// The matrix of `ir` with the rows `givens` and the domains allow.
    fn new(ir: &Ir, givens: &Grid) -> Result<Links, Unsupported> {
        let geometry = ir.geometry();
        // A house is a primary column per digit (exactly once) when it has a cell per digit,
        // else a secondary one (at most once: the digits 1..=M outnumber its cells).
        let digits = geometry.digits();
        let slot = |p: Placement| geometry.slot(p.cell, p.digit);
        let mut allowed = vec![DigitSet::full(digits); geometry.cell_count()];
        for (cell, given) in givens.filled() {
            allowed[geometry.index(cell)] = DigitSet::single(given);
        }
        // Columns 1..=cell_count are the cells; the constraints add theirs after them.
        let mut primary = vec![true; geometry.cell_count()];
        let mut columns_of: Vec<Vec<usize>> =
            (0..geometry.slot_count()).map(|s| vec![1 + s / digits]).collect();
        for constraint in ir.constraints() {
            match constraint {
                Constraint::House(cells) => {
                    for digit in (0..digits).map(Digit::from_index) {
                        primary.push(cells.len() == digits);
                        for &cell in cells {
                            columns_of[slot(Placement::new(cell, digit))].push(primary.len());
                        }
                    }
                }
                Constraint::Exclude(a, b) if a == b => {
                    allowed[geometry.index(a.cell)].remove(a.digit);
                }
                Constraint::Exclude(a, b) => {
                    primary.push(false);
                    columns_of[slot(*a)].push(primary.len());
                    columns_of[slot(*b)].push(primary.len());
                }
                Constraint::Domain(cell, digits) => {
                    let index = geometry.index(*cell);
                    allowed[index] = allowed[index].intersection(*digits);
                }
                Constraint::Table { .. } => {
                    return Err(Unsupported { constraint: "table" });
                }
                Constraint::Sum { .. } => return Err(Unsupported { constraint: "sum" }),
                Constraint::Linear { .. } => return Err(Unsupported { constraint: "linear sum" }),
            }
        }
        let headers = primary.len() + 1;
        let mut links = Links {
            left: (0..headers).map(|h| h.wrapping_sub(1)).collect(),
            right: (1..=headers).collect(),
            up: (0..headers).collect(),
            down: (0..headers).collect(),
            column: (0..headers).collect(),
            row: vec![usize::MAX; headers],
            size: vec![0; headers],
            placements: Vec::new(),
        };
        // Link the primary headers in a ring with the root; secondary ones stay alone.
        let mut last = ROOT;
        for header in 1..headers {
            if primary[header - 1] {
                links.right[last] = header;
                links.left[header] = last;
                last = header;
            } else {
                links.left[header] = header;
                links.right[header] = header;
            }
        }
        links.right[last] = ROOT;
        links.left[ROOT] = last;
        for cell in geometry.cells() {
            for digit in allowed[geometry.index(cell)].iter() {
                let placement = Placement::new(cell, digit);
                let mut columns = columns_of[slot(placement)].clone();
                // A house listing a cell twice would otherwise link a node into a column twice.
                columns.sort_unstable();
                columns.dedup();
                links.add_row(placement, &columns);
            }
        }
        Ok(links)
    }

    /// Appends a matrix row for `placement` with ones in `columns` (header nodes).
    fn add_row(&mut self, placement: Placement, columns: &[usize]) {
        let row = self.placements.len();
        self.placements.push(placement);
        let first = self.left.len();
        for (i, &header) in columns.iter().enumerate() {
            let node = first + i;
            let (left, right) = if i == 0 { (node, node) } else { (node - 1, first) };
            self.left.push(left);
            self.right.push(right);
            self.up.push(self.up[header]);
            self.down.push(header);
            self.column.push(header);
            self.row.push(row);
            if i > 0 {
                self.right[node - 1] = node;
                self.left[first] = node;
            }
            let above = self.up[header];
            self.down[above] = node;
            self.up[header] = node;
            self.size[header] += 1;
        }
    }

    /// Removes `header` from the header list and every row through it from the other columns.
    fn cover(&mut self, header: usize) {
        let (left, right) = (self.left[header], self.right[header]);
        self.right[left] = right;
        self.left[right] = left;
        let mut i = self.down[header];
        while i != header {
            let mut j = self.right[i];
            while j != i {
                let (up, down) = (self.up[j], self.down[j]);
                self.down[up] = down;
                self.up[down] = up;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    /// Undoes [`Links::cover`] of `header`, in the reverse order.
    fn uncover(&mut self, header: usize) {
        let mut i = self.up[header];
        while i != header {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (up, down) = (self.up[j], self.down[j]);
                self.down[up] = j;
                self.up[down] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (left, right) = (self.left[header], self.right[header]);
        self.right[left] = header;
        self.left[right] = header;
    }

    /// The primary column with the fewest rows (Knuth's heuristic S), if any is left.
    fn smallest_column(&self) -> Option<usize> {
        let mut best = None;
        let mut header = self.right[ROOT];
        while header != ROOT {
            if best.is_none_or(|b| self.size[header] < self.size[b]) {
                best = Some(header);
            }
            header = self.right[header];
        }
        best
    }
}

/// The state of one search: the links, the rows chosen, the bound, what was found so far.
struct Search<'a, F> {
    links: Links,
    ir: &'a Ir,
    max: usize,
    visit: F,
    chosen: Vec<usize>,
    count: DlxCount,
    ticker: Ticker<'a>,
}

impl<F: FnMut(&Grid)> Search<'_, F> {
    /// Whether a solution beyond the bound turned up, so the search can stop.
    fn stopped(&self) -> bool {
        !self.count.exhausted
    }

    /// Algorithm X from the current links.
    fn descend(&mut self) {
        let Some(header) = self.links.smallest_column() else {
            self.record();
            return;
        };
        self.links.cover(header);
        let mut r = self.links.down[header];
        while r != header && !self.stopped() {
            self.count.nodes += 1;
            if let Some(stop) = self.ticker.tick() {
                (self.count.stopped, self.count.exhausted) = (Some(stop), false);
                break;
            }
            self.chosen.push(self.links.row[r]);
            let mut j = self.links.right[r];
            while j != r {
                self.links.cover(self.links.column[j]);
                j = self.links.right[j];
            }
            self.descend();
            let mut j = self.links.left[r];
            while j != r {
                self.links.uncover(self.links.column[j]);
                j = self.links.left[j];
            }
            self.chosen.pop();
            r = self.links.down[r];
        }
        self.links.uncover(header);
    }

    /// Counts the rows chosen, which cover every primary column: a solution.
    fn record(&mut self) {
        let mut grid = Grid::empty(self.ir.geometry());
        for &row in &self.chosen {
            let placement = self.links.placements[row];
            grid.set(placement.cell, Some(placement.digit));
        }
        if self.count.solutions == self.max {
            // One solution past the bound: the count is not exact.
            self.count.exhausted = false;
            return;
        }
        self.count.solutions += 1;
        (self.visit)(&grid);
        self.count.first.get_or_insert(grid);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::IrBuilder;
    use crate::model::geometry::{Cell, Geometry};
    use crate::model::rule::Rule;
    use crate::reference::backtrack;

    fn puzzle(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    fn counted(text: &str, max: usize) -> (usize, bool) {
        let count = count_up_to(&puzzle(text), max).unwrap();
        (count.solutions, count.exhausted)
    }

    #[test]
    fn the_empty_4x4_grid_has_288_solutions() {
        assert_eq!(counted(&".".repeat(16), 1000), (288, true));
        assert_eq!(counted(&".".repeat(16), 288), (288, true));
        assert_eq!(counted(&".".repeat(16), 7), (7, false));
    }

    #[test]
    fn both_diagonals_leave_48() {
        assert_eq!(counted(&format!("rules: diagonal\n{}", ".".repeat(16)), 1000), (48, true));
    }

    #[test]
    fn a_unique_9x9_solves() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let count = count_up_to(&puzzle(line), 2).unwrap();
        assert_eq!((count.solutions, count.exhausted), (1, true));
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(count.first.unwrap().to_line(), solution);
    }

    #[test]
    fn a_hard_9x9_solves() {
        let line =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let count = count_up_to(&puzzle(line), 2).unwrap();
        assert_eq!((count.solutions, count.exhausted), (1, true));
        assert_eq!(crate::validate(&puzzle(line), &count.first.unwrap()), Ok(()));
    }

    #[test]
    fn contradictory_givens_have_no_solution() {
        // The parser refuses contradictory givens, so the puzzles are built directly.
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let grid = |line| Grid::from_line(geometry, line).unwrap();
        let classic = Puzzle::new(grid("11.............."), vec![]);
        assert_eq!(count_up_to(&classic, 5).unwrap().solutions, 0);
        let miracle = vec![Rule::AntiKing, Rule::AntiKnight, Rule::NonConsecutive];
        let consecutive = Puzzle::new(grid("1...2..........."), miracle);
        let count = count_up_to(&consecutive, 5).unwrap();
        assert_eq!((count.solutions, count.exhausted), (0, true));
    }

    #[test]
    fn short_houses_and_exclusions_agree_with_backtracking() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let classic = Ir::lower(&Puzzle::new(Grid::empty(geometry), vec![]));
        let mut builder = IrBuilder::new(geometry);
        classic.constraints().iter().for_each(|x| builder.push(x.clone()));
        builder.house(vec![Cell::new(0, 0), Cell::new(2, 1), Cell::new(3, 3)]);
        let (one, two) = (Digit::new(1).unwrap(), Digit::new(2).unwrap());
        builder.push(Constraint::Exclude(
            Placement::new(Cell::new(1, 1), one),
            Placement::new(Cell::new(2, 2), two),
        ));
        builder.push(Constraint::Domain(Cell::new(3, 0), [one, two].into_iter().collect()));
        let ir = builder.build();
        let givens = Grid::empty(geometry);
        let mut ours = Vec::new();
        let dlx = visit_up_to(&ir, &givens, 1000, |g| ours.push(g.to_line())).unwrap();
        let mut theirs = Vec::new();
        let reference = backtrack::visit_up_to(&ir, &givens, 1000, |g| theirs.push(g.to_line()));
        ours.sort();
        theirs.sort();
        assert!(dlx.exhausted && reference.exhausted);
        assert!(!ours.is_empty() && ours.len() < 288);
        assert_eq!(ours, theirs);
    }

    #[test]
    fn tables_and_sums_are_unsupported() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let mut builder = IrBuilder::new(geometry);
        let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
        builder.push(Constraint::Sum { cells, total: 3, distinct: true });
        let error = visit_up_to(&builder.build(), &Grid::empty(geometry), 1, |_| {}).unwrap_err();
        assert_eq!(error.constraint(), "sum");
        assert_eq!(
            error.to_string(),
            "dancing links expected houses, exclusions and domains only, found a sum constraint"
        );
    }

    #[test]
    #[should_panic(expected = "a bound of at least 1")]
    fn a_zero_bound_panics() {
        let _ = count_up_to(&puzzle(&".".repeat(16)), 0);
    }
}
