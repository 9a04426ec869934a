//! Line fish: fish whose base sets are not only houses but also the places of a digit that a
//! line, cage or table holds in every fill ([`crate::logic::required`]): both 5-cell renbans
//! of 1-9 hold a 5, so when their places of 5 all lie in columns 1 and 2, those columns get
//! their 5s from the renbans and lose it elsewhere.
//!
//! Why it is sound: take k base sets whose places of the digit are pairwise disjoint, each
//! holding the digit *at least* once (a house holds it exactly once, a required group at least
//! once), and k cover houses that hold every one of those places. The bases put the digit in
//! k different cells (disjoint places), all inside the covers; the covers, each holding the
//! digit at most once, hold it at most k times in all (even when they overlap). So the
//! covers' digits are exactly the bases' ones, and a place of the digit in a cover that is no
//! base's place goes. At least one base is a required group (with houses alone it is a fish,
//! [`super::fish`]); one base alone is the line step's "cells seeing all its places".

use super::{Technique, combination};
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::required::Requirements;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::Digit;

/// A base set: a digit's places, and what holds them.
struct Base {
    /// The digit's places (slots), sorted.
    slots: Vec<u32>,
    /// `the renban r1c1-r5c1`, `row 4`.
    name: String,
    /// Whether a line, cage or table holds it (else a house does).
    required: bool,
}

/// The first line fish of two base sets, else of three, that removes something.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let requirements = Requirements::derive(board, state);
    if requirements.groups.is_empty() {
        return None;
    }
    (2..=3).find_map(|size| find_of_size(board, state, &requirements, size))
}

/// The first line fish of `size` base sets that removes something.
fn find_of_size(
    board: &Board,
    state: &State,
    requirements: &Requirements,
    size: usize,
) -> Option<Step> {
    for digit in (0..board.geometry.digits()).map(Digit::from_index) {
        let bases = bases(board, state, requirements, digit);
        if !bases.iter().any(|b| b.required) {
            continue;
        }
        for cover in board.fish_families() {
            if let Some(step) = find_with(board, state, &bases, cover, size) {
                return Some(step);
            }
        }
    }
    None
}

/// The required groups of `digit`, then the houses of the base families with two or more
/// places of it.
fn bases(board: &Board, state: &State, requirements: &Requirements, digit: Digit) -> Vec<Base> {
    let groups = requirements.groups.iter().filter(|g| g.digit == digit).map(|g| {
        let mut slots = g.slots.clone();
        slots.sort_unstable();
        Base { slots, name: g.source.describe(board), required: true }
    });
    let houses = board.fish_families().iter().filter(|f| f.base).flat_map(|f| &f.houses);
    let houses = houses.filter_map(|&h| {
        let house = &board.houses[h];
        let places = house.cells.iter().map(|&c| Placement::new(c, digit));
        let mut slots: Vec<u32> =
            places.filter(|&p| state.allows(p)).map(|p| board.slot(p) as u32).collect();
        slots.sort_unstable();
        (slots.len() >= 2).then(|| Base { slots, name: house.name.to_string(), required: false })
    });
    groups.chain(houses).collect()
}

/// The first line fish over `bases` with covers from `family`.
fn find_with(
    board: &Board,
    state: &State,
    bases: &[Base],
    family: &super::fish::Family,
    size: usize,
) -> Option<Step> {
    let items: Vec<(usize, u64)> = (0..bases.len())
        .filter_map(|i| covers_of(board, &bases[i], family).map(|mask| (i, mask)))
        .collect();
    combination::first(&items, size, &mut |chosen, cover| {
        let chosen: Vec<&Base> = chosen.iter().map(|&i| &bases[i]).collect();
        if !chosen.iter().any(|b| b.required) || !disjoint(&chosen) {
            return None;
        }
        let eliminations = eliminations(board, state, &chosen, family, cover);
        (!eliminations.is_empty()).then(|| step(board, &chosen, family, cover, eliminations))
    })
}

/// The covers of `family` holding the base's places (bit per cover), or `None` when a place
/// is in none.
fn covers_of(board: &Board, base: &Base, family: &super::fish::Family) -> Option<u64> {
    let mut mask = 0u64;
    for &slot in &base.slots {
        let cell = board.placement(slot as usize).cell;
        mask |= 1 << family.member[board.geometry.index(cell)].filter(|&i| i < 64)?;
    }
    Some(mask)
}

/// Whether no place is in two of the bases.
fn disjoint(bases: &[&Base]) -> bool {
    bases.iter().enumerate().all(|(i, a)| {
        bases[i + 1..].iter().all(|b| a.slots.iter().all(|s| b.slots.binary_search(s).is_err()))
    })
}

/// The digit's places in the covers that are no base's places.
fn eliminations(
    board: &Board,
    state: &State,
    bases: &[&Base],
    family: &super::fish::Family,
    cover: u64,
) -> Vec<Placement> {
    let digit = board.placement(bases[0].slots[0] as usize).digit;
    let in_base = |slot: u32| bases.iter().any(|b| b.slots.binary_search(&slot).is_ok());
    let mut eliminations: Vec<Placement> = covers(family, cover)
        .flat_map(|h| board.houses[h].cells.iter().map(move |&c| Placement::new(c, digit)))
        .filter(|&p| state.allows(p) && !in_base(board.slot(p) as u32))
        .collect();
    eliminations.sort_by_key(|p| p.cell);
    eliminations.dedup();
    eliminations
}

/// The cover houses of a mask.
fn covers(family: &super::fish::Family, mask: u64) -> impl Iterator<Item = usize> + '_ {
    let houses = &family.houses;
    (0..houses.len()).filter(move |&i| mask >> i & 1 == 1).map(|i| houses[i])
}

/// The step of a line fish.
fn step(
    board: &Board,
    bases: &[&Base],
    family: &super::fish::Family,
    cover: u64,
    eliminations: Vec<Placement>,
) -> Step {
    let digit = board.placement(bases[0].slots[0] as usize).digit;
    let covers: Vec<usize> = covers(family, cover).collect();
    let held: Vec<&str> = bases.iter().map(|b| &*b.name).collect();
    let reason = format!(
        "{} on {digit}: {} each hold it, in {} only",
        Technique::LineFish.name(),
        held.join(" and "),
        super::fish::names(board, &covers)
    );
    let mut step = Step::new(Technique::LineFish, reason);
    step.eliminations = eliminations;
    step.cells = bases
        .iter()
        .flat_map(|b| b.slots.iter().map(|&s| board.placement(s as usize).cell))
        .collect();
    step.digits.insert(digit);
    step
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn line_fish_are_sound() {
        test_util::assert_sound(Finder::LineFish);
    }
}
