//! Unique rectangles, a uniqueness technique: four open cells at the corners of a rectangle
//! (two rows, two columns) such that every house holding one corner holds exactly two, and no
//! exclusion or relation touches their digits a and b. If the solution put only a and b in them,
//! swapping a and b on the four corners would keep every house and give a second solution; the
//! puzzle being unique, some corner holds another digit. So:
//! - type 1 (cost 4.5): three corners hold just {a, b}; the fourth loses a and b;
//! - type 2 (4.6): the other corners (two or three) hold {a, b} and one same extra digit x; one
//!   of them is x, so x leaves every cell all of them see;
//! - type 4 (4.5): two corners sharing a full house hold a, b and more, and a has no other place
//!   in that house; one of them is a, the other cannot be b, so both lose b.
//!
//! It applies only when [`Board::unique`] says the puzzle is known to have one solution (the
//! engine proves it with the SAT solver before a solve): on a puzzle with several solutions the
//! deduction is false.

use super::Technique;
use super::xy_wing::excluded_by_all;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list, digit_list};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// The first unique rectangle that removes something.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    if !board.unique {
        return None;
    }
    let n = board.geometry.size();
    for (r1, r2) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
        for (c1, c2) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
            let corners =
                [Cell::new(r1, c1), Cell::new(r1, c2), Cell::new(r2, c1), Cell::new(r2, c2)];
            if let Some(step) = rectangle(board, state, corners) {
                return Some(step);
            }
        }
    }
    None
}

/// The first deduction of the rectangle at `corners`, over any pair of the digits they share.
fn rectangle(board: &Board, state: &State, corners: [Cell; 4]) -> Option<Step> {
    let shared = corners
        .iter()
        .fold(DigitSet::full(board.geometry.digits()), |set, &c| set.intersection(state.get(c)));
    if shared.len() < 2 || corners.iter().any(|&c| state.is_placed(board, c)) {
        return None;
    }
    let digits: Vec<Digit> = shared.iter().collect();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            let pair: DigitSet = [a, b].into_iter().collect();
            let floor = corners.iter().filter(|&&c| state.get(c) == pair).count();
            if floor == 0 || !deadly(board, &corners, pair) {
                continue;
            }
            let found = type_1(state, &corners, pair)
                .or_else(|| type_2(board, state, &corners, pair))
                .or_else(|| type_4(board, state, &corners, (a, b)))
                .or_else(|| type_4(board, state, &corners, (b, a)));
            if let Some(mut step) = found {
                step.cells = corners.to_vec();
                step.digits = step.digits.union(pair);
                return Some(step);
            }
        }
    }
    None
}

/// Whether a and b swapped on the corners would keep every constraint: each house holding a
/// corner holds exactly two, and no exclusion, table, sum or linear constraint involves a
/// corner's a or b.
fn deadly(board: &Board, corners: &[Cell; 4], pair: DigitSet) -> bool {
    let geometry = board.geometry;
    let free = corners.iter().all(|&c| {
        !board.in_relation[geometry.index(c)]
            && pair.iter().all(|d| board.excluded_by[board.slot(Placement::new(c, d))].is_empty())
    });
    free && corners.iter().all(|&c| {
        board.houses_of[geometry.index(c)]
            .iter()
            .all(|&h| corners.iter().filter(|k| board.houses[h].cells.contains(k)).count() == 2)
    })
}

/// `unique rectangle r1c1,r1c4,r3c1,r3c4 on 12 (else 1 and 2 could swap)`.
fn named(corners: &[Cell; 4], pair: DigitSet) -> String {
    let digits: Vec<Digit> = pair.iter().collect();
    format!(
        "unique rectangle {} on {} (else {} and {} could swap)",
        cell_list(corners),
        digit_list(pair),
        digits[0],
        digits[1]
    )
}

/// The corners holding more than the pair.
fn roof(state: &State, corners: &[Cell; 4], pair: DigitSet) -> Vec<Cell> {
    corners.iter().copied().filter(|&c| state.get(c) != pair).collect()
}

/// Type 1: one corner holds more; it loses the pair.
fn type_1(state: &State, corners: &[Cell; 4], pair: DigitSet) -> Option<Step> {
    let [cell] = roof(state, corners, pair)[..] else { return None };
    let reason = format!("{}: {cell:?} holds another digit", named(corners, pair));
    let mut step = Step::new(Technique::UniqueRectangle, reason);
    step.eliminations = pair.iter().map(|d| Placement::new(cell, d)).collect();
    Some(step)
}

/// Type 2: the corners holding more hold one same extra digit; one of them is it.
fn type_2(board: &Board, state: &State, corners: &[Cell; 4], pair: DigitSet) -> Option<Step> {
    let roof = roof(state, corners, pair);
    // Four corners holding just the pair (met inside a bifurcation) have no roof to read.
    let extra = state.get(*roof.first()?).difference(pair).single_digit()?;
    let with_extra = pair.union(DigitSet::single(extra));
    if roof.iter().any(|&c| state.get(c) != with_extra) {
        return None;
    }
    let ends: Vec<Placement> = roof.iter().map(|&c| Placement::new(c, extra)).collect();
    let eliminations = excluded_by_all(board, state, &ends);
    if eliminations.is_empty() {
        return None;
    }
    let reason =
        format!("{} (type 2): one of {} is {extra}", named(corners, pair), cell_list(&roof));
    let mut step = Step::new(Technique::UniqueRectangle, reason);
    step.rating += 0.1;
    step.eliminations = eliminations;
    step.digits.insert(extra);
    Some(step)
}

/// Type 4: two corners holding more share a house where `a` has no other place; one is `a`,
/// so neither can be `b`.
fn type_4(
    board: &Board,
    state: &State,
    corners: &[Cell; 4],
    (a, b): (Digit, Digit),
) -> Option<Step> {
    let pair: DigitSet = [a, b].into_iter().collect();
    let roof = roof(state, corners, pair);
    let [one, two] = roof[..] else { return None };
    let house = board.houses_of[board.geometry.index(one)].iter().copied().find(|&h| {
        let cells = &board.houses[h].cells;
        // Only a full house must hold `a` somewhere.
        board.houses[h].full
            && cells.contains(&two)
            && cells.iter().all(|&c| c == one || c == two || !state.allows(Placement::new(c, a)))
    })?;
    let reason = format!(
        "{} (type 4): {a} is at {one:?} or {two:?} (the only places in {}), so neither is {b}",
        named(corners, pair),
        board.houses[house].name
    );
    let mut step = Step::new(Technique::UniqueRectangle, reason);
    step.eliminations = vec![Placement::new(one, b), Placement::new(two, b)];
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn unique_rectangles_are_sound() {
        test_util::assert_sound(Finder::UniqueRectangle);
    }
}
