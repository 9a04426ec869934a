//! The fill search of a line: forward checking with the fewest candidates first. Placing a
//! digit removes from the line's other cells what it excludes (one house, a rule's `Exclude`,
//! a two-cell table of the line), looked up in a table made once per question set; a table of
//! three cells (a between line) is checked once its cells are filled. Lines are long (an
//! entropic line of 14 cells) and their cells far apart, so the pruning of the sums' plain
//! depth-first fill, which checks each cell against those before it, is not enough.

use super::fill::Answer;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::line::{Line, Relation};
use crate::model::digit::{Digit, DigitSet};

/// A line's cells ready to be filled.
pub(super) struct LineSearch<'a> {
    /// The number of cells.
    cells: usize,
    /// The number of digits M (1..=M).
    digits: usize,
    /// `(i·N + d)·cells + j`: the digits of cell j that digit d in cell i excludes.
    conflicts: Vec<DigitSet>,
    /// Per cell, the tables of three cells holding it.
    triples: Vec<Vec<&'a Relation>>,
}

impl<'a> LineSearch<'a> {
    /// The search of `line` whose cells hold the candidates `sets`.
    pub fn new(board: &Board, line: &'a Line, sets: &[DigitSet]) -> LineSearch<'a> {
        let (cells, digits) = (line.cells.len(), board.geometry.digits());
        let mut position = vec![None; board.geometry.cell_count()];
        for (i, &cell) in line.cells.iter().enumerate() {
            position[board.geometry.index(cell)] = Some(i);
        }
        let mut conflicts = vec![DigitSet::EMPTY; cells * digits * cells];
        for (i, &cell) in line.cells.iter().enumerate() {
            let peers: Vec<usize> =
                (0..cells).filter(|&j| board.share_house(cell, line.cells[j])).collect();
            for d in sets[i].iter() {
                let row = (i * digits + d.index()) * cells;
                for &j in &peers {
                    conflicts[row + j].insert(d);
                }
                for (excluded, _) in &board.excluded_by[board.slot(Placement::new(cell, d))] {
                    match position[board.geometry.index(excluded.cell)] {
                        Some(j) if j != i => conflicts[row + j].insert(excluded.digit),
                        _ => {}
                    }
                }
            }
        }
        for relation in line.relations.iter().filter(|r| r.positions.len() == 2) {
            let [i, j] = [relation.positions[0], relation.positions[1]];
            for (d, e) in sets[i].iter().flat_map(|d| sets[j].iter().map(move |e| (d, e))) {
                if !relation.allows(|p| if p == i { d } else { e }) {
                    conflicts[(i * digits + d.index()) * cells + j].insert(e);
                    conflicts[(j * digits + e.index()) * cells + i].insert(d);
                }
            }
        }
        let mut triples = vec![Vec::new(); cells];
        for relation in line.relations.iter().filter(|r| r.positions.len() > 2) {
            for &p in &relation.positions {
                triples[p].push(relation);
            }
        }
        LineSearch { cells, digits, conflicts, triples }
    }

    /// A fill with digits from `sets`, within `budget` nodes.
    pub fn search(&self, sets: &[DigitSet], budget: usize) -> Answer {
        let mut fill = vec![None; self.cells];
        let mut budget = budget;
        // Level k of the fill keeps its cells' domains at `k·cells..(k+1)·cells`.
        let mut domains = vec![DigitSet::EMPTY; self.cells * (self.cells + 1)];
        domains[..self.cells].copy_from_slice(sets);
        match self.extend(0, &mut domains, &mut fill, &mut budget) {
            Some(true) => Answer::Fill(fill.into_iter().map(|d| d.expect("filled")).collect()),
            Some(false) => Answer::None,
            None => Answer::GaveUp,
        }
    }

    /// Fills the open cell with the fewest candidates (the domains of `level`), then the rest;
    /// `None` when the budget runs out.
    fn extend(
        &self,
        level: usize,
        domains: &mut [DigitSet],
        fill: &mut [Option<Digit>],
        budget: &mut usize,
    ) -> Option<bool> {
        *budget = budget.checked_sub(1)?;
        let (here, next) = (level * self.cells, (level + 1) * self.cells);
        let open = (0..self.cells).filter(|&i| fill[i].is_none());
        let Some(cell) = open.min_by_key(|&i| domains[here + i].len()) else { return Some(true) };
        for digit in domains[here + cell].iter() {
            let row = (cell * self.digits + digit.index()) * self.cells;
            let mut wiped = false;
            for j in 0..self.cells {
                let mut domain = domains[here + j];
                if j != cell && fill[j].is_none() {
                    domain = domain.difference(self.conflicts[row + j]);
                    wiped |= domain.is_empty();
                }
                domains[next + j] = domain;
            }
            if wiped {
                continue;
            }
            fill[cell] = Some(digit);
            if self.narrow_triples(cell, &mut domains[next..next + self.cells], fill)
                && self.extend(level + 1, domains, fill, budget)?
            {
                return Some(true);
            }
            fill[cell] = None;
        }
        Some(false)
    }

    /// After `cell` is filled: each table of three cells holding it with one cell left open
    /// keeps, in that cell's `domains`, the digits that complete a tuple; `false` when one
    /// is left none (or a full table breaks).
    fn narrow_triples(
        &self,
        cell: usize,
        domains: &mut [DigitSet],
        fill: &mut [Option<Digit>],
    ) -> bool {
        for relation in &self.triples[cell] {
            let mut open = relation.positions.iter().filter(|&&p| fill[p].is_none());
            let Some(&last) = open.next() else {
                let filled = |p: usize| fill[p].expect("filled");
                if relation.allows(filled) {
                    continue;
                }
                return false;
            };
            if open.next().is_some() {
                continue;
            }
            let mut allowed = DigitSet::EMPTY;
            for digit in domains[last].iter() {
                let digit_at = |p: usize| if p == last { digit } else { fill[p].expect("filled") };
                if relation.allows(digit_at) {
                    allowed.insert(digit);
                }
            }
            if allowed.is_empty() {
                return false;
            }
            domains[last] = allowed;
        }
        true
    }
}
