//! Locked candidates for the guess-and-propagate search (`search.rs`): deductions a little
//! stronger than the core's singles, cheap enough to run at every guess, which cut the search
//! tree several times over.
//!
//! - **Crossings** (classic rule sets): a digit whose places in one house all lie where it
//!   crosses another house leaves the rest of the other (pointing and claiming).
//! - **Common exclusions** (rule sets with `Exclude` pairs: anti-king, anti-knight,
//!   non-consecutive, ...): a placement that every place of a digit in a house excludes is
//!   false, since one of those places holds the digit. This is the logic engine's common
//!   exclusion technique on bitsets of placements, and it holds the crossings as a case.
//!
//! Each runs only over the houses changed since it last looked (`State::unlocked`).

use super::board::{Board, Crossing};
use super::exclusion_sets::ExclusionSets;
use super::state::State;
use crate::ir::propagate::Contradiction;
use crate::model::digit::DigitSet;

/// The most places a digit may have in a house for its common exclusion to be looked for:
/// with more, what they all exclude is seldom anything (measured on 20 generated Miracle
/// puzzles: allowing any number saves a third of the nodes but doubles the time).
const MAX_PLACES: usize = 3;

/// Runs the locked candidates that suit `board` over the houses changed since the last run;
/// says whether anything went.
///
/// # Errors
/// When a cell runs out of candidates.
pub(crate) fn lock(board: &Board, state: &mut State) -> Result<bool, Contradiction> {
    state.mark_dirty_houses(board);
    let unlocked = std::mem::take(&mut state.unlocked);
    let progress = match board.exclusion_sets() {
        Some(sets) if sets.has_pairs() => common_exclusions(board, sets, &unlocked, state),
        _ => crossings(board.crossings(), &unlocked, state),
    };
    state.unlocked = unlocked;
    state.unlocked.iter_mut().for_each(|house| *house = false);
    progress
}

/// Pointing and claiming over the crossings of changed houses.
fn crossings(
    crossings: &[Crossing],
    unlocked: &[bool],
    state: &mut State,
) -> Result<bool, Contradiction> {
    let mut progress = false;
    for crossing in crossings {
        if !crossing.houses.iter().any(|&house| unlocked[house]) {
            continue;
        }
        let union = |state: &State, cells: &[usize]| {
            cells.iter().fold(0u64, |all, &i| all | state.candidates.at(i).bits())
        };
        let shared = union(state, &crossing.shared);
        let [a, b] = &crossing.rests;
        let (in_a, in_b) = (union(state, a), union(state, b));
        for (rest, locked) in [(b, shared & !in_a & in_b), (a, shared & !in_b & in_a)] {
            if locked != 0 {
                for &index in rest {
                    progress |= state.remove_at(index, DigitSet::from_bits(locked))?;
                }
            }
        }
    }
    Ok(progress)
}

/// Common exclusions of every digit in every changed full house.
fn common_exclusions(
    board: &Board,
    sets: &ExclusionSets,
    unlocked: &[bool],
    state: &mut State,
) -> Result<bool, Contradiction> {
    let size = board.geometry.digits();
    let mut common = Vec::new();
    let alive = sets.alive(state);
    let mut progress = false;
    for (house, _) in
        board.houses.iter().enumerate().filter(|(h, house)| house.full && unlocked[*h])
    {
        let cells = &board.houses[house].indices;
        let mut wanted = few_places(cells, state);
        for digit in 0..size {
            let bit = 1u64 << digit;
            if wanted & bit == 0 {
                continue;
            }
            let places = cells.iter().filter(|&&i| state.candidates.at(i).bits() & bit != 0);
            let slots = places.map(|&place| place * size + digit);
            if sets.common(slots, &alive, &mut common) && remove_slots(state, &common, size)? {
                progress = true;
                wanted = few_places(cells, state);
            }
        }
    }
    Ok(progress)
}

/// The digits with 2 to [`MAX_PLACES`] places among `cells`, as a bitset: counted for every
/// digit at once, bit-sliced (which digits have at least one place, two, three, four), where
/// counting digit by digit would read every cell once per digit.
fn few_places(cells: &[usize], state: &State) -> u64 {
    const _: () = assert!(MAX_PLACES == 3, "the slices below count up to four places");
    let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
    for &index in cells {
        let digits = state.candidates.at(index).bits();
        four |= three & digits;
        three |= two & digits;
        two |= one & digits;
        one |= digits;
    }
    two & !four
}

/// Removes every candidate whose slot is in `slots`; says whether any was there.
fn remove_slots(state: &mut State, slots: &[u64], size: usize) -> Result<bool, Contradiction> {
    let mut progress = false;
    for (word_index, &word) in slots.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let slot = word_index * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (cell, digit) = (slot / size, slot % size);
            progress |= state.remove_at(cell, DigitSet::from_bits(1 << digit))?;
        }
    }
    Ok(progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Ir, Placement};
    use crate::logic::Prepass;
    use crate::model::puzzle::Puzzle;

    #[test]
    fn few_places_are_the_digits_with_two_or_three_places_in_the_house() {
        let miracle =
            format!("rules: miracle\n{}73{}3{}", ".".repeat(9), ".".repeat(25), ".".repeat(44));
        let classic =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut seen = 0;
        for text in [miracle.as_str(), classic] {
            let puzzle: Puzzle = text.parse().unwrap();
            let ir = Ir::lower(&puzzle);
            let givens = puzzle.givens().filled().map(|(cell, digit)| Placement::new(cell, digit));
            let mut scratch = None;
            Prepass::new(&ir).run(givens, &mut scratch).unwrap();
            let (board, state) = (Board::new(&ir), scratch.unwrap());
            for house in &board.houses {
                let cells = &house.indices;
                let has =
                    |digit: usize, i: &usize| state.candidates.at(*i).bits() >> digit & 1 == 1;
                let few = |&digit: &usize| {
                    (2..=MAX_PLACES).contains(&cells.iter().filter(|i| has(digit, i)).count())
                };
                let expected = (0..9).filter(few).fold(0u64, |all, digit| all | 1 << digit);
                assert_eq!(few_places(cells, &state), expected, "{text}");
                seen += expected.count_ones();
            }
        }
        assert!(seen > 0, "the puzzles leave some digits with few places");
    }
}
