//! Locked candidates for the guess-and-propagate search (`search.rs`): deductions a little
//! stronger than the core's singles, cheap enough to run at every guess, which cut the search
//! tree several times over.
//!
//! - **Crossings** (classic rule sets): a digit whose places in one house all lie where it
//!   crosses another house leaves the rest of the other (pointing and claiming).
//! - **Common exclusions** (rule sets with `Exclude` pairs: anti-king, anti-knight,
//!   non-consecutive, ...): a placement that every place of a digit in a house excludes is
//!   false, since one of those places holds the digit. This is the logic engine's common
//!   exclusion technique on bitsets of placements, and it holds the crossings as a case.
//!
//! Each runs only over the houses changed since it last looked (`State::unlocked`).

use super::board::{Board, Crossing};
use super::state::State;
use crate::ir::propagate::Contradiction;
use crate::model::digit::{Digit, DigitSet};

/// The largest grid whose placements get exclusion bitsets (16×16: 4,096 placements of 64
/// words each, 2 MiB; above that the crossings serve).
const MAX_SIZE_FOR_SETS: usize = 16;

/// The most places a digit may have in a house for its common exclusion to be looked for:
/// with more, what they all exclude is seldom anything (measured on 20 generated Miracle
/// puzzles: allowing any number saves a third of the nodes but doubles the time).
const MAX_PLACES: usize = 3;

/// For each placement, the placements it excludes, as a bitset over placement slots: the
/// other digits of its cell, its digit in the cell's peers, its `Exclude` partners.
#[derive(Clone, Debug)]
pub(crate) struct ExclusionSets {
    /// Words per bitset.
    words: usize,
    /// The bitsets, one after another in slot order.
    sets: Vec<u64>,
    /// Whether the rules have `Exclude` pairs: without, the crossings are the cheaper locked
    /// candidates.
    pairs: bool,
}

impl ExclusionSets {
    /// The sets of `board`'s placements, when its grid is small enough; `None` otherwise.
    pub fn of(board: &Board) -> Option<ExclusionSets> {
        if board.geometry.size() > MAX_SIZE_FOR_SETS {
            return None;
        }
        let pairs = board.excluded_by.iter().any(|list| !list.is_empty());
        let geometry = board.geometry;
        let words = geometry.slot_count().div_ceil(64);
        let mut sets = vec![0u64; geometry.slot_count() * words];
        for cell in geometry.cells() {
            for digit in (0..geometry.size()).map(Digit::from_index) {
                let placement = crate::ir::Placement::new(cell, digit);
                let set = &mut sets[board.slot(placement) * words..][..words];
                for excluded in board.excluded(placement) {
                    let slot = board.slot(excluded);
                    set[slot / 64] |= 1 << (slot % 64);
                }
            }
        }
        Some(ExclusionSets { words, sets, pairs })
    }

    /// The set of `slot`.
    fn of_slot(&self, slot: usize) -> &[u64] {
        &self.sets[slot * self.words..][..self.words]
    }

    /// The candidates of `state` as a bitset over slots, for [`ExclusionSets::common`].
    pub fn alive(&self, state: &State) -> Vec<u64> {
        candidate_slots(state, state.candidates.geometry().size(), self.words)
    }

    /// The slots of `alive` (see [`ExclusionSets::alive`]) that the placement of `slot`
    /// excludes, in slot order.
    pub fn excluded_among<'a>(
        &'a self,
        slot: usize,
        alive: &'a [u64],
    ) -> impl Iterator<Item = usize> + 'a {
        (self.of_slot(slot).iter().zip(alive).enumerate()).flat_map(|(index, (set, alive))| {
            let mut bits = set & alive;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let slot = index * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    slot
                })
            })
        })
    }

    /// Whether a candidate of `alive` (see [`ExclusionSets::alive`]) is excluded by every
    /// placement of `slots` (at least two, all in one house or one cell, so that none of
    /// them is counted): what a common exclusion would remove. `common` is scratch.
    pub fn common(
        &self,
        slots: impl Iterator<Item = usize>,
        alive: &[u64],
        common: &mut Vec<u64>,
    ) -> bool {
        common.clear();
        common.extend_from_slice(alive);
        for slot in slots {
            common.iter_mut().zip(self.of_slot(slot)).for_each(|(c, s)| *c &= s);
        }
        common.iter().any(|&word| word != 0)
    }
}

/// Runs the locked candidates that suit `board` over the houses changed since the last run;
/// says whether anything went.
///
/// # Errors
/// When a cell runs out of candidates.
pub(crate) fn lock(board: &Board, state: &mut State) -> Result<bool, Contradiction> {
    state.mark_dirty_houses(board);
    let unlocked = std::mem::take(&mut state.unlocked);
    let progress = match board.exclusion_sets() {
        Some(sets) if sets.pairs => common_exclusions(board, sets, &unlocked, state),
        _ => crossings(board.crossings(), &unlocked, state),
    };
    state.unlocked = unlocked;
    state.unlocked.iter_mut().for_each(|house| *house = false);
    progress
}

/// Pointing and claiming over the crossings of changed houses.
fn crossings(
    crossings: &[Crossing],
    unlocked: &[bool],
    state: &mut State,
) -> Result<bool, Contradiction> {
    let mut progress = false;
    for crossing in crossings {
        if !crossing.houses.iter().any(|&house| unlocked[house]) {
            continue;
        }
        let union = |state: &State, cells: &[usize]| {
            cells.iter().fold(0u64, |all, &i| all | state.candidates.at(i).bits())
        };
        let shared = union(state, &crossing.shared);
        let [a, b] = &crossing.rests;
        let (in_a, in_b) = (union(state, a), union(state, b));
        for (rest, locked) in [(b, shared & !in_a & in_b), (a, shared & !in_b & in_a)] {
            if locked != 0 {
                for &index in rest {
                    progress |= state.remove_at(index, DigitSet::from_bits(locked))?;
                }
            }
        }
    }
    Ok(progress)
}

/// Common exclusions of every digit in every changed full house.
fn common_exclusions(
    board: &Board,
    sets: &ExclusionSets,
    unlocked: &[bool],
    state: &mut State,
) -> Result<bool, Contradiction> {
    let size = board.geometry.size();
    let mut common = vec![0u64; sets.words];
    let alive = candidate_slots(state, size, sets.words);
    let mut progress = false;
    for (house, _) in
        board.houses.iter().enumerate().filter(|(h, house)| house.full && unlocked[*h])
    {
        let cells = &board.houses[house].indices;
        for digit in 0..size {
            let bit = 1u64 << digit;
            let places = || cells.iter().filter(|&&i| state.candidates.at(i).bits() & bit != 0);
            if !(2..=MAX_PLACES).contains(&places().count()) {
                continue;
            }
            common.copy_from_slice(&alive);
            for &place in places() {
                common
                    .iter_mut()
                    .zip(sets.of_slot(place * size + digit))
                    .for_each(|(c, s)| *c &= s);
            }
            if common.iter().any(|&word| word != 0) {
                progress |= remove_slots(state, &common, size)?;
            }
        }
    }
    Ok(progress)
}

/// The candidates of `state` as a bitset over placement slots (`words` words): what a
/// common exclusion can still remove.
fn candidate_slots(state: &State, size: usize, words: usize) -> Vec<u64> {
    let mut slots = vec![0u64; words];
    for cell in 0..state.placed.len() {
        let (bits, first) = (state.candidates.at(cell).bits(), cell * size);
        slots[first / 64] |= bits << (first % 64);
        if first % 64 + size > 64 {
            slots[first / 64 + 1] |= bits >> (64 - first % 64);
        }
    }
    slots
}

/// Removes every candidate whose slot is in `slots`; says whether any was there.
fn remove_slots(state: &mut State, slots: &[u64], size: usize) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (word_index, &word) in slots.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let slot = word_index * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (cell, digit) = (slot / size, slot % size);
            progress |= state.remove_at(cell, DigitSet::from_bits(1 << digit))?;
        }
    }
    Ok(progress)
}
