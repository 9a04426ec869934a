//! What each placement excludes, as bitsets over placement slots: one AND of a few words says
//! what a set of placements all exclude. The guess-and-propagate search's locked candidates
//! (`locked.rs`) remove those; the logic engine's common exclusions and chains read them to
//! skip, cheaply, the houses and cells where there is nothing to find.

use super::board::Board;
use super::state::State;
use crate::model::digit::Digit;

/// The largest grid whose placements get exclusion bitsets, by its placements (16×16 with 1-16:
/// 4,096 placements of 64 words each, 2 MiB; above that the search's locked candidates use the crossings, and the
/// logic engine checks pair by pair).
const MAX_SIZE_FOR_SETS: usize = 16;

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
        if board.geometry.slot_count() > MAX_SIZE_FOR_SETS.pow(3) {
            return None;
        }
        let pairs = board.excluded_by.iter().any(|list| !list.is_empty());
        let geometry = board.geometry;
        let words = geometry.slot_count().div_ceil(64);
        let mut sets = vec![0u64; geometry.slot_count() * words];
        for cell in geometry.cells() {
            for digit in (0..geometry.digits()).map(Digit::from_index) {
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

    /// Whether the rules have `Exclude` pairs (without, the crossings are the cheaper locked
    /// candidates).
    pub fn has_pairs(&self) -> bool {
        self.pairs
    }

    /// The set of `slot`.
    #[inline]
    fn of_slot(&self, slot: usize) -> &[u64] {
        &self.sets[slot * self.words..][..self.words]
    }

    /// The candidates of `state` as a bitset over slots, for [`ExclusionSets::common`].
    pub fn alive(&self, state: &State) -> Vec<u64> {
        candidate_slots(state, state.candidates.geometry().digits(), self.words)
    }

    /// The slots of `alive` (see [`ExclusionSets::alive`]) that the placement of `slot`
    /// excludes, in slot order.
    pub fn excluded_among<'a>(
        &'a self,
        slot: usize,
        alive: &'a [u64],
    ) -> impl Iterator<Item = usize> + 'a {
        ones(self.of_slot(slot).iter().zip(alive).map(|(set, alive)| set & alive))
    }

    /// The slots every placement of `slots` excludes (at least one), in slot order.
    pub fn excluded_by_all(&self, mut slots: impl Iterator<Item = usize>) -> Vec<usize> {
        let Some(first) = slots.next() else { return Vec::new() };
        let mut common = self.of_slot(first).to_vec();
        for slot in slots {
            common.iter_mut().zip(self.of_slot(slot)).for_each(|(c, s)| *c &= s);
        }
        ones(common.into_iter()).collect()
    }

    /// Whether a candidate of `alive` (see [`ExclusionSets::alive`]) is excluded by every
    /// placement of `slots` (at least two, all in one house or one cell, so that none of
    /// them is counted): what a common exclusion would remove. `common` is scratch.
    #[inline]
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

/// The slots whose bits are set in `words` (a bitset over slots), in order.
fn ones(words: impl Iterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.enumerate().flat_map(|(index, mut bits)| {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let slot = index * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                slot
            })
        })
    })
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
