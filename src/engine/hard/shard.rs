//! A shard of the search's neighbourhood: which moves one process of a wide search makes (and
//! which of the seed puzzles it reports), so that N processes with shards 1/N to N/N explore
//! disjoint parts that together cover it.

use std::fmt;

use crate::model::puzzle::Puzzle;

/// The most shards a neighbourhood is cut into: a search's lanes cut a shard again
/// ([`Shard::split`]), up to 1024 times, within the 64 bits of the count.
const MAX_COUNT: u64 = 1 << 32;

/// Shard `K` of `N` (1-based, as the user writes `--shard K/N`): a move (its parent, dropped
/// cells and draws) or a seed puzzle (its one-line form) belongs to exactly one shard of N,
/// chosen by a hash that is the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    index: u64,
    count: u64,
}

impl Default for Shard {
    /// The whole neighbourhood: shard 1 of 1.
    fn default() -> Shard {
        Shard { index: 0, count: 1 }
    }
}

impl Shard {
    /// Shard `number` of `count` (1-based); `None` unless `1 <= number <= count <= 2^32`.
    pub fn new(number: u64, count: u64) -> Option<Shard> {
        let fits = (1..=count).contains(&number) && count <= MAX_COUNT;
        fits.then_some(Shard { index: number - 1, count })
    }

    /// Reads `K/N`.
    ///
    /// # Errors
    /// A message saying what was expected when `text` is not `K/N` with `1 <= K <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let expected =
            format!("expected K/N with 1 <= K <= N <= {MAX_COUNT} (e.g. 2/4), found `{text}`");
        let (number, count) = text.split_once('/').ok_or_else(|| expected.clone())?;
        let number = number.trim().parse().map_err(|_| expected.clone())?;
        let count = count.trim().parse().map_err(|_| expected.clone())?;
        Shard::new(number, count).ok_or(expected)
    }

    /// Whether `puzzle` belongs to this shard.
    pub fn contains(&self, puzzle: &Puzzle) -> bool {
        self.holds(fnv1a(puzzle.to_line().as_bytes()))
    }

    /// How many shards the neighbourhood is cut into (N).
    pub fn count(&self) -> u64 {
        self.count
    }

    /// This shard cut into `lanes` shards of its own: lane K of N (0-based here) gets shard
    /// `K + 1 + k·N` of `N·lanes`, k = 0..`lanes` (the shard's own hashes, dealt out again), so
    /// that the lanes' moves are disjoint and together cover the shard's. Of the whole
    /// neighbourhood, the lanes are the shards 1/N to N/N. `lanes` is at most 1024 and a
    /// shard's count at most 2^32, so the product fits.
    pub(crate) fn split(self, lanes: usize) -> impl Iterator<Item = Shard> {
        let count = self.count * lanes as u64;
        (0..lanes as u64).map(move |lane| Shard { index: self.index + self.count * lane, count })
    }

    /// Whether the thing hashed to `hash` (a puzzle, a move) belongs to this shard.
    pub(crate) fn holds(&self, hash: u64) -> bool {
        hash % self.count == self.index
    }
}

impl fmt::Display for Shard {
    /// The user form, `K/N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

/// The 64-bit FNV-1a hash: fixed by its definition, unlike the standard library's hasher,
/// so that every process of a wide search agrees on the shards.
/// See: <http://www.isthe.com/chongo/tech/comp/fnv/>
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generate::{GenerateOptions, generate};

    #[test]
    fn the_shards_of_n_are_disjoint_and_cover_every_puzzle() {
        let template: Puzzle = format!("rules: classic\n{}", ".".repeat(36)).parse().unwrap();
        for index in 0..40 {
            let puzzle = generate(&template, index, &GenerateOptions::new()).unwrap().puzzle;
            for count in 1..=4 {
                let owners =
                    (1..=count).filter(|&k| Shard::new(k, count).unwrap().contains(&puzzle));
                assert_eq!(owners.count(), 1, "{count} shards");
            }
        }
    }

    #[test]
    fn the_lanes_of_a_shard_are_disjoint_and_cover_it() {
        let whole: Vec<Shard> = Shard::default().split(2).collect();
        assert_eq!(whole, [Shard::new(1, 2).unwrap(), Shard::new(2, 2).unwrap()]);
        let shard = Shard::new(2, 3).unwrap();
        for hash in 0..60 {
            let owners = shard.split(4).filter(|lane| lane.holds(hash)).count();
            assert_eq!(owners, usize::from(shard.holds(hash)), "{hash}");
        }
    }

    #[test]
    fn shards_read_back_and_bad_ones_say_what_was_expected() {
        assert_eq!(Shard::parse("2/4").unwrap().to_string(), "2/4");
        assert_eq!(Shard::parse("1/1"), Ok(Shard::default()));
        for bad in ["0/4", "5/4", "x/2", "3", "1/0", "1/4294967297"] {
            assert!(Shard::parse(bad).unwrap_err().starts_with("expected K/N"), "{bad}");
        }
        // The hash is FNV-1a's own: the same on every machine.
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
