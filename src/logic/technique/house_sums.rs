//! House sums: the cages wholly inside a row, column, box or region, and the rest of its cells
//! (which add up to what the rule of 45 leaves them), searched together. Their digits all
//! differ, so a combination of one that leaves another no combination of its own goes, and
//! with it the candidates only it allowed: "in row 3 the 12 cage can only be 1245 once the 7
//! cage takes 3 and 4". One cage's combinations alone are [`super::sum_combination`]'s.
//!
//! Each group's combinations come from the sum search ([`super::fill`]); a combination of a
//! group lives when the other groups have combinations disjoint from it and from each other
//! (a depth-first choice, group by group); a candidate stays when a fill of its group within a
//! living combination uses it (or the search gave up).

use super::Technique;
use super::fill::Answer;
use super::rule_of_45::{Cage, Union, cages, houses, innies};
use super::sum_combination::{SumFills, fits};
use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::DigitSet;

/// The first house whose sums, searched together, remove a candidate.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let cages = cages(board);
    if cages.is_empty() {
        return None;
    }
    houses(board).iter().find_map(|house| in_house(board, state, &cages, house))
}

/// The step of `house`'s cages and rest, if they remove a candidate together.
fn in_house(board: &Board, state: &State, cages: &[Cage], house: &Union) -> Option<Step> {
    let open = |&i: &usize| !state.placed[i];
    if !house.indices.iter().any(open) {
        return None;
    }
    let inside = cages.iter().filter(|cage| cage.indices.iter().all(|i| house.indices.contains(i)));
    let mut groups: Vec<Linear> = inside.map(|cage| board.linears[cage.linear].clone()).collect();
    groups.extend(innies(board, cages, house, house.indices.len()));
    if groups.len() < 2 {
        return None;
    }
    let sums: Vec<SumFills> =
        groups.iter().map(|group| SumFills::new(board, state, group)).collect();
    let combinations: Vec<Vec<DigitSet>> = sums.iter().map(SumFills::combinations).collect();
    let living: Vec<Vec<DigitSet>> = (0..groups.len())
        .map(|g| {
            let fitting = |set: &&DigitSet| fits_with_others(&combinations, g, **set);
            combinations[g].iter().filter(fitting).copied().collect()
        })
        .collect();
    let lost: Vec<Vec<Placement>> =
        sums.iter().zip(&living).map(|(sum, living)| unused(sum, living)).collect();
    if lost.iter().all(Vec::is_empty) {
        return None;
    }
    // The groups that lost combinations to the others or candidates, in a solver's words.
    let narrowed: Vec<String> = (0..groups.len())
        .filter(|&g| living[g].len() < combinations[g].len() || !lost[g].is_empty())
        .map(|g| format!("{} {}", groups[g].name, fits(&living[g])))
        .collect();
    let reason = format!(
        "the sums of {} use different digits between them: {}",
        house.name,
        narrowed.join("; ")
    );
    let mut step = Step::new(Technique::HouseSums, reason);
    step.eliminations = lost.concat();
    step.cells = house.indices.iter().map(|&i| board.geometry.cell(i)).collect();
    Some(step)
}

/// Whether group `fixed` taking the digits `set` leaves every other group a combination,
/// all of them disjoint.
fn fits_with_others(combinations: &[Vec<DigitSet>], fixed: usize, set: DigitSet) -> bool {
    fn extend(combinations: &[Vec<DigitSet>], fixed: usize, group: usize, used: DigitSet) -> bool {
        match combinations.get(group) {
            None => true,
            Some(_) if group == fixed => extend(combinations, fixed, group + 1, used),
            Some(sets) => sets.iter().any(|&set| {
                set.intersection(used).is_empty()
                    && extend(combinations, fixed, group + 1, used.union(set))
            }),
        }
    }
    extend(combinations, fixed, 0, set)
}

/// The candidates of a group no fill within one of the `living` combinations uses.
fn unused(sum: &SumFills, living: &[DigitSet]) -> Vec<Placement> {
    let fills = &sum.fills;
    let mut unused = Vec::new();
    for (index, &cell) in fills.cells.iter().enumerate() {
        for digit in fills.sets[index].iter() {
            let used = living.iter().filter(|set| set.contains(digit)).any(|&set| {
                let mut sets: Vec<DigitSet> =
                    fills.sets.iter().map(|s| s.intersection(set)).collect();
                sets[index] = DigitSet::single(digit);
                !matches!(fills.search(&sets), Answer::None)
            });
            if !used {
                unused.push(Placement::new(cell, digit));
            }
        }
    }
    unused
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util::start;
    use crate::logic::technique::{Finder, test_util};
    use crate::model::digit::Digit;
    use crate::model::geometry::Cell;

    #[test]
    fn two_cages_of_a_row_cannot_share_a_digit() {
        // Alone, the 10 cage keeps 19 and 28 and the 11 cage 29 and 38; together 28 leaves
        // the 11 cage nothing and 29 shares the 9 of 19: 19 and 38, and the rest 24567.
        let (board, mut state) = start("cage: 10 r1c1 r1c2\ncage: 11 r1c3 r1c4");
        let digits = |list: &[usize]| list.iter().map(|&v| Digit::from_index(v - 1)).collect();
        for (column, allowed) in [(0, [1, 2, 8, 9]), (1, [1, 2, 8, 9]), (2, [2, 3, 8, 9])] {
            state.restrict(Cell::new(0, column), digits(&allowed)).expect("candidates left");
        }
        state.restrict(Cell::new(0, 3), digits(&[2, 3, 8, 9])).expect("candidates left");
        let step = find(&board, &state).expect("a step");
        assert_eq!(
            step.to_string(),
            "r1c5,r1c6,r1c7,r1c8,r1c9≠1,3; r1c1,r1c2,r1c3,r1c4≠2; \
             r1c1,r1c2,r1c5,r1c6,r1c7,r1c8,r1c9≠8; r1c3,r1c4,r1c5,r1c6,r1c7,r1c8,r1c9≠9: the \
             sums of row 1 use different digits between them: the 10 cage r1c1,r1c2 can only \
             be 19; the 11 cage r1c3,r1c4 can only be 38; the innies r1c5-r1c9 of row 1 (24 by \
             the rule of 45) can only be 24567"
        );
    }

    #[test]
    fn house_sums_are_sound() {
        test_util::assert_sound(Finder::HouseSums);
    }
}
