//! The helpers lowering functions build the IR with.

use super::{Constraint, Ir, Placement};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry};

/// Collects the constraints of an IR, with shorthands for the shapes rules take.
#[derive(Debug)]
pub struct IrBuilder {
    geometry: Geometry,
    constraints: Vec<Constraint>,
    origins: Vec<Option<&'static str>>,
    origin: Option<&'static str>,
}

impl IrBuilder {
    /// An empty IR over `geometry`.
    pub fn new(geometry: Geometry) -> IrBuilder {
        IrBuilder { geometry, constraints: Vec::new(), origins: Vec::new(), origin: None }
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
        };
        assert!(cells.iter().all(|&cell| geometry.contains(cell)), "a constraint off the grid");
        self.constraints.push(constraint);
        self.origins.push(self.origin);
    }

    /// Names the rule the next constraints come from (see [`Ir::origin`]).
    pub fn set_origin(&mut self, rule: Option<&'static str>) {
        self.origin = rule;
    }

    /// The cells all differ (and hold every digit once, when there are N of them).
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

    /// `cell` holds one of the digits `allowed` accepts.
    pub fn domain(&mut self, cell: Cell, allowed: impl Fn(Digit) -> bool) {
        let digits: DigitSet = self.digits().filter(|&d| allowed(d)).collect();
        self.push(Constraint::Domain(cell, digits));
    }

    /// The digits `1..=N`.
    pub fn digits(&self) -> impl Iterator<Item = Digit> + use<> {
        (0..self.geometry.size()).map(Digit::from_index)
    }

    /// The finished IR.
    pub fn build(self) -> Ir {
        Ir { geometry: self.geometry, constraints: self.constraints, origins: self.origins }
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
