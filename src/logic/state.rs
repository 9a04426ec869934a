//! The state of a solve: the candidates left, which cells are placed, and the core of
//! propagation (placing a digit removes every placement it excludes; naked and hidden singles;
//! table supports), which `ir::propagate`, the logic engine and its bifurcations share.

use super::board::Board;
use crate::ir::Placement;
use crate::ir::propagate::{Candidates, Contradiction};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;
use crate::model::grid::Grid;

/// The candidates of every cell, and which cells hold a placed digit (whose consequences have
/// been removed from the grid).
#[derive(Clone, Debug)]
pub(crate) struct State {
    /// The digits each cell may still hold.
    pub candidates: Candidates,
    /// Per cell: placed (its digit's exclusions applied).
    pub placed: Vec<bool>,
    /// Cells whose candidates fell to one since they were last looked at.
    singles: Vec<Cell>,
    /// How many candidates have been removed so far (a measure of work).
    pub removed: usize,
}

impl State {
    /// The state after the IR's domains and `givens`, with every given placed.
    ///
    /// # Errors
    /// When the givens contradict the rules at once.
    pub fn start(board: &Board, ir: &crate::ir::Ir, givens: &Grid) -> Result<State, Contradiction> {
        let geometry = board.geometry;
        let mut state = State {
            candidates: Candidates::all(geometry),
            placed: vec![false; geometry.cell_count()],
            singles: Vec::new(),
            removed: 0,
        };
        for constraint in ir.constraints() {
            if let crate::ir::Constraint::Domain(cell, digits) = constraint {
                state.restrict(*cell, *digits)?;
            }
        }
        for (cell, digit) in givens.filled() {
            state.place(board, Placement::new(cell, digit))?;
        }
        Ok(state)
    }

    /// Makes this state a copy of `other` in the memory it already holds (no allocation once
    /// both have the same geometry): how the pre-pass starts each puzzle.
    pub fn reset_to(&mut self, other: &State) {
        self.candidates.copy_from(&other.candidates);
        self.placed.clone_from(&other.placed);
        self.singles.clone_from(&other.singles);
        self.removed = other.removed;
    }

    /// The placed cells' placements, in reading order: what the pre-pass hands the SAT solver.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        let geometry = self.candidates.geometry();
        (self.placed.iter().enumerate()).filter(|(_, placed)| **placed).map(move |(index, _)| {
            let cell = geometry.cell(index);
            let digit = self.get(cell).single_digit().expect("a placed cell holds one digit");
            Placement::new(cell, digit)
        })
    }

    /// The candidates of `cell`.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.candidates.get(cell)
    }

    /// Whether `placement` is still a candidate.
    pub fn allows(&self, placement: Placement) -> bool {
        self.candidates.allows(placement)
    }

    /// Whether `cell` is placed.
    pub fn is_placed(&self, board: &Board, cell: Cell) -> bool {
        self.placed[board.geometry.index(cell)]
    }

    /// Whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.placed.iter().all(|&placed| placed)
    }

    /// Narrows `cell` to `allowed`; says whether anything was removed.
    pub fn restrict(&mut self, cell: Cell, allowed: DigitSet) -> Result<bool, Contradiction> {
        let before = self.candidates.get(cell);
        let after = before.intersection(allowed);
        if after == before {
            return Ok(false);
        }
        self.candidates.set(cell, after);
        self.removed += before.len() - after.len();
        match after.len() {
            0 => Err(Contradiction::new(format!("{cell:?} has no candidate left"))),
            1 => {
                self.singles.push(cell);
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    /// Removes one candidate; says whether it was there.
    pub fn eliminate(&mut self, placement: Placement) -> Result<bool, Contradiction> {
        let mut allowed = self.candidates.get(placement.cell);
        if !allowed.remove(placement.digit) {
            return Ok(false);
        }
        self.restrict(placement.cell, allowed)
    }

    /// Places a digit: its cell keeps only it, and every placement it excludes goes.
    pub fn place(&mut self, board: &Board, placement: Placement) -> Result<(), Contradiction> {
        let index = board.geometry.index(placement.cell);
        if self.placed[index] {
            let held = self.candidates.get(placement.cell).contains(placement.digit);
            return if held {
                Ok(())
            } else {
                Err(Contradiction::new(format!("{placement:?} is already taken")))
            };
        }
        self.restrict(placement.cell, DigitSet::single(placement.digit))?;
        self.placed[index] = true;
        for &peer in &board.peers[index] {
            self.eliminate(Placement::new(peer, placement.digit))?;
        }
        for &(other, _) in &board.excluded_by[board.slot(placement)] {
            self.eliminate(other)?;
        }
        Ok(())
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(
        &mut self,
        board: &Board,
        placements: &[Placement],
        eliminations: &[Placement],
    ) -> Result<(), Contradiction> {
        for &p in eliminations {
            self.eliminate(p)?;
        }
        for &p in placements {
            self.place(board, p)?;
        }
        self.check_houses(board)
    }

    /// Fails when a digit has no place left in a full house.
    pub fn check_houses(&self, board: &Board) -> Result<(), Contradiction> {
        let full = DigitSet::full(board.geometry.size());
        for house in board.houses.iter().filter(|h| h.full) {
            let (seen, _) = self.house_digits(&house.cells);
            if seen != full {
                return Err(Contradiction::new(format!(
                    "a digit has no place left in {}",
                    house.name
                )));
            }
        }
        Ok(())
    }

    /// The digits with at least one place among `cells`, and those with exactly one.
    pub fn house_digits(&self, cells: &[Cell]) -> (DigitSet, DigitSet) {
        let (mut once, mut more) = (0u64, 0u64);
        for &cell in cells {
            let set = self.candidates.get(cell).bits();
            more |= once & set;
            once |= set;
        }
        (DigitSet::from_bits(once), DigitSet::from_bits(once & !more))
    }

    /// The cell among `cells` that may hold `digit`, the first one.
    pub fn place_of(&self, cells: &[Cell], digit: Digit) -> Option<Cell> {
        cells.iter().copied().find(|&c| self.candidates.get(c).contains(digit))
    }

    /// The candidates of `cell` a table still supports, for each table cell.
    pub fn supported(&self, cells: &[Cell], tuples: &[Vec<Digit>]) -> Vec<DigitSet> {
        let mut supported = vec![DigitSet::EMPTY; cells.len()];
        let alive = tuples.iter().filter(|tuple| {
            cells.iter().zip(tuple.iter()).all(|(&c, &d)| self.allows(Placement::new(c, d)))
        });
        for tuple in alive {
            tuple.iter().zip(&mut supported).for_each(|(&digit, set)| set.insert(digit));
        }
        supported
    }

    /// Runs the core deductions to a fixed point: naked singles, hidden singles in full houses
    /// and table supports, placing as it goes; returns how many placements and table
    /// eliminations it made (the work).
    ///
    /// # Errors
    /// When a cell runs out of candidates, a digit of places in a house, a table of tuples.
    pub fn settle(&mut self, board: &Board) -> Result<usize, Contradiction> {
        let mut work = 0;
        for cell in board.geometry.cells() {
            if !self.is_placed(board, cell) && self.get(cell).len() == 1 {
                self.singles.push(cell);
            }
        }
        loop {
            while let Some(cell) = self.singles.pop() {
                if self.is_placed(board, cell) {
                    continue;
                }
                let digit = self.get(cell).single_digit().expect("queued cells are single");
                self.place(board, Placement::new(cell, digit))?;
                work += 1;
            }
            let mut progress = false;
            for house in board.houses.iter().filter(|h| h.full) {
                progress |= self.hidden_singles(board, house)?;
            }
            for table in &board.tables {
                for (&cell, &support) in
                    table.cells.iter().zip(&self.supported(&table.cells, &table.tuples))
                {
                    if self.restrict(cell, support)? {
                        progress = true;
                        work += 1;
                    }
                }
            }
            if !progress && self.singles.is_empty() {
                return Ok(work);
            }
        }
    }

    /// Narrows each digit with one place left in `house` to that cell; says whether any changed.
    fn hidden_singles(
        &mut self,
        board: &Board,
        house: &super::board::House,
    ) -> Result<bool, Contradiction> {
        let (seen, once) = self.house_digits(&house.cells);
        if seen != DigitSet::full(board.geometry.size()) {
            return Err(Contradiction::new(format!("a digit has no place left in {}", house.name)));
        }
        let mut progress = false;
        for digit in once.iter() {
            let Some(cell) = self.place_of(&house.cells, digit) else {
                // An earlier digit took its only place.
                return Err(Contradiction::new(format!(
                    "{digit} has no place left in {}",
                    house.name
                )));
            };
            if self.get(cell).len() > 1 {
                self.restrict(cell, DigitSet::single(digit))?;
                progress = true;
            }
        }
        Ok(progress)
    }
}
