//! Fish: when a digit's places in k rows lie in k columns, those columns hold the digit in
//! those rows, and it leaves the columns' other cells (and the same with rows and columns
//! swapped). X-wing (k = 2) costs 3.2, swordfish 3.8, jellyfish 5.2.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// The first fish of `size` lines that removes something.
pub(super) fn find(board: &Board, state: &State, size: usize) -> Option<Step> {
    let n = board.geometry.size();
    for digit in (0..n).map(Digit::from_index) {
        for by_rows in [true, false] {
            let at = |line: usize, across: usize| {
                if by_rows { Cell::new(line, across) } else { Cell::new(across, line) }
            };
            // For each base line, the cross lines where the digit may go (bit per cross line).
            let lines: Vec<(usize, u64)> = (0..n)
                .map(|line| {
                    let mask = (0..n)
                        .filter(|&across| state.allows(Placement::new(at(line, across), digit)))
                        .fold(0u64, |m, across| m | 1 << across);
                    (line, mask)
                })
                .filter(|(_, m)| (2..=size as u32).contains(&m.count_ones()))
                .collect();
            let removes = |chosen: &[usize], cover: u64| {
                (0..n).filter(|line| !chosen.contains(line)).any(|line| {
                    (0..n).any(|c| {
                        cover >> c & 1 == 1 && state.allows(Placement::new(at(line, c), digit))
                    })
                })
            };
            let mut chosen = Vec::with_capacity(size);
            let Some(cover) = search(&lines, size, 0, 0, &mut chosen, &removes) else { continue };
            let eliminations: Vec<Placement> = (0..n)
                .filter(|line| !chosen.contains(line))
                .flat_map(|line| {
                    (0..n)
                        .filter(move |c| cover >> c & 1 == 1)
                        .map(move |c| Placement::new(at(line, c), digit))
                })
                .filter(|&p| state.allows(p))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            return Some(step(size, digit, by_rows, &chosen, cover, eliminations, at));
        }
    }
    None
}

/// The first `size` base lines whose places fit in `size` cover lines and that `removes`
/// something: the chosen lines are left in `chosen`, the cover is returned.
fn search(
    lines: &[(usize, u64)],
    size: usize,
    from: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    removes: &dyn Fn(&[usize], u64) -> bool,
) -> Option<u64> {
    if chosen.len() == size {
        return removes(chosen, union).then_some(union);
    }
    for index in from..lines.len() {
        let joined = union | lines[index].1;
        if joined.count_ones() as usize > size {
            continue;
        }
        chosen.push(lines[index].0);
        if let Some(cover) = search(lines, size, index + 1, joined, chosen, removes) {
            return Some(cover);
        }
        chosen.pop();
    }
    None
}

/// The step of a fish.
fn step(
    size: usize,
    digit: Digit,
    by_rows: bool,
    base: &[usize],
    cover: u64,
    eliminations: Vec<Placement>,
    at: impl Fn(usize, usize) -> Cell,
) -> Step {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][size - 2];
    let covers: Vec<usize> = (0..64).filter(|c| cover >> c & 1 == 1).collect();
    let list =
        |lines: &[usize]| lines.iter().map(|l| (l + 1).to_string()).collect::<Vec<_>>().join(",");
    let (base_name, cover_name) = if by_rows { ("rows", "columns") } else { ("columns", "rows") };
    let reason = format!(
        "{} on {digit}: in {base_name} {} it lies in {cover_name} {}",
        technique.name(),
        list(base),
        list(&covers)
    );
    let mut step = Step::new(technique, reason);
    step.eliminations = eliminations;
    step.cells = base
        .iter()
        .flat_map(|&l| covers.iter().map(move |&c| (l, c)))
        .map(|(l, c)| at(l, c))
        .collect();
    step.digits.insert(digit);
    step
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn fish_are_sound() {
        for size in 2..=4 {
            test_util::assert_sound(Finder::Fish(size));
        }
    }
}
