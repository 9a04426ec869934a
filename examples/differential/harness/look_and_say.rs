//! Random look-and-say clues, on a group of cells (a walk of up to five) or, one time in
//! three, a diagonal from edge to edge: drawn apart from
//! [`super::draw::cells::random_rule`] so that the seeded cases drawn with it stay the same
//! (the suite's rules and logic tests and `examples/differential` draw these on purpose).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::Rule;
use satdoku::model::look_and_say::DigitCount;

use super::draw::cells::walk;
use super::draw::totals::random_diagonal;

/// A look-and-say clue of one or two pairs on an N×N grid: each count read off `solution`
/// when there is one (so the clue holds there), else drawn from 0 to 2, within the cells.
pub fn random_look_and_say(
    rng: &mut ChaCha8Rng,
    n: usize,
    solution: Option<&satdoku::Grid>,
) -> Rule {
    let cells = if rng.random_range(0..3) == 0 { random_diagonal(rng, n) } else { walk(rng, n, 5) };
    let mut counts: Vec<DigitCount> = Vec::new();
    for _ in 0..rng.random_range(1..=2) {
        let digit = rng.random_range(1..=n);
        let count = match solution {
            Some(grid) => {
                cells.iter().filter(|&&c| grid.get(c).map(|d| d.value()) == Some(digit)).count()
            }
            None => rng.random_range(0..=cells.len().min(2)),
        };
        let total: usize = counts.iter().map(|pair| pair.count).sum();
        if counts.iter().all(|pair| pair.digit != digit) && total + count <= cells.len() {
            counts.push(DigitCount { count, digit });
        }
    }
    Rule::LookAndSay { cells, counts }
}
