//! The rule of 45: the digits of a row, a column, a box or a region add up to 45 (on N×N,
//! N(N+1)/2), so a union of k of them, less the totals of the cages wholly inside it, leaves
//! the sum of its other cells, its *innies*; and the cages that stick out of it, less what
//! their cells inside can hold, leave the sum of their cells outside, its *outies*. The board
//! derives these sums once, from full houses (each row, column, box or region, and runs of 2 to
//! 4 rows or columns) and the killer cages with totals (pairwise disjoint), keeping those of
//! at most [`MOST_CELLS`] cells; the sum finders ([`super::sum_combination`]) then treat each
//! like a cage, as a solver does ("the innies of rows 1-3 add up to 12").
//!
//! Arrows enter the rule the same way: an arrow whose line lies wholly inside a union adds up
//! to its circle, so the union's total is its other cells plus the circle (twice, when the
//! circle is inside too: "column 5 is r4c5-r6c5 plus twice the circles r3c5 and r7c5"). These
//! sums have coefficients; those of at most [`MOST_CELLS`] cells join the sum finders, and all
//! of them give the parity technique ([`super::parity`]) what the union's digits must add up to.

use crate::ir::Relation;
use crate::logic::board::{Board, Linear};
use crate::logic::step::cell_extent;
use crate::model::geometry::{Cell, HouseKind};

/// The most cells a derived sum keeps: longer ones rarely tell a solver anything.
const MOST_CELLS: usize = 5;

/// The most rows (columns) a union of neighbouring rows (columns) takes.
const MOST_LINES: usize = 4;

/// A union of full houses: its name (`row 4`, `rows 1-3`), its cells (reading-order
/// indices) and what they add up to.
#[derive(Clone, Debug)]
pub(super) struct Union {
    /// What a solver calls it.
    pub name: String,
    /// Its cells' reading-order indices.
    pub indices: Vec<usize>,
    /// What its digits add up to.
    pub total: i64,
}

/// A cage with a total: its sum (an index into [`Board::linears`]), its cells (reading-order
/// indices) and its total.
pub(super) struct Cage {
    /// The cage's sum, an index into [`Board::linears`].
    pub linear: usize,
    /// Its cells' reading-order indices.
    pub indices: Vec<usize>,
    /// Its total.
    pub total: i64,
}

/// What a full house's digits add up to: each of 1..=M once.
fn full_house_total(board: &Board) -> i64 {
    let m = board.geometry.digits();
    (m * (m + 1) / 2) as i64
}

/// Each full row, column, box or region as a union of one house.
pub(super) fn houses(board: &Board) -> Vec<Union> {
    let classic = |kind: Option<HouseKind>| {
        matches!(
            kind,
            Some(HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region)
        )
    };
    let total = full_house_total(board);
    (board.houses.iter().filter(|h| h.full && h.rule.is_none() && classic(h.kind)))
        .map(|h| Union { name: h.name.to_string(), indices: h.indices.clone(), total })
        .collect()
}

/// The innies and outies sums of `board`'s full houses and their unions (none without cages
/// or arrows), and the sums of the unions holding arrows' lines, of at most [`MOST_CELLS`]
/// cells.
pub(in crate::logic) fn derive(board: &Board) -> Vec<Linear> {
    let cages = cages(board);
    let arrows = arrows(board, &cages);
    if cages.is_empty() && arrows.is_empty() {
        return Vec::new();
    }
    let mut derived: Vec<Linear> = Vec::new();
    for union in unions(board) {
        let with_arrows = with_arrows(board, &cages, &arrows, &union)
            .filter(|linear| linear.terms.len() <= MOST_CELLS);
        for linear in [innies(board, &cages, &union, MOST_CELLS), outies(board, &cages, &union)]
            .into_iter()
            .chain([with_arrows])
            .flatten()
        {
            let known = |other: &Linear| other.terms == linear.terms && other.bound == linear.bound;
            if !board.linears.iter().chain(&derived).any(known) {
                derived.push(linear);
            }
        }
    }
    derived
}

/// The killer cages with totals, pairwise disjoint (a cage overlapping an earlier one is left
/// out, so no cell is counted twice).
pub(super) fn cages(board: &Board) -> Vec<Cage> {
    let mut used = vec![false; board.geometry.cell_count()];
    let mut cages = Vec::new();
    let plain_cages = board.linears.iter().enumerate();
    for (index, linear) in plain_cages.filter(|(_, l)| l.origin == "cage" && !l.derived) {
        let plain = linear.relation == Relation::Equal && linear.terms.iter().all(|t| t.1 == 1);
        let indices: Vec<usize> =
            linear.terms.iter().map(|&(cell, _)| board.geometry.index(cell)).collect();
        if plain && indices.iter().all(|&i| !used[i]) {
            indices.iter().for_each(|&i| used[i] = true);
            cages.push(Cage { linear: index, indices, total: linear.bound });
        }
    }
    cages
}

/// The sums of every union holding an arrow's line, with the lines taken as their circles
/// (see [`with_arrows`]), of any number of cells.
pub(super) fn arrow_sums(board: &Board) -> Vec<Linear> {
    let cages = cages(board);
    let arrows = arrows(board, &cages);
    if arrows.is_empty() {
        return Vec::new();
    }
    unions(board).iter().filter_map(|union| with_arrows(board, &cages, &arrows, union)).collect()
}

/// The arrows (indices into [`Board::linears`]) whose lines the rule of 45 can take away: a
/// single circle, and a line clear of the cages and of the lines taken before it, so no cell
/// is taken away twice.
fn arrows(board: &Board, cages: &[Cage]) -> Vec<usize> {
    let mut used = vec![false; board.geometry.cell_count()];
    cages.iter().flat_map(|cage| &cage.indices).for_each(|&i| used[i] = true);
    let mut arrows = Vec::new();
    for (index, linear) in board.linears.iter().enumerate() {
        let arrow = linear.origin == "arrow" && !linear.derived && linear.bound == 0;
        let circles = linear.terms.iter().filter(|t| t.1 == -1).count();
        if !arrow || circles != 1 || linear.terms.iter().any(|t| t.1 != 1 && t.1 != -1) {
            continue;
        }
        let line: Vec<usize> = (linear.terms.iter().filter(|t| t.1 == 1))
            .map(|&(cell, _)| board.geometry.index(cell))
            .collect();
        if line.iter().all(|&i| !used[i]) {
            line.iter().for_each(|&i| used[i] = true);
            arrows.push(index);
        }
    }
    arrows
}

/// The sum of `union` with the lines of the `arrows` wholly inside it taken as their circles
/// and its cages wholly inside it as their totals, when it holds an arrow's line: its other
/// cells once and each circle once more per line (`r4c5-r6c5 + 2×(r3c5,r7c5) = 45`), of any
/// number of cells.
fn with_arrows(board: &Board, cages: &[Cage], arrows: &[usize], union: &Union) -> Option<Linear> {
    let inside = |indices: &[usize]| indices.iter().all(|i| union.indices.contains(i));
    let geometry = board.geometry;
    let lines: Vec<&Linear> = arrows
        .iter()
        .map(|&a| &board.linears[a])
        .filter(|arrow| {
            let line = arrow.terms.iter().filter(|t| t.1 == 1);
            inside(&line.map(|&(cell, _)| geometry.index(cell)).collect::<Vec<_>>())
        })
        .collect();
    if lines.is_empty() {
        return None;
    }
    let mut coefficients = vec![0i64; geometry.cell_count()];
    union.indices.iter().for_each(|&i| coefficients[i] = 1);
    let mut bound = union.total;
    for cage in cages.iter().filter(|cage| inside(&cage.indices)) {
        cage.indices.iter().for_each(|&i| coefficients[i] = 0);
        bound -= cage.total;
    }
    for &(cell, a) in lines.iter().flat_map(|arrow| &arrow.terms) {
        coefficients[geometry.index(cell)] -= a;
    }
    let terms: Vec<(Cell, i64)> = coefficients
        .iter()
        .enumerate()
        .filter(|&(_, &a)| a != 0)
        .map(|(i, &a)| (geometry.cell(i), a))
        .collect();
    let name = format!(
        "{} = {bound} ({} by the rule of 45, each arrow's line taken as its circle)",
        weighted(&terms),
        union.name
    );
    Some(derived(terms, bound, name))
}

/// `terms` as a solver writes them: cells counted once first, then each other coefficient's
/// cells (`r4c5-r6c5 + 2×(r3c5,r7c5)`).
fn weighted(terms: &[(Cell, i64)]) -> String {
    let mut coefficients: Vec<i64> = terms.iter().map(|t| t.1).collect();
    coefficients.sort_unstable_by_key(|&a| (a != 1, a));
    coefficients.dedup();
    let parts: Vec<String> = coefficients
        .iter()
        .map(|&a| {
            let cells: Vec<Cell> = terms.iter().filter(|t| t.1 == a).map(|t| t.0).collect();
            match a {
                1 => cell_extent(&cells),
                _ => format!("{a}×({})", cell_extent(&cells)),
            }
        })
        .collect();
    parts.join(" + ")
}

/// The unions of full houses the rule is applied to: each row, column, box or region, and
/// runs of 2 to [`MOST_LINES`] neighbouring rows or columns.
fn unions(board: &Board) -> Vec<Union> {
    let n = board.geometry.size();
    let house_total = full_house_total(board);
    let mut unions = houses(board);
    for (family, rows) in [("rows", true), ("columns", false)] {
        let kind = if rows { HouseKind::Row } else { HouseKind::Column };
        let full = board.houses.iter().filter(|h| h.kind == Some(kind) && h.full).count();
        if full < n {
            // Rows of fewer cells than digits (digits 1..=M, M > N) have no known total.
            continue;
        }
        for count in 2..=MOST_LINES.min(n - 1) {
            for first in 0..=n - count {
                let cells = (first..first + count).flat_map(|line| {
                    (0..n).map(move |i| if rows { Cell::new(line, i) } else { Cell::new(i, line) })
                });
                let indices = cells.map(|c| board.geometry.index(c)).collect();
                let name = format!("{family} {}-{}", first + 1, first + count);
                unions.push(Union { name, indices, total: count as i64 * house_total });
            }
        }
    }
    unions
}

/// The innies of a union, when they are at most `most_cells`: its cells outside the cages
/// wholly inside it add up to its total less those cages' totals.
pub(super) fn innies(
    board: &Board,
    cages: &[Cage],
    union: &Union,
    most_cells: usize,
) -> Option<Linear> {
    let (name, total) = (&union.name, union.total);
    let union = &union.indices;
    let inside: Vec<&Cage> =
        cages.iter().filter(|cage| cage.indices.iter().all(|i| union.contains(i))).collect();
    let rest: Vec<usize> = union
        .iter()
        .copied()
        .filter(|i| !inside.iter().any(|cage| cage.indices.contains(i)))
        .collect();
    if inside.is_empty() || rest.is_empty() || rest.len() > most_cells {
        return None;
    }
    let bound = total - inside.iter().map(|cage| cage.total).sum::<i64>();
    let cells: Vec<Cell> = rest.iter().map(|&i| board.geometry.cell(i)).collect();
    let label = format!("the innies {} of {name} ({bound} by the rule of 45)", cell_extent(&cells));
    Some(derived(cells.iter().map(|&c| (c, 1)).collect(), bound, label))
}

/// The outies of a union (with its innies, if some of its cells are in no cage touching it):
/// every cage touching it counted whole, the cells inside no such cage added, the cages'
/// cells outside taken away, make its total.
fn outies(board: &Board, cages: &[Cage], union: &Union) -> Option<Linear> {
    let (name, total) = (&union.name, union.total);
    let union = &union.indices;
    let touching: Vec<&Cage> =
        cages.iter().filter(|cage| cage.indices.iter().any(|i| union.contains(i))).collect();
    let sticking_out = touching.iter().any(|cage| cage.indices.iter().any(|i| !union.contains(i)));
    if !sticking_out {
        return None;
    }
    let covered = |i: &usize| touching.iter().any(|cage| cage.indices.contains(i));
    let inner: Vec<usize> = union.iter().copied().filter(|i| !covered(i)).collect();
    let mut outer: Vec<usize> = touching
        .iter()
        .flat_map(|cage| cage.indices.iter().copied())
        .filter(|i| !union.contains(i))
        .collect();
    outer.sort_unstable();
    if inner.len() + outer.len() > MOST_CELLS {
        return None;
    }
    let bound = total - touching.iter().map(|cage| cage.total).sum::<i64>();
    let cell = |&i: &usize| board.geometry.cell(i);
    let (inner, outer): (Vec<Cell>, Vec<Cell>) =
        (inner.iter().map(cell).collect(), outer.iter().map(cell).collect());
    if inner.is_empty() {
        // Only outies: they add up to the cages' totals less the union's.
        let label =
            format!("the outies {} of {name} ({} by the rule of 45)", cell_extent(&outer), -bound);
        return Some(derived(outer.iter().map(|&c| (c, 1)).collect(), -bound, label));
    }
    let terms = inner.iter().map(|&c| (c, 1)).chain(outer.iter().map(|&c| (c, -1))).collect();
    let label = format!(
        "the innies {} less the outies {} of {name} ({bound} by the rule of 45)",
        cell_extent(&inner),
        cell_extent(&outer)
    );
    Some(derived(terms, bound, label))
}

/// A derived sum of `terms` equal to `bound`, called `name`.
fn derived(terms: Vec<(Cell, i64)>, bound: i64, name: String) -> Linear {
    Linear { terms, relation: Relation::Equal, bound, origin: "rule of 45", name, derived: true }
}

#[cfg(test)]
mod tests {
    use crate::logic::board::{Board, Linear};
    use crate::logic::technique::{Finder, test_util};

    /// How many of the sums `of` gives each test board there are; each must hold in the
    /// board's solution.
    fn checked_in_solutions(of: impl Fn(&Board) -> Vec<Linear>) -> usize {
        let mut checked = 0;
        for (board, _, solution) in test_util::states() {
            for linear in of(board) {
                let digit = |cell| solution.get(cell).expect("a full grid").value() as i64;
                let sum: i64 = linear.terms.iter().map(|&(cell, a)| a * digit(cell)).sum();
                assert_eq!(sum, linear.bound, "{}", linear.name);
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn every_derived_sum_holds_in_the_solutions() {
        let derived = |board: &Board| board.linears.iter().filter(|l| l.derived).cloned().collect();
        let checked = checked_in_solutions(derived);
        assert!(checked >= 10, "only {checked} derived sums");
    }

    #[test]
    fn every_union_with_arrows_holds_in_the_solutions() {
        let checked = checked_in_solutions(super::arrow_sums);
        assert!(checked >= 10, "only {checked} sums with arrows");
    }

    #[test]
    fn a_column_with_two_arrows_counts_their_circles_twice() {
        let (board, _) = test_util::start("arrow: r3c5 > r2c5 r1c5\narrow: r7c5 > r8c5 r9c5");
        let names: Vec<&str> =
            board.linears.iter().filter(|l| l.derived).map(|l| l.name.as_str()).collect();
        let column_5 = "r4c5-r6c5 + 2×(r3c5,r7c5) = 45 (column 5 by the rule of 45, each \
                        arrow's line taken as its circle)";
        assert!(names.contains(&column_5), "{names:?}");
    }

    #[test]
    fn rule_of_45_steps_are_sound() {
        test_util::assert_sound(Finder::RuleOf45);
    }
}
