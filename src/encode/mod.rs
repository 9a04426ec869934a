//! Layer 3, the encoder: the IR and the candidates become CNF over one Boolean per candidate
//! placement, with the *extended* encoding (Lynce & Ouaknine 2006, "Sudoku as a SAT problem"):
//!
//! - each cell holds at least one and at most one of its candidates;
//! - each house of N cells holds each digit at least once (these clauses make hidden singles
//!   visible to unit propagation) and at most once; shorter houses only at most once;
//! - each exclusion is one binary clause;
//! - a table (or a sum, enumerated) gets one auxiliary variable per allowed tuple: at least one
//!   tuple holds, and a tuple implies its placements;
//! - a linear sum is a decision diagram over its partial sums (see `linear.rs`); the flags
//!   its terms read are variables defined by their formulas (see `flag.rs`).
//!
//! At-most-one is pairwise up to [`EncodeOptions::pairwise_up_to`] literals and a sequential
//! counter above. Unit and binary clauses are written once even when two families imply them
//! (a row and a box share pairs of cells; a given's row, column and box repeat its unit
//! clause). Placements that propagation eliminated get no variable, so givens enter as facts;
//! to reuse one encoding across givens, encode the candidates of the empty grid and pass givens
//! as assumptions (see [`crate::Session`]).

mod amo;
pub mod dimacs;
mod flag;
mod linear;
mod var_map;

use std::collections::HashSet;

use varisat::{CnfFormula, ExtendFormula, Lit};

pub use var_map::VarMap;

use crate::ir::propagate::{Candidates, Contradiction, propagate};
use crate::ir::{Constraint, Ir, Placement};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;

/// Choices of the encoder.
#[derive(Clone, Copy, Debug)]
pub struct EncodeOptions {
    pairwise_up_to: usize,
}

impl Default for EncodeOptions {
    fn default() -> EncodeOptions {
        EncodeOptions { pairwise_up_to: 16 }
    }
}

impl EncodeOptions {
    /// The default options.
    pub fn new() -> EncodeOptions {
        EncodeOptions::default()
    }

    /// At-most-one over up to `literals` literals is pairwise; longer lists use a sequential
    /// counter. [default: 16, measured: on 16×16 pairwise does less work]  [range: 0..]
    pub fn pairwise_up_to(mut self, literals: usize) -> EncodeOptions {
        self.pairwise_up_to = literals;
        self
    }

    /// The pairwise limit in force.
    pub fn get_pairwise_up_to(&self) -> usize {
        self.pairwise_up_to
    }
}

/// The clause families of the encoding, in the order they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClauseFamily {
    /// Each cell holds at least one candidate.
    CellAtLeastOne,
    /// Each cell holds at most one candidate.
    CellAtMostOne,
    /// Each digit appears at least once in each house of N cells.
    HouseAtLeastOne,
    /// Each digit appears at most once in each house.
    HouseAtMostOne,
    /// Two placements that exclude each other.
    Exclusion,
    /// Table, sum and linear-sum constraints (tuples and decision diagrams), with the
    /// definitions of the flags linear sums read.
    Table,
}

impl ClauseFamily {
    /// Every family, in writing order.
    pub const ALL: [ClauseFamily; 6] = [
        ClauseFamily::CellAtLeastOne,
        ClauseFamily::CellAtMostOne,
        ClauseFamily::HouseAtLeastOne,
        ClauseFamily::HouseAtMostOne,
        ClauseFamily::Exclusion,
        ClauseFamily::Table,
    ];

    /// The family's name in documents and DIMACS comments.
    pub fn name(self) -> &'static str {
        match self {
            ClauseFamily::CellAtLeastOne => "cell at-least-one",
            ClauseFamily::CellAtMostOne => "cell at-most-one",
            ClauseFamily::HouseAtLeastOne => "house at-least-one",
            ClauseFamily::HouseAtMostOne => "house at-most-one",
            ClauseFamily::Exclusion => "exclusion",
            ClauseFamily::Table => "table",
        }
    }
}

/// A CNF formula with the map from its variables to placements and its clause counts.
#[derive(Debug)]
pub struct Encoding {
    formula: CnfFormula,
    var_map: VarMap,
    counts: Vec<(ClauseFamily, usize)>,
}

impl Encoding {
    /// The formula.
    pub fn formula(&self) -> &CnfFormula {
        &self.formula
    }

    /// Which variable is which placement.
    pub fn var_map(&self) -> &VarMap {
        &self.var_map
    }

    /// The number of variables.
    pub fn var_count(&self) -> usize {
        self.var_map.var_count()
    }

    /// The number of clauses.
    pub fn clause_count(&self) -> usize {
        self.formula.len()
    }

    /// How many clauses each family wrote (after removing duplicates).
    pub fn family_counts(&self) -> &[(ClauseFamily, usize)] {
        &self.counts
    }
}

/// A puzzle taken down the whole pipeline with the default options: its rules lowered, `givens`
/// propagated (eliminated placements get no variable), then encoded; or the contradiction
/// propagation found on the way (then the puzzle has no solution).
///
/// # Errors
/// The [`Contradiction`] propagation met.
pub fn encode_puzzle(puzzle: &Puzzle, givens: &Grid) -> Result<Encoding, Contradiction> {
    let ir = Ir::lower(puzzle);
    let candidates = propagate(&ir, givens)?;
    Ok(encode(&ir, &candidates, EncodeOptions::default()))
}

/// Encodes `ir` over the placements `candidates` allows.
pub fn encode(ir: &Ir, candidates: &Candidates, options: EncodeOptions) -> Encoding {
    written(ir, candidates, options).finish()
}

/// The writer once every clause of `ir` over `candidates` is written.
fn written(ir: &Ir, candidates: &Candidates, options: EncodeOptions) -> Writer {
    let mut writer = Writer::new(VarMap::new(candidates), options);
    writer.cells(candidates);
    writer.flags(ir.flags());
    for constraint in ir.constraints() {
        if let Constraint::House(cells) = constraint {
            writer.house(cells);
        }
    }
    for constraint in ir.constraints() {
        match constraint {
            Constraint::Exclude(a, b) => writer.exclusion(*a, *b),
            Constraint::Table { .. } | Constraint::Sum { .. } => {
                let (cells, tuples) = constraint.tuples(ir.geometry().digits()).expect("a table");
                writer.table(cells, &tuples);
            }
            Constraint::Linear { terms, relation, bound } => {
                writer.linear(terms, *relation, *bound)
            }
            Constraint::House(_) | Constraint::Domain(..) => {}
        }
    }
    writer
}

/// Writes clauses family by family, once each: a pair of cells that shares a house already
/// written gets no second at-most-one clause per digit (nor an equal-digit exclusion), and unit
/// and exclusion clauses are remembered so that none is written twice.
struct Writer {
    var_map: VarMap,
    options: EncodeOptions,
    formula: CnfFormula,
    counts: Vec<(ClauseFamily, usize)>,
    /// `linked[a * cells + b]`: cells `a` and `b` share a house already written.
    linked: Vec<bool>,
    units: HashSet<Lit>,
    exclusions: HashSet<(Lit, Lit)>,
    /// The bit of each IR flag (see `flag.rs`).
    flag_bits: Vec<flag::Bit>,
    /// A literal fixed true, once some term needs one.
    truth: Option<Lit>,
}

impl Writer {
    fn new(var_map: VarMap, options: EncodeOptions) -> Writer {
        let counts = ClauseFamily::ALL.iter().map(|&family| (family, 0)).collect();
        let cells = var_map.geometry().cell_count();
        Writer {
            var_map,
            options,
            formula: CnfFormula::new(),
            counts,
            linked: vec![false; cells * cells],
            units: HashSet::new(),
            exclusions: HashSet::new(),
            flag_bits: Vec::new(),
            truth: None,
        }
    }

    fn push(&mut self, family: ClauseFamily, clause: &[Lit]) {
        if let [unit] = *clause {
            if !self.units.insert(unit) {
                return;
            }
        }
        self.formula.add_clause(clause);
        self.counts.iter_mut().find(|(f, _)| *f == family).expect("every family").1 += 1;
    }

    fn at_most_one(&mut self, family: ClauseFamily, lits: &[Lit]) {
        let clauses = if lits.len() <= self.options.pairwise_up_to {
            amo::pairwise(lits)
        } else {
            let var_map = &mut self.var_map;
            amo::sequential(lits, || var_map.new_aux())
        };
        clauses.iter().for_each(|clause| self.push(family, clause));
    }

    fn cells(&mut self, candidates: &Candidates) {
        for cell in candidates.geometry().cells() {
            let lits: Vec<Lit> = candidates
                .get(cell)
                .iter()
                .filter_map(|digit| self.var_map.lit(Placement::new(cell, digit)))
                .collect();
            self.push(ClauseFamily::CellAtLeastOne, &lits);
            self.at_most_one(ClauseFamily::CellAtMostOne, &lits);
        }
    }

    fn is_linked(&self, a: Cell, b: Cell) -> bool {
        let geometry = self.var_map.geometry();
        self.linked[geometry.index(a) * geometry.cell_count() + geometry.index(b)]
    }

    fn house(&mut self, cells: &[Cell]) {
        let digits = self.var_map.geometry().digits();
        for digit in (0..digits).map(Digit::from_index) {
            let placed: Vec<(Cell, Lit)> = cells
                .iter()
                .filter_map(|&cell| Some((cell, self.var_map.lit(Placement::new(cell, digit))?)))
                .collect();
            let lits: Vec<Lit> = placed.iter().map(|&(_, lit)| lit).collect();
            // Every digit somewhere only when the house has a cell per digit (M = N).
            if cells.len() == digits {
                self.push(ClauseFamily::HouseAtLeastOne, &lits);
            }
            if lits.len() > self.options.pairwise_up_to {
                self.at_most_one(ClauseFamily::HouseAtMostOne, &lits);
                continue;
            }
            for (i, &(a, la)) in placed.iter().enumerate() {
                for &(b, lb) in &placed[i + 1..] {
                    if !self.is_linked(a, b) {
                        self.push(ClauseFamily::HouseAtMostOne, &[!la, !lb]);
                    }
                }
            }
        }
        let geometry = self.var_map.geometry();
        for &a in cells {
            for &b in cells {
                self.linked[geometry.index(a) * geometry.cell_count() + geometry.index(b)] = true;
            }
        }
    }

    fn exclusion(&mut self, a: Placement, b: Placement) {
        let implied = a.cell == b.cell && a.digit != b.digit
            || a.digit == b.digit && a.cell != b.cell && self.is_linked(a.cell, b.cell);
        let (Some(la), Some(lb)) = (self.var_map.lit(a), self.var_map.lit(b)) else { return };
        if implied || !self.exclusions.insert((la.min(lb), la.max(lb))) {
            return;
        }
        let clause = if la == lb { vec![!la] } else { vec![!la, !lb] };
        self.push(ClauseFamily::Exclusion, &clause);
    }

    fn table(&mut self, cells: &[Cell], tuples: &[Vec<Digit>]) {
        let placements = |tuple: &Vec<Digit>| -> Option<Vec<Lit>> {
            cells.iter().zip(tuple).map(|(&c, &d)| self.var_map.lit(Placement::new(c, d))).collect()
        };
        let alive: Vec<Vec<Lit>> = tuples.iter().filter_map(placements).collect();
        let chosen: Vec<Lit> = alive.iter().map(|_| self.var_map.new_aux().positive()).collect();
        self.push(ClauseFamily::Table, &chosen);
        for (&tuple, lits) in chosen.iter().zip(&alive) {
            for &lit in lits {
                self.push(ClauseFamily::Table, &[!tuple, lit]);
            }
        }
    }

    fn finish(mut self) -> Encoding {
        self.formula.set_var_count(self.var_map.var_count());
        Encoding { formula: self.formula, var_map: self.var_map, counts: self.counts }
    }
}
