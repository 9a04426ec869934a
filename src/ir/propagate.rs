//! Propagation: cheap deductions over candidate bitsets (naked and hidden singles, exclusions,
//! table supports) before any clause is written; the deductions are the logic engine's core
//! tier ([`crate::logic`]), so there is one implementation. It often finds the whole answer, and it finds
//! many contradictions; everything it removes gets no SAT variable.

use std::fmt;
use std::sync::Arc;

use super::{Ir, Placement};
use crate::model::digit::{Digit, DigitSet};
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
        Candidates {
            geometry,
            sets: vec![DigitSet::full(geometry.digits()); geometry.cell_count()],
        }
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

    /// The digits the cell at reading-order `index` may hold (the propagation core's hot path).
    pub(crate) fn at(&self, index: usize) -> DigitSet {
        self.sets[index]
    }

    /// Sets the digits of the cell at reading-order `index`.
    pub(crate) fn set_at(&mut self, index: usize, digits: DigitSet) {
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
///
/// Cheap to make (no text is formatted until it is shown): a search meets thousands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    reason: Reason,
}

/// What ran out.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Reason {
    /// A cell has no candidate left.
    NoCandidate(Cell),
    /// A placement met its cell already holding another digit.
    Taken(Placement),
    /// A digit (or some digit, when `None`) has no place left in the named house.
    NoPlace(Option<Digit>, Arc<str>),
    /// Every cell of a table or sum is placed, and the digits break it: the rule that lowered
    /// it, and its first cell (if it has one).
    Broken(&'static str, Option<Cell>),
}

impl Contradiction {
    /// `cell` has no candidate left.
    pub(crate) fn no_candidate(cell: Cell) -> Contradiction {
        Contradiction { reason: Reason::NoCandidate(cell) }
    }

    /// `placement` meets its cell already holding another digit.
    pub(crate) fn taken(placement: Placement) -> Contradiction {
        Contradiction { reason: Reason::Taken(placement) }
    }

    /// `digit` (or some digit, when `None`) has no place left in `house`.
    pub(crate) fn no_place(digit: Option<Digit>, house: &Arc<str>) -> Contradiction {
        Contradiction { reason: Reason::NoPlace(digit, Arc::clone(house)) }
    }

    /// The table or sum of rule `origin` starting at `cell` is broken by the digits placed in
    /// all its cells.
    pub(crate) fn broken(origin: &'static str, cell: Option<Cell>) -> Contradiction {
        Contradiction { reason: Reason::Broken(origin, cell) }
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            Reason::NoCandidate(cell) => write!(f, "{cell:?} has no candidate left"),
            Reason::Taken(placement) => write!(f, "{placement:?} is already taken"),
            Reason::NoPlace(Some(digit), house) => {
                write!(f, "{digit} has no place left in {house}")
            }
            Reason::NoPlace(None, house) => write!(f, "a digit has no place left in {house}"),
            Reason::Broken(origin, Some(cell)) => {
                write!(f, "the {origin} from {cell:?} does not hold with the digits placed")
            }
            Reason::Broken(origin, None) => {
                write!(f, "a {origin} does not hold with the digits placed")
            }
        }
    }
}

/// Runs the deductions to a fixed point, from the IR's domains and `givens`: the cheapest tier
/// of the logic engine ([`crate::logic`]), run in one batch.
///
/// # Errors
/// A [`Contradiction`] when a cell runs out of candidates, a digit runs out of places in a
/// house, or a table runs out of tuples: then the puzzle has no solution.
pub fn propagate(ir: &Ir, givens: &Grid) -> Result<Candidates, Contradiction> {
    // One settling from the givens: a compiled pre-pass (which settles the empty grid first,
    // to share it) pays off only over many puzzles.
    let board = crate::logic::board::Board::new(ir);
    let mut state = crate::logic::State::start(&board, ir, givens)?;
    state.settle(&board)?;
    Ok(state.candidates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Constraint;
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
