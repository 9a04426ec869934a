//! Fish: when a digit's places in k disjoint *base* houses of one family (rows, columns, boxes
//! or regions, diagonals, one rule's extra houses) all lie in k *cover* houses of another
//! family, each cover house gets its digit from the base houses, and the digit leaves the
//! covers' other cells. (The k base houses hold k of the digit in k different cells, each in
//! some cover; a cover holds the digit at most once, so each of the k covers holds exactly one
//! of them.) Rows against columns are the textbook X-wing (k = 2, cost 3.2), swordfish (3.8) and
//! jellyfish (5.2); the other pairs of families (boxes against rows, rows against a diagonal,
//! ...) are rated the same and looked at after them.

use super::{Technique, combination};
use crate::ir::Placement;
use crate::logic::board::{Board, House};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::Digit;
use crate::model::geometry::{Cell, HouseKind};

/// Houses of one kind and rule, by index into [`Board::houses`].
#[derive(Clone, Debug)]
pub(in crate::logic) struct Family {
    /// Its houses.
    pub(super) houses: Vec<usize>,
    /// Whether its houses are pairwise disjoint and full, so they may serve as base houses.
    pub(super) base: bool,
    /// Per cell (reading order): the position in `houses` of a house holding it, if any.
    pub(super) member: Vec<Option<usize>>,
}

/// The first fish of `size` base houses that removes something.
pub(super) fn find(board: &Board, state: &State, size: usize) -> Option<Step> {
    find_among(board, state, size, |_, _| true)
}

/// The first fish of `size` base houses that removes something, with base and cover families
/// (numbered in order of first appearance: rows 0, columns 1, boxes 2 on every grid) that
/// `allowed` accepts.
fn find_among(
    board: &Board,
    state: &State,
    size: usize,
    allowed: impl Fn(usize, usize) -> bool,
) -> Option<Step> {
    let families = board.fish_families();
    let pairs = (0..families.len())
        .flat_map(|a| (0..families.len()).map(move |b| (a, b)))
        .filter(|&(a, b)| a != b && families[a].base && allowed(a, b))
        .filter(|&(a, b)| families[a].houses.len() >= size && families[b].houses.len() >= size);
    // Rows and columns (the first two families of a grid) first, then by the later family.
    let mut pairs: Vec<(usize, usize)> = pairs.collect();
    pairs.sort_by_key(|&(a, b)| a.max(b));
    for digit in (0..board.geometry.digits()).map(Digit::from_index) {
        for &(base, cover) in &pairs {
            let school = School { board, state, digit, cover: &families[cover] };
            if let Some(step) = school.find(&families[base].houses, size) {
                return Some(step);
            }
        }
    }
    None
}

/// The families of the board's houses, rows and columns first (kept by the board:
/// [`Board::fish_families`]).
pub(in crate::logic) fn families(board: &Board) -> Vec<Family> {
    let mut keys: Vec<(Option<HouseKind>, Option<&'static str>)> = Vec::new();
    let mut families: Vec<Family> = Vec::new();
    for (index, house) in board.houses.iter().enumerate() {
        let key = match house.kind {
            Some(HouseKind::AntiDiagonal) => (Some(HouseKind::MainDiagonal), None),
            Some(HouseKind::MainDiagonal) => (house.kind, None),
            kind => (kind, house.rule),
        };
        match keys.iter().position(|k| *k == key) {
            Some(at) => families[at].houses.push(index),
            None => {
                keys.push(key);
                let member = vec![None; board.geometry.cell_count()];
                families.push(Family { houses: vec![index], base: true, member });
            }
        }
    }
    for family in &mut families {
        for (position, &h) in family.houses.iter().enumerate() {
            for &cell in &board.houses[h].cells {
                family.member[board.geometry.index(cell)] = Some(position);
            }
        }
        let houses: Vec<&House> = family.houses.iter().map(|&h| &board.houses[h]).collect();
        family.base = houses.iter().all(|h| h.full)
            && houses.iter().enumerate().all(|(i, a)| {
                houses[i + 1..].iter().all(|b| a.cells.iter().all(|c| !b.cells.contains(c)))
            });
    }
    families
}

/// A search for fish on one digit, with covers from one family.
struct School<'a> {
    board: &'a Board,
    state: &'a State,
    digit: Digit,
    cover: &'a Family,
}

impl School<'_> {
    /// The first fish with `size` houses of `bases` that removes something.
    fn find(&self, bases: &[usize], size: usize) -> Option<Step> {
        // For each base house, the covers holding its places (bit per cover), when every place
        // lies in some cover and there are two to `size` covers.
        let lines: Vec<(usize, u64)> = bases
            .iter()
            .filter_map(|&h| self.covers_of(h).map(|mask| (h, mask)))
            .filter(|(_, mask)| (2..=size as u32).contains(&mask.count_ones()))
            .collect();
        combination::first(&lines, size, &mut |chosen, cover| {
            self.removes_any(chosen, cover).then(|| self.step(size, chosen, cover))
        })
    }

    /// The covers holding the digit's places in `house`, or `None` when a place is in none.
    fn covers_of(&self, house: usize) -> Option<u64> {
        let mut mask = 0u64;
        for &cell in &self.board.houses[house].cells {
            if !self.state.allows(Placement::new(cell, self.digit)) {
                continue;
            }
            let in_cover = self.cover.member[self.board.geometry.index(cell)];
            mask |= 1 << in_cover.filter(|&i| i < 64)?;
        }
        Some(mask)
    }

    /// The digit's places in the covers outside the base houses, in cover order, with
    /// repeats.
    fn outside_places<'b>(
        &'b self,
        bases: &'b [usize],
        cover: u64,
    ) -> impl Iterator<Item = Placement> + 'b {
        let board = self.board;
        let in_base = |cell: Cell| {
            board.houses_of[board.geometry.index(cell)].iter().any(|h| bases.contains(h))
        };
        self.covers(cover)
            .flat_map(|h| board.houses[h].cells.iter().copied())
            .filter(move |&c| !in_base(c))
            .map(|c| Placement::new(c, self.digit))
            .filter(|&p| self.state.allows(p))
    }

    /// Whether the fish removes anything (what most combinations tried do not): no list made.
    fn removes_any(&self, bases: &[usize], cover: u64) -> bool {
        self.outside_places(bases, cover).next().is_some()
    }

    /// The digit's places in the covers outside the base houses.
    fn eliminations(&self, bases: &[usize], cover: u64) -> Vec<Placement> {
        let mut eliminations: Vec<Placement> = self.outside_places(bases, cover).collect();
        eliminations.sort_by_key(|p| p.cell);
        eliminations.dedup();
        eliminations
    }

    /// The cover houses of a mask.
    fn covers(&self, mask: u64) -> impl Iterator<Item = usize> + '_ {
        let houses = &self.cover.houses;
        (0..houses.len()).filter(move |&i| mask >> i & 1 == 1).map(|i| houses[i])
    }

    /// The step of a fish.
    fn step(&self, size: usize, bases: &[usize], cover: u64) -> Step {
        let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][size - 2];
        let covers: Vec<usize> = self.covers(cover).collect();
        let reason = format!(
            "{} on {}: in {} it lies in {}",
            technique.name(),
            self.digit,
            names(self.board, bases),
            names(self.board, &covers)
        );
        let mut step = Step::new(technique, reason);
        step.eliminations = self.eliminations(bases, cover);
        let houses = &self.board.houses;
        step.cells = bases
            .iter()
            .flat_map(|&b| houses[b].cells.iter().copied())
            .filter(|c| covers.iter().any(|&h| houses[h].cells.contains(c)))
            .collect();
        step.digits.insert(self.digit);
        step
    }
}

/// `rows 2,5,8` when the houses are numbered houses of one kind, else their names joined.
pub(super) fn names(board: &Board, houses: &[usize]) -> String {
    let split: Option<Vec<(&str, &str)>> =
        houses.iter().map(|&h| board.houses[h].name.split_once(' ')).collect();
    match split {
        Some(parts)
            if parts.iter().all(|(kind, n)| {
                *kind == parts[0].0
                    && ["row", "column", "box", "region"].contains(kind)
                    && n.parse::<usize>().is_ok()
            }) =>
        {
            let plural =
                if parts[0].0 == "box" { "boxes".to_string() } else { format!("{}s", parts[0].0) };
            let numbers: Vec<&str> = parts.iter().map(|(_, n)| *n).collect();
            format!("{plural} {}", numbers.join(","))
        }
        _ => {
            let all: Vec<&str> = houses.iter().map(|&h| &*board.houses[h].name).collect();
            all.join(" and ")
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn fish_are_sound() {
        for size in 2..=4 {
            test_util::assert_sound(Finder::Fish(size));
        }
    }

    #[test]
    fn fish_over_boxes_and_diagonals_are_sound() {
        // Every pair of families but rows against columns: boxes against lines, lines and
        // boxes against the diagonals of the diagonal fixtures.
        let not_lines = |a: usize, b: usize| a.max(b) >= 2;
        let fired: usize = (2..=4)
            .map(|size| {
                test_util::assert_sound_with(&format!("fish {size}"), |board, state| {
                    super::find_among(board, state, size, not_lines)
                })
            })
            .sum();
        assert!(fired > 0, "no fish beyond rows and columns");
    }
}
