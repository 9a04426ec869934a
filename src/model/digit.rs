//! Digits (1..=N, written 1–9 then A–Z) and sets of digits as bitsets.

use std::fmt;

/// The largest grid size whose digits can be written: 1–9 then A–Z.
pub const MAX_SIZE: usize = 35;

/// A digit of an N×N grid: a value in `1..=N`, written `1`–`9` then `A`–`Z`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit with this value, or `None` outside `1..=MAX_SIZE`.
    pub fn new(value: usize) -> Option<Digit> {
        (1..=MAX_SIZE).contains(&value).then_some(Digit(value as u8))
    }

    /// The digit with this 0-based index (`index + 1` is its value).
    ///
    /// # Panics
    /// When `index >= MAX_SIZE`: indices come from the code, never from input.
    pub fn from_index(index: usize) -> Digit {
        assert!(index < MAX_SIZE, "digit index {index} out of range");
        Digit(index as u8 + 1)
    }

    /// The value, `1..=N`.
    pub fn value(self) -> usize {
        self.0 as usize
    }

    /// The 0-based index, `value - 1`.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// Reads the symbol of a digit (`1`–`9`, `A`–`Z`, case-insensitive), whatever the grid size.
    pub fn from_char(symbol: char) -> Option<Digit> {
        match symbol.to_ascii_uppercase() {
            c @ '1'..='9' => Digit::new(c as usize - '0' as usize),
            c @ 'A'..='Z' => Digit::new(c as usize - 'A' as usize + 10),
            _ => None,
        }
    }

    /// The symbol of this digit: `1`–`9`, then `A`–`Z`.
    pub fn to_char(self) -> char {
        match self.0 {
            v @ 1..=9 => (b'0' + v) as char,
            v => (b'A' + v - 10) as char,
        }
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A set of digits, as a bitset (bit `i` is the digit with index `i`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct DigitSet(u64);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits `1..=size`.
    pub fn full(size: usize) -> DigitSet {
        DigitSet((1u64 << size) - 1)
    }

    /// The set holding just `digit`.
    pub fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.index()) != 0
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.index();
    }

    /// Removes `digit`; says whether it was there.
    pub fn remove(&mut self, digit: Digit) -> bool {
        let had = self.contains(digit);
        self.0 &= !(1 << digit.index());
        had
    }

    /// The bits of the set (bit `i` is the digit with index `i`).
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The set with these bits (bit `i` is the digit with index `i`).
    pub fn from_bits(bits: u64) -> DigitSet {
        DigitSet(bits)
    }

    /// The digits in either set.
    pub fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// The digits of this set not in `other`.
    pub fn difference(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in both sets.
    pub fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// How many digits the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds exactly one digit (cheaper than [`DigitSet::len`], a hot test of
    /// propagation).
    pub fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of a one-digit set.
    pub fn single_digit(self) -> Option<Digit> {
        self.is_single().then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Digit::from_index(index)
            })
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = DigitSet::EMPTY;
        iter.into_iter().for_each(|digit| set.insert(digit));
        set
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbols: String = self.iter().map(Digit::to_char).collect();
        write!(f, "{{{symbols}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip() {
        for value in 1..=MAX_SIZE {
            let digit = Digit::new(value).unwrap();
            assert_eq!(Digit::from_char(digit.to_char()), Some(digit));
        }
        assert_eq!(Digit::from_char('G').map(Digit::value), Some(16));
        assert_eq!(Digit::from_char('0'), None);
        assert_eq!(Digit::new(0), None);
    }

    #[test]
    fn sets_hold_what_was_inserted() {
        let set: DigitSet = [2, 5, 9].into_iter().filter_map(Digit::new).collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(Digit::new(5).unwrap()));
        assert_eq!(set.iter().map(Digit::value).collect::<Vec<_>>(), vec![2, 5, 9]);
        assert_eq!(DigitSet::full(9).len(), 9);
        assert_eq!(DigitSet::single(Digit::new(4).unwrap()).single_digit(), Digit::new(4));
    }
}
