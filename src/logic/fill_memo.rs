//! What the fill searches of lines and sums found, remembered by group and candidates: a
//! line or a sum whose cells have not changed since it was last searched (in the solve or in
//! any assumption of a bifurcation) is answered from here, not searched again. The last fills
//! found on each group are kept too: a fill that still fits the candidates shows its digits
//! have a fill without a search (the search would have found one or given up, and either way
//! the candidate stays), so a question it answers is not asked again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::ir::Placement;
use crate::model::digit::{Digit, DigitSet};

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

/// The answers kept, per group by candidates, and how many there are; per group, the last
/// fills found (the newest last).
#[derive(Default)]
struct Answers {
    by_group: HashMap<usize, HashMap<Vec<DigitSet>, Arc<Found>, Mixer>>,
    count: usize,
    fills: HashMap<usize, Vec<Vec<Digit>>>,
}

impl Memo {
    /// The most answers kept (bifurcations ask about many states).
    const MAX_ENTRIES: usize = 100_000;

    /// The most fills kept per group.
    const MAX_FILLS: usize = 64;

    /// The answer for group `group` at candidates `sets`, found by `find` when not yet known.
    /// `find` is handed the fills kept for the group that fit `sets` and returns, beside the
    /// answer, the fills its searches found, which are kept in place of the oldest.
    pub fn get_or_find(
        &self,
        group: usize,
        sets: &[DigitSet],
        find: impl FnOnce(Vec<Vec<Digit>>) -> (Found, Vec<Vec<Digit>>),
    ) -> Arc<Found> {
        let fitting = {
            let answers = self.0.lock().expect("no panic holds the memo");
            if let Some(found) = answers.by_group.get(&group).and_then(|m| m.get(sets)) {
                return Arc::clone(found);
            }
            let fits = |fill: &&Vec<Digit>| fill.iter().zip(sets).all(|(&d, set)| set.contains(d));
            let kept = answers.fills.get(&group).map_or(&[][..], Vec::as_slice);
            kept.iter().rev().filter(fits).cloned().collect()
        };
        let (found, new_fills) = find(fitting);
        let found = Arc::new(found);
        let mut answers = self.0.lock().expect("no panic holds the memo");
        if answers.count >= Self::MAX_ENTRIES {
            answers.by_group.clear();
            answers.count = 0;
        }
        answers.count += 1;
        answers.by_group.entry(group).or_default().insert(sets.to_vec(), Arc::clone(&found));
        let kept = answers.fills.entry(group).or_default();
        kept.extend(new_fills);
        let over = kept.len().saturating_sub(Self::MAX_FILLS);
        kept.drain(..over);
        found
    }
}

/// A hasher for candidate sets (a few words, no adversary): each word multiplied in, far
/// cheaper than the default SipHash on keys looked up at every step. The product carries its
/// spread in the high bits, and the table picks its bucket by the low ones: the last rotation
/// brings the high bits down (as rustc's FxHasher does).
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
        self.0.rotate_left(26)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(values: &[usize]) -> Vec<Digit> {
        values.iter().map(|&v| Digit::from_index(v - 1)).collect()
    }

    fn sets(values: &[&[usize]]) -> Vec<DigitSet> {
        values.iter().map(|set| digits(set).into_iter().collect()).collect()
    }

    #[test]
    fn the_fills_found_are_handed_to_later_searches_they_fit() {
        let memo = Memo::default();
        let first = sets(&[&[1, 2, 3], &[1, 2, 3]]);
        let found = |fills: Vec<Vec<Digit>>| {
            move |known: Vec<Vec<Digit>>| {
                assert!(known.is_empty(), "nothing kept yet fits: {known:?}");
                (Found::default(), fills)
            }
        };
        memo.get_or_find(0, &first, found(vec![digits(&[1, 2]), digits(&[3, 1])]));
        // Asked again with the same candidates: the answer, no search.
        memo.get_or_find(0, &first, |_| panic!("remembered"));
        // Fewer candidates: only the fills within them, the newest first; none for another
        // group.
        let mut handed = Vec::new();
        memo.get_or_find(0, &sets(&[&[1, 3], &[1, 2]]), |known| {
            handed = known;
            (Found::default(), Vec::new())
        });
        assert_eq!(handed, [digits(&[3, 1]), digits(&[1, 2])]);
        memo.get_or_find(0, &sets(&[&[1], &[1, 3]]), found(Vec::new()));
        memo.get_or_find(1, &sets(&[&[1, 3], &[1, 2]]), found(Vec::new()));
    }
}
