//! Propagation: cheap deductions over candidate bitsets (naked and hidden singles, exclusions,
//! table supports) before any clause is written; the deductions are the logic engine's core
//! tier ([`crate::logic`]), so there is one implementation. It often finds the whole answer, and it finds
//! many contradictions; everything it removes gets no SAT variable.

use std::fmt;

use super::{Ir, Placement};
use crate::model::digit::DigitSet;
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;

/// The digits each cell may still hold.
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    geometry: Geometry,
    sets: Vec<DigitSet>,
}

impl Candidates {
    /// Every digit in every cell.
    pub fn all(geometry: Geometry) -> Candidates {
        Candidates { geometry, sets: vec![DigitSet::full(geometry.size()); geometry.cell_count()] }
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digits `cell` may hold.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[self.geometry.index(cell)]
    }

    /// Whether `digit` is still possible in `cell`.
    pub fn allows(&self, placement: Placement) -> bool {
        self.get(placement.cell).contains(placement.digit)
    }

    /// The placements still possible, cells in reading order, digits ascending.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        self.geometry.cells().flat_map(move |cell| {
            self.get(cell).iter().map(move |digit| Placement::new(cell, digit))
        })
    }

    /// Makes these candidates a copy of `other` in the memory they already hold.
    pub(crate) fn copy_from(&mut self, other: &Candidates) {
        self.geometry = other.geometry;
        self.sets.clone_from(&other.sets);
    }

    /// Sets the digits `cell` may hold.
    pub(crate) fn set(&mut self, cell: Cell, digits: DigitSet) {
        let index = self.geometry.index(cell);
        self.sets[index] = digits;
    }

    /// The grid of the cells with a single candidate.
    pub fn singles(&self) -> Grid {
        let mut grid = Grid::empty(self.geometry);
        for cell in self.geometry.cells() {
            grid.set(cell, self.get(cell).single_digit());
        }
        grid
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.sets).finish()
    }
}

/// Propagation proved the puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    reason: String,
}

impl Contradiction {
    /// A contradiction for this reason.
    pub(crate) fn new(reason: String) -> Contradiction {
        Contradiction { reason }
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Runs the deductions to a fixed point, from the IR's domains and `givens`: the cheapest tier
/// of the logic engine ([`crate::logic`]), run in one batch.
///
/// # Errors
/// A [`Contradiction`] when a cell runs out of candidates, a digit runs out of places in a
/// house, or a table runs out of tuples: then the puzzle has no solution.
pub fn propagate(ir: &Ir, givens: &Grid) -> Result<Candidates, Contradiction> {
    let mut scratch = None;
    let givens = givens.filled().map(|(cell, digit)| Placement::new(cell, digit));
    crate::logic::Prepass::new(ir).run(givens, &mut scratch)?;
    Ok(scratch.expect("a settled pre-pass leaves its state").candidates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Constraint;
    use crate::model::digit::Digit;
    use crate::model::puzzle::Puzzle;

    fn candidates(text: &str) -> Result<Candidates, Contradiction> {
        let puzzle: Puzzle = text.parse().unwrap();
        propagate(&Ir::lower(&puzzle), puzzle.givens())
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let line =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
        let solved = candidates(line).unwrap().singles();
        assert!(solved.is_complete(), "{solved:?}");
        assert_eq!(&solved.to_line()[..9], "864371259");
    }

    #[test]
    fn an_empty_grid_keeps_every_candidate() {
        let all = candidates(&".".repeat(16)).unwrap();
        assert_eq!(all.placements().count(), 64);
    }

    #[test]
    fn contradictions_are_found() {
        // r1c1..r1c3 leave only 4 for r1c4, which column 4 already holds.
        assert!(candidates("123.............\n").is_ok());
        assert!(candidates("123............4").is_err());
    }

    #[test]
    fn sums_prune_by_support() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let mut builder = crate::ir::IrBuilder::new(geometry);
        let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
        builder.push(Constraint::Sum { cells, total: 3, distinct: true });
        let found = propagate(&builder.build(), &Grid::empty(geometry)).unwrap();
        let allowed: DigitSet = [1, 2].into_iter().filter_map(Digit::new).collect();
        assert_eq!(found.get(Cell::new(0, 0)), allowed);
        assert_eq!(found.get(Cell::new(0, 2)).len(), 4);
    }
}
