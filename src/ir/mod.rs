//! Layer 2, the constraint IR: what every rule lowers to, and what the encoder, the
//! propagator and the reference engines read. A small, closed vocabulary:
//!
//! - [`Constraint::House`]: all different; with a cell per digit (N cells, digits 1 to N),
//!   every digit exactly once.
//! - [`Constraint::Exclude`]: two placements that cannot both hold.
//! - [`Constraint::Domain`]: the digits a cell may hold.
//! - [`Constraint::Table`] and [`Constraint::Sum`]: local arithmetic over a few cells
//!   (thermometer steps, kropki dots, whispers), as the tuples of digits they allow.
//! - [`Constraint::Linear`]: `Σ aᵢ·xᵢ = / ≤ / ≠ k` over cells with integer coefficients, for
//!   sums too long to enumerate (killer cages, arrows, little killers, region-sum lines); the
//!   encoder writes it as a decision diagram over partial sums, never as tuples.
//! - [`Flag`]s, the auxiliary variables: Booleans defined over placements (and earlier flags)
//!   that a linear term may count under or count outright, for rules that sum or count cells
//!   other digits pick (sandwiches, X-sums, skyscrapers; see `flag.rs`).
//!
//! A new rule is one lowering function in `lower/` and nothing else.

mod builder;
mod flag;
mod lower;
pub mod propagate;

use std::fmt;

use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry};
use crate::model::puzzle::Puzzle;

pub use builder::IrBuilder;
pub use flag::{
    Flag, FlagDefinition, Literal, Term, flag_states, flag_states_of, flag_values, linear_cells,
    linear_flags, linear_reachable,
};
pub(crate) use flag::{flag_state, flags_reading};

/// A digit in a cell: the unit the SAT variables stand for.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// The cell.
    pub cell: Cell,
    /// The digit in it.
    pub digit: Digit,
}

impl Placement {
    /// `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Placement {
        Placement { cell, digit }
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}={}", self.cell, self.digit)
    }
}

/// One constraint of the IR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// The cells hold different digits; a house of N cells holds every digit exactly once.
    House(Vec<Cell>),
    /// The two placements cannot both hold.
    Exclude(Placement, Placement),
    /// The cell holds one of these digits.
    Domain(Cell, DigitSet),
    /// The cells, read in order, hold one of these tuples of digits.
    Table {
        /// The cells the tuples are over.
        cells: Vec<Cell>,
        /// The allowed tuples, each as long as `cells`.
        tuples: Vec<Vec<Digit>>,
    },
    /// The digits of the cells add up to `total` (and differ, when `distinct`).
    Sum {
        /// The cells summed.
        cells: Vec<Cell>,
        /// Their total.
        total: usize,
        /// Whether their digits must all differ.
        distinct: bool,
    },
    /// The sum of the terms (`coefficient · digit`, perhaps under a flag, or a flag counted)
    /// stands in `relation` to `bound`. Each (cell, gate) pair appears once, with a non-zero
    /// coefficient (the builder merges and drops terms).
    Linear {
        /// The terms.
        terms: Vec<Term>,
        /// How the sum compares with the bound.
        relation: Relation,
        /// The right-hand side.
        bound: i32,
    },
}

/// How a [`Constraint::Linear`] sum compares with its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// The sum equals the bound.
    Equal,
    /// The sum is at most the bound (negate the coefficients for "at least").
    AtMost,
    /// The sum differs from the bound.
    NotEqual,
}

impl Relation {
    /// Whether some sum between `low` and `high` (the least and the most the terms can still
    /// add up to) may stand in this relation to `bound`: the range check of the search engines.
    pub fn reachable(self, low: i64, high: i64, bound: i64) -> bool {
        match self {
            Relation::Equal => low <= bound && bound <= high,
            Relation::AtMost => low <= bound,
            Relation::NotEqual => low != high || low != bound,
        }
    }

    /// Whether `sum` stands in this relation to `bound`.
    pub fn holds(self, sum: i64, bound: i64) -> bool {
        match self {
            Relation::Equal => sum == bound,
            Relation::AtMost => sum <= bound,
            Relation::NotEqual => sum != bound,
        }
    }
}

/// The value of a linear sum when every cell holds the digit `digit_of` gives and the flags
/// have the values `flags` (see [`flag_values`]).
pub fn linear_value(
    terms: &[Term],
    digit_of: impl Fn(Cell) -> Digit + Copy,
    flags: &[bool],
) -> i64 {
    terms.iter().map(|term| term.value(digit_of, flags)).sum()
}

impl Constraint {
    /// For a table or a sum: its cells and the tuples it allows with the digits `1..=digits`
    /// (a sum's tuples are enumerated). `None` for the other constraints.
    pub fn tuples(&self, digits: usize) -> Option<(&[Cell], Vec<Vec<Digit>>)> {
        match self {
            Constraint::Table { cells, tuples } => Some((cells, tuples.clone())),
            Constraint::Sum { cells, total, distinct } => {
                Some((cells, sum_tuples(cells.len(), *total, *distinct, digits)))
            }
            _ => None,
        }
    }
}

/// Every tuple of `length` digits from `1..=size` (the largest digit M) adding up to `total`.
fn sum_tuples(length: usize, total: usize, distinct: bool, size: usize) -> Vec<Vec<Digit>> {
    fn extend(
        prefix: &mut Vec<Digit>,
        length: usize,
        left: usize,
        distinct: bool,
        size: usize,
        out: &mut Vec<Vec<Digit>>,
    ) {
        if prefix.len() == length {
            if left == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        let cells_after = length - prefix.len() - 1;
        for value in 1..=size.min(left) {
            let digit = Digit::from_index(value - 1);
            let room = left - value;
            if (distinct && prefix.contains(&digit)) || room > cells_after * size {
                continue;
            }
            prefix.push(digit);
            extend(prefix, length, room, distinct, size, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), length, total, distinct, size, &mut out);
    out
}

/// The constraint IR of a puzzle's rules (givens are not part of it: they come with each
/// question, as facts or as assumptions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ir {
    geometry: Geometry,
    constraints: Vec<Constraint>,
    /// The auxiliary flags the constraints read, each defined over earlier ones.
    flags: Vec<FlagDefinition>,
    /// For each constraint, the name of the rule that lowered it (`None` for the classic
    /// houses and for constraints pushed by hand): what explanations cite.
    origins: Vec<Option<&'static str>>,
    /// The groups of lines whose totals are equal, as the rule states them (the constraints
    /// say it to every engine; the logic engine also reads the group whole).
    total_groups: Vec<TotalGroup>,
    /// The groups of flags whose count is 0 or one number (counting circles,
    /// differences-count lines), as the rules state them.
    count_groups: Vec<CountGroup>,
    /// The sum lines, as the rules state them.
    sum_lines: Vec<SumLine>,
}

/// A line that divides into consecutive segments of one total (on a loop, from some cell
/// round): the statement of a sum-line rule, kept beside its flags (`lower/sum_line.rs`) for
/// the logic engine, which follows the segments along the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SumLine {
    /// The line's cells, in order.
    pub cells: Vec<Cell>,
    /// Each segment's total.
    pub total: usize,
    /// Whether the line closes into a loop.
    pub closed: bool,
}

/// Flags of which exactly 0 or [`CountGroup::count`] hold: the statement of a counting rule
/// (counting circles, differences-count lines), kept beside its constraints (one not-equal sum
/// per other count) for the logic engine, which reads the group whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CountGroup {
    /// The flags counted, each defined over placements alone.
    pub flags: Vec<Flag>,
    /// The one count other than 0 the flags may reach.
    pub count: usize,
    /// What each flag says, for explanations.
    pub counted: Counted,
}

/// What the flags of a [`CountGroup`] count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    /// The circles (one flag each, in order) that hold `digit`.
    CirclesHolding {
        /// The digit, also the count.
        digit: Digit,
        /// The circles.
        circles: Vec<Cell>,
    },
    /// The steps of a line (one flag per pair of neighbours, in order) whose digits differ by
    /// `difference`.
    StepsDiffering {
        /// The difference, also the count.
        difference: usize,
        /// The line's cells.
        line: Vec<Cell>,
    },
}

/// Lines whose digits all make one total (a sum or a product), not given: the statement of
/// an equal-totals rule, kept beside its constraints for the logic engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TotalGroup {
    /// The lines, each a list of cells.
    pub lines: Vec<Vec<Cell>>,
    /// How each line's digits make its total.
    pub total: crate::model::equal_totals::Total,
}

impl Ir {
    /// The IR of the classic rules plus every rule of `puzzle`.
    pub fn lower(puzzle: &Puzzle) -> Ir {
        let mut builder = IrBuilder::new(puzzle.geometry());
        for house in puzzle.geometry().houses() {
            builder.house(house.cells);
        }
        for rule in puzzle.rules() {
            builder.set_origin(Some(rule.name()));
            lower::lower_rule(rule, puzzle.rules(), &mut builder);
        }
        builder.build()
    }

    /// The geometry the constraints are over.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The constraints, in the order they were added.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The definitions of the auxiliary flags, in order ([`Flag::index`]): each reads
    /// placements and earlier flags only.
    pub fn flags(&self) -> &[FlagDefinition] {
        &self.flags
    }

    /// The groups of lines of equal totals the rules lowered ([`TotalGroup`]).
    pub(crate) fn total_groups(&self) -> &[TotalGroup] {
        &self.total_groups
    }

    /// The groups of flags whose count is 0 or one number the rules lowered ([`CountGroup`]).
    pub(crate) fn count_groups(&self) -> &[CountGroup] {
        &self.count_groups
    }

    /// The sum lines the rules lowered ([`SumLine`]).
    pub(crate) fn sum_lines(&self) -> &[SumLine] {
        &self.sum_lines
    }

    /// The name of the rule that lowered the constraint at `index` of [`Ir::constraints`]
    /// (`anti-knight`, `non-consecutive`, ...), or `None` for the classic houses and
    /// constraints added by hand: the provenance explanations cite.
    ///
    /// # Panics
    /// When `index` is not the index of a constraint.
    pub fn origin(&self, index: usize) -> Option<&'static str> {
        self.origins[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_enumerate_their_tuples() {
        let tuples = sum_tuples(2, 4, true, 9);
        let values: Vec<Vec<usize>> =
            tuples.iter().map(|t| t.iter().map(|d| d.value()).collect()).collect();
        assert_eq!(values, vec![vec![1, 3], vec![3, 1]]);
        assert_eq!(sum_tuples(2, 4, false, 9).len(), 3);
        assert_eq!(sum_tuples(3, 45, true, 9).len(), 0);
    }

    #[test]
    fn the_miracle_lowers_to_houses_and_exclusions() {
        let text = format!("rules: miracle\ngivens:\n{}", ".........\n".repeat(9));
        let puzzle: Puzzle = text.parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let houses = ir.constraints().iter().filter(|c| matches!(c, Constraint::House(_))).count();
        assert_eq!(houses, 27);
        assert!(ir.constraints().iter().any(|c| matches!(c, Constraint::Exclude(..))));
    }
}
