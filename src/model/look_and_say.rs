//! Look-and-say clues: a clue's digits read in pairs, "count, digit", each saying how many of
//! the clue's cells hold that digit (`2314`: exactly two 3s and exactly one 4; digits the clue
//! does not name are free, and may repeat). Written as a cage's label or beside a diagonal's
//! arrow outside the grid, as in Sudoku-Bench's puzzles 26 and 90.
//!
//! This module reads and writes a clue, checks it against its cells and counts a filled
//! group; the rule is [`Rule::LookAndSay`](super::rule::Rule::LookAndSay).

use std::fmt;

use super::digit::Digit;
use super::geometry::Cell;
use super::layout::diagonal_clue;

/// One pair of a look-and-say clue: `count` of the cells hold `digit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DigitCount {
    /// How many of the cells hold the digit (0 allowed: "none of them").
    pub count: usize,
    /// The digit's value, 1..=M.
    pub digit: usize,
}

/// Reads a clue written as its digits (`2314`, `0911`): pairs of a count (`0`–`9`, then
/// `A`–`Z` for 10 and up) and a digit (`1`–`9`, `A`–`Z`).
///
/// # Errors
/// An odd number of characters, or a character that is not a digit of the text format, with
/// what was expected (the digits' range against the grid is [`check`]'s).
pub fn read_clue(text: &str) -> Result<Vec<DigitCount>, String> {
    let symbols: Vec<char> = text.chars().collect();
    if symbols.len() % 2 == 1 {
        return Err(format!(
            "expected a look-and-say clue of pairs \"count, digit\" (an even number of \
             digits, such as 2314: two 3s and one 4), found {} digits in `{text}`",
            symbols.len()
        ));
    }
    let value = |symbol: char, count: bool| match symbol {
        '0' if count => Some(0),
        symbol => Digit::from_char(symbol).map(Digit::value),
    };
    symbols
        .chunks(2)
        .map(|pair| match (value(pair[0], true), value(pair[1], false)) {
            (Some(count), Some(digit)) => Ok(DigitCount { count, digit }),
            _ => Err(format!(
                "expected a look-and-say clue of digits (a count 0-9 or A-Z, then a digit), \
                 found `{}{}` in `{text}`",
                pair[0], pair[1]
            )),
        })
        .collect()
}

/// The clue written as [`read_clue`] reads it (`2314`).
///
/// # Panics
/// When a count or a digit is past the text format's symbols (35): [`check`] bounds both.
pub fn write_clue(counts: &[DigitCount]) -> String {
    let symbol = |value: usize| match value {
        0 => '0',
        value => Digit::new(value).expect("a count or digit of a checked clue").to_char(),
    };
    counts.iter().flat_map(|pair| [symbol(pair.count), symbol(pair.digit)]).collect()
}

/// What is wrong with a clue over `cells` cells with the digits 1 to `m`, if anything: no
/// pair, a digit past `m`, a digit named twice, counts adding up to more than the cells.
pub fn check(counts: &[DigitCount], cells: usize, m: usize) -> Option<String> {
    let clue = Clue(counts);
    if counts.is_empty() {
        return Some("expected a look-and-say clue of one pair \"count, digit\" or more".into());
    }
    if let Some(pair) = counts.iter().find(|pair| !(1..=m).contains(&pair.digit)) {
        return Some(format!(
            "expected look-and-say digits from 1 to {m}, found {} in the clue {clue}",
            pair.digit
        ));
    }
    if let Some((i, pair)) = counts
        .iter()
        .enumerate()
        .find(|(i, pair)| counts[..*i].iter().any(|p| p.digit == pair.digit))
    {
        let first = counts[..i].iter().find(|p| p.digit == pair.digit).expect("found above");
        return Some(format!(
            "expected each digit once in a look-and-say clue, found {} counted {} and {} in {clue}",
            pair.digit, first.count, pair.count
        ));
    }
    let total: usize = counts.iter().map(|pair| pair.count).sum();
    (total > cells).then(|| {
        format!(
            "expected look-and-say counts adding up to at most the {cells} cells, found {total} \
             in the clue {clue}"
        )
    })
}

/// The first pair of the clue that `digits` (the values of the group's filled cells) break,
/// with how many of them hold its digit: a count passed, or, when the group is `complete`, a
/// count not met. `None` when none is broken.
pub fn first_wrong(
    counts: &[DigitCount],
    digits: &[usize],
    complete: bool,
) -> Option<(DigitCount, usize)> {
    counts.iter().find_map(|pair| {
        let found = digits.iter().filter(|&&d| d == pair.digit).count();
        (found > pair.count || (complete && found != pair.count)).then_some((*pair, found))
    })
}

/// Whether `cells` are a diagonal that runs from one edge of an `n`×`n` grid to the other,
/// two cells or more, from the clue inwards: a look-and-say clue on them is written outside
/// the grid with an arrow, as a little killer's; any other group is a cage.
pub fn is_full_diagonal(cells: &[Cell], n: usize) -> bool {
    if cells.len() < 2 {
        return false;
    }
    let ((row, column), (dr, dc)) = diagonal_clue(cells, n);
    let inside = |r: isize, c: isize| (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
    let steps = cells.windows(2).all(|pair| {
        let d = |a: usize, b: usize| b as isize - a as isize;
        (d(pair[0].row(), pair[1].row()), d(pair[0].column(), pair[1].column())) == (dr, dc)
    });
    let last = cells[cells.len() - 1];
    let (after_row, after_column) = (last.row() as isize + dr, last.column() as isize + dc);
    steps && !inside(row, column) && !inside(after_row, after_column)
}

/// A clue shown as it is written.
struct Clue<'a>(&'a [DigitCount]);

impl fmt::Display for Clue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A clue past the symbols is shown pair by pair rather than panicking.
        if self.0.iter().all(|p| p.count <= 35 && (1..=35).contains(&p.digit)) {
            f.write_str(&write_clue(self.0))
        } else {
            write!(f, "{:?}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(values: &[(usize, usize)]) -> Vec<DigitCount> {
        values.iter().map(|&(count, digit)| DigitCount { count, digit }).collect()
    }

    #[test]
    fn a_clue_reads_in_pairs_and_writes_back() {
        assert_eq!(read_clue("2314").unwrap(), pairs(&[(2, 3), (1, 4)]));
        assert_eq!(read_clue("0911").unwrap(), pairs(&[(0, 9), (1, 1)]));
        assert_eq!(read_clue("A1").unwrap(), pairs(&[(10, 1)]));
        assert_eq!(write_clue(&pairs(&[(2, 3), (1, 4), (0, 9), (10, 12)])), "231409AC");
        let odd = read_clue("231").unwrap_err();
        assert!(odd.contains("found 3 digits in `231`"), "{odd}");
        let zero = read_clue("10").unwrap_err();
        assert!(zero.contains("found `10` in `10`"), "{zero}");
    }

    #[test]
    fn a_clue_is_checked_against_its_cells_and_digits() {
        assert_eq!(check(&pairs(&[(2, 3), (1, 4)]), 3, 9), None);
        let past = check(&pairs(&[(1, 7)]), 3, 6).unwrap();
        assert!(past.contains("digits from 1 to 6, found 7 in the clue 17"), "{past}");
        let twice = check(&pairs(&[(0, 9), (1, 9)]), 6, 9).unwrap();
        assert!(twice.contains("found 9 counted 0 and 1 in 0919"), "{twice}");
        let many = check(&pairs(&[(2, 1), (1, 2)]), 2, 9).unwrap();
        assert!(many.contains("at most the 2 cells, found 3"), "{many}");
        assert!(check(&[], 2, 9).is_some());
    }

    #[test]
    fn a_group_is_counted_digit_by_digit() {
        let clue = pairs(&[(2, 3), (1, 4)]);
        assert_eq!(first_wrong(&clue, &[3, 4, 3, 1], true), None);
        assert_eq!(first_wrong(&clue, &[3, 4, 1], true), Some((clue[0], 1)));
        assert_eq!(first_wrong(&clue, &[3, 3, 2], true), Some((clue[1], 0)));
        // Partly filled: only a count already passed is broken.
        assert_eq!(first_wrong(&clue, &[3, 2], false), None);
        assert_eq!(first_wrong(&clue, &[4, 4], false), Some((clue[1], 2)));
    }

    #[test]
    fn only_edge_to_edge_diagonals_are_drawn_outside() {
        let cells = |names: &[&str]| -> Vec<Cell> {
            names.iter().map(|name| Cell::from_name(name).unwrap()).collect()
        };
        assert!(is_full_diagonal(&cells(&["r1c1", "r2c2", "r3c3", "r4c4"]), 4));
        assert!(is_full_diagonal(&cells(&["r2c4", "r3c3", "r4c2"]), 4));
        assert!(!is_full_diagonal(&cells(&["r1c1", "r2c2", "r3c3"]), 4), "stops short");
        assert!(!is_full_diagonal(&cells(&["r2c2", "r3c3", "r4c4"]), 4), "starts inside");
        assert!(!is_full_diagonal(&cells(&["r1c1", "r1c2"]), 4), "a cage");
        assert!(!is_full_diagonal(&cells(&["r1c4"]), 4), "one cell");
    }
}
