//! The fill search combinations and lines share: digits for a group of cells from their
//! candidates, different wherever two cells share a house or a rule excludes the pair, meeting
//! the group's sum (a cage's total) or tables (a line's), asked one question at a time ("a fill
//! with r1c1=7?", "a fill without 9?").
//!
//! A sum's search is a depth-first fill, cut by the range the cells after it span; a line's,
//! forward checking ([`super::line_search`]); both give up after a budget of nodes, when the
//! candidate stays. What no fill uses goes from the group's cells; a digit every fill
//! holds goes from the cells outside that see all its places.

use super::Technique;
use super::line_search::LineSearch;
use std::sync::Arc;

use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::fill_memo::{Found, Memo, SumFillLists};
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

/// What a group's digits must meet.
enum Group<'a> {
    /// A sum: each cell's coefficient and the total, filled in `order`.
    Sum { order: Vec<usize>, coefficients: Vec<i64>, total: i64 },
    /// A line's tables, as its search reads them.
    Line(&'a LineSearch),
}

/// A group of cells with their candidates and what their digits must meet, ready to be asked
/// about.
pub(crate) struct Fills<'a> {
    board: &'a Board,
    state: &'a State,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The candidates of each cell.
    pub sets: Vec<DigitSet>,
    /// What the digits must meet, and how the search goes about it.
    group: Group<'a>,
    /// The nodes one question may visit.
    budget: usize,
}

impl<'a> Fills<'a> {
    /// The fills of the sum `linear` (an equality), cells with fewer candidates first.
    pub(crate) fn of_sum(
        board: &'a Board,
        state: &'a State,
        linear: &Linear,
        budget: usize,
    ) -> Self {
        let cells = linear.cells();
        let sets: Vec<DigitSet> = cells.iter().map(|&cell| state.get(cell)).collect();
        let mut order: Vec<usize> = (0..sets.len()).collect();
        order.sort_by_key(|&i| sets[i].len());
        let coefficients = linear.terms.iter().map(|&(_, a)| a).collect();
        let group = Group::Sum { order, coefficients, total: linear.bound };
        Fills { board, state, cells, sets, group, budget }
    }

    /// The group with `cell` (not one of a sum's cells) searched beside a sum's, counted in
    /// no total: its digit has only to go with theirs, different wherever a house or a rule
    /// says so. It is filled first. A line's group is left as it is.
    pub(crate) fn with_cell(mut self, cell: Cell) -> Self {
        if let Group::Sum { order, coefficients, .. } = &mut self.group {
            order.insert(0, self.cells.len());
            coefficients.push(0);
            self.cells.push(cell);
            self.sets.push(self.state.get(cell));
        }
        self
    }

    /// The fills of line `index` (of [`Board::lines`]).
    pub fn of_line(board: &'a Board, state: &'a State, index: usize, budget: usize) -> Self {
        let cells = board.lines[index].cells.clone();
        let sets: Vec<DigitSet> = cells.iter().map(|&cell| state.get(cell)).collect();
        let group = Group::Line(board.line_search(index));
        Fills { board, state, cells, sets, group, budget }
    }

    /// The candidates no fill uses (those `known`, fills within the candidates, do not hold
    /// are asked), the digits of the known fills and those found on the way (a digit some
    /// fill leaves out is no required digit), and the fills found.
    pub(super) fn unsupported(
        &self,
        known: Vec<Vec<Digit>>,
    ) -> (Vec<Placement>, Vec<DigitSet>, Vec<Vec<Digit>>) {
        let mut supported = vec![DigitSet::EMPTY; self.sets.len()];
        for fill in &known {
            fill.iter().zip(&mut supported).for_each(|(&d, set)| set.insert(d));
        }
        let mut fills_digits: Vec<DigitSet> =
            known.iter().map(|fill| fill.iter().copied().collect()).collect();
        let mut found = Vec::new();
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
                        found.push(fill);
                    }
                    Answer::None => eliminations.push(Placement::new(cell, digit)),
                    Answer::GaveUp => supported[index].insert(digit),
                }
            }
        }
        (eliminations, fills_digits, found)
    }

    /// What the fill search finds on the group (its unsupported candidates, else the digits
    /// every fill holds and what sees all their places), from `memo` when group `group` had
    /// these candidates before. The fills `memo` kept that fit the candidates answer the
    /// questions they can: a search could only find a fill too or give up, and the candidate
    /// stays either way, so the answer is the same.
    pub fn found(&self, memo: &Memo, group: usize) -> Arc<Found> {
        memo.get_or_find(group, &self.sets, |known| {
            let (unsupported, mut seen, mut fills) = self.unsupported(known);
            let in_every_fill = match unsupported.is_empty() {
                true => self.digits_in_every_fill(&mut seen, &mut fills),
                false => DigitSet::EMPTY,
            };
            let seeing = (in_every_fill.iter())
                .flat_map(|digit| self.seeing_all(&self.places(digit)))
                .collect();
            (Found { unsupported, in_every_fill, seeing }, fills)
        })
    }

    /// The digits every fill holds among those none of `seen` (the digits of fills already
    /// found, and of those found here) leaves out; the fills found here join `fills`.
    fn digits_in_every_fill(
        &self,
        seen: &mut Vec<DigitSet>,
        fills: &mut Vec<Vec<Digit>>,
    ) -> DigitSet {
        let all: DigitSet = self.sets.iter().fold(DigitSet::EMPTY, |a, &b| a.union(b));
        let mut digits = DigitSet::EMPTY;
        for digit in all.iter() {
            if seen.iter().any(|fill| !fill.contains(digit)) {
                continue;
            }
            let without = DigitSet::single(digit);
            let sets: Vec<DigitSet> = self.sets.iter().map(|s| s.difference(without)).collect();
            match self.search(&sets) {
                Answer::None => digits.insert(digit),
                Answer::Fill(fill) => {
                    seen.push(fill.iter().copied().collect());
                    fills.push(fill);
                }
                Answer::GaveUp => {}
            }
        }
        digits
    }

    /// The candidates outside the group that `found`'s digits every fill holds remove: those
    /// that see all the digit's places in the group.
    pub fn seen_by_every_place(&self, found: &Found) -> Vec<Placement> {
        found.seeing.iter().copied().filter(|&p| self.state.allows(p)).collect()
    }

    /// The candidates of `digit` in the group.
    fn places(&self, digit: Digit) -> Vec<Placement> {
        (self.cells.iter().zip(&self.sets))
            .filter(|(_, set)| set.contains(digit))
            .map(|(&cell, _)| Placement::new(cell, digit))
            .collect()
    }

    /// The placements, outside the group, of `places`' digit that exclude every one of
    /// `places` (candidates or not), in order.
    fn seeing_all(&self, places: &[Placement]) -> Vec<Placement> {
        let Some(first) = places.first() else { return Vec::new() };
        let outside = |p: &Placement| p.digit == first.digit && !self.cells.contains(&p.cell);
        let board = self.board;
        if let Some(sets) = board.exclusion_sets() {
            let slots = sets.excluded_by_all(places.iter().map(|&p| board.slot(p)));
            return slots.into_iter().map(|slot| board.placement(slot)).filter(outside).collect();
        }
        (board.excluded(*first).filter(outside))
            .filter(|&p| places.iter().all(|&q| board.excludes(p, q)))
            .collect::<std::collections::BTreeSet<Placement>>()
            .into_iter()
            .collect()
    }

    /// A fill of the cells with digits from `sets`.
    pub(super) fn search(&self, sets: &[DigitSet]) -> Answer {
        if sets.iter().any(|s| s.is_empty()) {
            return Answer::None;
        }
        let (order, coefficients, total) = match &self.group {
            Group::Line(search) => return search.search(sets, self.budget),
            Group::Sum { order, coefficients, total } => (order, coefficients, *total),
        };
        let mut found = None;
        let mut keep = |fill: &[Option<Digit>]| {
            found = Some(fill.iter().map(|d| d.expect("filled")).collect());
            true
        };
        match self.fill_sum((order, coefficients, total), sets, &mut keep) {
            Some(true) => Answer::Fill(found.expect("the fill it stopped at")),
            Some(false) => Answer::None,
            None => Answer::GaveUp,
        }
    }

    /// Every fill of a sum's cells (digits in the order of [`Fills::cells`]), or `None` past
    /// `most` fills or the budget (counted over the whole search) or for a line.
    pub(crate) fn every(&self, most: usize) -> Option<Vec<Vec<Digit>>> {
        let Group::Sum { order, coefficients, total } = &self.group else { return None };
        let mut found = Vec::new();
        let mut keep = |fill: &[Option<Digit>]| {
            found.push(fill.iter().map(|d| d.expect("filled")).collect());
            found.len() > most
        };
        match self.fill_sum((order, coefficients, *total), &self.sets, &mut keep) {
            Some(false) => Some(found),
            _ => None,
        }
    }

    /// [`Fills::every`] for sum `index` (of [`Board::linears`]), from `lists` when the sum had
    /// these candidates before (asked with the same `most` and budget: the list depends on
    /// nothing else).
    pub(crate) fn every_remembered(
        &self,
        lists: &SumFillLists,
        index: usize,
        most: usize,
    ) -> Option<Arc<Vec<Vec<Digit>>>> {
        lists.get_or_find((index, self.budget, most), &self.sets, || self.every(most).map(Arc::new))
    }

    /// The sum `(order, coefficients, total)`'s depth-first fill with digits from `sets`,
    /// handing each complete fill to `stop` until it says to stop (`Some(true)`); `None` when
    /// the budget runs out.
    fn fill_sum(
        &self,
        (order, coefficients, total): (&[usize], &[i64], i64),
        sets: &[DigitSet],
        stop: &mut dyn FnMut(&[Option<Digit>]) -> bool,
    ) -> Option<bool> {
        let rest = ranges_after(order, coefficients, sets);
        let sum = SumSearch { fills: self, order, coefficients, total, sets, rest };
        let mut fill = vec![None; self.cells.len()];
        let mut budget = self.budget;
        sum.extend(0, 0, &mut fill, &mut budget, stop)
    }

    /// The step of `technique` removing `eliminations`, justified by the group's cells.
    pub fn step(&self, technique: Technique, reason: String, eliminations: Vec<Placement>) -> Step {
        let mut step = Step::new(technique, reason);
        step.eliminations = eliminations;
        step.cells = self.cells.clone();
        step
    }
}

/// The least and most the cells from each position of `order` on can add, with
/// `coefficients`, from `sets`.
fn ranges_after(order: &[usize], coefficients: &[i64], sets: &[DigitSet]) -> Vec<(i64, i64)> {
    let mut rest = vec![(0i64, 0i64); order.len() + 1];
    for position in (0..order.len()).rev() {
        let (i, set) = (order[position], sets[order[position]]);
        let ends = [set.iter().next(), set.iter().last()]
            .map(|d| d.map_or(0, |d| coefficients[i] * d.value() as i64));
        let (low, high) = (ends[0].min(ends[1]), ends[0].max(ends[1]));
        rest[position] = (rest[position + 1].0 + low, rest[position + 1].1 + high);
    }
    rest
}

/// The sets of `count` different digits of `digits` adding up to `total` that `keep`
/// accepts, smallest digits first; `None` once more than `most` are kept.
pub(crate) fn digit_sets(
    digits: DigitSet,
    count: usize,
    total: i64,
    most: usize,
    keep: &impl Fn(DigitSet) -> bool,
) -> Option<Vec<DigitSet>> {
    let digits: Vec<Digit> = digits.iter().collect();
    let mut found = Vec::new();
    let complete = choose(&digits, count, total, DigitSet::EMPTY, (most, keep), &mut found);
    complete.then_some(found)
}

/// Adds to `found` every set of `count` more digits of `digits` adding up to `left` (beside
/// `chosen`) that `keep` accepts; `false` once they pass `most`.
fn choose(
    digits: &[Digit],
    count: usize,
    left: i64,
    chosen: DigitSet,
    (most, keep): (usize, &impl Fn(DigitSet) -> bool),
    found: &mut Vec<DigitSet>,
) -> bool {
    if count == 0 {
        if left == 0 && keep(chosen) {
            found.push(chosen);
        }
        return found.len() <= most;
    }
    for (i, &digit) in digits.iter().enumerate() {
        let value = digit.value() as i64;
        if value > left {
            break;
        }
        let mut with = chosen;
        with.insert(digit);
        if !choose(&digits[i + 1..], count - 1, left - value, with, (most, keep), found) {
            return false;
        }
    }
    true
}

/// One question to a sum: a depth-first fill in its order, cut by the range the cells after
/// each position span, each cell checked against those before it.
struct SumSearch<'s, 'a> {
    fills: &'s Fills<'a>,
    order: &'s [usize],
    coefficients: &'s [i64],
    total: i64,
    sets: &'s [DigitSet],
    /// The least and most the cells from each position of the order on add.
    rest: Vec<(i64, i64)>,
}

impl SumSearch<'_, '_> {
    /// Fills the cells from `position` of the order on, handing each complete fill to `stop`
    /// until it says to stop (`Some(true)`); `None` when the budget runs out.
    fn extend(
        &self,
        position: usize,
        sum: i64,
        fill: &mut [Option<Digit>],
        budget: &mut usize,
        stop: &mut dyn FnMut(&[Option<Digit>]) -> bool,
    ) -> Option<bool> {
        *budget = budget.checked_sub(1)?;
        let Some(&index) = self.order.get(position) else {
            return Some(sum == self.total && stop(fill));
        };
        let cell = self.fills.cells[index];
        let (low, high) = self.rest[position + 1];
        for digit in self.sets[index].iter() {
            let total = sum + self.coefficients[index] * digit.value() as i64;
            if total + low > self.total || total + high < self.total {
                continue;
            }
            let here = Placement::new(cell, digit);
            let clash = self.order[..position].iter().any(|&earlier| {
                let other = self.fills.cells[earlier];
                fill[earlier]
                    .is_some_and(|d| self.fills.board.excludes(Placement::new(other, d), here))
            });
            if clash {
                continue;
            }
            fill[index] = Some(digit);
            if self.extend(position + 1, total, fill, budget, stop)? {
                return Some(true);
            }
            fill[index] = None;
        }
        Some(false)
    }
}
