//! The independent validator: checks a grid against a puzzle's rules directly, straight from
//! each rule's statement, without the constraint IR or the CNF, so that it can judge them.

mod cells;
mod chess;
mod clues;
mod pairs;

use std::fmt;

use super::digit::Digit;
use super::geometry::{Cell, Geometry};
use super::grid::Grid;
use super::puzzle::Puzzle;
use super::rule::{Dot, Rule};

/// Why a grid breaks a puzzle: the cells involved and a sentence naming the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    cells: Vec<Cell>,
    message: String,
}

impl Violation {
    /// The cells that break the rule together (one or two).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

/// Checks that `grid` is a solution of `puzzle`: complete, keeping every given, and breaking
/// no rule.
///
/// # Errors
/// The first [`Violation`] found, in reading order.
pub fn validate(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    if grid.geometry() != puzzle.geometry() {
        return Err(Violation { cells: vec![], message: "the grid has another shape".into() });
    }
    if !grid.is_complete() {
        let cell = grid.geometry().cells().find(|&cell| grid.get(cell).is_none());
        let cell = cell.expect("an incomplete grid has an empty cell");
        return Err(Violation { cells: vec![cell], message: format!("{cell} is empty") });
    }
    if let Some(violation) = first_digit_out_of_range(grid) {
        return Err(violation);
    }
    for (cell, given) in puzzle.givens().filled() {
        let digit = grid.get(cell).expect("complete grid");
        if digit != given {
            let message = format!("{cell} holds {digit} but the given is {given}");
            return Err(Violation { cells: vec![cell], message });
        }
    }
    first_conflict(puzzle.rules(), grid).map_or(Ok(()), Err)
}

/// The first cell of `grid` holding a digit past the grid's digits `1..=M`.
fn first_digit_out_of_range(grid: &Grid) -> Option<Violation> {
    let digits = grid.geometry().digits();
    let (cell, digit) = grid.filled().find(|(_, digit)| digit.value() > digits)?;
    let last = Digit::from_index(digits - 1);
    let message = format!("{cell} holds {digit} but the digits are 1 to {last}");
    Some(Violation { cells: vec![cell], message })
}

/// The first place where the filled cells of `grid` (complete or not) break the classic rules
/// or `rules`: two digits that may not stand together, a digit a mark forbids, or a cage, line
/// or dot its filled cells break. Empty cells break nothing.
///
/// Pairs are first looked for in one pass, with a set of digits per house and the moves to
/// the king's and knight's cells from each cell, allocating nothing: a small fraction of a
/// solve. Only a grid with a conflict is then searched pair by pair for the first, to name it.
pub fn first_conflict(rules: &[Rule], grid: &Grid) -> Option<Violation> {
    if let Some(violation) = first_digit_out_of_range(grid) {
        return Some(violation);
    }
    if let Some((cell, message)) = first_broken_mark(rules, grid) {
        return Some(Violation { cells: vec![cell], message });
    }
    let pair = pairs::has_conflict(rules, grid).then(|| first_pair_conflict(rules, grid));
    pair.flatten().or_else(|| rules.iter().find_map(|rule| cells::broken(rule, rules, grid)))
}

/// The first two filled cells of `grid` in reading order (of the first, then of the second)
/// whose digits the classic rules or `rules` forbid together.
fn first_pair_conflict(rules: &[Rule], grid: &Grid) -> Option<Violation> {
    let filled: Vec<(Cell, Digit)> = grid.filled().collect();
    let geometry = grid.geometry();
    // Under the classic rules alone only equal digits can clash: each cell is compared with
    // the later cells of its digit (the same pairs in the same order, a ninth of the work);
    // other rules may forbid any two digits, so every later cell.
    let every: Vec<usize> = (0..filled.len()).collect();
    let mut of_digit: Vec<Vec<usize>> = vec![Vec::new(); geometry.digits()];
    filled.iter().enumerate().for_each(|(i, (_, d))| of_digit[d.index()].push(i));
    for (i, &(a, da)) in filled.iter().enumerate() {
        let others = if rules.is_empty() { &of_digit[da.index()] } else { &every };
        let later = &others[others.partition_point(|&j| j <= i)..];
        for &(b, db) in later.iter().map(|&j| &filled[j]) {
            let reason = classic_conflict(geometry, a, b, da == db).or_else(|| {
                rules.iter().find_map(|r| pair_conflict(r, rules, geometry, a, da, b, db))
            });
            if let Some(reason) = reason {
                let message = format!("{a} and {b} {reason}");
                return Some(Violation { cells: vec![a, b], message });
            }
        }
    }
    None
}

/// How the classic rules forbid equal digits in `a` and `b`, if they do.
fn classic_conflict(geometry: Geometry, a: Cell, b: Cell, equal: bool) -> Option<String> {
    let house = if !equal {
        return None;
    } else if a.row() == b.row() {
        format!("row {}", a.row() + 1)
    } else if a.column() == b.column() {
        format!("column {}", a.column() + 1)
    } else if geometry.box_of(a) == geometry.box_of(b) {
        let kind = if geometry.regions().is_some() { "region" } else { "box" };
        format!("{kind} {}", geometry.box_of(a) + 1)
    } else {
        return None;
    };
    Some(format!("hold the same digit in {house}"))
}

/// How `rule` (one of `rules`) forbids `da` in `a` together with `db` in `b`, if it does.
fn pair_conflict(
    rule: &Rule,
    rules: &[Rule],
    geometry: Geometry,
    a: Cell,
    da: Digit,
    b: Cell,
    db: Digit,
) -> Option<String> {
    let last = geometry.size() - 1;
    let rows = a.row().abs_diff(b.row());
    let columns = a.column().abs_diff(b.column());
    let broken = match rule {
        Rule::MainDiagonal => da == db && a.row() == a.column() && b.row() == b.column(),
        Rule::AntiDiagonal => {
            da == db && a.row() + a.column() == last && b.row() + b.column() == last
        }
        Rule::AntiKing => da == db && rows == 1 && columns == 1,
        Rule::AntiKnight => da == db && rows.min(columns) == 1 && rows.max(columns) == 2,
        Rule::NonConsecutive => {
            let consecutive = rows + columns == 1 && da.value().abs_diff(db.value()) == 1;
            consecutive && !Rule::is_marked(rules, a, b, Dot::WHITE)
        }
        _ => false,
    };
    broken.then(|| match rule {
        Rule::NonConsecutive => format!("hold consecutive digits {da} and {db} ({rule})"),
        _ => format!("hold the same digit {da} ({rule})"),
    })
}

/// The first filled cell of `grid` in reading order holding a digit a mark forbids, and how
/// (by the first such mark of `rules`). Only the marked cells are looked at.
fn first_broken_mark(rules: &[Rule], grid: &Grid) -> Option<(Cell, String)> {
    let broken = rules.iter().filter_map(|rule| {
        let (cells, wanted_even) = match rule {
            Rule::Even(cells) => (cells, true),
            Rule::Odd(cells) => (cells, false),
            _ => return None,
        };
        let odd_one = |&cell: &Cell| grid.get(cell).filter(|d| (d.value() % 2 == 0) != wanted_even);
        // A mark's cells may come in any order: its first in reading order is the one to name.
        let (cell, digit) = cells.iter().filter_map(|c| Some((*c, odd_one(c)?))).min()?;
        Some((cell, digit, rule))
    });
    // The earliest cell, and for a cell broken by several marks the first mark.
    let (cell, digit, rule) = broken.min_by_key(|&(cell, _, _)| cell)?;
    Some((cell, format!("{cell} holds {digit} but is marked {rule}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        Grid::from_line(Geometry::with_usual_boxes(4).unwrap(), line).unwrap()
    }

    #[test]
    fn a_solution_passes() {
        let puzzle = Puzzle::new(grid("1..............."), vec![]);
        assert_eq!(validate(&puzzle, &grid("1234341221434321")), Ok(()));
    }

    #[test]
    fn each_kind_of_break_is_named() {
        let classic = Puzzle::new(grid("................"), vec![]);
        let bad_box = validate(&classic, &grid("1234213443123421")).unwrap_err();
        assert_eq!(bad_box.to_string(), "r1c1 and r2c2 hold the same digit in box 1");
        let empty = validate(&classic, &grid("123434122143432.")).unwrap_err();
        assert_eq!(empty.to_string(), "r4c4 is empty");
        let diagonal = Puzzle::new(grid("................"), vec![Rule::MainDiagonal]);
        let broken = validate(&diagonal, &grid("1234341221434321")).unwrap_err();
        assert!(broken.to_string().ends_with("(diagonal-)"), "{broken}");
        let odd = Puzzle::new(grid("................"), vec![Rule::Odd(vec![Cell::new(0, 1)])]);
        let marked = validate(&odd, &grid("1234341221434321")).unwrap_err();
        assert_eq!(marked.to_string(), "r1c2 holds 2 but is marked odd");
    }

    #[test]
    fn the_first_broken_mark_in_reading_order_is_named() {
        // Marks list their cells in any order; several marks may break.
        let cells = |names: &[&str]| names.iter().map(|n| Cell::from_name(n).unwrap()).collect();
        let even = Rule::Even(cells(&["r3c1", "r1c3"]));
        let odd = Rule::Odd(cells(&["r2c4", "r1c2"]));
        let solved = grid("1234341221434321");
        let conflict = first_conflict(&[even.clone(), odd.clone()], &solved).unwrap();
        assert_eq!(conflict.to_string(), "r1c2 holds 2 but is marked odd");
        let conflict = first_conflict(&[even], &solved).unwrap();
        assert_eq!(conflict.to_string(), "r1c3 holds 3 but is marked even");
        assert_eq!(first_conflict(&[Rule::Even(cells(&["r1c2", "r2c2"]))], &solved), None);
    }

    #[test]
    fn partial_grids_show_conflicts_between_givens() {
        let conflict = first_conflict(&[Rule::NonConsecutive], &grid("12.............."));
        assert_eq!(conflict.unwrap().cells(), [Cell::new(0, 0), Cell::new(0, 1)]);
        assert_eq!(first_conflict(&[Rule::AntiKnight], &grid("1......1........")), None);
    }
}
