//! The validator's checks of rules with cells (cages, lines, dots) and of the negative rules,
//! straight from each rule's statement. Like the rest of the validator they judge partial
//! grids too: a rule is broken only by cells already filled.

use super::Violation;
use crate::model::digit::Digit;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::rule::{Dot, Rule};

/// How the filled cells of `grid` break `rule` (one of `rules`), if they do.
pub(super) fn broken(rule: &Rule, rules: &[Rule], grid: &Grid) -> Option<Violation> {
    let value = |cell: Cell| grid.get(cell).map(Digit::value);
    let all = |cells: &[Cell]| -> Option<Vec<usize>> { cells.iter().map(|&c| value(c)).collect() };
    let violation = |cells: &[Cell], what: String| {
        let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
        Some(Violation {
            cells: cells.to_vec(),
            message: format!("{} {what} ({})", names.join(", "), rule.name()),
        })
    };
    match rule {
        Rule::Killer { cells, sum } => {
            if let Some(pair) = repeated(cells, grid) {
                return violation(&pair, "hold the same digit in a cage".into());
            }
            let total: usize = all(cells)?.iter().sum();
            let sum = (*sum)?;
            (total != sum)
                .then(|| format!("add up to {total}, not {sum}"))
                .and_then(|w| violation(cells, w))
        }
        Rule::Thermo { cells, slow } => steps(cells, grid, |a, b| a < b || (*slow && a == b))
            .and_then(|pair| violation(&pair, "do not rise along the thermometer".into())),
        Rule::Whispers { line, gap } => steps(line, grid, |a, b| a.abs_diff(b) >= *gap)
            .and_then(|pair| violation(&pair, format!("differ by less than {gap}"))),
        Rule::Arrow { pill, line } => {
            let number = all(pill)?.iter().fold(0, |n, d| n * 10 + d);
            let total: usize = all(line)?.iter().sum();
            (total != number)
                .then(|| format!("add up to {total}, not {number}"))
                .and_then(|w| violation(&pill.iter().chain(line).copied().collect::<Vec<_>>(), w))
        }
        Rule::Dot { cells, dot } => {
            let (a, b) = (value(cells[0])?, value(cells[1])?);
            (!dot.holds(a, b))
                .then(|| format!("hold {a} and {b}"))
                .and_then(|w| violation(cells, w))
        }
        Rule::Negative(dot) => negative(*dot, rules, grid)
            .and_then(|(pair, a, b)| violation(&pair, format!("hold {a} and {b} without a dot"))),
        Rule::Renban(line) => {
            if let Some(pair) = repeated(line, grid) {
                return violation(&pair, "hold the same digit on a renban line".into());
            }
            let filled: Vec<usize> = line.iter().filter_map(|&c| value(c)).collect();
            let spread = filled.iter().max()? - filled.iter().min()?;
            (spread >= line.len())
                .then(|| "are not consecutive".to_string())
                .and_then(|w| violation(line, w))
        }
        _ => None,
    }
}

/// Two cells of `cells` holding the same digit, if any.
fn repeated(cells: &[Cell], grid: &Grid) -> Option<Vec<Cell>> {
    cells.iter().enumerate().find_map(|(i, &a)| {
        let digit = grid.get(a)?;
        cells[i + 1..].iter().find(|&&b| grid.get(b) == Some(digit)).map(|&b| vec![a, b])
    })
}

/// The first step `a → b` along `line`, both filled, whose digits fail `allowed`.
fn steps(line: &[Cell], grid: &Grid, allowed: impl Fn(usize, usize) -> bool) -> Option<Vec<Cell>> {
    line.windows(2).find_map(|pair| {
        let (a, b) = (grid.get(pair[0])?.value(), grid.get(pair[1])?.value());
        (!allowed(a, b)).then(|| pair.to_vec())
    })
}

/// The first filled pair of orthogonal neighbours that satisfies `dot` though no dot of its
/// family marks it.
fn negative(dot: Dot, rules: &[Rule], grid: &Grid) -> Option<(Vec<Cell>, usize, usize)> {
    let size = grid.geometry().size();
    let marked = |a: Cell, b: Cell| {
        rules.iter().any(|rule| {
            matches!(rule, Rule::Dot { cells, dot: other }
                if other.same_family(dot) && (*cells == [a, b] || *cells == [b, a]))
        })
    };
    grid.filled().find_map(|(a, x)| {
        [a.offset(0, 1, size), a.offset(1, 0, size)].into_iter().flatten().find_map(|b| {
            let y = grid.get(b)?;
            let hit = dot.holds(x.value(), y.value()) && !marked(a, b);
            hit.then(|| (vec![a, b], x.value(), y.value()))
        })
    })
}
