//! Outside clues (sandwiches, X-sums, skyscrapers): a candidate of the clue's row or column
//! goes when no way the clue can be met uses it, as a solver reasons about a sandwich.
//!
//! The IR states these clues as sums whose terms read flags (`ir::flag`); the board keeps them
//! as [`GatedSum`]s, and `gated_sum.rs` checks their range with the flags in three values. This
//! technique reads each one back as the clue it is (its rule, its line from the clue inwards,
//! its number; the line must be a full house, so its digits all differ and each appears) and
//! enumerates what the flags depend on, per shape:
//! - a sandwich: the places of the 1 and the N; the cells between them must hold different
//!   digits, neither 1 nor N, adding up to the clue;
//! - an X-sum: the first digit X; the first X cells (that digit included) must hold different
//!   digits adding up to the clue;
//! - a skyscraper: the heights along the line, walked with the count of those seen so far.
//!
//! Each is a [`Walk`] over digit masks (exact all-different along the line), so a clue costs
//! microseconds. What no feasible way uses goes. Per shape rather than over the flags
//! generically: the flags of a sandwich read both ends of the line, and a generic enumeration
//! of what flags read would enumerate whole rows. Grids above [`MAX_DIGITS`] and clues whose
//! line is not a full house keep only the range check.

use super::Technique;
use super::digit_walk::{Counter, MAX_DIGITS, MaskSet, Walk};
use crate::ir::{Literal, Placement, Relation};
use crate::logic::board::{Board, GatedSum, House};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// Whether `sum` is an outside clue this technique reads (and decides exactly, so the range
/// check of `gated_sum.rs` leaves it alone).
pub(super) fn reads(board: &Board, sum: &GatedSum) -> bool {
    Clue::read(board, sum).is_some()
}

/// The candidates of the first outside clue that no way of meeting it uses.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.gated.iter().filter_map(|sum| Clue::read(board, sum)).find_map(|clue| {
        let candidates: Vec<DigitSet> = clue.line.iter().map(|&c| state.get(c)).collect();
        let supported = clue.supported(&candidates);
        let eliminations: Vec<Placement> = (clue.line.iter().zip(&candidates))
            .zip(&supported)
            .flat_map(|((&cell, &set), &kept)| {
                set.difference(kept).iter().map(move |d| Placement::new(cell, d))
            })
            .collect();
        if eliminations.is_empty() {
            return None;
        }
        let mut step = Step::new(Technique::OutsideClue, clue.reason());
        step.eliminations = eliminations;
        step.cells = clue.line.clone();
        Some(step)
    })
}

/// The kinds of outside clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Sandwich,
    XSum,
    Skyscraper,
}

/// An outside clue read back from a gated sum.
#[derive(Clone, Debug)]
struct Clue<'a> {
    kind: Kind,
    /// The row or column, from the clue inwards.
    line: Vec<Cell>,
    /// The total (sandwich, X-sum) or the count (skyscraper).
    number: usize,
    /// The full house the line is.
    house: &'a House,
    /// The grid size.
    size: usize,
}

impl<'a> Clue<'a> {
    /// The clue `sum` states, when it is one this technique reads: an equality from a
    /// sandwich, X-sum or skyscraper whose terms, one per cell in line order, count 1 × their
    /// cell's digit (sandwich, X-sum) or their flag (skyscraper, whose flag reads its cell
    /// first), over a full house of a grid of at most [`MAX_DIGITS`].
    fn read(board: &'a Board, sum: &GatedSum) -> Option<Clue<'a>> {
        let kind = match sum.origin {
            "sandwich" => Kind::Sandwich,
            "x-sum" => Kind::XSum,
            "skyscraper" => Kind::Skyscraper,
            _ => return None,
        };
        let size = board.geometry.size();
        let number = usize::try_from(sum.bound).ok()?;
        if sum.relation != Relation::Equal || !(2..=MAX_DIGITS).contains(&size) {
            return None;
        }
        let cell_of = |term: &crate::ir::Term| match (kind, term.cell) {
            (Kind::Skyscraper, None) => {
                match board.flags[term.gate?.index()].any_of.first()?.first()? {
                    Literal::Placement(p, true) => Some(p.cell),
                    _ => None,
                }
            }
            (Kind::Skyscraper, Some(_)) => None,
            (_, cell) => cell,
        };
        let line: Vec<Cell> = (sum.terms.iter())
            .map(|t| cell_of(t).filter(|_| t.coefficient == 1))
            .collect::<Option<_>>()?;
        let mut sorted = line.clone();
        sorted.sort();
        let house = board.houses.iter().find(|h| {
            h.full && {
                let mut cells = h.cells.clone();
                cells.sort();
                cells == sorted
            }
        })?;
        Some(Clue { kind, line, number, house, size })
    }

    /// Per cell of the line, the candidates some way of meeting the clue uses.
    fn supported(&self, candidates: &[DigitSet]) -> Vec<DigitSet> {
        let mut supported = vec![DigitSet::EMPTY; candidates.len()];
        match self.kind {
            Kind::Sandwich => self.sandwiches(candidates, &mut supported),
            Kind::XSum => self.x_sums(candidates, &mut supported),
            Kind::Skyscraper => {
                let walk = Walk::new(self.size, Counter::Records);
                let mut start = vec![MaskSet::EMPTY; self.size + 1];
                start[0] = MaskSet::start();
                let mut end = vec![MaskSet::EMPTY; self.size + 1];
                if let Some(layer) = end.get_mut(self.number) {
                    *layer = walk.patterns().all;
                }
                if let Some(found) = walk.supported(start, candidates, &end) {
                    widen(&mut supported, 0, found);
                }
            }
        }
        supported
    }

    /// Every place of the 1 and the N (either first) with different digits between them,
    /// neither 1 nor N, adding up to the clue: what each uses joins `supported`.
    fn sandwiches(&self, candidates: &[DigitSet], supported: &mut [DigitSet]) {
        let walk = Walk::new(self.size, Counter::Nothing);
        let total = [walk.patterns().sum(self.number)];
        let (low, high) = (Digit::from_index(0), Digit::from_index(self.size - 1));
        let gates = DigitSet::single(low).union(DigitSet::single(high));
        let pick =
            |on: bool, digit: Digit| if on { DigitSet::single(digit) } else { DigitSet::EMPTY };
        let others =
            |cells: &[DigitSet]| cells.iter().map(|c| c.difference(gates)).collect::<Vec<_>>();
        for first in 0..candidates.len() {
            for last in first + 1..candidates.len() {
                let (a, b) = (candidates[first], candidates[last]);
                let low_first = a.contains(low) && b.contains(high);
                let high_first = a.contains(high) && b.contains(low);
                if !low_first && !high_first {
                    continue;
                }
                let (before, after) =
                    (others(&candidates[..first]), others(&candidates[last + 1..]));
                if before.iter().chain(&after).any(|c| c.is_empty()) {
                    continue;
                }
                let middle = others(&candidates[first + 1..last]);
                let Some(found) = walk.supported(vec![MaskSet::start()], &middle, &total) else {
                    continue;
                };
                widen(supported, 0, before);
                widen(supported, first, [pick(low_first, low).union(pick(high_first, high))]);
                widen(supported, first + 1, found);
                widen(supported, last, [pick(low_first, high).union(pick(high_first, low))]);
                widen(supported, last + 1, after);
            }
        }
    }

    /// Every first digit X with different digits in the first X cells adding up to the clue:
    /// what each uses joins `supported` (the cells after the first X are free).
    fn x_sums(&self, candidates: &[DigitSet], supported: &mut [DigitSet]) {
        let walk = Walk::new(self.size, Counter::Nothing);
        let total = [walk.patterns().sum(self.number)];
        for x in candidates[0].iter().filter(|x| x.value() <= candidates.len()) {
            let start = vec![MaskSet::single(1 << x.index())];
            if let Some(found) = walk.supported(start, &candidates[1..x.value()], &total) {
                widen(supported, 0, [DigitSet::single(x)]);
                widen(supported, 1, found);
                widen(supported, x.value(), candidates[x.value()..].to_vec());
            }
        }
    }

    /// Why the candidates go, in a solver's words.
    fn reason(&self) -> String {
        let (n, house) = (self.number, &self.house.name);
        match self.kind {
            Kind::Sandwich => format!(
                "the sandwich of {n} in {house}: no placement of 1 and {} with different \
                 digits between them adding up to {n} allows it",
                self.size
            ),
            Kind::XSum => format!(
                "the x-sum of {n} {}: no first digit X whose first X digits add up to {n} \
                 allows it",
                self.side()
            ),
            Kind::Skyscraper => format!(
                "the skyscraper of {n} {}: no order of heights that shows exactly {n} allows it",
                self.side()
            ),
        }
    }

    /// Where the clue stands: `left of row 3`, `below column 5`.
    fn side(&self) -> String {
        let (first, second) = (self.line[0], self.line[1]);
        let word = match (first.row() == second.row(), first < second) {
            (true, true) => "left of",
            (true, false) => "right of",
            (false, true) => "above",
            (false, false) => "below",
        };
        format!("{word} {}", self.house.name)
    }
}

/// Adds `digits` to `supported` from position `from` on.
fn widen(supported: &mut [DigitSet], from: usize, digits: impl IntoIterator<Item = DigitSet>) {
    supported[from..].iter_mut().zip(digits).for_each(|(s, d)| *s = s.union(d));
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};

    use super::super::Finder;
    use super::super::test_util::assert_sound;
    use super::*;
    use crate::logic::{ExplainOptions, explain_with};
    use crate::model::geometry::Geometry;
    use crate::model::grid::Grid;
    use crate::model::puzzle::Puzzle;
    use crate::model::rule::Rule;

    fn fixture(name: &str) -> Puzzle {
        let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).expect("a fixture").parse().expect("a puzzle")
    }

    #[test]
    fn outside_clues_are_sound_on_the_test_solves() {
        assert_sound(Finder::OutsideClue);
    }

    #[test]
    fn the_example_puzzles_need_no_deep_bifurcation() {
        // Measured: sandwich-classic solves without bifurcation, skyscraper-renban with one of
        // depth 1; x-sum-tiny-scar without bifurcation makes 42 steps and places 4 digits before
        // it is stuck (its whispers need a bifurcation). With the range check alone, the first
        // needed depth 2, the last stopped after 19 steps without a placement.
        let solve =
            |name, depth| explain_with(&fixture(name), &ExplainOptions::new().max_depth(depth));
        let sandwich = solve("sandwich-classic", 0);
        assert!(sandwich.is_solved(), "{:?}", sandwich.outcome());
        let skyscraper = solve("skyscraper-renban", 1);
        assert!(skyscraper.is_solved(), "{:?}", skyscraper.outcome());
        let x_sum = solve("x-sum-tiny-scar", 0);
        let placed: usize = x_sum.steps().iter().map(|s| s.placements().len()).sum();
        assert!(placed >= 4 && x_sum.steps().len() >= 40, "{placed} placements");
        let used = |e: &crate::logic::Explanation| {
            e.steps().iter().any(|s| s.technique() == Technique::OutsideClue)
        };
        assert!(used(&sandwich) && used(&skyscraper) && used(&x_sum));
    }

    #[test]
    fn a_sandwich_step_names_its_clue() {
        let explanation = explain_with(&fixture("sandwich-classic"), &ExplainOptions::new());
        let first = explanation.steps()[0].to_string();
        assert_eq!(
            first,
            "r5c2≠9: the sandwich of 23 in column 2: no placement of 1 and 9 with different \
             digits between them adding up to 23 allows it"
        );
    }

    /// The sandwich, X-sum and skyscraper numbers of `line` in `solution`.
    fn numbers(solution: &Grid, line: &[Cell]) -> [usize; 3] {
        let digits: Vec<usize> = line.iter().map(|&c| solution.get(c).unwrap().value()).collect();
        let n = digits.len();
        let at = |v: usize| digits.iter().position(|&d| d == v).unwrap();
        let (a, b) = (at(1).min(at(n)), at(1).max(at(n)));
        let sandwich = digits[a + 1..b].iter().sum();
        let x_sum = digits[..digits[0]].iter().sum();
        let seen = (0..n).filter(|&i| digits[..i].iter().all(|&d| d < digits[i])).count();
        [sandwich, x_sum, seen]
    }

    #[test]
    fn random_clues_never_lose_a_solution_digit() {
        // Random sandwiches, X-sums and skyscrapers read off a relabelled 9×9 or 6×6 solution,
        // some givens: every step of a solve by this technique and the singles keeps the
        // solution's digits.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(10);
        let bases = [
            "859274316317956248462813957523749861974168523681325479295681734148537692736492185",
            "123456456123231564564231312645645312",
        ];
        let mut removed = 0;
        for round in 0..60 {
            let base = bases[round % 2];
            let n = if base.len() == 81 { 9 } else { 6 };
            let mut relabel: Vec<usize> = (1..=n).collect();
            relabel.shuffle(&mut rng);
            let line: String = base
                .chars()
                .map(|c| char::from_digit(relabel[c as usize - '1' as usize] as u32, 10).unwrap())
                .collect();
            let geometry = Geometry::with_usual_boxes(n).unwrap();
            let solution = Grid::from_line(geometry, &line).unwrap();
            let mut rules = Vec::new();
            for _ in 0..rng.random_range(2..=8) {
                let index = rng.random_range(0..n);
                let mut cells: Vec<Cell> = match rng.random_bool(0.5) {
                    true => (0..n).map(|r| Cell::new(r, index)).collect(),
                    false => (0..n).map(|c| Cell::new(index, c)).collect(),
                };
                if rng.random_bool(0.5) {
                    cells.reverse();
                }
                let [sandwich, x_sum, count] = numbers(&solution, &cells);
                rules.push(match rng.random_range(0..3) {
                    0 => Rule::Sandwich { cells, sum: sandwich },
                    1 => Rule::XSum { cells, sum: x_sum },
                    _ => Rule::Skyscraper { cells, count },
                });
            }
            let mut givens = Grid::empty(geometry);
            for (cell, digit) in solution.filled() {
                if rng.random_bool(0.15) {
                    givens.set(cell, Some(digit));
                }
            }
            let puzzle = Puzzle::new(givens, rules);
            let ir = crate::ir::Ir::lower(&puzzle);
            let board = Board::new(&ir);
            let mut state = State::start(&board, &ir, puzzle.givens()).unwrap();
            while state.settle(&board).is_ok() {
                let Some(step) = find(&board, &state) else { break };
                for p in &step.eliminations {
                    assert_ne!(
                        solution.get(p.cell),
                        Some(p.digit),
                        "{step} in {}",
                        puzzle.to_text()
                    );
                }
                removed += step.eliminations.len();
                state.apply(&board, &[], &step.eliminations).expect("sound steps");
            }
            assert!(state.settle(&board).is_ok(), "{}", puzzle.to_text());
        }
        assert!(removed >= 500, "only {removed} eliminations");
    }
}
