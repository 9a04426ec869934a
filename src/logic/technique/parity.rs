//! Parity: odd and even digits counted, as a solver of arrows and killers does. A sum's cells
//! counted an odd number of times hold an odd number of odd digits exactly when its total is
//! odd (`2×circle + r4c5 + r5c5 + r6c5 = 45` needs an odd number of odd digits in r4c5-r6c5),
//! and a full house of N cells holds ⌈N/2⌉ odd digits. So a sum whose other cells' parities
//! are known fixes its last cell's parity; and in a house, the parities of its cells whose
//! parity is open are tried together (at most [`MOST_OPEN`] of them, each pattern with the
//! house's count of odd digits and the parity of every sum whose open cells lie in the
//! house): a cell with one parity in every pattern that fits loses the digits of the other.
//!
//! The sums are the puzzle's own (cages, arrows, little killers, ...), the rule of 45's
//! innies and outies, and every union of rows, columns or boxes with the arrows' lines inside
//! it taken as their circles, however many cells it has ([`super::rule_of_45::arrow_sums`]).
//! It fires only with a sum in play: the count of odd digits in a house alone is a naked or
//! hidden subset, which the subsets' finders report.

use super::Technique;
use super::rule_of_45::{Union, arrow_sums, houses};
use crate::ir::{Placement, Relation};
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, cell_extent};
use crate::model::digit::DigitSet;
use crate::model::geometry::Cell;

/// The most cells of open parity a house's patterns are tried over (2^16 patterns).
const MOST_OPEN: usize = 16;

/// What a sum says of parities: its cells counted an odd number of times hold an odd number
/// of odd digits, or an even number.
#[derive(Clone, Debug)]
pub(in crate::logic) struct ParitySum {
    /// The cells (reading-order indices) with an odd coefficient.
    cells: Vec<usize>,
    /// Whether they hold an odd number of odd digits.
    odd: bool,
    /// The sum's name.
    name: String,
}

/// What parity reads of a board, made once: the sums, and the full houses.
#[derive(Clone, Debug)]
pub(in crate::logic) struct Parities {
    /// The parity sums ([`sums`]).
    sums: Vec<ParitySum>,
    /// The full houses whose counts of odd digits are tried ([`houses`]).
    houses: Vec<Union>,
}

impl Parities {
    /// The parity sums and houses of `board`.
    pub(in crate::logic) fn of(board: &Board) -> Parities {
        Parities { sums: sums(board), houses: houses(board) }
    }
}

/// The parity sums of `board`: its linear sums with totals and the unions with arrows, each
/// with a cell of odd coefficient, once each.
fn sums(board: &Board) -> Vec<ParitySum> {
    let arrows = arrow_sums(board);
    let equal = board.linears.iter().chain(&arrows).filter(|l| l.relation == Relation::Equal);
    let mut sums: Vec<ParitySum> = Vec::new();
    for linear in equal {
        let odd_terms = linear.terms.iter().filter(|&&(_, a)| a % 2 != 0);
        let mut cells: Vec<usize> = odd_terms.map(|&(c, _)| board.geometry.index(c)).collect();
        cells.sort_unstable();
        let odd = linear.bound.rem_euclid(2) == 1;
        let known = |sum: &ParitySum| sum.cells == cells && sum.odd == odd;
        if !cells.is_empty() && !sums.iter().any(known) {
            sums.push(ParitySum { cells, odd, name: linear.name.clone() });
        }
    }
    sums
}

/// The parities a cell's candidates allow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Parity {
    Odd,
    Even,
    Open,
}

/// The digits 1, 3, 5, ... as a set (bit i is the digit i + 1).
const ODD_DIGITS: u64 = 0x5555_5555_5555_5555;

impl Parity {
    fn of(candidates: DigitSet) -> Parity {
        let bits = candidates.bits();
        match (bits & ODD_DIGITS != 0, bits & !ODD_DIGITS != 0) {
            (true, false) => Parity::Odd,
            (false, true) => Parity::Even,
            _ => Parity::Open,
        }
    }
}

/// The first parity step: a sum with one cell of open parity, else a house whose patterns
/// fix some of its cells' parities.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let Parities { sums, houses } = board.parities();
    if sums.is_empty() {
        return None;
    }
    let geometry = board.geometry;
    let parities: Vec<Parity> =
        (0..geometry.cell_count()).map(|i| Parity::of(state.get(geometry.cell(i)))).collect();
    let scope = Scope { board, state, parities: &parities };
    let alone = sums.iter().find_map(|sum| scope.alone(sum));
    alone.or_else(|| houses.iter().find_map(|house| scope.in_house(sums, house)))
}

/// The cells' parities at one state, and the questions asked of them.
struct Scope<'a> {
    board: &'a Board,
    state: &'a State,
    parities: &'a [Parity],
}

impl Scope<'_> {
    /// The step of `sum` alone, when one of its cells has an open parity.
    fn alone(&self, sum: &ParitySum) -> Option<Step> {
        let open: Vec<usize> =
            sum.cells.iter().copied().filter(|&i| self.parities[i] == Parity::Open).collect();
        if open.len() != 1 {
            return None;
        }
        let forced = self.forced(&open, None, &[sum]);
        let reason = format!(
            "{} needs {} of odd digits in {}, whose other parities are known",
            sum.name,
            count(sum.odd),
            self.extent(&sum.cells)
        );
        self.step(&forced, &sum.cells, reason)
    }

    /// The step of `house` with the sums whose open cells all lie in it, if they fix a
    /// parity.
    fn in_house(&self, sums: &[ParitySum], house: &Union) -> Option<Step> {
        let open: Vec<usize> =
            house.indices.iter().copied().filter(|&i| self.parities[i] == Parity::Open).collect();
        if open.is_empty() || open.len() > MOST_OPEN {
            return None;
        }
        let is_open = |i: &usize| self.parities[*i] == Parity::Open;
        let inside: Vec<&ParitySum> = sums
            .iter()
            .filter(|sum| {
                let mut open_cells = sum.cells.iter().filter(|i| is_open(i)).peekable();
                open_cells.peek().is_some() && open_cells.all(|i| house.indices.contains(i))
            })
            .collect();
        if inside.is_empty() {
            return None;
        }
        // A full house holds each of 1..=M once: ⌈M/2⌉ odd digits.
        let n = self.board.geometry.digits();
        let odd: Vec<usize> =
            house.indices.iter().copied().filter(|&i| self.parities[i] == Parity::Odd).collect();
        let odds = n.div_ceil(2).checked_sub(odd.len())?;
        let forced = self.forced(&open, Some(odds), &inside);
        let known = match odd.len() {
            0 => String::new(),
            _ => format!(" ({} known: {})", odd.len(), self.extent(&odd)),
        };
        let clauses: Vec<String> = inside
            .iter()
            .map(|sum| {
                let extent = self.extent(&sum.cells);
                format!("{} of them in {extent} ({})", count(sum.odd), sum.name)
            })
            .collect();
        let reason = format!(
            "{} holds {} odd digits{known}, {}: only these parities fit",
            house.name,
            n.div_ceil(2),
            clauses.join(", ")
        );
        self.step(&forced, &house.indices, reason)
    }

    /// The `open` cells whose parity every pattern allowed by `sums` (and by `odds`, the odd
    /// digits left to them) shares, each with that parity (`true` for odd).
    fn forced(
        &self,
        open: &[usize],
        odds: Option<usize>,
        sums: &[&ParitySum],
    ) -> Vec<(usize, bool)> {
        // Each sum as the open cells it counts (a mask over `open`) and the parity they need.
        let needs: Vec<(u32, bool)> = sums
            .iter()
            .map(|sum| {
                let known_odd = sum.cells.iter().filter(|&&i| self.parities[i] == Parity::Odd);
                let bits = open.iter().enumerate().filter(|(_, i)| sum.cells.contains(i));
                let mask = bits.fold(0u32, |mask, (bit, _)| mask | 1 << bit);
                (mask, sum.odd ^ (known_odd.count() % 2 == 1))
            })
            .collect();
        let (mut can_odd, mut can_even) = (0u32, 0u32);
        for pattern in 0..1u32 << open.len() {
            let fits = odds.is_none_or(|odds| pattern.count_ones() as usize == odds)
                && needs.iter().all(|&(mask, odd)| ((pattern & mask).count_ones() % 2 == 1) == odd);
            if fits {
                can_odd |= pattern;
                can_even |= !pattern;
            }
        }
        let one_way = can_odd ^ can_even;
        open.iter()
            .enumerate()
            .filter(|&(bit, _)| one_way >> bit & 1 == 1)
            .map(|(bit, &i)| (i, can_odd >> bit & 1 == 1))
            .collect()
    }

    /// The step removing from each `forced` cell the digits of the other parity, justified by
    /// `cells`; `None` if none is forced.
    fn step(&self, forced: &[(usize, bool)], cells: &[usize], reason: String) -> Option<Step> {
        if forced.is_empty() {
            return None;
        }
        let geometry = self.board.geometry;
        let mut step = Step::new(Technique::Parity, reason);
        for &(i, odd) in forced {
            let cell = geometry.cell(i);
            let candidates = self.state.get(cell).bits();
            let other =
                DigitSet::from_bits(candidates & if odd { !ODD_DIGITS } else { ODD_DIGITS });
            step.eliminations.extend(other.iter().map(|digit| Placement::new(cell, digit)));
            step.digits = step.digits.union(other);
        }
        step.cells = cells.iter().map(|&i| geometry.cell(i)).collect();
        Some(step)
    }

    /// The cells of `indices`, as a solver lists them.
    fn extent(&self, indices: &[usize]) -> String {
        let cells: Vec<Cell> = indices.iter().map(|&i| self.board.geometry.cell(i)).collect();
        cell_extent(&cells)
    }
}

/// `an odd number` or `an even number`.
fn count(odd: bool) -> &'static str {
    if odd { "an odd number" } else { "an even number" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::{Finder, test_util};

    /// The board and start state of the fixture `name` in `puzzles/`.
    fn fixture(name: &str) -> (Board, State) {
        let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("a fixture");
        let puzzle: crate::model::puzzle::Puzzle = text.parse().expect("a puzzle");
        let ir = crate::ir::Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, puzzle.givens()).expect("no contradiction");
        (board, state)
    }

    #[test]
    fn eddies_opens_with_the_one_odd_digit_of_box_5_in_its_centre() {
        // Box 5 holds five odd digits, four in its odd corners; row 5 and column 5, their
        // arrows' lines taken as their circles, each need an odd number among the centre's
        // cross: only the centre itself is in both.
        let (board, state) = fixture("arrow-eddies.txt");
        let step = find(&board, &state).expect("a parity step");
        let text = step.to_string();
        assert!(text.starts_with("r4c5,r5c4,r5c6,r6c5≠1,3,5,7,9; r5c5≠2,4,6,8: box 5"), "{text}");
        assert!(text.contains("an odd number of them in r5c4-r5c6 (r5c4-r5c6 + 2×(r5c3,r5c7)"));
    }

    #[test]
    fn a_sum_with_one_cell_of_open_parity_fixes_it() {
        // The 10 cage over r1c1 (odd by the 3 placed there) and r1c2 leaves r1c2 odd.
        let (board, mut state) = test_util::start("cage: 10 r1c1 r1c2");
        let three = Placement::new(Cell::new(0, 0), crate::model::digit::Digit::from_index(2));
        state.apply(&board, &[three], &[]).expect("no contradiction");
        let step = find(&board, &state).expect("a parity step");
        assert_eq!(
            step.to_string(),
            "r1c2≠2,4,6,8: the 10 cage r1c1,r1c2 needs an even number of odd digits in \
             r1c1,r1c2, whose other parities are known"
        );
    }

    #[test]
    fn parity_steps_are_sound() {
        test_util::assert_sound(Finder::Parity);
    }

    #[test]
    fn classic_puzzles_have_no_parity_sums() {
        let (board, _) = test_util::start("");
        assert!(board.parities().sums.is_empty());
    }
}
