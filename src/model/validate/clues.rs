//! The validator's checks of clues that pick their cells by digits (sandwiches, X-sums,
//! skyscrapers, numbered rooms) and of inequality signs and indexers, straight from each
//! rule's statement. A clue is judged once the cells it needs are filled.

use crate::model::digit::Digit;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::rule::Rule;

/// How the filled cells of `grid` break `rule`: the cells at fault and what they do. `None`
/// when they do not, or when `rule` is not one of this module's.
pub(super) fn broken(rule: &Rule, grid: &Grid) -> Option<(Vec<Cell>, String)> {
    let value = |cell: Cell| grid.get(cell).map(Digit::value);
    let all = |cells: &[Cell]| -> Option<Vec<usize>> { cells.iter().map(|&c| value(c)).collect() };
    let n = grid.geometry().size();
    let differs = |cells: &[Cell], found: usize, expected: usize, what: &str| {
        (found != expected).then(|| (cells.to_vec(), format!("{what} {found}, not {expected}")))
    };
    match rule {
        Rule::Sandwich { cells, sum } => {
            let values = all(cells)?;
            let low = values.iter().position(|&v| v == 1)?;
            let high = values.iter().position(|&v| v == n)?;
            let total = values[low.min(high) + 1..low.max(high)].iter().sum();
            differs(cells, total, *sum, "add up to")
        }
        Rule::XSum { cells, sum } => {
            let first = value(cells[0])?.min(cells.len());
            let total = all(&cells[..first])?.iter().sum();
            differs(&cells[..first], total, *sum, "add up to")
        }
        Rule::Skyscraper { cells, count } => {
            let values = all(cells)?;
            let seen = values
                .iter()
                .scan(0, |tallest, &v| {
                    let taller = v > *tallest;
                    *tallest = v.max(*tallest);
                    Some(taller)
                })
                .filter(|&taller| taller)
                .count();
            differs(cells, seen, *count, "show")
        }
        Rule::NumberedRoom { cells, digit } => {
            let room = cells[value(cells[0])? - 1];
            let found = value(room)?;
            (found != *digit).then(|| (vec![cells[0], room], format!("hold {found}, not {digit}")))
        }
        Rule::Greater([a, b]) => {
            let (x, y) = (value(*a)?, value(*b)?);
            (x <= y).then(|| (vec![*a, *b], format!("hold {x} and {y}: the first is not greater")))
        }
        Rule::Indexer { cells, columns } => cells.iter().find_map(|&cell| {
            let x = value(cell)?;
            let (target, own) = match columns {
                true => (Cell::new(cell.row(), x - 1), cell.column() + 1),
                false => (Cell::new(x - 1, cell.column()), cell.row() + 1),
            };
            let y = value(target)?;
            (y != own).then(|| (vec![cell, target], format!("hold {x} and {y}, not {own}")))
        }),
        _ => None,
    }
}
