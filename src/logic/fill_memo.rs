//! What the fill searches of lines and sums found, remembered by group and candidates: a
//! line or a sum whose cells have not changed since it was last searched (in the solve or in
//! any assumption of a bifurcation) is answered from here, not searched again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::ir::Placement;
use crate::model::digit::DigitSet;

/// What the fill search found on a group of cells: the candidates no fill uses, the digits
/// every fill holds and what sees all their places.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// The candidates of the group's cells that no fill uses.
    pub unsupported: Vec<Placement>,
    /// The digits every fill holds (asked when nothing is unsupported).
    pub in_every_fill: DigitSet,
    /// The placements outside the group, candidates or not, that see every place in it of a
    /// digit every fill holds: what those digits remove where they are candidates.
    pub seeing: Vec<Placement>,
}

/// The fill searches' answers by group (a line's or a sum's index) and candidates: what a
/// search finds depends on its cells' candidates alone. Emptied when it grows past
/// [`Memo::MAX_ENTRIES`].
#[derive(Default)]
pub(crate) struct Memo(Mutex<Answers>);

/// The answers kept, per group by candidates, and how many there are.
#[derive(Default)]
struct Answers {
    by_group: HashMap<usize, HashMap<Vec<DigitSet>, Arc<Found>, Mixer>>,
    count: usize,
}

impl Memo {
    /// The most answers kept (bifurcations ask about many states).
    const MAX_ENTRIES: usize = 100_000;

    /// The answer for group `group` at candidates `sets`, found by `find` when not yet known.
    pub fn get_or_find(
        &self,
        group: usize,
        sets: &[DigitSet],
        find: impl FnOnce() -> Found,
    ) -> Arc<Found> {
        let known = |answers: &Answers| answers.by_group.get(&group)?.get(sets).cloned();
        if let Some(found) = known(&self.0.lock().expect("no panic holds the memo")) {
            return found;
        }
        let found = Arc::new(find());
        let mut answers = self.0.lock().expect("no panic holds the memo");
        if answers.count >= Self::MAX_ENTRIES {
            *answers = Answers::default();
        }
        answers.count += 1;
        answers.by_group.entry(group).or_default().insert(sets.to_vec(), Arc::clone(&found));
        found
    }
}

/// A hasher for candidate sets (a few words, no adversary): each word multiplied in, far
/// cheaper than the default SipHash on keys looked up at every step.
#[derive(Clone, Copy, Default)]
struct Mixer(u64);

impl std::hash::BuildHasher for Mixer {
    type Hasher = Mixer;

    fn build_hasher(&self) -> Mixer {
        Mixer(0)
    }
}

impl std::hash::Hasher for Mixer {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&byte| self.write_u64(u64::from(byte)));
    }

    fn write_u64(&mut self, word: u64) {
        // The golden ratio's multiplier spreads each word over the high bits.
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}
