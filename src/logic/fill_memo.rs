//! What the fill searches of lines and sums found, remembered by group and candidates: a
//! line or a sum whose cells have not changed since it was last searched (in the solve or in
//! any assumption of a bifurcation or a sum forcing chain) is answered from here, not
//! searched again. The last fills found on each group are kept too: a fill that still fits
//! the candidates shows its digits have a fill without a search (the search would have found
//! one or given up, and either way the candidate stays), so a question it answers is not
//! asked again. [`Remembered`] keeps any other answer that depends on a group's candidates
//! alone (a sum's list of fills, what two sums searched together remove).

use std::collections::HashMap;
use std::hash::Hash;
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
/// [`MAX_ENTRIES`].
#[derive(Default)]
pub(crate) struct Memo(Mutex<Answers>);

/// The answers kept; per group, the last fills found (the newest last).
#[derive(Default)]
struct Answers {
    found: Table<usize, Arc<Found>>,
    fills: HashMap<usize, Vec<Vec<Digit>>>,
}

/// The most answers a table keeps (bifurcations ask about many states).
const MAX_ENTRIES: usize = 100_000;

/// Answers per group `G` by candidates, and how many there are; emptied when they pass
/// [`MAX_ENTRIES`].
struct Table<G, V> {
    by_group: HashMap<G, HashMap<Vec<DigitSet>, V, Mixer>>,
    count: usize,
}

impl<G, V> Default for Table<G, V> {
    fn default() -> Self {
        Table { by_group: HashMap::new(), count: 0 }
    }
}

impl<G: Hash + Eq, V> Table<G, V> {
    /// The answer for `group` at candidates `sets`, if kept.
    fn get(&self, group: &G, sets: &[DigitSet]) -> Option<&V> {
        self.by_group.get(group).and_then(|answers| answers.get(sets))
    }

    /// Keeps `answer` for `group` at `sets` (after emptying the table if it is full).
    fn insert(&mut self, group: G, sets: &[DigitSet], answer: V) {
        if self.count >= MAX_ENTRIES {
            self.by_group.clear();
            self.count = 0;
        }
        self.count += 1;
        self.by_group.entry(group).or_default().insert(sets.to_vec(), answer);
    }
}

/// Answers `V` that depend on a group `G`'s candidates alone, found once per candidates and
/// then read from here; a copy of the board starts it empty ([`super::scratch::Scratch`]).
pub(crate) struct Remembered<G, V>(Mutex<Table<G, V>>);

/// Every fill of a sum (`None`: more than the most asked, or past the budget), by the sum's
/// index, the budget and the most fills asked.
pub(crate) type SumFillLists = Remembered<(usize, usize, usize), Option<Arc<Vec<Vec<Digit>>>>>;

/// The candidates of a first sum that no fill leaving a second sum a fill uses, by the two
/// sums' indices (and both sums' candidates, the first's first).
pub(crate) type SumPairEliminations = Remembered<(usize, usize), Vec<Placement>>;

/// The candidates of a sum and a cell tied to it that no fill of them all uses, by the
/// neighbour's index (and the candidates of the sum's cells, then the cell's).
pub(crate) type SumNeighbourEliminations = Remembered<usize, Vec<Placement>>;

/// The first sum a sum meets whose pair with it removes something, and what it removes, by
/// the first sum's index (and the candidates of both sums' cells and the cells of every sum
/// it meets).
pub(crate) type SumPairSteps = Remembered<usize, Option<(usize, Vec<Placement>)>>;

impl<G, V> Default for Remembered<G, V> {
    fn default() -> Self {
        Remembered(Mutex::new(Table::default()))
    }
}

impl<G: Hash + Eq, V: Clone> Remembered<G, V> {
    /// The answer for `group` at candidates `sets`, found by `find` when not yet known.
    pub fn get_or_find(&self, group: G, sets: &[DigitSet], find: impl FnOnce() -> V) -> V {
        if let Some(answer) = self.0.lock().expect("no panic holds the memo").get(&group, sets) {
            return answer.clone();
        }
        let answer = find();
        let mut table = self.0.lock().expect("no panic holds the memo");
        table.insert(group, sets, answer.clone());
        answer
    }
}

impl Memo {
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
            if let Some(found) = answers.found.get(&group, sets) {
                return Arc::clone(found);
            }
            let fits = |fill: &&Vec<Digit>| fill.iter().zip(sets).all(|(&d, set)| set.contains(d));
            let kept = answers.fills.get(&group).map_or(&[][..], Vec::as_slice);
            kept.iter().rev().filter(fits).cloned().collect()
        };
        let (found, new_fills) = find(fitting);
        let found = Arc::new(found);
        let mut answers = self.0.lock().expect("no panic holds the memo");
        answers.found.insert(group, sets, Arc::clone(&found));
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

    #[test]
    fn remembered_answers_are_found_once_per_group_and_candidates() {
        let memo: Remembered<usize, usize> = Remembered::default();
        let first = sets(&[&[1, 2], &[3]]);
        assert_eq!(memo.get_or_find(0, &first, || 7), 7);
        assert_eq!(memo.get_or_find(0, &first, || panic!("remembered")), 7);
        // Other candidates or another group: found again.
        assert_eq!(memo.get_or_find(0, &sets(&[&[1], &[3]]), || 8), 8);
        assert_eq!(memo.get_or_find(1, &first, || 9), 9);
        assert_eq!(memo.get_or_find(0, &first, || panic!("still remembered")), 7);
    }
}
