//! The digits a rules text asks for: a sentence stating a range of digits beyond 1 to N ("Fill
//! the grid with digits 1-9" on a 4×4 grid, "the same 4-digit subset from the digits 1 – 9",
//! "digits 0-8") refuses the puzzle, unless the sentence is one satdoku reads as its digits 1
//! to M (the same subset in every house). Without this, such a puzzle without a recorded
//! solution would be read with the wrong digits and answered wrongly.

/// The words that may stand between "digits" and the range ("digits from the set 1-9").
const BETWEEN: [&str; 4] = ["from", "the", "set", "of"];

/// The first range of digits `lower` (a lower-case sentence) states right after the word
/// "digit" or "digits", with only [`BETWEEN`] words before it: `(first, last)` of `1-9`,
/// `1 – 9`, `1 to 9`.
pub fn stated_range(lower: &str) -> Option<(usize, usize)> {
    lower.match_indices("digit").find_map(|(at, word)| {
        let after = &lower[at + word.len()..];
        let mut rest = after.strip_prefix('s').unwrap_or(after).trim_start();
        while !rest.starts_with(|c: char| c.is_ascii_digit()) {
            let (word, tail) = rest.split_once(char::is_whitespace)?;
            if !BETWEEN.contains(&word) {
                return None;
            }
            rest = tail.trim_start();
        }
        range_at(rest)
    })
}

/// The range `text` opens with: a number, a dash or `to`, a larger number.
fn range_at(text: &str) -> Option<(usize, usize)> {
    let (first, rest) = number(text)?;
    let rest = rest.trim_start();
    let rest = ["-", "–", "—", "to "].iter().find_map(|dash| rest.strip_prefix(dash))?;
    let (last, _) = number(rest.trim_start())?;
    (first < last).then_some((first, last))
}

/// The number `text` opens with, and what follows it.
fn number(text: &str) -> Option<(usize, &str)> {
    let end = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    Some((text[..end].parse().ok()?, &text[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_after_the_word_digit_are_read() {
        let cases = [
            ("fill the grid with digits 1-9, such that no digit repeats", Some((1, 9))),
            ("place the same 4-digit subset from the digits 1 – 9 in each row", Some((1, 9))),
            ("select six different digits from the set 1-9", Some((1, 9))),
            ("place the digits 0 to 8 once in each row", Some((0, 8))),
            ("digits along a thermometer increase from the bulb end", None),
            ("the digit 5 is in a circle; cages sum to 10-20", None),
            ("no digit repeats in a cage of 9-1 cells", None),
            ("digits in a cage sum to 10-20", None),
        ];
        for (sentence, range) in cases {
            assert_eq!(stated_range(sentence), range, "{sentence}");
        }
    }
}
