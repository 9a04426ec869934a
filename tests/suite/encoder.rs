//! The encoder writes exactly the constraints of the IR, for every encoder option.
//!
//! Each case is an IR built by hand on a small grid (4×4, 6×6) with its givens. Its solutions
//! are found three ways and must be the same set of grids:
//!
//! - a brute-force search written here, which fills cells in reading order and checks every
//!   constraint straight from its definition as soon as its cells are filled (it shares no code
//!   with the crate but the types, not even propagation);
//! - the backtracking reference, [`backtrack::visit_up_to`];
//! - the SAT session, enumerating with blocking clauses, for each `pairwise_up_to` in
//!   [`PAIRWISE`] and each way of handing the encoder its candidates ([`Mode`]): the
//!   candidates propagation leaves with the givens as facts; those of the empty grid with the
//!   givens as assumptions; and candidates that only respect the domains and the givens, so
//!   that the clauses alone must carry every other constraint.
//!
//! Every SAT solution is also checked directly against the IR by the independent checker, and
//! its model is read a second time from a bare varisat solver over the same formula (exactly
//! one placement per cell). Propagation is checked for soundness on the way: it never removes
//! a placement that some brute-force solution uses.

use std::collections::BTreeSet;

use satdoku::encode::{ClauseFamily, EncodeOptions, Encoding, encode};
use satdoku::ir::propagate::{Candidates, propagate};
use satdoku::ir::{Constraint, IrBuilder, Relation};
use satdoku::model::digit::DigitSet;
use satdoku::model::geometry::HouseKind;
use satdoku::reference::backtrack;
use satdoku::session::{Outcome, Session};
use satdoku::{Cell, Digit, Geometry, Grid, Ir, Placement, Puzzle, Rule};
use varisat::{ExtendFormula, Lit, Solver};

/// Every `pairwise_up_to` the encoder is tried with: 0 and 1 put every at-most-one (of two or
/// more literals) on a sequential counter, 9 makes every one pairwise on these grids.
pub(crate) const PAIRWISE: [usize; 5] = [0, 1, 2, 3, 9];

/// More solutions than any case has: every enumeration stops past it and the case fails.
const CAP: usize = 1000;

/// How the encoder gets its candidates and the givens.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// The candidates propagation leaves with the givens; no assumptions.
    Facts,
    /// The candidates of the empty grid; the givens as assumptions.
    Assumptions,
    /// Candidates that only respect the domains and the givens (propagation over the domains
    /// alone); no assumptions.
    Relaxed,
}

const MODES: [Mode; 3] = [Mode::Facts, Mode::Assumptions, Mode::Relaxed];

fn geometry4() -> Geometry {
    Geometry::with_usual_boxes(4).unwrap()
}

fn digit(value: usize) -> Digit {
    Digit::new(value).unwrap()
}

/// `rRcC=D` with 1-based row, column and digit.
fn place(row: usize, column: usize, value: usize) -> Placement {
    Placement::new(Cell::new(row - 1, column - 1), digit(value))
}

/// The 1-based cell `rRcC`.
fn cell(row: usize, column: usize) -> Cell {
    Cell::new(row - 1, column - 1)
}

fn digits(values: &[usize]) -> DigitSet {
    values.iter().map(|&v| digit(v)).collect()
}

fn tuple(values: &[usize]) -> Vec<Digit> {
    values.iter().map(|&v| digit(v)).collect()
}

/// The classic houses of `geometry` followed by `extra`.
pub(crate) fn classic_plus(geometry: Geometry, extra: Vec<Constraint>) -> Ir {
    let mut builder = IrBuilder::new(geometry);
    for house in geometry.houses() {
        builder.house(house.cells);
    }
    extra.into_iter().for_each(|constraint| builder.push(constraint));
    builder.build()
}

// --- The independent checker and the brute force ---------------------------------------------

/// The cells a constraint speaks of (with repeats, as written).
fn cells_of(constraint: &Constraint) -> Vec<Cell> {
    match constraint {
        Constraint::House(cells)
        | Constraint::Table { cells, .. }
        | Constraint::Sum { cells, .. } => cells.clone(),
        Constraint::Exclude(a, b) => vec![a.cell, b.cell],
        Constraint::Domain(cell, _) => vec![*cell],
        Constraint::Linear { terms, .. } => terms.iter().filter_map(|t| t.cell).collect(),
    }
}

/// Whether `constraint` can still hold given the filled cells of `grid`; on a grid whose cells
/// of the constraint are all filled, whether it holds. Straight from the definitions of
/// [`Constraint`], without [`Constraint::tuples`].
fn holds(constraint: &Constraint, grid: &Grid, size: usize) -> bool {
    let values = |cells: &[Cell]| -> Option<Vec<usize>> {
        cells.iter().map(|&c| grid.get(c).map(Digit::value)).collect()
    };
    match constraint {
        Constraint::House(cells) => {
            let filled: Vec<usize> =
                cells.iter().filter_map(|&c| grid.get(c)).map(Digit::value).collect();
            let distinct: BTreeSet<usize> = filled.iter().copied().collect();
            let all_present =
                filled.len() < size || cells.len() != size || distinct == (1..=size).collect();
            distinct.len() == filled.len() && all_present
        }
        Constraint::Exclude(a, b) => {
            !(grid.get(a.cell) == Some(a.digit) && grid.get(b.cell) == Some(b.digit))
        }
        Constraint::Domain(cell, allowed) => grid.get(*cell).is_none_or(|d| allowed.contains(d)),
        Constraint::Table { cells, tuples } => match values(cells) {
            None => true,
            Some(found) => tuples.iter().any(|t| {
                t.len() == found.len() && t.iter().zip(&found).all(|(d, &v)| d.value() == v)
            }),
        },
        Constraint::Sum { cells, total, distinct } => match values(cells) {
            None => true,
            Some(found) => {
                let different = found.iter().collect::<BTreeSet<_>>().len() == found.len();
                found.iter().sum::<usize>() == *total && (!distinct || different)
            }
        },
        Constraint::Linear { terms, relation, bound } => {
            // The IRs built here have no flags: every term is a plain digit.
            assert!(terms.iter().all(|t| t.gate.is_none()), "flags are tested in rules.rs");
            let cells: Vec<Cell> = terms.iter().filter_map(|t| t.cell).collect();
            values(&cells).is_none_or(|found| {
                let sum: i64 =
                    terms.iter().zip(&found).map(|(t, &v)| t.coefficient as i64 * v as i64).sum();
                let bound = *bound as i64;
                match relation {
                    Relation::Equal => sum == bound,
                    Relation::AtMost => sum <= bound,
                    Relation::NotEqual => sum != bound,
                }
            })
        }
    }
}

/// `Ok` when `grid` is complete, keeps `givens` and satisfies every constraint of `ir`.
fn check_solution(ir: &Ir, givens: &Grid, grid: &Grid) -> Result<(), String> {
    if !grid.is_complete() {
        return Err(format!("incomplete grid {}", grid.to_line()));
    }
    if let Some((c, d)) = givens.filled().find(|&(c, d)| grid.get(c) != Some(d)) {
        return Err(format!("{} drops the given {c:?}={d}", grid.to_line()));
    }
    let size = ir.geometry().size();
    match ir.constraints().iter().find(|constraint| !holds(constraint, grid, size)) {
        Some(broken) => Err(format!("{} breaks {broken:?}", grid.to_line())),
        None => Ok(()),
    }
}

/// Every solution of `ir` keeping `givens`: depth-first in reading order, each constraint
/// checked as soon as one of its cells is filled (partially) and fully once all are.
///
/// # Panics
/// Beyond [`CAP`] solutions: the case is too loose to compare sets.
fn brute_force(ir: &Ir, givens: &Grid) -> BTreeSet<String> {
    let geometry = ir.geometry();
    let size = geometry.size();
    let mut touching: Vec<Vec<&Constraint>> = vec![Vec::new(); geometry.cell_count()];
    let mut empty = Grid::empty(geometry);
    let mut found = BTreeSet::new();
    for constraint in ir.constraints() {
        let mut cells = cells_of(constraint);
        cells.sort();
        cells.dedup();
        if cells.is_empty() && !holds(constraint, &empty, size) {
            return found;
        }
        cells.iter().for_each(|&c| touching[geometry.index(c)].push(constraint));
    }
    fn fill(
        index: usize,
        grid: &mut Grid,
        givens: &Grid,
        touching: &[Vec<&Constraint>],
        found: &mut BTreeSet<String>,
    ) {
        let geometry = grid.geometry();
        if index == geometry.cell_count() {
            found.insert(grid.to_line());
            assert!(found.len() <= CAP, "more than {CAP} solutions: make the case tighter");
            return;
        }
        let cell = geometry.cell(index);
        let choices: Vec<Digit> = match givens.get(cell) {
            Some(given) => vec![given],
            None => (0..geometry.size()).map(Digit::from_index).collect(),
        };
        for choice in choices {
            grid.set(cell, Some(choice));
            if touching[index].iter().all(|c| holds(c, grid, geometry.size())) {
                fill(index + 1, grid, givens, touching, found);
            }
        }
        grid.set(cell, None);
    }
    fill(0, &mut empty, givens, &touching, &mut found);
    found
}

// --- The SAT side -------------------------------------------------------------------------------

/// The IR with its domains only: what [`Mode::Relaxed`] propagates.
fn domains_only(ir: &Ir) -> Ir {
    let mut builder = IrBuilder::new(ir.geometry());
    for constraint in ir.constraints() {
        if matches!(constraint, Constraint::Domain(..)) {
            builder.push(constraint.clone());
        }
    }
    builder.build()
}

/// The candidates and assumptions `mode` hands the encoder, or `None` when propagation
/// already finds a contradiction (the pipeline answers "no solution" without a SAT call).
fn inputs(mode: Mode, ir: &Ir, givens: &Grid) -> Option<(Candidates, Vec<Placement>)> {
    let given_placements = || givens.filled().map(|(c, d)| Placement::new(c, d)).collect();
    match mode {
        Mode::Facts => propagate(ir, givens).ok().map(|c| (c, Vec::new())),
        Mode::Assumptions => {
            propagate(ir, &Grid::empty(ir.geometry())).ok().map(|c| (c, given_placements()))
        }
        Mode::Relaxed => propagate(&domains_only(ir), givens).ok().map(|c| (c, Vec::new())),
    }
}

/// The models of the bare formula under `assumptions`, read here rather than by the session,
/// one per assignment of the placement variables: each must set exactly one placement of each
/// cell.
fn bare_models(encoding: &Encoding, assumptions: &[Placement], label: &str) -> BTreeSet<String> {
    let var_map = encoding.var_map();
    let geometry = var_map.geometry();
    let mut solver = Solver::new();
    solver.add_formula(encoding.formula());
    let mut assumed = Vec::new();
    for &p in assumptions {
        match var_map.lit(p) {
            Some(lit) => assumed.push(lit),
            None => return BTreeSet::new(),
        }
    }
    let mut found = BTreeSet::new();
    loop {
        solver.assume(&assumed);
        if !solver.solve().expect("varisat") {
            return found;
        }
        let model = solver.model().expect("a model");
        let mut grid = Grid::empty(geometry);
        let mut per_cell = vec![0; geometry.cell_count()];
        let mut blocking: Vec<Lit> = Vec::new();
        for lit in model {
            let Some(p) = var_map.placement(lit.var()) else { continue };
            // Blocking the whole assignment of the placement variables (not just the true
            // ones) lets a model with two placements in a cell come up too.
            blocking.push(!lit);
            if lit.is_positive() {
                per_cell[geometry.index(p.cell)] += 1;
                grid.set(p.cell, Some(p.digit));
            }
        }
        assert!(
            per_cell.iter().all(|&n| n == 1),
            "{label}: a model sets {per_cell:?} placements per cell"
        );
        assert!(found.insert(grid.to_line()), "{label}: a blocked model came back");
        assert!(found.len() <= CAP, "{label}: more than {CAP} models");
        solver.add_clause(&blocking);
    }
}

/// Every solution the SAT session finds for `ir` and `givens` under `mode` and `options`,
/// each checked against the IR; the bare-solver models must be the same set.
fn sat_solutions(
    ir: &Ir,
    givens: &Grid,
    mode: Mode,
    options: EncodeOptions,
    label: &str,
) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let Some((candidates, assumptions)) = inputs(mode, ir, givens) else {
        return found;
    };
    let encoding = encode(ir, &candidates, options);
    let written: usize = encoding.family_counts().iter().map(|&(_, n)| n).sum();
    assert_eq!(written, encoding.clause_count(), "{label}: family counts vs clauses");
    assert!(encoding.var_count() >= candidates.placements().count(), "{label}: variables");
    let bare = bare_models(&encoding, &assumptions, label);
    let mut session = Session::new(encoding);
    loop {
        match session.solve(&assumptions).expect("varisat") {
            Outcome::Solution(grid) => {
                if let Err(error) = check_solution(ir, givens, &grid) {
                    panic!("{label}: the SAT solution breaks the IR: {error}");
                }
                assert!(found.insert(grid.to_line()), "{label}: a blocked solution came back");
                assert!(found.len() <= CAP, "{label}: more than {CAP} solutions");
                session.block(&grid);
            }
            Outcome::NoSolution { core } => {
                assert!(
                    core.iter().all(|p| assumptions.contains(p)),
                    "{label}: core {core:?} is not among the assumptions"
                );
                break;
            }
        }
    }
    assert_eq!(found, bare, "{label}: the session and the bare solver disagree");
    found
}

// --- The tester -------------------------------------------------------------------------------

/// An IR with givens, and what the tester checks on it.
pub(crate) struct EncodingTester {
    name: String,
    ir: Ir,
    givens: Grid,
}

impl EncodingTester {
    pub(crate) fn new(name: &str, ir: Ir) -> EncodingTester {
        let givens = Grid::empty(ir.geometry());
        EncodingTester { name: name.to_string(), ir, givens }
    }

    pub(crate) fn with_givens(mut self, line: &str) -> EncodingTester {
        self.givens = Grid::from_line(self.ir.geometry(), line).expect("a grid line");
        self
    }

    /// Checks the case for every option in `pairwise` and every mode; returns the number of
    /// solutions.
    pub(crate) fn check(&self, pairwise: &[usize]) -> usize {
        let expected = brute_force(&self.ir, &self.givens);
        for grid in &expected {
            let grid = Grid::from_line(self.ir.geometry(), grid).unwrap();
            check_solution(&self.ir, &self.givens, &grid).unwrap();
        }
        self.check_reference(&expected);
        self.check_propagation(&expected);
        for &k in pairwise {
            for mode in MODES {
                let label = format!("{}, pairwise_up_to({k}), {mode:?}", self.name);
                let options = EncodeOptions::new().pairwise_up_to(k);
                let found = sat_solutions(&self.ir, &self.givens, mode, options, &label);
                if found != expected {
                    let extra: Vec<_> = found.difference(&expected).take(3).collect();
                    let missing: Vec<_> = expected.difference(&found).take(3).collect();
                    panic!(
                        "{label}: SAT finds {} solutions, brute force {}; extra {extra:?}, \
                         missing {missing:?}",
                        found.len(),
                        expected.len()
                    );
                }
            }
        }
        expected.len()
    }

    fn check_reference(&self, expected: &BTreeSet<String>) {
        let mut found = BTreeSet::new();
        let count = backtrack::visit_up_to(&self.ir, &self.givens, CAP, |grid| {
            found.insert(grid.to_line());
        });
        assert!(count.exhausted, "{}: the reference passed {CAP}", self.name);
        assert_eq!(count.solutions, found.len(), "{}: the reference repeats", self.name);
        assert_eq!(&found, expected, "{}: the reference disagrees with brute force", self.name);
    }

    /// Soundness of propagation, with the givens and without: every placement of every
    /// solution is still a candidate (and there is no contradiction when there is a solution).
    fn check_propagation(&self, expected: &BTreeSet<String>) {
        let geometry = self.ir.geometry();
        for givens in [self.givens.clone(), Grid::empty(geometry)] {
            let candidates = match propagate(&self.ir, &givens) {
                Ok(candidates) => candidates,
                Err(reason) => {
                    assert!(
                        expected.is_empty(),
                        "{}: propagation (givens {}) claims a contradiction ({reason}) but \
                         {} is a solution",
                        self.name,
                        givens.to_line(),
                        expected.first().unwrap()
                    );
                    continue;
                }
            };
            for line in expected {
                let grid = Grid::from_line(geometry, line).unwrap();
                for (c, d) in grid.filled() {
                    assert!(
                        candidates.allows(Placement::new(c, d)),
                        "{}: propagation (givens {}) removed {c:?}={d}, used by the solution \
                         {line}",
                        self.name,
                        givens.to_line()
                    );
                }
            }
        }
    }
}

/// Checks every case with every option; returns the solution counts by name.
fn check_all(cases: &[EncodingTester], pairwise: &[usize]) -> Vec<(String, usize)> {
    cases.iter().map(|case| (case.name.clone(), case.check(pairwise))).collect()
}

fn count_of(counts: &[(String, usize)], name: &str) -> usize {
    counts.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no case {name}")).1
}

// --- The cases -----------------------------------------------------------------------------------

#[test]
fn classic_4x4_with_and_without_givens() {
    let g = geometry4();
    let cases = [
        EncodingTester::new("classic", classic_plus(g, vec![])),
        EncodingTester::new("classic, two givens", classic_plus(g, vec![]))
            .with_givens("1.........3....."),
        EncodingTester::new("classic, unique", classic_plus(g, vec![]))
            .with_givens("1..4.4.....3.1.."),
        EncodingTester::new("classic, clashing givens", classic_plus(g, vec![]))
            .with_givens("1...1..........."),
    ];
    let counts = check_all(&cases, &PAIRWISE);
    assert_eq!(count_of(&counts, "classic"), 288);
    assert_eq!(count_of(&counts, "classic, clashing givens"), 0);
    assert!(count_of(&counts, "classic, two givens") > 1);
}

#[test]
fn sums_4x4() {
    let g = geometry4();
    let sum = |cells: Vec<Cell>, total, distinct| Constraint::Sum { cells, total, distinct };
    let cases = [
        // Distinct and in one row: 1+2 or 2+1.
        EncodingTester::new(
            "r1c1+r1c2=3 distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(1, 2)], 3, true)]),
        ),
        // Not distinct, in one row: the houses forbid 2+2 anyway.
        EncodingTester::new(
            "r1c1+r1c2=4 not distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(1, 2)], 4, false)]),
        ),
        // Not distinct, cells sharing no house: 2+2 is allowed.
        EncodingTester::new(
            "r1c1+r2c3=4 not distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(2, 3)], 4, false)]),
        ),
        // Distinct over cells sharing no house: 2+2 is not allowed.
        EncodingTester::new(
            "r1c1+r2c3=4 distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(2, 3)], 4, true)]),
        ),
        EncodingTester::new(
            "3-cell cage r1c1+r2c1+r2c2=6 distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(2, 1), cell(2, 2)], 6, true)]),
        ),
        EncodingTester::new(
            "3-cell sum r1c1+r2c3+r4c2=5 not distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(2, 3), cell(4, 2)], 5, false)]),
        ),
        EncodingTester::new(
            "3-cell sum r1c1+r2c3+r4c2=7 distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(2, 3), cell(4, 2)], 7, true)]),
        ),
        EncodingTester::new(
            "two cages with a given",
            classic_plus(
                g,
                vec![
                    sum(vec![cell(1, 1), cell(1, 2)], 3, true),
                    sum(vec![cell(3, 3), cell(4, 3), cell(4, 4)], 7, false),
                ],
            ),
        )
        .with_givens("...............1"),
        // The same cell twice: 2·r1c1 = 4.
        EncodingTester::new(
            "r1c1+r1c1=4 not distinct",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(1, 1)], 4, false)]),
        ),
        EncodingTester::new(
            "an impossible total",
            classic_plus(g, vec![sum(vec![cell(1, 1), cell(1, 2)], 8, true)]),
        ),
    ];
    let counts = check_all(&cases, &PAIRWISE);
    // A sixth of the grids put {1,2} in r1c1..r1c2 (each pair of digits is as likely).
    assert_eq!(count_of(&counts, "r1c1+r1c2=3 distinct"), 48);
    assert_eq!(count_of(&counts, "an impossible total"), 0);
    assert!(
        count_of(&counts, "r1c1+r2c3=4 not distinct") > count_of(&counts, "r1c1+r2c3=4 distinct")
    );
    assert_eq!(count_of(&counts, "r1c1+r1c1=4 not distinct"), 72);
}

#[test]
fn tables_4x4() {
    let g = geometry4();
    let table = |cells: Vec<Cell>, tuples: Vec<Vec<Digit>>| Constraint::Table { cells, tuples };
    let cases = [
        // Over two cells sharing no house, with a repeated tuple and a tuple of equal digits.
        EncodingTester::new(
            "table r1c1,r4c4",
            classic_plus(
                g,
                vec![table(
                    vec![cell(1, 1), cell(4, 4)],
                    vec![tuple(&[1, 1]), tuple(&[2, 3]), tuple(&[2, 3]), tuple(&[4, 2])],
                )],
            ),
        ),
        // Its only tuples repeat a digit in a row.
        EncodingTester::new(
            "table against the houses",
            classic_plus(g, vec![table(vec![cell(1, 1), cell(1, 2)], vec![tuple(&[1, 1])])]),
        ),
        // No tuple survives the domain of r1c1.
        EncodingTester::new(
            "table with no tuple surviving a domain",
            classic_plus(
                g,
                vec![
                    Constraint::Domain(cell(1, 1), digits(&[1, 2])),
                    table(vec![cell(1, 1), cell(1, 2)], vec![tuple(&[3, 1]), tuple(&[4, 2])]),
                ],
            ),
        ),
        // No tuple survives the givens.
        EncodingTester::new(
            "table with no tuple surviving the givens",
            classic_plus(
                g,
                vec![table(vec![cell(1, 1), cell(2, 2)], vec![tuple(&[2, 1]), tuple(&[3, 4])])],
            ),
        )
        .with_givens("1..............."),
        EncodingTester::new(
            "table with no tuple",
            classic_plus(g, vec![table(vec![cell(1, 1)], vec![])]),
        ),
        EncodingTester::new(
            "table over no cell, one empty tuple",
            classic_plus(g, vec![table(vec![], vec![vec![]])]),
        ),
        EncodingTester::new(
            "table over no cell, no tuple",
            classic_plus(g, vec![table(vec![], vec![])]),
        ),
        // Three cells in a column, increasing (a thermometer).
        EncodingTester::new(
            "table r1c1<r2c1<r3c1",
            classic_plus(
                g,
                vec![table(
                    vec![cell(1, 1), cell(2, 1), cell(3, 1)],
                    vec![
                        tuple(&[1, 2, 3]),
                        tuple(&[1, 2, 4]),
                        tuple(&[1, 3, 4]),
                        tuple(&[2, 3, 4]),
                    ],
                )],
            ),
        ),
    ];
    let counts = check_all(&cases, &PAIRWISE);
    assert!(count_of(&counts, "table r1c1,r4c4") > 0);
    for empty in [
        "table against the houses",
        "table with no tuple surviving a domain",
        "table with no tuple surviving the givens",
        "table with no tuple",
        "table over no cell, no tuple",
    ] {
        assert_eq!(count_of(&counts, empty), 0, "{empty}");
    }
    assert_eq!(count_of(&counts, "table over no cell, one empty tuple"), 288);
}

#[test]
fn houses_and_domains_4x4() {
    let g = geometry4();
    let row1: Vec<Cell> = (1..=4).map(|c| cell(1, c)).collect();
    let cases = [
        EncodingTester::new(
            "short house of 3 cells",
            classic_plus(g, vec![Constraint::House(vec![cell(1, 1), cell(2, 3), cell(4, 2)])]),
        ),
        EncodingTester::new(
            "short house of 2 cells",
            classic_plus(g, vec![Constraint::House(vec![cell(1, 1), cell(4, 4)])]),
        ),
        EncodingTester::new(
            "two short houses and a given",
            classic_plus(
                g,
                vec![
                    Constraint::House(vec![cell(1, 1), cell(4, 4)]),
                    Constraint::House(vec![cell(1, 4), cell(4, 1), cell(2, 3)]),
                ],
            ),
        )
        .with_givens(".....2.........."),
        EncodingTester::new(
            "a house of 5 cells",
            classic_plus(g, vec![Constraint::House([row1.clone(), vec![cell(2, 1)]].concat())]),
        ),
        EncodingTester::new("row 1 twice", classic_plus(g, vec![Constraint::House(row1.clone())])),
        // Full columns and boxes, but rows cut short to their first 3 cells: no at-least-one
        // for the rows.
        EncodingTester::new("short rows", {
            let mut builder = IrBuilder::new(g);
            for house in g.houses() {
                match house.kind {
                    HouseKind::Row => builder.house(house.cells[..3].to_vec()),
                    _ => builder.house(house.cells),
                }
            }
            builder.build()
        })
        .with_givens("1.....3........."),
        // r4c4 in no house: its row, column and box are cut short around it, so only its
        // own at-least-one clause makes it hold a digit.
        EncodingTester::new("a cell in no house", {
            let mut builder = IrBuilder::new(g);
            for house in g.houses() {
                builder.house(house.cells.into_iter().filter(|&c| c != cell(4, 4)).collect());
            }
            builder.push(Constraint::Domain(cell(4, 4), digits(&[2, 3])));
            builder.build()
        })
        .with_givens("12..3..........."),
        EncodingTester::new(
            "domains",
            classic_plus(
                g,
                vec![
                    Constraint::Domain(cell(1, 1), digits(&[2, 3])),
                    Constraint::Domain(cell(2, 2), digits(&[1])),
                    Constraint::Domain(cell(4, 4), digits(&[1, 2, 3, 4])),
                ],
            ),
        ),
        // Two domains on one cell intersect.
        EncodingTester::new(
            "two domains on one cell",
            classic_plus(
                g,
                vec![
                    Constraint::Domain(cell(3, 3), digits(&[1, 2, 3])),
                    Constraint::Domain(cell(3, 3), digits(&[3, 4])),
                ],
            ),
        ),
        EncodingTester::new(
            "an empty domain",
            classic_plus(g, vec![Constraint::Domain(cell(3, 3), DigitSet::EMPTY)]),
        ),
        // No cell of row 1 may hold 4.
        EncodingTester::new(
            "digit 4 nowhere in row 1",
            classic_plus(
                g,
                row1.iter().map(|&c| Constraint::Domain(c, digits(&[1, 2, 3]))).collect(),
            ),
        ),
        EncodingTester::new(
            "a domain against a given",
            classic_plus(g, vec![Constraint::Domain(cell(1, 1), digits(&[2, 3]))]),
        )
        .with_givens("1..............."),
    ];
    let counts = check_all(&cases, &PAIRWISE);
    assert_eq!(count_of(&counts, "row 1 twice"), 288);
    for empty in ["a house of 5 cells", "an empty domain", "digit 4 nowhere in row 1"] {
        assert_eq!(count_of(&counts, empty), 0, "{empty}");
    }
    assert_eq!(count_of(&counts, "a domain against a given"), 0);
    assert_eq!(count_of(&counts, "two domains on one cell"), 72);
}

/// The exclusion cases, with their expected counts.
fn exclusion_cases() -> Vec<(EncodingTester, Option<usize>)> {
    let g = geometry4();
    let exclude = |a, b| Constraint::Exclude(a, b);
    vec![
        // r1c1=1 is impossible: a quarter of the grids go.
        (
            EncodingTester::new(
                "Exclude(p, p)",
                classic_plus(g, vec![exclude(place(1, 1, 1), place(1, 1, 1))]),
            ),
            Some(216),
        ),
        (
            EncodingTester::new(
                "Exclude(p, p) against a given",
                classic_plus(g, vec![exclude(place(1, 1, 1), place(1, 1, 1))]),
            )
            .with_givens("1..............."),
            Some(0),
        ),
        // Two placements of one cell never hold together anyway.
        (
            EncodingTester::new(
                "two placements of one cell",
                classic_plus(
                    g,
                    vec![
                        exclude(place(1, 1, 1), place(1, 1, 2)),
                        exclude(place(3, 2, 4), place(3, 2, 1)),
                    ],
                ),
            ),
            Some(288),
        ),
        (
            EncodingTester::new(
                "an exclusion a house implies",
                classic_plus(g, vec![exclude(place(1, 1, 1), place(1, 2, 1))]),
            ),
            Some(288),
        ),
        (
            EncodingTester::new(
                "an exclusion across houses",
                classic_plus(g, vec![exclude(place(1, 1, 1), place(4, 4, 2))]),
            ),
            None,
        ),
        (
            EncodingTester::new(
                "duplicate exclusions",
                classic_plus(
                    g,
                    vec![
                        exclude(place(1, 1, 1), place(2, 3, 1)),
                        exclude(place(1, 1, 1), place(2, 3, 1)),
                        exclude(place(2, 3, 1), place(1, 1, 1)),
                        exclude(place(1, 1, 1), place(4, 4, 2)),
                        exclude(place(4, 4, 2), place(1, 1, 1)),
                        exclude(place(2, 2, 3), place(2, 2, 3)),
                        exclude(place(2, 2, 3), place(2, 2, 3)),
                    ],
                ),
            ),
            None,
        ),
        (
            EncodingTester::new(
                "half anti-knight exclusions with a given",
                classic_plus(g, {
                    let mut builder = IrBuilder::new(g);
                    builder.exclude_equal_at_offsets(&[(1, 2), (2, 1)]);
                    builder.build().constraints().to_vec()
                }),
            )
            .with_givens("1..............."),
            None,
        ),
        // Exclusions on placements the given already eliminated.
        (
            EncodingTester::new(
                "exclusions on eliminated placements",
                classic_plus(
                    g,
                    vec![
                        exclude(place(1, 2, 1), place(3, 3, 2)),
                        exclude(place(1, 2, 3), place(1, 2, 3)),
                    ],
                ),
            )
            .with_givens("1..............."),
            None,
        ),
    ]
}

#[test]
fn exclusions_4x4() {
    let (cases, expected): (Vec<_>, Vec<_>) = exclusion_cases().into_iter().unzip();
    let counts = check_all(&cases, &PAIRWISE);
    for ((name, found), expected) in counts.iter().zip(expected) {
        if let Some(expected) = expected {
            assert_eq!(*found, expected, "{name}");
        }
    }
}

#[test]
fn rules_lowered_on_4x4() {
    let g = geometry4();
    let rules = [
        vec![Rule::MainDiagonal, Rule::AntiDiagonal],
        vec![Rule::AntiKing],
        vec![Rule::AntiKnight],
        vec![Rule::NonConsecutive],
        vec![Rule::Even(vec![cell(1, 1), cell(2, 3)]), Rule::Odd(vec![cell(3, 3)])],
    ];
    let cases: Vec<EncodingTester> = rules
        .into_iter()
        .map(|rules| {
            let name = format!("{rules:?}");
            EncodingTester::new(&name, Ir::lower(&Puzzle::new(Grid::empty(g), rules)))
        })
        .collect();
    let counts = check_all(&cases, &PAIRWISE);
    assert_eq!(counts[0].1, 48, "both diagonals");
}

/// A 6×6 solution (2×3 boxes) the givens are taken from.
pub(crate) const SOLUTION_6X6: &str = "123456456123231564564231312645645312";

/// The solution with only the cells whose index is in `keep`.
fn givens_6x6(keep: &[usize]) -> String {
    SOLUTION_6X6
        .chars()
        .enumerate()
        .map(|(i, symbol)| if keep.contains(&i) { symbol } else { '.' })
        .collect()
}

#[test]
fn classic_6x6_with_givens() {
    let g = Geometry::with_usual_boxes(6).unwrap();
    let cases = [
        EncodingTester::new("6x6, 12 givens", classic_plus(g, vec![]))
            .with_givens(&givens_6x6(&[0, 4, 7, 11, 14, 15, 20, 21, 24, 28, 31, 35])),
        EncodingTester::new("6x6, 8 givens", classic_plus(g, vec![]))
            .with_givens(&givens_6x6(&[0, 8, 13, 15, 22, 27, 30, 34])),
        EncodingTester::new("6x6, 10 givens", classic_plus(g, vec![]))
            .with_givens(&givens_6x6(&[0, 5, 8, 13, 15, 22, 26, 27, 30, 34])),
        EncodingTester::new(
            "6x6, 10 givens and a cage",
            classic_plus(
                g,
                vec![
                    Constraint::Sum {
                        cells: vec![cell(1, 2), cell(1, 3)],
                        total: 5,
                        distinct: true,
                    },
                    Constraint::Exclude(place(6, 6, 2), place(1, 1, 1)),
                ],
            ),
        )
        .with_givens(&givens_6x6(&[0, 5, 8, 13, 15, 22, 26, 27, 30, 34])),
    ];
    let counts = check_all(&cases, &PAIRWISE);
    for (name, count) in &counts {
        assert!((1..=200).contains(count), "{name}: {count} solutions");
    }
}

/// The module documentation of the encoder: unit and binary clauses are written once even when
/// the IR repeats them or a house already implies them.
#[test]
fn repeated_and_implied_exclusions_write_no_clause() {
    let g = geometry4();
    let empty = Grid::empty(g);
    let counts = |extra: Vec<Constraint>, k: usize| {
        let ir = classic_plus(g, extra);
        let candidates = propagate(&domains_only(&ir), &empty).unwrap();
        let encoding = encode(&ir, &candidates, EncodeOptions::new().pairwise_up_to(k));
        (encoding.family_counts().to_vec(), encoding.clause_count(), encoding.var_count())
    };
    let exclusions = |found: &(Vec<(ClauseFamily, usize)>, usize, usize)| {
        found.0.iter().find(|(f, _)| *f == ClauseFamily::Exclusion).unwrap().1
    };
    let (p, q) = (place(1, 1, 1), place(2, 3, 1));
    for k in PAIRWISE {
        let classic = counts(vec![], k);
        let once = counts(vec![Constraint::Exclude(p, q)], k);
        let thrice = counts(
            vec![Constraint::Exclude(p, q), Constraint::Exclude(q, p), Constraint::Exclude(p, q)],
            k,
        );
        assert_eq!(exclusions(&once), 1, "pairwise_up_to({k})");
        assert_eq!(once, thrice, "pairwise_up_to({k}): repeated exclusions");
        let same_cell = counts(vec![Constraint::Exclude(p, place(1, 1, 2))], k);
        assert_eq!(same_cell, classic, "pairwise_up_to({k}): two placements of one cell");
        let same_row = counts(vec![Constraint::Exclude(p, place(1, 4, 1))], k);
        assert_eq!(same_row, classic, "pairwise_up_to({k}): an exclusion in a row");
        let itself = counts(vec![Constraint::Exclude(p, p), Constraint::Exclude(p, p)], k);
        assert_eq!(exclusions(&itself), 1, "pairwise_up_to({k}): Exclude(p, p) is one unit");
        assert_eq!(itself.1, classic.1 + 1, "pairwise_up_to({k})");
    }
}
