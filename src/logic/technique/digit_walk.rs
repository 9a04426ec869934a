//! Walks along a line of cells that all differ: which digits each cell can hold on some way
//! from a start to an end, the state being the set of digits used so far (and a counter).
//!
//! The outside-clue technique asks these questions of a row or column: "can the cells between
//! the 1 and the 9 hold different digits adding up to 14, and with which digits?", "which
//! orders of heights show exactly 3 skyscrapers?". A state is a digit mask (bit `i` for digit
//! `i + 1`), so the sum of the digits used and the tallest so far are read off the mask, and
//! the all-different of the house is exact. A set of states is a bitset over the 2^N masks
//! ([`MaskSet`], N ≤ [`MAX_DIGITS`]); placing digit `d` shifts the masks lacking it by 2^d,
//! so a step costs a few word operations per digit, not one per state. A walk runs forward
//! (the states reachable after each cell) and back (the states from which the end is still
//! reachable); a digit is supported where both meet. The same forward-backward scheme as a
//! `regular` constraint's filtering (Pesant 2004), over the exact subset states.

use std::sync::OnceLock;

use crate::model::digit::DigitSet;

/// The largest grid size whose digit masks the walk enumerates (1,024 masks).
pub(super) const MAX_DIGITS: usize = 10;

/// Words of a [`MaskSet`]: 2^MAX_DIGITS bits.
const WORDS: usize = (1 << MAX_DIGITS) / 64;

/// A set of digit masks, as a bitset indexed by the mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MaskSet([u64; WORDS]);

impl MaskSet {
    /// No mask.
    pub const EMPTY: MaskSet = MaskSet([0; WORDS]);

    /// The masks of `size` digits that pass `keep`.
    pub fn of(size: usize, keep: impl Fn(usize) -> bool) -> MaskSet {
        let mut set = MaskSet::EMPTY;
        for mask in (0..1usize << size).filter(|&m| keep(m)) {
            set.0[mask / 64] |= 1 << (mask % 64);
        }
        set
    }

    /// Only the empty mask: nothing used yet.
    pub fn start() -> MaskSet {
        MaskSet::single(0)
    }

    /// Only `mask`.
    pub fn single(mask: usize) -> MaskSet {
        let mut set = MaskSet::EMPTY;
        set.0[mask / 64] |= 1 << (mask % 64);
        set
    }

    /// Whether it holds no mask.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The masks in both.
    pub fn and(&self, other: &MaskSet) -> MaskSet {
        MaskSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Whether some mask is in both.
    pub fn meets(&self, other: &MaskSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Adds the masks of `other`.
    pub fn join(&mut self, other: &MaskSet) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    /// Every mask plus `by` (masks lacking a digit `d`, plus 2^d, gain it).
    fn shifted_up(&self, by: usize) -> MaskSet {
        let (words, bits) = (by / 64, by % 64);
        MaskSet(std::array::from_fn(|i| {
            let Some(from) = i.checked_sub(words) else { return 0 };
            let carry = match (bits, from.checked_sub(1)) {
                (0, _) | (_, None) => 0,
                (_, Some(below)) => self.0[below] >> (64 - bits),
            };
            (self.0[from] << bits) | carry
        }))
    }

    /// Every mask minus `by` (masks holding a digit `d`, minus 2^d, lose it).
    fn shifted_down(&self, by: usize) -> MaskSet {
        let (words, bits) = (by / 64, by % 64);
        MaskSet(std::array::from_fn(|i| {
            let from = i + words;
            if from >= WORDS {
                return 0;
            }
            let carry =
                if bits == 0 || from + 1 >= WORDS { 0 } else { self.0[from + 1] << (64 - bits) };
            (self.0[from] >> bits) | carry
        }))
    }
}

/// The mask sets a walk over `size` digits filters with, computed once per size.
#[derive(Debug)]
pub(super) struct Patterns {
    /// Per digit index: the masks without it.
    lacking: Vec<MaskSet>,
    /// Per digit index: the masks with it.
    holding: Vec<MaskSet>,
    /// Per digit index: the masks of smaller digits only (it would be the tallest).
    below: Vec<MaskSet>,
    /// Per digit index: the masks without it and with a taller digit (it would be hidden).
    beneath: Vec<MaskSet>,
    /// Per total: the masks whose digits add up to it.
    sums: Vec<MaskSet>,
    /// Every mask.
    pub all: MaskSet,
}

impl Patterns {
    /// The patterns of `size` digits (at most [`MAX_DIGITS`]).
    pub fn of(size: usize) -> &'static Patterns {
        static BY_SIZE: [OnceLock<Patterns>; MAX_DIGITS + 1] =
            [const { OnceLock::new() }; MAX_DIGITS + 1];
        BY_SIZE[size].get_or_init(|| {
            let total =
                |m: usize| (0..size).filter(|i| m >> i & 1 == 1).map(|i| i + 1).sum::<usize>();
            let per_digit = |keep: &dyn Fn(usize, usize) -> bool| {
                (0..size).map(|d| MaskSet::of(size, |m| keep(d, m))).collect()
            };
            Patterns {
                lacking: per_digit(&|d, m| m >> d & 1 == 0),
                holding: per_digit(&|d, m| m >> d & 1 == 1),
                below: per_digit(&|d, m| m < 1 << d),
                beneath: per_digit(&|d, m| m >> d & 1 == 0 && m >= 2 << d),
                sums: (0..=size * (size + 1) / 2)
                    .map(|s| MaskSet::of(size, |m| total(m) == s))
                    .collect(),
                all: MaskSet::of(size, |_| true),
            }
        })
    }

    /// The masks whose digits add up to `total` (none when no mask does).
    pub fn sum(&self, total: usize) -> MaskSet {
        self.sums.get(total).copied().unwrap_or(MaskSet::EMPTY)
    }
}

/// What the counter of a walk counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counter {
    /// Nothing: the walk only keeps its digits all different (one layer).
    Nothing,
    /// The digits taller than every one before them: a skyscraper's visible cells.
    Records,
}

/// A walk: the patterns of the grid size and what its counter counts. Its states are
/// layers of mask sets, one per counter value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Walk {
    patterns: &'static Patterns,
    counter: Counter,
}

impl Walk {
    /// A walk over `size` digits (at most [`MAX_DIGITS`]) counting `counter`.
    pub fn new(size: usize, counter: Counter) -> Walk {
        Walk { patterns: Patterns::of(size), counter }
    }

    /// The patterns of its size.
    pub fn patterns(&self) -> &'static Patterns {
        self.patterns
    }

    /// The ways digit `d` moves a state: from the masks of the pattern, adding to the counter.
    fn moves(&self, d: usize) -> [(&MaskSet, usize); 2] {
        let p = self.patterns;
        match self.counter {
            Counter::Nothing => [(&p.lacking[d], 0), (&MaskSet::EMPTY, 0)],
            Counter::Records => [(&p.below[d], 1), (&p.beneath[d], 0)],
        }
    }

    /// The states after a cell that may hold `allowed`, from the states `from`.
    fn advance(&self, from: &[MaskSet], allowed: DigitSet) -> Vec<MaskSet> {
        let mut to = vec![MaskSet::EMPTY; from.len()];
        for d in allowed.iter().map(|d| d.index()) {
            for (count, layer) in from.iter().enumerate().filter(|(_, l)| !l.is_empty()) {
                for (pattern, step) in self.moves(d) {
                    if let Some(target) = to.get_mut(count + step) {
                        target.join(&layer.and(pattern).shifted_up(1 << d));
                    }
                }
            }
        }
        to
    }

    /// The states before a cell that may hold `allowed` from which some digit leads into `to`.
    fn retreat(&self, to: &[MaskSet], allowed: DigitSet) -> Vec<MaskSet> {
        let mut from = vec![MaskSet::EMPTY; to.len()];
        for d in allowed.iter().map(|d| d.index()) {
            for (count, layer) in from.iter_mut().enumerate() {
                for (pattern, step) in self.moves(d) {
                    if let Some(next) = to.get(count + step).filter(|n| !n.is_empty()) {
                        let before = next.and(&self.patterns.holding[d]).shifted_down(1 << d);
                        layer.join(&before.and(pattern));
                    }
                }
            }
        }
        from
    }

    /// Per cell of `allowed` (the digits each cell may hold, in walking order), the digits it
    /// holds on some walk from the states `start` to the states `end` (per counter value,
    /// both), or `None` when no walk gets there.
    pub fn supported(
        &self,
        start: Vec<MaskSet>,
        allowed: &[DigitSet],
        end: &[MaskSet],
    ) -> Option<Vec<DigitSet>> {
        let mut forward = vec![start];
        for &digits in allowed {
            let next = self.advance(forward.last().expect("the start"), digits);
            forward.push(next);
        }
        let last = forward.last().expect("the start");
        if !last.iter().zip(end).any(|(a, b)| a.meets(b)) {
            return None;
        }
        let mut back = end.to_vec();
        let mut supported = vec![DigitSet::EMPTY; allowed.len()];
        for (i, &digits) in allowed.iter().enumerate().rev() {
            for digit in digits.iter() {
                let d = digit.index();
                let leads = forward[i].iter().enumerate().any(|(count, layer)| {
                    self.moves(d).iter().any(|&(pattern, step)| {
                        back.get(count + step)
                            .is_some_and(|b| layer.and(pattern).shifted_up(1 << d).meets(b))
                    })
                });
                if leads {
                    supported[i].insert(digit);
                }
            }
            back = self.retreat(&back, digits);
        }
        Some(supported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::digit::Digit;

    fn digits(values: &[usize]) -> DigitSet {
        values.iter().map(|&v| Digit::new(v).unwrap()).collect()
    }

    #[test]
    fn shifts_carry_across_words() {
        let set = MaskSet::single(63);
        assert_eq!(set.shifted_up(1), MaskSet::single(64));
        assert_eq!(set.shifted_up(256), MaskSet::single(319));
        assert_eq!(MaskSet::single(64).shifted_down(1), set);
        assert_eq!(MaskSet::single(319).shifted_down(256), set);
    }

    #[test]
    fn different_digits_adding_up_to_a_total() {
        // Three cells of a 9×9 line adding up to 7: only {1,2,4}.
        let walk = Walk::new(9, Counter::Nothing);
        let open = vec![DigitSet::full(9); 3];
        let end = [walk.patterns().sum(7)];
        let found = walk.supported(vec![MaskSet::start()], &open, &end);
        assert_eq!(found, Some(vec![digits(&[1, 2, 4]); 3]));
        // With the first cell 4 and the second no 1: the second is 2, the third 1.
        let narrowed = [digits(&[4]), digits(&[2, 3]), DigitSet::full(9)];
        let found = walk.supported(vec![MaskSet::start()], &narrowed, &end);
        assert_eq!(found, Some(vec![digits(&[4]), digits(&[2]), digits(&[1])]));
        // Two cells cannot make 18 with different digits.
        let end = [walk.patterns().sum(18)];
        assert_eq!(walk.supported(vec![MaskSet::start()], &open[..2], &end), None);
    }

    #[test]
    fn orders_of_heights_that_show_a_count() {
        // A 4-cell line seen from its start: exactly 4 visible is 1234 only; 1 visible puts
        // the 4 first.
        let walk = Walk::new(4, Counter::Records);
        let open = vec![DigitSet::full(4); 4];
        let start = || {
            let mut layers = vec![MaskSet::EMPTY; 5];
            layers[0] = MaskSet::start();
            layers
        };
        let end = |count: usize| {
            let mut layers = vec![MaskSet::EMPTY; 5];
            layers[count] = walk.patterns().all;
            layers
        };
        let found = walk.supported(start(), &open, &end(4)).unwrap();
        assert_eq!(found, vec![digits(&[1]), digits(&[2]), digits(&[3]), digits(&[4])]);
        let found = walk.supported(start(), &open, &end(1)).unwrap();
        assert_eq!(found[0], digits(&[4]));
        assert_eq!(found[1], digits(&[1, 2, 3]));
    }
}
