//! The fill search combinations and lines share: digits for a group of cells from their
//! candidates, different wherever two cells share a house or a rule excludes the pair, meeting
//! the group's sum (a cage's total) or tables (a line's), asked one question at a time ("a fill
//! with r1c1=7?", "a fill without 9?").
//!
//! The search is a depth-first fill, cut by the range the cells after it span (sums) and by
//! each table as soon as its cells are filled (lines); it gives up after a budget of nodes,
//! when the candidate stays. What no fill uses goes from the group's cells; a digit every fill
//! holds goes from the cells outside that see all its places.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::line::{Line, Relation};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// What a search answered.
pub(super) enum Answer {
    /// A fill: the digit of each cell.
    Fill(Vec<Digit>),
    /// No fill.
    None,
    /// The budget ran out.
    GaveUp,
}

/// A group of cells with their candidates and what their digits must meet, ready to be asked
/// about.
pub(super) struct Fills<'a> {
    board: &'a Board,
    state: &'a State,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The candidates of each cell.
    pub sets: Vec<DigitSet>,
    /// The cells in the order the search fills them.
    order: Vec<usize>,
    /// For a sum: each cell's coefficient, and the total.
    sum: Option<(Vec<i64>, i64)>,
    /// Per position of the order, the tables whose last cell it fills.
    checks: Vec<Vec<&'a Relation>>,
    /// The nodes one question may visit.
    budget: usize,
}

impl<'a> Fills<'a> {
    /// The fills of the sum `linear` (an equality), cells with fewer candidates first.
    pub fn of_sum(board: &'a Board, state: &'a State, linear: &Linear, budget: usize) -> Self {
        let cells = linear.cells();
        let sets: Vec<DigitSet> = cells.iter().map(|&cell| state.get(cell)).collect();
        let mut order: Vec<usize> = (0..sets.len()).collect();
        order.sort_by_key(|&i| sets[i].len());
        let coefficients = linear.terms.iter().map(|&(_, a)| a).collect();
        let checks = vec![Vec::new(); cells.len()];
        let sum = Some((coefficients, linear.bound));
        Fills { board, state, cells, sets, order, sum, checks, budget }
    }

    /// The fills of `line`, along the line.
    pub fn of_line(board: &'a Board, state: &'a State, line: &'a Line, budget: usize) -> Self {
        let cells = line.cells.clone();
        let sets: Vec<DigitSet> = cells.iter().map(|&cell| state.get(cell)).collect();
        let order: Vec<usize> = (0..cells.len()).collect();
        let mut checks = vec![Vec::new(); cells.len()];
        for relation in &line.relations {
            let last = relation.positions.iter().copied().max().expect("a table has cells");
            checks[last].push(relation);
        }
        Fills { board, state, cells, sets, order, sum: None, checks, budget }
    }

    /// The candidates no fill uses, and the digits the fills found on the way used (a digit
    /// some fill leaves out is no required digit).
    pub fn unsupported(&self) -> (Vec<Placement>, Vec<DigitSet>) {
        let mut supported = vec![DigitSet::EMPTY; self.sets.len()];
        let mut fills_digits = Vec::new();
        let mut eliminations = Vec::new();
        for (index, &cell) in self.cells.iter().enumerate() {
            for digit in self.sets[index].iter() {
                if supported[index].contains(digit) {
                    continue;
                }
                let mut sets = self.sets.clone();
                sets[index] = DigitSet::single(digit);
                match self.search(&sets) {
                    Answer::Fill(fill) => {
                        fill.iter().zip(&mut supported).for_each(|(&d, set)| set.insert(d));
                        fills_digits.push(fill.iter().copied().collect());
                    }
                    Answer::None => eliminations.push(Placement::new(cell, digit)),
                    Answer::GaveUp => supported[index].insert(digit),
                }
            }
        }
        (eliminations, fills_digits)
    }

    /// The digits every fill uses (none of `seen`, the digits of fills already found, leaves
    /// them out) that remove candidates, and those candidates: of cells outside the group that
    /// see each of the digit's places in it.
    pub fn required_digits(&self, seen: Vec<DigitSet>) -> (DigitSet, Vec<Placement>) {
        let all: DigitSet = self.sets.iter().fold(DigitSet::EMPTY, |a, &b| a.union(b));
        let mut digits = DigitSet::EMPTY;
        let mut eliminations = Vec::new();
        for digit in all.iter().filter(|&d| seen.iter().all(|fill| fill.contains(d))) {
            let places: Vec<Placement> = (self.cells.iter().zip(&self.sets))
                .filter(|(_, set)| set.contains(digit))
                .map(|(&cell, _)| Placement::new(cell, digit))
                .collect();
            let removed = self.seeing_all(&places);
            if removed.is_empty() {
                continue;
            }
            let without = DigitSet::single(digit);
            let sets: Vec<DigitSet> = self.sets.iter().map(|s| s.difference(without)).collect();
            if matches!(self.search(&sets), Answer::None) {
                digits.insert(digit);
                eliminations.extend(removed);
            }
        }
        (digits, eliminations)
    }

    /// The candidates, outside the group, of `places`' digit that exclude every one of
    /// `places`.
    fn seeing_all(&self, places: &[Placement]) -> Vec<Placement> {
        let Some(first) = places.first() else { return Vec::new() };
        self.board
            .excluded(*first)
            .filter(|p| {
                p.digit == first.digit && !self.cells.contains(&p.cell) && self.state.allows(*p)
            })
            .filter(|&p| places.iter().all(|&q| self.board.excludes(p, q)))
            .collect::<std::collections::BTreeSet<Placement>>()
            .into_iter()
            .collect()
    }

    /// A fill of the cells with digits from `sets`.
    pub fn search(&self, sets: &[DigitSet]) -> Answer {
        if sets.iter().any(|s| s.is_empty()) {
            return Answer::None;
        }
        // The least and most the cells after each position of the order can add to a sum.
        let mut rest = vec![(0i64, 0i64); self.order.len() + 1];
        if let Some((coefficients, _)) = &self.sum {
            for position in (0..self.order.len()).rev() {
                let (i, set) = (self.order[position], sets[self.order[position]]);
                let ends = [set.iter().next(), set.iter().last()]
                    .map(|d| d.map_or(0, |d| coefficients[i] * d.value() as i64));
                let (low, high) = (ends[0].min(ends[1]), ends[0].max(ends[1]));
                rest[position] = (rest[position + 1].0 + low, rest[position + 1].1 + high);
            }
        }
        let mut fill = vec![None; self.cells.len()];
        let mut budget = self.budget;
        match self.extend(0, 0, sets, &rest, &mut fill, &mut budget) {
            Some(true) => Answer::Fill(fill.into_iter().map(|d| d.expect("filled")).collect()),
            Some(false) => Answer::None,
            None => Answer::GaveUp,
        }
    }

    /// Fills the cells from `position` of the order on; `None` when the budget runs out.
    fn extend(
        &self,
        position: usize,
        sum: i64,
        sets: &[DigitSet],
        rest: &[(i64, i64)],
        fill: &mut [Option<Digit>],
        budget: &mut usize,
    ) -> Option<bool> {
        *budget = budget.checked_sub(1)?;
        let Some(&index) = self.order.get(position) else {
            return Some(self.sum.as_ref().is_none_or(|(_, total)| sum == *total));
        };
        let cell = self.cells[index];
        let (low, high) = rest[position + 1];
        for digit in sets[index].iter() {
            let total = match &self.sum {
                Some((coefficients, bound)) => {
                    let total = sum + coefficients[index] * digit.value() as i64;
                    if total + low > *bound || total + high < *bound {
                        continue;
                    }
                    total
                }
                None => 0,
            };
            let here = Placement::new(cell, digit);
            let clash = self.order[..position].iter().any(|&earlier| {
                let other = self.cells[earlier];
                fill[earlier].is_some_and(|d| self.board.excludes(Placement::new(other, d), here))
            });
            if clash {
                continue;
            }
            fill[index] = Some(digit);
            let digit_at = |p: usize| fill[p].expect("a table's cells are filled before its last");
            if self.checks[position].iter().all(|relation| relation.allows(digit_at))
                && self.extend(position + 1, total, sets, rest, fill, budget)?
            {
                return Some(true);
            }
            fill[index] = None;
        }
        Some(false)
    }

    /// The step of `technique` removing `eliminations`, justified by the group's cells.
    pub fn step(&self, technique: Technique, reason: String, eliminations: Vec<Placement>) -> Step {
        let mut step = Step::new(technique, reason);
        step.eliminations = eliminations;
        step.cells = self.cells.clone();
        step
    }
}
