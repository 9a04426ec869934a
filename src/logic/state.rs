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
    /// Cells (reading-order indices) whose candidates fell to one since they were last looked
    /// at.
    singles: Vec<usize>,
    /// How many candidates have been removed so far (a measure of work).
    pub removed: usize,
    /// Cells (reading-order indices) whose candidates changed since hidden singles last looked
    /// at their houses: only those houses can hold a new hidden single.
    changed: Vec<usize>,
    /// Per cell: whether it is in `changed`.
    is_changed: Vec<bool>,
    /// Per house: whether hidden singles must look at it this round (scratch, all false
    /// between rounds).
    dirty: Vec<bool>,
    /// Per house: whether a cell of it changed since locked candidates last looked
    /// (`locked.rs`).
    pub(super) unlocked: Vec<bool>,
    /// Per table: whether a cell of it changed since settling last read its supports (a
    /// table none of whose cells changed removes nothing again).
    stale: Vec<bool>,
}

impl State {
    /// The state after the IR's domains and `givens`, with every given placed.
    ///
    /// # Errors
    /// When the givens contradict the rules at once (a full grid of givens is checked whole,
    /// as [`State::check_solved`] does).
    pub fn start(board: &Board, ir: &crate::ir::Ir, givens: &Grid) -> Result<State, Contradiction> {
        let geometry = board.geometry;
        let mut state = State {
            candidates: Candidates::all(geometry),
            placed: vec![false; geometry.cell_count()],
            singles: Vec::new(),
            removed: 0,
            changed: Vec::new(),
            is_changed: vec![false; geometry.cell_count()],
            dirty: vec![false; board.houses.len()],
            unlocked: vec![true; board.houses.len()],
            stale: vec![true; board.tables.len()],
        };
        // Every later change goes through `restrict_at`, which queues the cells it leaves
        // single; a grid of one digit starts single.
        if geometry.digits() == 1 {
            state.singles.extend(0..geometry.cell_count());
        }
        for constraint in ir.constraints() {
            if let crate::ir::Constraint::Domain(cell, digits) = constraint {
                state.restrict(*cell, *digits)?;
            }
        }
        for (cell, digit) in givens.filled() {
            state.place(board, Placement::new(cell, digit))?;
        }
        state.check_solved(board)?;
        Ok(state)
    }

    /// Makes this state a copy of `other` in the memory it already holds (no allocation once
    /// both have the same geometry): how the pre-pass starts each puzzle.
    pub fn reset_to(&mut self, other: &State) {
        self.candidates.copy_from(&other.candidates);
        self.placed.clone_from(&other.placed);
        self.singles.clone_from(&other.singles);
        self.removed = other.removed;
        self.changed.clone_from(&other.changed);
        self.is_changed.clone_from(&other.is_changed);
        self.dirty.clone_from(&other.dirty);
        self.unlocked.clone_from(&other.unlocked);
        self.stale.clone_from(&other.stale);
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
        self.restrict_at(self.candidates.geometry().index(cell), allowed)
    }

    /// Narrows the cell at reading-order `index` to `allowed`; says whether anything was
    /// removed.
    fn restrict_at(&mut self, index: usize, allowed: DigitSet) -> Result<bool, Contradiction> {
        let before = self.candidates.at(index);
        let after = before.intersection(allowed);
        if after == before {
            return Ok(false);
        }
        self.candidates.set_at(index, after);
        self.removed += before.difference(after).len();
        if !self.is_changed[index] {
            self.is_changed[index] = true;
            self.changed.push(index);
        }
        if after.is_empty() {
            return Err(Contradiction::no_candidate(self.candidates.geometry().cell(index)));
        }
        if after.is_single() {
            self.singles.push(index);
        }
        Ok(true)
    }

    /// Removes `digits` from the cell at reading-order `index`; says whether any was there.
    pub(super) fn remove_at(
        &mut self,
        index: usize,
        digits: DigitSet,
    ) -> Result<bool, Contradiction> {
        if self.candidates.at(index).intersection(digits).is_empty() {
            return Ok(false);
        }
        self.restrict_at(index, DigitSet::from_bits(!digits.bits()))
    }

    /// Removes one candidate; says whether it was there.
    pub fn eliminate(&mut self, placement: Placement) -> Result<bool, Contradiction> {
        let index = self.candidates.geometry().index(placement.cell);
        self.remove_at(index, DigitSet::single(placement.digit))
    }

    /// Places a digit: its cell keeps only it, and every placement it excludes goes.
    pub fn place(&mut self, board: &Board, placement: Placement) -> Result<(), Contradiction> {
        let index = board.geometry.index(placement.cell);
        if self.placed[index] {
            let held = self.candidates.at(index).contains(placement.digit);
            return if held { Ok(()) } else { Err(Contradiction::taken(placement)) };
        }
        let digit = DigitSet::single(placement.digit);
        self.restrict_at(index, digit)?;
        self.placed[index] = true;
        for &peer in &board.peers[index] {
            self.remove_at(peer, digit)?;
        }
        for &(other, digits) in &board.exclusions[board.slot(placement)] {
            self.remove_at(other, digits)?;
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
        self.check_houses(board)?;
        self.check_solved(board)
    }

    /// Fails when every cell is placed but a table, linear sum or gated sum does not hold.
    /// Placing enforces houses, exclusions and domains, and settling enforces tables, but sums
    /// are narrowed only by techniques: a grid that singles fill may break a cage, an arrow or
    /// a sandwich, so no state counts as solved before this check.
    pub fn check_solved(&self, board: &Board) -> Result<(), Contradiction> {
        if !self.is_solved() {
            return Ok(());
        }
        let digit_of = |cell: Cell| self.get(cell).single_digit().expect("a placed cell");
        for table in &board.tables {
            let digits = || table.cells.iter().map(|&cell| digit_of(cell));
            if !table.tuples.iter().any(|tuple| tuple.iter().copied().eq(digits())) {
                return Err(Contradiction::broken(table.origin, table.cells.first().copied()));
            }
        }
        for linear in &board.linears {
            let sum = linear.terms.iter().map(|&(cell, a)| a * digit_of(cell).value() as i64);
            if !linear.relation.holds(sum.sum(), linear.bound) {
                return Err(Contradiction::broken(
                    linear.origin,
                    linear.terms.first().map(|t| t.0),
                ));
            }
        }
        if board.gated.is_empty() {
            return Ok(());
        }
        let flags = crate::ir::flag_values(&board.flags, digit_of);
        for gated in &board.gated {
            let sum = crate::ir::linear_value(&gated.terms, digit_of, &flags);
            if !gated.relation.holds(sum, gated.bound) {
                return Err(Contradiction::broken(gated.origin, gated.cells.first().copied()));
            }
        }
        Ok(())
    }

    /// Fails when a digit has no place left in a full house.
    pub fn check_houses(&self, board: &Board) -> Result<(), Contradiction> {
        let full = DigitSet::full(board.geometry.digits());
        for house in board.houses.iter().filter(|h| h.full) {
            let (seen, _) = self.house_digits(&house.cells);
            if seen != full {
                return Err(Contradiction::no_place(None, &house.name));
            }
        }
        Ok(())
    }

    /// The digits with at least one place among `cells`, and those with exactly one.
    pub fn house_digits(&self, cells: &[Cell]) -> (DigitSet, DigitSet) {
        let geometry = self.candidates.geometry();
        self.digits_among(cells.iter().map(|&cell| geometry.index(cell)))
    }

    /// [`State::house_digits`] of the cells at these reading-order indices.
    fn digits_among(&self, indices: impl Iterator<Item = usize>) -> (DigitSet, DigitSet) {
        let (mut once, mut more) = (0u64, 0u64);
        for index in indices {
            let set = self.candidates.at(index).bits();
            more |= once & set;
            once |= set;
        }
        (DigitSet::from_bits(once), DigitSet::from_bits(once & !more))
    }

    /// The cell among `cells` that may hold `digit`, the first one.
    pub fn place_of(&self, cells: &[Cell], digit: Digit) -> Option<Cell> {
        cells.iter().copied().find(|&c| self.candidates.get(c).contains(digit))
    }

    /// The candidates of `cell` a table still supports, for each table cell. The scan stops
    /// once every candidate has a tuple (the usual case: nothing to remove), so a table is
    /// read whole only when it removes something or nearly does.
    pub fn supported(&self, cells: &[Cell], tuples: &[Vec<Digit>]) -> Vec<DigitSet> {
        let candidates: Vec<DigitSet> = cells.iter().map(|&c| self.candidates.get(c)).collect();
        let mut supported = vec![DigitSet::EMPTY; cells.len()];
        let alive = tuples
            .iter()
            .filter(|tuple| tuple.iter().zip(&candidates).all(|(&d, set)| set.contains(d)));
        for tuple in alive {
            tuple.iter().zip(&mut supported).for_each(|(&digit, set)| set.insert(digit));
            if supported == candidates {
                break;
            }
        }
        supported
    }

    /// Runs the core deductions to a fixed point: naked singles, hidden singles in full houses
    /// and table supports, placing as it goes; returns how many placements and table
    /// eliminations it made (the work).
    ///
    /// # Errors
    /// When a cell runs out of candidates, a digit of places in a house, a table of tuples, or
    /// the grid is full and breaks a sum ([`State::check_solved`]).
    pub fn settle(&mut self, board: &Board) -> Result<usize, Contradiction> {
        Ok(self.settle_within(board, usize::MAX)?.expect("no bound on the removals"))
    }

    /// [`State::settle`] that gives up, with `None`, once [`State::removed`] reaches
    /// `most_removed`: for a caller that has no use for more work (a bifurcation that already
    /// knows a shorter contradiction).
    ///
    /// # Errors
    /// As [`State::settle`].
    pub fn settle_within(
        &mut self,
        board: &Board,
        most_removed: usize,
    ) -> Result<Option<usize>, Contradiction> {
        let mut work = 0;
        loop {
            while let Some(index) = self.singles.pop() {
                if self.removed >= most_removed {
                    return Ok(None);
                }
                if self.placed[index] {
                    continue;
                }
                let digit =
                    self.candidates.at(index).single_digit().expect("queued cells are single");
                self.place(board, Placement::new(board.geometry.cell(index), digit))?;
                work += 1;
            }
            let mut progress = false;
            self.mark_dirty_houses(board);
            for (index, house) in board.houses.iter().enumerate() {
                if std::mem::take(&mut self.dirty[index]) && house.full {
                    progress |= self.hidden_singles(board, house)?;
                }
            }
            // A table is read when a cell of it changed since it was last read, even in this
            // round: the others would remove nothing again.
            for position in 0..self.changed.len() {
                self.mark_stale(board, self.changed[position]);
            }
            for (index, table) in board.tables.iter().enumerate() {
                if !std::mem::take(&mut self.stale[index]) {
                    continue;
                }
                for (&cell, &support) in
                    table.cells.iter().zip(&self.supported(&table.cells, &table.tuples))
                {
                    if self.restrict(cell, support)? {
                        self.mark_stale(board, board.geometry.index(cell));
                        progress = true;
                        work += 1;
                    }
                }
            }
            if !progress && self.singles.is_empty() {
                self.check_solved(board)?;
                return Ok(Some(work));
            }
        }
    }

    /// Marks the tables holding the cell at `index` (reading order) to be read again.
    fn mark_stale(&mut self, board: &Board, index: usize) {
        for &table in &board.tables_of[index] {
            self.stale[table] = true;
        }
    }

    /// Marks the houses and tables holding a cell changed since the last round, and forgets
    /// the changes.
    pub(super) fn mark_dirty_houses(&mut self, board: &Board) {
        for &index in &self.changed {
            self.is_changed[index] = false;
            for &house in &board.houses_of[index] {
                self.dirty[house] = true;
                self.unlocked[house] = true;
            }
            for &table in &board.tables_of[index] {
                self.stale[table] = true;
            }
        }
        self.changed.clear();
    }

    /// Narrows each digit with one place left in `house` to that cell; says whether any changed.
    fn hidden_singles(
        &mut self,
        board: &Board,
        house: &super::board::House,
    ) -> Result<bool, Contradiction> {
        let (seen, once) = self.digits_among(house.indices.iter().copied());
        if seen != DigitSet::full(board.geometry.digits()) {
            return Err(Contradiction::no_place(None, &house.name));
        }
        let mut progress = false;
        for &index in &house.indices {
            let candidates = self.candidates.at(index);
            let hidden = candidates.intersection(once);
            if hidden.is_empty() || candidates.is_single() {
                continue;
            }
            if !hidden.is_single() {
                // Two digits whose only place is this one cell.
                let digit = hidden.iter().nth(1).expect("two digits");
                return Err(Contradiction::no_place(Some(digit), &house.name));
            }
            self.restrict_at(index, hidden)?;
            progress = true;
        }
        Ok(progress)
    }
}
