//! Equal totals read whole: the totals each line of the group can still reach with its
//! candidates (repeats allowed, as along a diagonal) are intersected, and a candidate that no
//! filling of its line with one of those common totals uses goes. The lines' flags (see
//! `ir/lower/equal_totals.rs`) tell the other techniques only one line at a time.

use super::Technique;
use crate::ir::{Placement, TotalGroup};
use crate::logic::board::{Board, GatedSum};
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// The common totals shown in a reason, at most.
const SHOWN: usize = 6;

/// Whether `sum` is one of the sums a group of equal totals lowers to (its flags' last
/// totals: `gated_sum.rs` leaves them to this technique).
pub(super) fn reads(sum: &GatedSum) -> bool {
    matches!(sum.origin, "equal-sums" | "equal-products")
}

/// The candidates the first group with some leaves without a common total.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.total_groups.iter().find_map(|group| step(group, state))
}

/// The step of one group, if it removes something.
fn step(group: &TotalGroup, state: &State) -> Option<Step> {
    let domains: Vec<Vec<Vec<usize>>> = group
        .lines
        .iter()
        .map(|line| line.iter().map(|&c| state.get(c).iter().map(Digit::value).collect()).collect())
        .collect();
    let common = group.total.common(&domains)?;
    let mut eliminations: Vec<Placement> = Vec::new();
    for (line, domains) in group.lines.iter().zip(&domains) {
        let supported = group.total.supported(domains, &common)?;
        for ((&cell, domain), kept) in line.iter().zip(domains).zip(&supported) {
            let gone = domain.iter().filter(|d| !kept.contains(d));
            let gone = gone.map(|&d| Placement::new(cell, Digit::from_index(d - 1)));
            eliminations.extend(gone.filter(|p| !eliminations.contains(p)).collect::<Vec<_>>());
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let names: Vec<String> = group.lines.iter().map(|line| cell_extent(line)).collect();
    let mut shown: Vec<String> = common.iter().take(SHOWN).map(u128::to_string).collect();
    if common.len() > SHOWN {
        shown.push("...".into());
    }
    let (word, words) = (group.total.word(), group.total.plural());
    let reason = match common.len() {
        0 => format!("the diagonals {} reach no {word} in common", names.join(", ")),
        _ => format!(
            "the diagonals {} can all reach only the {words} {}: no filling with one of them \
             puts these digits there",
            names.join(", "),
            shown.join(", ")
        ),
    };
    let mut step = Step::new(Technique::Combination, reason);
    step.eliminations = eliminations;
    let mut cells: Vec<Cell> = group.lines.concat();
    cells.sort();
    cells.dedup();
    step.cells = cells;
    Some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util::start;

    #[test]
    fn candidates_that_fit_no_common_total_go() {
        // r1c1 alone (a one-cell diagonal from the corner) and the four cells r4c1-r1c4 add up
        // to one sum: 4 to 9, what both reach. r1c1 loses 1 to 3; a cell of the four loses 7
        // to 9, since the other three add up to 3 or more.
        let (board, state) = start("equal-sums: r1c1 / r4c1 r3c2 r2c3 r1c4\n");
        let step = find(&board, &state).expect("the sums 4 to 9 in common");
        let gone = |cell: &str| -> Vec<usize> {
            let cell = Cell::from_name(cell).unwrap();
            step.eliminations.iter().filter(|p| p.cell == cell).map(|p| p.digit.value()).collect()
        };
        assert_eq!(gone("r1c1"), [1, 2, 3]);
        assert_eq!(gone("r3c2"), [7, 8, 9]);
        assert!(step.to_string().contains("only the sums 4, 5, 6, 7, 8, 9"), "{step}");
    }
}
