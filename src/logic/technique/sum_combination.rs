//! Sum combinations: a candidate of a sum's cell goes when no way of filling the sum's cells
//! uses it (digits from their candidates, different wherever two cells share a house or a
//! rule excludes the pair, adding up to the total); and a digit every way uses goes from the
//! cells that see all its places in the sum. For a killer cage these are the combinations a
//! solver lists ("16 in two cells is 7+9", "every combination of 6 in three cells has 1"); the
//! same search serves arrows, little killers, region sums and the rule of 45's innies and
//! outies ([`super::rule_of_45`]).
//!
//! The search is a depth-first fill, cells with fewer candidates first, cut by the range the
//! cells after it span; it is asked one question at a time ("a fill with r1c1=7?", "a fill
//! without 9?") and gives up after [`BUDGET`] nodes, when the candidate stays. Sums compared
//! with `≤` or `≠` are left to the range check ([`super::sum_bounds`]).

use super::Technique;
use crate::ir::{Placement, Relation};
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::{Step, digit_list, digit_ranges};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// The nodes one question may visit before the search gives up.
const BUDGET: usize = 20_000;

/// The first step of the puzzle's own sums (`derived` false: the `combination` technique) or
/// of the rule of 45's (`derived` true).
pub(super) fn find(board: &Board, state: &State, derived: bool) -> Option<Step> {
    let technique = if derived { Technique::RuleOf45 } else { Technique::Combination };
    board
        .linears
        .iter()
        .filter(|linear| linear.derived == derived && linear.relation == Relation::Equal)
        .find_map(|linear| {
            let fills = Fills::new(board, state, linear);
            let (eliminations, seen) = fills.unsupported();
            if !eliminations.is_empty() {
                let reason = match fills.what_fits() {
                    Some(fits) => format!("{} {fits}", linear.name),
                    None => format!("no fill of {} adds up with it", linear.name),
                };
                return Some(fills.step(technique, reason, eliminations));
            }
            let (digits, eliminations) = fills.required_digits(seen);
            if eliminations.is_empty() {
                return None;
            }
            let (list, they) = match digits.len() {
                1 => (digit_ranges(digits), "it goes"),
                _ => (digit_ranges(digits), "they go"),
            };
            let reason = match fills.what_fits() {
                Some(fits) => format!(
                    "{} {fits}, so it holds {list}, which these cells see wherever {they}",
                    linear.name
                ),
                None => format!(
                    "every fill of {} has {list}, which these cells see wherever {they}",
                    linear.name
                ),
            };
            Some(fills.step(technique, reason, eliminations))
        })
}

/// What a search answered.
enum Answer {
    /// A fill: the digit of each term.
    Fill(Vec<Digit>),
    /// No fill.
    None,
    /// The budget ran out.
    GaveUp,
}

/// A sum with its cells' candidates, ready to be asked about.
struct Fills<'a> {
    board: &'a Board,
    state: &'a State,
    linear: &'a Linear,
    /// The candidates of each term's cell.
    sets: Vec<DigitSet>,
    /// The terms in the order the search fills them (fewer candidates first).
    order: Vec<usize>,
}

impl<'a> Fills<'a> {
    fn new(board: &'a Board, state: &'a State, linear: &'a Linear) -> Fills<'a> {
        let sets: Vec<DigitSet> = linear.terms.iter().map(|&(cell, _)| state.get(cell)).collect();
        let mut order: Vec<usize> = (0..sets.len()).collect();
        order.sort_by_key(|&i| sets[i].len());
        Fills { board, state, linear, sets, order }
    }

    /// The candidates no fill uses, and the digits the fills found on the way used (a digit
    /// some fill leaves out is no required digit).
    fn unsupported(&self) -> (Vec<Placement>, Vec<DigitSet>) {
        let mut supported = vec![DigitSet::EMPTY; self.sets.len()];
        let mut fills_digits = Vec::new();
        let mut eliminations = Vec::new();
        for (term, &(cell, _)) in self.linear.terms.iter().enumerate() {
            for digit in self.sets[term].iter() {
                if supported[term].contains(digit) {
                    continue;
                }
                let mut sets = self.sets.clone();
                sets[term] = DigitSet::single(digit);
                match self.search(&sets) {
                    Answer::Fill(fill) => {
                        fill.iter().zip(&mut supported).for_each(|(&d, set)| set.insert(d));
                        fills_digits.push(fill.iter().copied().collect());
                    }
                    Answer::None => eliminations.push(Placement::new(cell, digit)),
                    Answer::GaveUp => supported[term].insert(digit),
                }
            }
        }
        (eliminations, fills_digits)
    }

    /// The digits every fill uses (none of `seen`, the digits of fills already found, leaves
    /// them out) that remove candidates, and those candidates: of cells outside the sum that
    /// see each of the digit's places in the sum.
    fn required_digits(&self, seen: Vec<DigitSet>) -> (DigitSet, Vec<Placement>) {
        let cells = self.linear.cells();
        let all: DigitSet = self.sets.iter().fold(DigitSet::EMPTY, |a, &b| a.union(b));
        let mut digits = DigitSet::EMPTY;
        let mut eliminations = Vec::new();
        for digit in all.iter().filter(|&d| seen.iter().all(|fill| fill.contains(d))) {
            let places: Vec<Placement> = cells
                .iter()
                .zip(&self.sets)
                .filter(|(_, set)| set.contains(digit))
                .map(|(&cell, _)| Placement::new(cell, digit))
                .collect();
            let removed = self.seeing_all(&places, &cells);
            if removed.is_empty() {
                continue;
            }
            let without = DigitSet::single(digit);
            let sets: Vec<DigitSet> = self.sets.iter().map(|s| s.difference(without)).collect();
            if matches!(self.search(&sets), Answer::None) {
                digits.insert(digit);
                eliminations.extend(removed);
            }
        }
        (digits, eliminations)
    }

    /// The candidates, outside `cells`, of `places`' digit that exclude every one of `places`.
    fn seeing_all(&self, places: &[Placement], cells: &[Cell]) -> Vec<Placement> {
        let Some(first) = places.first() else { return Vec::new() };
        self.board
            .excluded(*first)
            .filter(|p| p.digit == first.digit && !cells.contains(&p.cell) && self.state.allows(*p))
            .filter(|&p| places.iter().all(|&q| self.board.excludes(p, q)))
            .collect::<std::collections::BTreeSet<Placement>>()
            .into_iter()
            .collect()
    }

    /// A fill of the terms with digits from `sets`.
    fn search(&self, sets: &[DigitSet]) -> Answer {
        let terms = &self.linear.terms;
        let range = |i: usize| {
            let (a, set) = (terms[i].1, sets[i]);
            let ends = [set.iter().next(), set.iter().last()]
                .map(|d| d.map_or(0, |d| a * d.value() as i64));
            (ends[0].min(ends[1]), ends[0].max(ends[1]))
        };
        // The least and most the terms after each position of the order can add.
        let mut rest = vec![(0i64, 0i64); self.order.len() + 1];
        for position in (0..self.order.len()).rev() {
            let (low, high) = range(self.order[position]);
            rest[position] = (rest[position + 1].0 + low, rest[position + 1].1 + high);
        }
        if sets.iter().any(|s| s.is_empty()) {
            return Answer::None;
        }
        let mut fill = vec![None; terms.len()];
        let mut budget = BUDGET;
        match self.extend(0, 0, sets, &rest, &mut fill, &mut budget) {
            Some(true) => Answer::Fill(fill.into_iter().map(|d| d.expect("filled")).collect()),
            Some(false) => Answer::None,
            None => Answer::GaveUp,
        }
    }

    /// Fills the terms from `position` of the order on; `None` when the budget runs out.
    fn extend(
        &self,
        position: usize,
        sum: i64,
        sets: &[DigitSet],
        rest: &[(i64, i64)],
        fill: &mut [Option<Digit>],
        budget: &mut usize,
    ) -> Option<bool> {
        *budget = budget.checked_sub(1)?;
        let Some(&term) = self.order.get(position) else {
            return Some(sum == self.linear.bound);
        };
        let (cell, a) = self.linear.terms[term];
        let (low, high) = rest[position + 1];
        for digit in sets[term].iter() {
            let total = sum + a * digit.value() as i64;
            if total + low > self.linear.bound || total + high < self.linear.bound {
                continue;
            }
            let here = Placement::new(cell, digit);
            let clash = self.order[..position].iter().any(|&earlier| {
                let other = self.linear.terms[earlier].0;
                fill[earlier].is_some_and(|d| self.board.excludes(Placement::new(other, d), here))
            });
            if clash {
                continue;
            }
            fill[term] = Some(digit);
            if self.extend(position + 1, total, sets, rest, fill, budget)? {
                return Some(true);
            }
            fill[term] = None;
        }
        Some(false)
    }

    /// What still fits, for the reason, when the sum is cage-like (cells all different, each
    /// counted once): its combinations (`can only be 79`, `has the combinations 159, 168
    /// left`); `None` for other sums.
    fn what_fits(&self) -> Option<String> {
        let cells = self.linear.cells();
        let cage_like = self.linear.terms.iter().all(|&(_, a)| a == 1)
            && cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| self.board.share_house(a, b)));
        if !cage_like {
            return None;
        }
        let combinations: Vec<String> = self.combinations().into_iter().map(digit_list).collect();
        Some(match combinations.as_slice() {
            [] => "has no combination left".to_string(),
            [only] => format!("can only be {only}"),
            many if many.len() <= 6 => format!("has the combinations {} left", many.join(", ")),
            many => format!("has {} combinations left", many.len()),
        })
    }

    /// The digit sets of the cells' size adding up to the total that some fill uses whole.
    fn combinations(&self) -> Vec<DigitSet> {
        let all: DigitSet = self.sets.iter().fold(DigitSet::EMPTY, |a, &b| a.union(b));
        let digits: Vec<Digit> = all.iter().collect();
        let mut found = Vec::new();
        let mut chosen = Vec::new();
        self.subsets(&digits, 0, 0, &mut chosen, &mut found);
        found
    }

    /// The subsets of `digits` from `from` on that extend `chosen` to a usable combination.
    fn subsets(
        &self,
        digits: &[Digit],
        from: usize,
        sum: i64,
        chosen: &mut Vec<Digit>,
        found: &mut Vec<DigitSet>,
    ) {
        if chosen.len() == self.sets.len() {
            if sum == self.linear.bound {
                let set: DigitSet = chosen.iter().copied().collect();
                let sets: Vec<DigitSet> = self.sets.iter().map(|s| s.intersection(set)).collect();
                if !matches!(self.search(&sets), Answer::None) {
                    found.push(set);
                }
            }
            return;
        }
        for index in from..digits.len() {
            let value = digits[index].value() as i64;
            if sum + value > self.linear.bound {
                break;
            }
            chosen.push(digits[index]);
            self.subsets(digits, index + 1, sum + value, chosen, found);
            chosen.pop();
        }
    }

    /// The step of `technique` removing `eliminations`, justified by the sum's cells.
    fn step(&self, technique: Technique, reason: String, eliminations: Vec<Placement>) -> Step {
        let mut step = Step::new(technique, reason);
        step.eliminations = eliminations;
        step.cells = self.linear.cells();
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Ir;
    use crate::logic::technique::{Finder, test_util};

    /// The board and start state of an empty 9×9 grid with `cages` (text-format lines).
    fn start(cages: &str) -> (Board, State) {
        let text = format!("{cages}\n{}", ".".repeat(81));
        let puzzle: crate::Puzzle = text.parse().expect("a puzzle");
        let ir = Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, puzzle.givens()).expect("no contradiction");
        (board, state)
    }

    #[test]
    fn a_two_cell_cage_of_16_can_only_be_7_and_9() {
        let (board, state) = start("cage: 16 r1c1 r1c2");
        let step = find(&board, &state, false).expect("a step");
        assert_eq!(step.eliminations.len(), 14);
        assert_eq!(step.to_string(), "r1c1,r1c2≠1–6,8: the 16 cage r1c1,r1c2 can only be 79");
    }

    #[test]
    fn a_digit_every_combination_has_leaves_the_cells_that_see_all_its_places() {
        // 6 in three cells of box 1 is 1+2+3: first the cage loses 4 to 9, then the rest of
        // box 1 loses 1 to 3, which every combination has (row 1 keeps them: r2c1 is not in it).
        let (board, mut state) = start("cage: 6 r1c1 r1c2 r2c1");
        let first = find(&board, &state, false).expect("a step");
        assert!(first.reason.ends_with("can only be 123"), "{first}");
        state.apply(&board, &first.placements, &first.eliminations).unwrap();
        let second = find(&board, &state, false).expect("a second step");
        assert_eq!(
            second.to_string(),
            "r1c3,r2c2,r2c3,r3c1,r3c2,r3c3≠1–3: the 6 cage r1c1,r1c2,r2c1 can only be 123, so it \
             holds 1–3, which these cells see wherever they go"
        );
    }

    #[test]
    fn combinations_are_sound() {
        test_util::assert_sound(Finder::SumCombination);
    }
}
