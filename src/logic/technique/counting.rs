//! Counting rules read whole: the circles that hold a digit number 0 or the digit (counting
//! circles), the steps of a line that differ by k number 0 or k (differences-count lines).
//! With the candidates, each counted thing is sure, ruled out or open, so the count lies
//! between the sure ones and the sure and open ones; a candidate goes when, with it in its
//! cell, that range holds neither 0 nor the count. The rule's not-equal sums, one per other
//! count, say the same to the other engines; `gated_sum.rs` leaves them to this technique,
//! which judges each candidate by the few flags its cell touches rather than every flag of
//! the puzzle for each of those sums (Sudoku-Bench 56's 315 sums over 36 circles took
//! seconds a step that way).

use super::Technique;
use crate::ir::{CountGroup, Counted, Placement, flag_state};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// Whether `sum` is one of the not-equal sums a counting rule lowers to (`gated_sum.rs`
/// leaves them to this technique).
pub(super) fn reads(sum: &GatedSum) -> bool {
    matches!(sum.origin, "counting-circles" | "differences-count")
}

/// The candidates the first group with some leaves without a count of 0 or its number.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.count_groups.iter().find_map(|group| step(board, group, state))
}

/// Each flag of a group in three values: sure (`Some(true)`), ruled out, or open.
fn flag_states(
    board: &Board,
    group: &CountGroup,
    candidates_of: impl Fn(Cell) -> DigitSet,
) -> Vec<Option<bool>> {
    group.flags.iter().map(|f| flag_state(&board.flags[f.index()], &candidates_of, &[])).collect()
}

/// The least and the most flags that can hold.
fn range(states: &[Option<bool>]) -> (usize, usize) {
    let sure = states.iter().filter(|s| **s == Some(true)).count();
    (sure, sure + states.iter().filter(|s| s.is_none()).count())
}

/// Whether 0 or `count` lies in `low..=high`.
fn allowed(count: usize, (low, high): (usize, usize)) -> bool {
    low == 0 || (low..=high).contains(&count)
}

/// The step of one group, if it removes something.
fn step(board: &Board, group: &CountGroup, state: &State) -> Option<Step> {
    let candidates_of = |c: Cell| state.get(c);
    let states = flag_states(board, group, candidates_of);
    let (low, high) = range(&states);
    let mut eliminations = Vec::new();
    for (cell, flags) in cells_read(board, group) {
        let open = state.get(cell);
        if open.len() < 2 {
            continue;
        }
        for digit in open.iter() {
            let with = |c: Cell| if c == cell { DigitSet::single(digit) } else { state.get(c) };
            let mut changed = states.clone();
            for &i in &flags {
                changed[i] = flag_state(&board.flags[group.flags[i].index()], &with, &[]);
            }
            if !allowed(group.count, range(&changed)) {
                eliminations.push(Placement::new(cell, digit));
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::Counting, reason(group, low, high));
    step.eliminations = eliminations;
    step.cells = match &group.counted {
        Counted::CirclesHolding { circles, .. } => circles.clone(),
        Counted::StepsDiffering { line, .. } => line.clone(),
    };
    Some(step)
}

/// Each cell the group's flags read, with the positions of the flags that read it.
fn cells_read(board: &Board, group: &CountGroup) -> Vec<(Cell, Vec<usize>)> {
    let mut cells: Vec<(Cell, Vec<usize>)> = Vec::new();
    for (i, flag) in group.flags.iter().enumerate() {
        for literal in board.flags[flag.index()].any_of.iter().flatten() {
            let crate::ir::Literal::Placement(p, _) = *literal else { continue };
            match cells.iter_mut().find(|(c, _)| *c == p.cell) {
                Some((_, flags)) if !flags.contains(&i) => flags.push(i),
                Some(_) => {}
                None => cells.push((p.cell, vec![i])),
            }
        }
    }
    cells
}

/// Why, in a solver's words, from the count's range `low..=high` before the step.
fn reason(group: &CountGroup, low: usize, high: usize) -> String {
    let (things, of) = match &group.counted {
        Counted::CirclesHolding { digit, .. } => {
            (format!("circles holding {digit:?}"), String::new())
        }
        Counted::StepsDiffering { difference, line } => (
            format!("steps differing by {difference}"),
            format!(" on the line {}", cell_extent(line)),
        ),
    };
    let k = group.count;
    let rule = format!("the {things}{of} number 0 or {k}");
    let already = if low == 1 { "1 already does".to_string() } else { format!("{low} already do") };
    if high < k {
        format!("{rule}, and at most {high} can: none does")
    } else if low >= k {
        format!("{rule}, and {already}: no other")
    } else if low > 0 && high == k {
        format!("{rule}, {already}, and only {k} can: all of them")
    } else {
        format!("{rule} ({low} to {high} now), which these candidates would break")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::Finder;
    use crate::logic::technique::test_util::{assert_sound, start};

    #[test]
    fn counting_steps_are_sound_on_real_solves() {
        assert_sound(Finder::Counting);
    }

    #[test]
    fn a_digit_with_too_few_circles_leaves_them() {
        // Three circles: 4 to 9 cannot be in them (the lowering), and 3 must be in all three
        // or none; with r1c1 not 3, none holds it.
        let (board, mut state) = start("counting-circles: r1c1 r5c5 r9c9");
        let three = crate::model::digit::Digit::new(3).unwrap();
        let r1c1 = Cell::new(0, 0);
        state.apply(&board, &[], &[Placement::new(r1c1, three)]).unwrap();
        let step = find(&board, &state).expect("3 leaves the other circles");
        assert_eq!(step.effect(), "r5c5,r9c9≠3");
        assert_eq!(
            step.reason(),
            "the circles holding 3 number 0 or 3, and at most 2 can: none does"
        );
    }
}
