//! Differences-count lines read by their fills: a candidate of a line's cell goes when no fill
//! of the whole line uses it, a fill being digits from the candidates, neighbours different,
//! cells that see each other different (a house, a rule's exclusion), and for each difference
//! k the steps differing by k numbering 0 or k. The counts taken one at a time
//! ([`super::counting`]) miss what only their interplay says: on a line of three cells both
//! steps differ by 2 (a step of 1 must be the only one, and the other step's difference, 2 or
//! more, is then shown once, too few times), which no single count rules out.
//!
//! The search goes along the line, cut as soon as a count passes its difference or the steps
//! left cannot make up the counts begun, and gives up after [`BUDGET`] nodes a question, when
//! the candidate stays.

use super::Technique;
use crate::ir::{Counted, Placement};
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// The nodes one question may visit before the search gives up.
const BUDGET: usize = 10_000;

/// The first step of a differences-count line, in the puzzle's order of lines.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    lines(board).find_map(|line| step(board, state, line))
}

/// The differences-count lines of `board`, each once (by its group of difference 1).
fn lines(board: &Board) -> impl Iterator<Item = &[Cell]> {
    board.count_groups.iter().filter_map(|group| match &group.counted {
        Counted::StepsDiffering { difference: 1, line } => Some(line.as_slice()),
        _ => None,
    })
}

/// The candidates of `line` that no fill uses, as a step, if there are any.
fn step(board: &Board, state: &State, line: &[Cell]) -> Option<Step> {
    let sets: Vec<DigitSet> = line.iter().map(|&cell| state.get(cell)).collect();
    if sets.iter().all(|set| set.len() == 1) {
        return None;
    }
    let search = Search { board, line };
    let mut supported = vec![DigitSet::EMPTY; line.len()];
    let mut eliminations = Vec::new();
    for (i, set) in sets.iter().enumerate() {
        for digit in set.iter() {
            if supported[i].contains(digit) {
                continue;
            }
            let mut fixed = sets.clone();
            fixed[i] = DigitSet::single(digit);
            match search.fill(&fixed) {
                Some(Some(fill)) => fill.iter().zip(&mut supported).for_each(|(&d, s)| s.insert(d)),
                Some(None) => eliminations.push(Placement::new(line[i], digit)),
                None => supported[i].insert(digit),
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let reason = format!(
        "no fill of the differences-count line {} puts it there (each difference shown by as \
         many steps or none)",
        cell_extent(line)
    );
    let mut step = Step::new(Technique::Counting, reason);
    step.eliminations = eliminations;
    step.cells = line.to_vec();
    Some(step)
}

/// A line's fill search on one board.
struct Search<'a> {
    board: &'a Board,
    line: &'a [Cell],
}

/// One question's search so far: the digits filled from the line's start, how many steps show
/// each difference, and the nodes left.
struct Walk {
    fill: Vec<Digit>,
    counts: Vec<usize>,
    budget: usize,
}

impl Search<'_> {
    /// A fill with digits from `sets` (one per cell): `Some(None)` when there is none, `None`
    /// when the search gives up.
    fn fill(&self, sets: &[DigitSet]) -> Option<Option<Vec<Digit>>> {
        let counts = vec![0; self.board.geometry.digits()];
        let mut walk = Walk { fill: Vec::with_capacity(self.line.len()), counts, budget: BUDGET };
        Some(self.extend(sets, &mut walk)?.then_some(walk.fill))
    }

    /// Fills the next cell, then the rest; `None` when the budget runs out.
    fn extend(&self, sets: &[DigitSet], walk: &mut Walk) -> Option<bool> {
        walk.budget = walk.budget.checked_sub(1)?;
        let i = walk.fill.len();
        if i == self.line.len() {
            return Some(true);
        }
        for digit in sets[i].iter() {
            let difference = walk.fill.last().map(|d| d.value().abs_diff(digit.value()));
            if difference == Some(0) || !self.fits(&walk.fill, digit) {
                continue;
            }
            if let Some(k) = difference {
                walk.counts[k] += 1;
            }
            walk.fill.push(digit);
            if self.may_finish(walk) && self.extend(sets, walk)? {
                return Some(true);
            }
            walk.fill.pop();
            if let Some(k) = difference {
                walk.counts[k] -= 1;
            }
        }
        Some(false)
    }

    /// Whether `digit` in the next cell sees none of the digits filled before it.
    fn fits(&self, fill: &[Digit], digit: Digit) -> bool {
        let next = Placement::new(self.line[fill.len()], digit);
        let placed = fill.iter().enumerate().map(|(j, &d)| Placement::new(self.line[j], d));
        placed.into_iter().all(|p| !self.board.excludes(p, next))
    }

    /// Whether no count passes its difference and the steps left can make up every count
    /// begun.
    fn may_finish(&self, walk: &Walk) -> bool {
        let left = self.line.len() - walk.fill.len();
        let mut short = 0;
        for (k, &count) in walk.counts.iter().enumerate() {
            if count > k {
                return false;
            }
            if count > 0 {
                short += k - count;
            }
        }
        short <= left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util::{assert_sound_with, start};

    #[test]
    fn a_line_of_three_differs_by_2_at_both_steps() {
        // Middle 1, 2, 8 or 9 leaves no pair of steps differing by 2.
        let (board, state) = start("differences-count: r1c1 r1c2 r2c3");
        let step = find(&board, &state).expect("the middle is 3 to 7");
        assert_eq!(step.effect(), "r1c2≠1,2,8,9");
        assert_eq!(
            step.reason(),
            "no fill of the differences-count line r1c1,r1c2,r2c3 puts it there (each \
             difference shown by as many steps or none)"
        );
    }

    #[test]
    fn count_line_steps_are_sound_on_real_solves() {
        let found = assert_sound_with("count line", find);
        assert!(found > 0, "the differences-count fixture gives no step");
    }
}
