//! What the fill searches of lines and sums found, remembered by group and candidates: a
//! line or a sum whose cells have not changed since it was last searched (in the solve or in
//! any assumption of a bifurcation) is answered from here, not searched again.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::ir::Placement;
use crate::model::digit::DigitSet;

/// What the fill search found on a group of cells: the candidates no fill uses, and the digits
/// every fill holds.
#[derive(Clone, Debug, Default)]
pub(crate) struct Found {
    /// The candidates of the group's cells that no fill uses.
    pub unsupported: Vec<Placement>,
    /// The digits every fill holds (asked when nothing is unsupported).
    pub in_every_fill: DigitSet,
}

/// The fill searches' answers by group (a line's or a sum's index) and candidates: what a
/// search finds depends on its cells' candidates alone. Emptied when it grows past
/// [`Memo::MAX_ENTRIES`].
#[derive(Default)]
pub(crate) struct Memo(Mutex<HashMap<(usize, Vec<DigitSet>), Found>>);

impl Memo {
    /// The most answers kept (bifurcations ask about many states).
    const MAX_ENTRIES: usize = 100_000;

    /// The answer for group `group` at candidates `sets`, found by `find` when not yet known.
    pub fn get_or_find(
        &self,
        group: usize,
        sets: Vec<DigitSet>,
        find: impl FnOnce() -> Found,
    ) -> Found {
        let key = (group, sets);
        if let Some(found) = self.0.lock().expect("no panic holds the memo").get(&key) {
            return found.clone();
        }
        let found = find();
        let mut memo = self.0.lock().expect("no panic holds the memo");
        if memo.len() >= Self::MAX_ENTRIES {
            memo.clear();
        }
        memo.insert(key, found.clone());
        found
    }
}
