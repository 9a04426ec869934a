//! Shared digit, under the rule `same-digits` (every row, column and box holds the same N of
//! the digits 1..=M): a digit known to be in one of them is in every one, so a house with one
//! place left for it puts it there. A digit is known to be in a house when a cell holds it
//! (cost 1.5), or when the house's N cells have only N digits left between them: each of them
//! is then in the house, the digits of every house are known, and each house is full (cost
//! 1.7).

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::{Board, House};
use crate::logic::state::State;
use crate::logic::step::{Step, digit_list};
use crate::model::digit::DigitSet;

/// The first placement of a shared digit: digits that cells hold first, then those of a house
/// whose digits are known.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let houses: Vec<&House> = board.same_digit_houses().collect();
    if houses.is_empty() {
        return None;
    }
    let held: DigitSet =
        (board.geometry.cells()).filter_map(|c| state.get(c).single_digit()).collect();
    let found = placement(state, &houses, held, |digit| {
        let cell = board.geometry.cells().find(|&c| state.get(c).single_digit() == Some(digit));
        format!("{digit} is in every house (it is at {:?})", cell.expect("a cell holds it"))
    });
    found.or_else(|| {
        let known = houses.iter().find_map(|house| {
            let (here, _) = state.house_digits(&house.cells);
            (here.len() == house.cells.len() && !here.difference(held).is_empty())
                .then_some((house, here))
        })?;
        let (full, digits) = known;
        let mut step = placement(state, &houses, digits.difference(held), |_| {
            format!(
                "{}'s cells hold only the digits {} between them, so every house holds them",
                full.name,
                digit_list(digits)
            )
        })?;
        step.rating += 0.2;
        Some(step)
    })
}

/// The first house with one place left for a digit of `known` that no cell of it holds yet,
/// as a step whose reason begins with `why` the digit is known.
fn placement(
    state: &State,
    houses: &[&House],
    known: DigitSet,
    why: impl Fn(crate::model::digit::Digit) -> String,
) -> Option<Step> {
    for house in houses {
        let (_, once) = state.house_digits(&house.cells);
        for digit in known.intersection(once).iter() {
            let cell = state.place_of(&house.cells, digit)?;
            if state.get(cell).is_single() {
                continue;
            }
            let reason =
                format!("{}; the only place for {digit} in {} is {cell:?}", why(digit), house.name);
            let placement = Placement::new(cell, digit);
            return Some(Step::placing(
                Technique::SharedDigit,
                reason,
                placement,
                house.cells.clone(),
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn shared_digits_are_sound() {
        test_util::assert_sound(Finder::SharedDigit);
    }
}
