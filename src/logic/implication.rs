//! Implications with their reasons: a propagation over candidates that records, for every
//! candidate it sets true or false, the candidates that forced it, so that a contradiction's
//! proof can be measured as Sudoku Explainer measures a forcing chain: by the candidates it
//! rests on, not by everything the propagation happened to touch.
//!
//! It runs breadth first from assumptions: a true candidate makes false its cell's other digits
//! and every placement it excludes (houses and the rules' `Exclude`s); a false one can leave
//! its cell one digit (naked single) or a digit one place in a full house (hidden single; and
//! in a line, cage or table that holds its digit in every fill, a "house" of
//! [`super::required`]), and the links the rules' tables and sums imply ([`super::rule_links`])
//! act as exclusions (weak), as "one of two" (strong) and as implications (a true candidate
//! makes true what every tuple holding it holds: a palindrome's mirror digit, told in one step
//! rather than as its cell's other digits going). A nested contradiction
//! ([`Implications::nested`]) is a false candidate whose reason is a whole inner proof: its
//! weight counts the inner proof's candidates, as SE adds a nested chain's length to the chain
//! that uses it. Each candidate set keeps its cause, and a contradiction what clashed, so that
//! a proof can be told as a chain in a solver's words.

use std::sync::Arc;

use super::board::Board;
use super::rule_links::RuleLinks;
use super::state::State;
use crate::ir::Placement;

/// The candidates a contradiction rests on (its direct reasons).
pub(super) type Conflict = Vec<u32>;

/// Why a candidate was set true or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    /// Assumed true.
    Assumed,
    /// False: a true candidate (its one reason) excludes it.
    Excluded,
    /// True: the false candidate (its one reason) is its strong partner in a rule's table or
    /// sum.
    Strong,
    /// True: the true candidate (its one reason) implies it in a rule's table or sum.
    Implied,
    /// True: its cell has no other digit left.
    NakedSingle,
    /// True: its digit has no other place left in this house.
    HiddenSingle(usize),
    /// True: its digit, which this line, cage or table holds (an index into
    /// [`super::required::Requirements::groups`]), has no other place left there.
    RequiredSingle(usize),
    /// False: a nested contradiction.
    Nested,
}

/// What a contradiction met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Clash {
    /// The candidate would be both true and false: set again for `cause`, with `reason` first
    /// among its reasons.
    Both {
        /// The candidate (slot).
        slot: u32,
        /// Why it was set again.
        cause: Cause,
        /// Its first reason that time.
        reason: Option<u32>,
    },
    /// The cell (reading-order index) has no digit left.
    NoDigit(usize),
    /// The digit (index) has no place left in the house.
    NoPlace(usize, usize),
    /// The digit a line, cage or table holds (the index of its group) has no place left there.
    NoRequiredPlace(usize),
}

/// The propagation's state: each candidate open, true or false, with its reasons.
pub(super) struct Implications<'a> {
    board: &'a Board,
    /// The links of the rules' tables and sums at the start.
    links: Arc<RuleLinks>,
    /// Digits per cell (M).
    digits: usize,
    /// Per slot: 0 open, 1 true, -1 false.
    value: Vec<i8>,
    /// Per slot: how many candidates it stands for in a proof (0 for the stuck state's own
    /// removals, 1 for a deduction, 1 plus the inner proof for a nested contradiction).
    weight: Vec<u32>,
    /// Per slot: where its reasons are in `arena` (start, end).
    reasons: Vec<(u32, u32)>,
    /// Per slot: why it was set (meaningful once set).
    cause: Vec<Cause>,
    /// What the last contradiction met.
    clash: Option<Clash>,
    /// Every reason, slot after slot in trail order (truncated on undo).
    arena: Vec<u32>,
    /// Per trail entry: the arena's length before it.
    arena_marks: Vec<u32>,
    /// Scratch for the reasons of a single (a cell's or a house's other candidates).
    scratch: Vec<u32>,
    /// Per slot: its position in the trail.
    position: Vec<u32>,
    /// The slots set since the stuck state, in order (also the breadth-first queue).
    trail: Vec<u32>,
    /// The next trail entry to propagate.
    head: usize,
    /// Scratch for proof sizes: the stamp of the last walk that reached each slot.
    seen: Vec<u32>,
    stamp: u32,
    /// The trail mark of a static assumption being propagated ([`Implications::assume_static`]),
    /// and whether a house or cell it empties is a contradiction.
    static_from: Option<(usize, bool)>,
}

impl<'a> Implications<'a> {
    /// The implications of `state`'s candidates: every removed one is false, with no reason.
    pub fn new(board: &'a Board, state: &State) -> Implications<'a> {
        let digits = board.geometry.digits();
        let slots = board.geometry.slot_count();
        let mut value = vec![0; slots];
        for cell in board.geometry.cells() {
            let candidates = state.get(cell);
            for digit in crate::model::digit::DigitSet::full(digits).iter() {
                if !candidates.contains(digit) {
                    value[board.geometry.slot(cell, digit)] = -1;
                } else if candidates.is_single() {
                    value[board.geometry.slot(cell, digit)] = 1;
                }
            }
        }
        Implications {
            board,
            links: super::rule_links::of(board, state),
            digits,
            value,
            weight: vec![0; slots],
            reasons: vec![(0, 0); slots],
            cause: vec![Cause::Assumed; slots],
            clash: None,
            arena: Vec::new(),
            arena_marks: Vec::new(),
            scratch: Vec::new(),
            position: vec![0; slots],
            trail: Vec::new(),
            head: 0,
            seen: vec![0; slots],
            stamp: 0,
            static_from: None,
        }
    }

    /// The open candidates (neither true nor false), as slots.
    pub fn open(&self) -> Vec<u32> {
        (0..self.value.len() as u32).filter(|&s| self.value[s as usize] == 0).collect()
    }

    /// Whether `slot` is open (neither true nor false).
    pub fn is_open(&self, slot: u32) -> bool {
        self.value[slot as usize] == 0
    }

    /// The placement of a slot.
    pub fn placement(&self, slot: u32) -> Placement {
        self.board.placement(slot as usize)
    }

    /// The candidates set from `mark` on, in order.
    pub fn set_since(&self, mark: usize) -> &[u32] {
        &self.trail[mark..]
    }

    /// How long the trail is: a mark to [`Implications::undo`] back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Forgets everything set after `mark`.
    pub fn undo(&mut self, mark: usize) {
        for slot in self.trail.drain(mark..) {
            self.value[slot as usize] = 0;
            self.weight[slot as usize] = 0;
        }
        if let Some(&length) = self.arena_marks.get(mark) {
            self.arena.truncate(length as usize);
        }
        self.arena_marks.truncate(mark);
        self.head = self.head.min(mark);
    }

    /// Assumes `slot` true and propagates.
    ///
    /// # Errors
    /// The contradiction reached.
    pub fn assume(&mut self, slot: u32) -> Result<(), Conflict> {
        self.set(slot, 1, &[], 1, Cause::Assumed)?;
        self.propagate()
    }

    /// Assumes `slot` true and propagates statically, as Sudoku Explainer's static (not
    /// dynamic) forcing chains do: a false candidate makes a single only of a cell or house
    /// that held two open candidates when the assumption was made (a strong link of that
    /// state), not of one its own implications emptied; a cell or house of more that it
    /// empties is a contradiction only if `empties` (what SE's multiple forcing chains see).
    ///
    /// # Errors
    /// The contradiction reached.
    pub fn assume_static(&mut self, slot: u32, empties: bool) -> Result<(), Conflict> {
        self.static_from = Some((self.trail.len(), empties));
        let assumed = self.assume(slot);
        self.static_from = None;
        assumed
    }

    /// Makes `slot` false for a nested contradiction resting on `reasons` (the outer candidates
    /// it used) and weighing `weight`, and propagates.
    ///
    /// # Errors
    /// The contradiction reached.
    pub fn nested(&mut self, slot: u32, reasons: &[u32], weight: u32) -> Result<(), Conflict> {
        self.set(slot, -1, reasons, weight, Cause::Nested)?;
        self.propagate()
    }

    /// The proof of `conflict`: the summed weight of the candidates it rests on that were set
    /// from `mark` on, and those set before (for a nested proof, the outer candidates it used).
    pub fn proof(&mut self, conflict: &[u32], mark: usize) -> (u32, Vec<u32>) {
        let (inner, outer) = self.rests_on(conflict, mark);
        let size = inner.iter().map(|&slot| self.weight[slot as usize]).sum();
        (size, outer)
    }

    /// The candidates `conflict` rests on that were set from `mark` on, in the order they were
    /// set: the chain that reaches it.
    pub fn chain(&mut self, conflict: &[u32], mark: usize) -> Vec<u32> {
        let (mut inner, _) = self.rests_on(conflict, mark);
        inner.sort_unstable_by_key(|&slot| self.position[slot as usize]);
        inner
    }

    /// The candidates `conflict` rests on, set from `mark` on and before it (the stuck
    /// state's own removals left out).
    fn rests_on(&mut self, conflict: &[u32], mark: usize) -> (Vec<u32>, Vec<u32>) {
        self.stamp += 1;
        let (mut inner, mut outer) = (Vec::new(), Vec::new());
        let mut stack: Vec<u32> = conflict.to_vec();
        while let Some(slot) = stack.pop() {
            let index = slot as usize;
            if self.seen[index] == self.stamp || self.weight[index] == 0 {
                continue;
            }
            self.seen[index] = self.stamp;
            if (self.position[index] as usize) < mark {
                outer.push(slot);
            } else {
                inner.push(slot);
                stack.extend_from_slice(self.reasons(slot));
            }
        }
        (inner, outer)
    }

    /// Whether `slot` is true (it must be set).
    pub fn is_true(&self, slot: u32) -> bool {
        self.value[slot as usize] == 1
    }

    /// Why `slot` was set.
    pub fn cause(&self, slot: u32) -> Cause {
        self.cause[slot as usize]
    }

    /// The candidates that forced `slot`.
    pub fn reasons(&self, slot: u32) -> &[u32] {
        let (start, end) = self.reasons[slot as usize];
        &self.arena[start as usize..end as usize]
    }

    /// What the last contradiction met.
    pub fn clash(&self) -> Option<Clash> {
        self.clash
    }

    /// The board it propagates on.
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// The links of the rules' tables and sums this propagation uses.
    pub fn links(&self) -> &RuleLinks {
        &self.links
    }

    /// Sets `slot` to `value` for `reasons`; a clash is a contradiction.
    fn set(
        &mut self,
        slot: u32,
        value: i8,
        reasons: &[u32],
        weight: u32,
        cause: Cause,
    ) -> Result<(), Conflict> {
        let index = slot as usize;
        match self.value[index] {
            0 => {
                self.value[index] = value;
                self.weight[index] = weight;
                self.cause[index] = cause;
                let start = self.arena.len() as u32;
                self.arena_marks.push(start);
                self.arena.extend_from_slice(reasons);
                self.reasons[index] = (start, self.arena.len() as u32);
                self.position[index] = self.trail.len() as u32;
                self.trail.push(slot);
                Ok(())
            }
            held if held == value => Ok(()),
            _ => {
                let mut conflict = reasons.to_vec();
                conflict.push(slot);
                let reason = reasons.first().copied();
                self.clash = Some(Clash::Both { slot, cause, reason });
                Err(conflict)
            }
        }
    }

    /// Propagates the trail's unpropagated entries, breadth first.
    fn propagate(&mut self) -> Result<(), Conflict> {
        while let Some(&slot) = self.trail.get(self.head) {
            self.head += 1;
            if self.value[slot as usize] == 1 {
                self.force_implied(slot)?;
                self.falsify_excluded(slot)?;
            } else {
                self.check_cell(slot)?;
                self.check_houses(slot)?;
                self.check_required(slot)?;
                self.force_strong(slot)?;
            }
        }
        Ok(())
    }

    /// A true candidate: its cell's other digits, and every placement it excludes, go false.
    fn falsify_excluded(&mut self, slot: u32) -> Result<(), Conflict> {
        let (cell, digit) = (slot as usize / self.digits, slot as usize % self.digits);
        let board = self.board;
        for other in 0..self.digits {
            if other != digit {
                self.set((cell * self.digits + other) as u32, -1, &[slot], 1, Cause::Excluded)?;
            }
        }
        for &peer in &board.peers[cell] {
            self.set((peer * self.digits + digit) as u32, -1, &[slot], 1, Cause::Excluded)?;
        }
        for &(other, digits) in &board.exclusions[slot as usize] {
            for excluded in digits.iter() {
                let excluded = (other * self.digits + excluded.index()) as u32;
                self.set(excluded, -1, &[slot], 1, Cause::Excluded)?;
            }
        }
        for k in 0..self.links.weak[slot as usize].len() {
            let (excluded, _) = self.links.weak[slot as usize][k];
            self.set(excluded, -1, &[slot], 1, Cause::Excluded)?;
        }
        Ok(())
    }

    /// A true candidate: what it implies in the rules' tables and sums goes true.
    fn force_implied(&mut self, slot: u32) -> Result<(), Conflict> {
        for k in 0..self.links.implied[slot as usize].len() {
            let (implied, _) = self.links.implied[slot as usize][k];
            self.set(implied, 1, &[slot], 1, Cause::Implied)?;
        }
        Ok(())
    }

    /// A false candidate: its strong partners in the rules' tables and sums go true.
    fn force_strong(&mut self, slot: u32) -> Result<(), Conflict> {
        for k in 0..self.links.strong[slot as usize].len() {
            let (partner, _) = self.links.strong[slot as usize][k];
            self.set(partner, 1, &[slot], 1, Cause::Strong)?;
        }
        Ok(())
    }

    /// A false candidate: its cell may be left one digit, or none.
    fn check_cell(&mut self, slot: u32) -> Result<(), Conflict> {
        let first = slot / self.digits as u32 * self.digits as u32;
        let cell = slot as usize / self.digits;
        let digits = first..first + self.digits as u32;
        self.check_group(digits, Cause::NakedSingle, Clash::NoDigit(cell))
    }

    /// A false candidate: its digit may be left one place, or none, in a full house of its
    /// cell.
    fn check_houses(&mut self, slot: u32) -> Result<(), Conflict> {
        let (digits, board) = (self.digits, self.board);
        let (cell, digit) = (slot as usize / digits, slot as usize % digits);
        for &index in &board.houses_of[cell] {
            let house = &board.houses[index];
            if house.full {
                let places = house.indices.iter().map(|&c| (c * digits + digit) as u32);
                let (single, clash) = (Cause::HiddenSingle(index), Clash::NoPlace(index, digit));
                self.check_group(places, single, clash)?;
            }
        }
        Ok(())
    }

    /// A false candidate: a digit a line, cage or table holds may be left one place there, or
    /// none.
    fn check_required(&mut self, slot: u32) -> Result<(), Conflict> {
        let links = Arc::clone(&self.links);
        for &group in &links.required.of[slot as usize] {
            let slots = links.required.groups[group as usize].slots.iter().copied();
            let group = group as usize;
            let (single, clash) = (Cause::RequiredSingle(group), Clash::NoRequiredPlace(group));
            self.check_group(slots, single, clash)?;
        }
        Ok(())
    }

    /// How many of `slots` were open at trail mark `mark`: open now, or set from it on.
    fn opened_at(&self, slots: impl Iterator<Item = u32>, mark: usize) -> usize {
        slots
            .filter(|&s| {
                let index = s as usize;
                self.value[index] == 0
                    || (self.weight[index] > 0 && self.position[index] as usize >= mark)
            })
            .count()
    }

    /// One of `slots` must hold: none true and one open makes it true (for the false ones,
    /// as `single`); none open is a contradiction (`empty`).
    fn check_group(
        &mut self,
        slots: impl Iterator<Item = u32> + Clone,
        single: Cause,
        empty: Clash,
    ) -> Result<(), Conflict> {
        let mut open = None;
        for slot in slots.clone() {
            match self.value[slot as usize] {
                1 => return Ok(()),
                0 if open.is_some() => return Ok(()),
                0 => open = Some(slot),
                _ => {}
            }
        }
        if let Some((mark, empties)) = self.static_from
            && (open.is_some() || !empties)
            && self.opened_at(slots.clone(), mark) > 2
        {
            return Ok(());
        }
        let mut reasons = std::mem::take(&mut self.scratch);
        reasons.clear();
        reasons.extend(slots.filter(|&s| self.weight[s as usize] > 0));
        let checked = match open {
            Some(slot) => self.set(slot, 1, &reasons, 1, single),
            None => {
                self.clash = Some(empty);
                Err(reasons.clone())
            }
        };
        self.scratch = reasons;
        checked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Ir;
    use crate::model::puzzle::Puzzle;

    /// The board and settled start of `text` (a puzzle).
    fn settled(text: &str) -> (Board, State) {
        let puzzle: Puzzle = text.parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let mut state = State::start(&board, &ir, puzzle.givens()).unwrap();
        state.settle(&board).unwrap();
        (board, state)
    }

    const ESCARGOT: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    #[test]
    fn an_assumption_fails_exactly_when_the_propagation_core_fails() {
        // The same deductions as the core's settle (singles and exclusions) on classic rules.
        let path = format!("{}/puzzles/anti-knight-9x9-ctc.txt", env!("CARGO_MANIFEST_DIR"));
        let anti_knight = std::fs::read_to_string(path).unwrap();
        for text in [ESCARGOT, &anti_knight] {
            let (board, state) = settled(text);
            let mut implications = Implications::new(&board, &state);
            let mut failures = 0;
            for slot in implications.open() {
                let placement = implications.placement(slot);
                let mut core = state.clone();
                let core_fails =
                    core.place(&board, placement).and_then(|()| core.settle(&board).map(drop));
                let mark = implications.mark();
                let fails = implications.assume(slot).is_err();
                implications.undo(mark);
                assert_eq!(fails, core_fails.is_err(), "{placement:?}");
                failures += usize::from(fails);
            }
            assert!(failures > 0, "some assumption fails in {text}");
        }
    }

    #[test]
    fn a_static_assumption_sees_less_than_a_dynamic_one_and_empties_add_to_it() {
        let (board, state) = settled(ESCARGOT);
        let mut implications = Implications::new(&board, &state);
        let (mut narrower, mut fails) = (0, [0; 3]);
        for slot in implications.open() {
            let mut run = |how: usize| {
                let mark = implications.mark();
                let failed = match how {
                    0 => implications.assume_static(slot, false),
                    1 => implications.assume_static(slot, true),
                    _ => implications.assume(slot),
                }
                .is_err();
                let set = implications.mark() - mark;
                implications.undo(mark);
                (failed, set)
            };
            let [(clash, plain), (empty, with_empties), (dynamic, all)] = [run(0), run(1), run(2)];
            // What fails statically fails with empties, and what fails so fails dynamically.
            assert!(usize::from(clash) <= usize::from(empty) && empty <= dynamic, "{slot}");
            if !dynamic {
                assert!(plain <= with_empties && with_empties <= all, "{slot}");
                narrower += usize::from(plain < all);
            }
            for (count, failed) in fails.iter_mut().zip([clash, empty, dynamic]) {
                *count += usize::from(failed);
            }
        }
        assert!(narrower > 0, "some static assumption stops short of the dynamic one");
        assert!(fails[0] < fails[2], "{fails:?}");
    }

    #[test]
    fn undo_restores_the_open_candidates_and_proofs_rest_on_their_reasons() {
        let (board, state) = settled(ESCARGOT);
        let mut implications = Implications::new(&board, &state);
        let open = implications.open();
        let refuted = open.iter().copied().find_map(|slot| {
            let mark = implications.mark();
            let proof = implications.assume(slot).err().map(|c| implications.proof(&c, mark));
            implications.undo(mark);
            proof
        });
        let (size, outer) = refuted.expect("a level-1 contradiction on AI Escargot");
        // The assumption and at least the two clashing candidates; nothing set before it.
        assert!(size >= 3 && outer.is_empty(), "{size} {outer:?}");
        assert_eq!(implications.open(), open);
    }
}
