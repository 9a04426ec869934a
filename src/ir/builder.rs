//! The helpers lowering functions build the IR with.

use super::{
    Constraint, CountGroup, Flag, FlagDefinition, Ir, Literal, Placement, Relation, SumLine, Term,
    TotalGroup,
};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry};

/// Collects the constraints of an IR, with shorthands for the shapes rules take.
#[derive(Debug)]
pub struct IrBuilder {
    geometry: Geometry,
    constraints: Vec<Constraint>,
    flags: Vec<FlagDefinition>,
    origins: Vec<Option<&'static str>>,
    origin: Option<&'static str>,
    total_groups: Vec<TotalGroup>,
    count_groups: Vec<CountGroup>,
    sum_lines: Vec<SumLine>,
}

impl IrBuilder {
    /// An empty IR over `geometry`.
    pub fn new(geometry: Geometry) -> IrBuilder {
        IrBuilder {
            geometry,
            constraints: Vec::new(),
            flags: Vec::new(),
            origins: Vec::new(),
            origin: None,
            total_groups: Vec::new(),
            count_groups: Vec::new(),
            sum_lines: Vec::new(),
        }
    }

    /// The geometry the rules speak of.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Adds any constraint.
    ///
    /// # Panics
    /// When a house lists a cell twice, or a constraint names a cell off the grid: rules are
    /// written by the crate, and such a constraint has no meaning.
    pub fn push(&mut self, constraint: Constraint) {
        let geometry = self.geometry;
        let cells: Vec<Cell> = match &constraint {
            Constraint::House(cells) => {
                let distinct: std::collections::HashSet<_> = cells.iter().collect();
                assert_eq!(distinct.len(), cells.len(), "a house lists a cell twice");
                cells.clone()
            }
            Constraint::Exclude(a, b) => vec![a.cell, b.cell],
            Constraint::Domain(cell, _) => vec![*cell],
            Constraint::Table { cells, .. } | Constraint::Sum { cells, .. } => cells.clone(),
            Constraint::Linear { terms, .. } => {
                assert!(
                    terms.iter().all(|t| t.coefficient != 0),
                    "a linear term with coefficient 0"
                );
                assert!(
                    terms.iter().all(|t| t.cell.is_some() || t.gate.is_some()),
                    "an empty term"
                );
                assert!(
                    terms.iter().filter_map(|t| t.gate).all(|f| f.0 < self.flags.len()),
                    "a term reads an undefined flag"
                );
                let mut keys: Vec<_> = terms.iter().map(|t| (t.cell, t.gate)).collect();
                keys.sort();
                assert!(keys.windows(2).all(|w| w[0] != w[1]), "a linear sum lists a cell twice");
                terms.iter().filter_map(|t| t.cell).collect()
            }
        };
        assert!(cells.iter().all(|&cell| geometry.contains(cell)), "a constraint off the grid");
        self.constraints.push(constraint);
        self.origins.push(self.origin);
    }

    /// Names the rule the next constraints come from (see [`Ir::origin`]).
    pub fn set_origin(&mut self, rule: Option<&'static str>) {
        self.origin = rule;
    }

    /// The cells all differ (and hold every digit once, when there is a cell per digit).
    pub fn house(&mut self, cells: Vec<Cell>) {
        self.push(Constraint::House(cells));
    }

    /// `a` and `b` never hold the same digit.
    pub fn exclude_equal(&mut self, a: Cell, b: Cell) {
        for digit in self.digits() {
            self.push(Constraint::Exclude(Placement::new(a, digit), Placement::new(b, digit)));
        }
    }

    /// For every cell and every offset that stays on the grid, the two cells never hold the
    /// same digit (each pair once). Anti-king and anti-knight are this with their moves.
    pub fn exclude_equal_at_offsets(&mut self, offsets: &[(isize, isize)]) {
        let size = self.geometry.size();
        for cell in self.geometry.cells().collect::<Vec<_>>() {
            for &(rows, columns) in offsets {
                match cell.offset(rows, columns, size) {
                    Some(other) if other > cell => self.exclude_equal(cell, other),
                    _ => {}
                }
            }
        }
    }

    /// `Σ a·digit(cell)` over `terms` stands in `relation` to `bound`; terms on the same cell
    /// are merged and zero coefficients dropped.
    pub fn linear(
        &mut self,
        terms: impl IntoIterator<Item = (Cell, i32)>,
        relation: Relation,
        bound: i32,
    ) {
        self.linear_terms(terms.into_iter().map(|(cell, a)| Term::digit(cell, a)), relation, bound);
    }

    /// The sum of `terms` (digits, gated digits, flags) stands in `relation` to `bound`;
    /// terms on the same cell under the same gate are merged and zero coefficients dropped.
    pub fn linear_terms(
        &mut self,
        terms: impl IntoIterator<Item = Term>,
        relation: Relation,
        bound: i32,
    ) {
        let mut merged: Vec<Term> = Vec::new();
        for term in terms {
            match merged.iter_mut().find(|t| (t.cell, t.gate) == (term.cell, term.gate)) {
                Some(same) => same.coefficient += term.coefficient,
                None => merged.push(term),
            }
        }
        merged.retain(|t| t.coefficient != 0);
        self.push(Constraint::Linear { terms: merged, relation, bound });
    }

    /// A new flag that holds exactly when all the literals of one of `any_of` hold.
    ///
    /// # Panics
    /// When a literal reads a flag not yet defined or a cell off the grid.
    pub fn flag(&mut self, any_of: Vec<Vec<Literal>>) -> Flag {
        for literal in any_of.iter().flatten() {
            match *literal {
                Literal::Placement(p, _) => {
                    assert!(self.geometry.contains(p.cell), "a flag reads a cell off the grid")
                }
                Literal::Flag(flag, _) => {
                    assert!(flag.0 < self.flags.len(), "a flag reads a later flag")
                }
            }
        }
        self.flags.push(FlagDefinition { any_of });
        Flag(self.flags.len() - 1)
    }

    /// A new flag that holds when one of `placements` does.
    pub fn flag_any(&mut self, placements: impl IntoIterator<Item = Placement>) -> Flag {
        self.flag(placements.into_iter().map(|p| vec![Literal::Placement(p, true)]).collect())
    }

    /// The digits of `cells` add up to `total`.
    pub fn sum(&mut self, cells: &[Cell], total: usize) {
        self.linear(cells.iter().map(|&c| (c, 1)), Relation::Equal, total as i32);
    }

    /// For consecutive cells `a`, `b` of `cells`, the pair of digits `(a, b)` passes `allowed`
    /// (as a two-cell table).
    pub fn pairs_along(&mut self, cells: &[Cell], allowed: impl Fn(usize, usize) -> bool) {
        for pair in cells.windows(2) {
            self.pair(pair[0], pair[1], &allowed);
        }
    }

    /// For cells of `cells` at most `distance` apart in the list, the pair of digits passes
    /// `allowed` (as two-cell tables).
    pub fn pairs_within(
        &mut self,
        cells: &[Cell],
        distance: usize,
        allowed: impl Fn(usize, usize) -> bool,
    ) {
        for (i, &a) in cells.iter().enumerate() {
            for &b in cells.iter().skip(i + 1).take(distance) {
                self.pair(a, b, &allowed);
            }
        }
    }

    /// The digits of `a` and `b` (values) pass `allowed`: as exclusions of the pairs it
    /// refuses when those are fewer than the pairs it accepts (binary clauses, the cheapest
    /// for the solver), else as a two-cell table (whose supports propagation uses).
    pub fn pair(&mut self, a: Cell, b: Cell, allowed: impl Fn(usize, usize) -> bool) {
        let digits: Vec<Digit> = self.digits().collect();
        let (accepted, refused): (Vec<_>, Vec<_>) = itertools::iproduct!(&digits, &digits)
            .partition(|(x, y)| allowed(x.value(), y.value()));
        if refused.len() < accepted.len() {
            for (&x, &y) in refused {
                self.push(Constraint::Exclude(Placement::new(a, x), Placement::new(b, y)));
            }
        } else {
            let tuples = accepted.into_iter().map(|(&x, &y)| vec![x, y]).collect();
            self.push(Constraint::Table { cells: vec![a, b], tuples });
        }
    }

    /// `cell` holds one of the digits `allowed` accepts.
    pub fn domain(&mut self, cell: Cell, allowed: impl Fn(Digit) -> bool) {
        let digits: DigitSet = self.digits().filter(|&d| allowed(d)).collect();
        self.push(Constraint::Domain(cell, digits));
    }

    /// Records lines of equal totals for the logic engine ([`Ir::total_groups`]); their
    /// constraints are pushed as any others.
    pub(crate) fn total_group(&mut self, group: TotalGroup) {
        self.total_groups.push(group);
    }

    /// Records flags whose count is 0 or `group.count` for the logic engine
    /// ([`Ir::count_groups`]), with one not-equal sum per other count for every engine.
    ///
    /// # Panics
    /// When a flag of the group reads another flag: the logic engine evaluates them over
    /// placements alone.
    pub(crate) fn count_group(&mut self, group: CountGroup) {
        let reads_flags = |flag: &Flag| {
            self.flags[flag.0].any_of.iter().flatten().any(|l| matches!(l, Literal::Flag(..)))
        };
        assert!(!group.flags.iter().any(reads_flags), "a counted flag reads another flag");
        let terms: Vec<Term> = group.flags.iter().map(|&flag| Term::flag(flag, 1)).collect();
        for other in (1..=group.flags.len()).filter(|&k| k != group.count) {
            self.linear_terms(terms.clone(), Relation::NotEqual, other as i32);
        }
        self.count_groups.push(group);
    }

    /// Records a sum line for the logic engine ([`Ir::sum_lines`]); its flags and sum are
    /// pushed as any others.
    pub(crate) fn sum_line(&mut self, line: SumLine) {
        self.sum_lines.push(line);
    }

    /// The digits `1..=M` ([`Geometry::digits`]).
    pub fn digits(&self) -> impl Iterator<Item = Digit> + use<> {
        (0..self.geometry.digits()).map(Digit::from_index)
    }

    /// The finished IR.
    pub fn build(self) -> Ir {
        Ir {
            geometry: self.geometry,
            constraints: self.constraints,
            flags: self.flags,
            origins: self.origins,
            total_groups: self.total_groups,
            count_groups: self.count_groups,
            sum_lines: self.sum_lines,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "a house lists a cell twice")]
    fn a_house_with_a_repeated_cell_is_refused() {
        let mut builder = IrBuilder::new(Geometry::with_usual_boxes(4).unwrap());
        builder.house(vec![Cell::new(0, 0), Cell::new(0, 0)]);
    }
}
