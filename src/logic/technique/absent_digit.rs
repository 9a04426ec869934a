//! Absent digit, under the rule `same-digits` (every row, column and box holds the same N of
//! the digits 1..=M): a digit with no place left in one of them is in none, so it leaves every
//! cell of the grid (cost 1.5).

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, digit_list};

/// The digits with no place in the first house that lacks some, out of every cell.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let mut houses = board.same_digit_houses().peekable();
    houses.peek()?;
    let cells: Vec<_> = board.geometry.cells().collect();
    let (anywhere, _) = state.house_digits(&cells);
    for house in houses {
        let (here, _) = state.house_digits(&house.cells);
        let absent = anywhere.difference(here);
        if absent.is_empty() {
            continue;
        }
        let (verb, pronoun) =
            if absent.len() == 1 { ("has", "it is") } else { ("have", "they are") };
        let reason = format!(
            "{} {verb} no place in {}, so {pronoun} in no house (the same digits in every house)",
            digit_list(absent),
            house.name
        );
        let mut step = Step::new(Technique::AbsentDigit, reason);
        step.eliminations = (cells.iter())
            .flat_map(|&cell| {
                state.get(cell).intersection(absent).iter().map(move |d| Placement::new(cell, d))
            })
            .collect();
        step.cells = house.cells.clone();
        step.digits = absent;
        return Some(step);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn absent_digits_are_sound() {
        test_util::assert_sound(Finder::AbsentDigit);
    }
}
