//! The validator's checks of rules with cells (cages, lines, dots) and of the negative rules,
//! straight from each rule's statement. Like the rest of the validator they judge partial
//! grids too: a rule is broken only by cells already filled.

use super::Violation;
use crate::model::digit::Digit;
use crate::model::geometry::Cell;
use crate::model::grid::Grid;
use crate::model::look_and_say;
use crate::model::rule::Rule;

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
        Rule::CombinedDot { cells, relation } => {
            let (a, b) = (value(cells[0])?, value(cells[1])?);
            (!relation.holds(a, b))
                .then(|| format!("hold {a} and {b}, not {relation}"))
                .and_then(|w| violation(cells, w))
        }
        Rule::Negative(dot) => {
            negative(|x, y| dot.holds(x, y), |a, b| Rule::is_marked(rules, a, b, *dot), grid)
                .and_then(|(pair, a, b)| {
                    violation(&pair, format!("hold {a} and {b} without a dot"))
                })
        }
        Rule::NegativeCombined(relation) => {
            negative(|x, y| relation.holds(x, y), |a, b| Rule::has_dot(rules, a, b), grid).and_then(
                |(pair, a, b)| {
                    violation(&pair, format!("hold {a} and {b} ({relation}) without a dot"))
                },
            )
        }
        Rule::Sequence(line) => sequence(line, grid).and_then(|w| violation(line, w)),
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
        Rule::LittleKiller { cells, sum } => {
            let total: usize = all(cells)?.iter().sum();
            (total != *sum)
                .then(|| format!("add up to {total}, not {sum}"))
                .and_then(|w| violation(cells, w))
        }
        Rule::RegionSum(line) => {
            let runs = crate::model::layout::box_segments(line, grid.geometry());
            let sums: Vec<usize> =
                runs.iter().map(|run| all(run).map(|v| v.iter().sum())).collect::<Option<_>>()?;
            (sums.iter().any(|&s| s != sums[0]))
                .then(|| format!("have run sums {sums:?} by box"))
                .and_then(|w| violation(line, w))
        }
        Rule::Extremum { cell, maximum } => {
            let size = grid.geometry().size();
            let a = value(*cell)?;
            let neighbours =
                [(0, 1), (1, 0), (0, -1), (-1, 0)].map(|(r, c)| cell.offset(r, c, size));
            let others = neighbours.into_iter().flatten();
            others.filter(|&other| !Rule::is_extremum(rules, other, *maximum)).find_map(|other| {
                let b = value(other)?;
                let fine = if *maximum { a > b } else { a < b };
                (!fine).then(|| violation(&[*cell, other], format!("hold {a} and {b}")))?
            })
        }
        Rule::Palindrome(line) => {
            let k = line.len();
            (0..k / 2).find_map(|i| {
                let (a, b) = (value(line[i])?, value(line[k - 1 - i])?);
                (a != b)
                    .then(|| violation(&[line[i], line[k - 1 - i]], format!("hold {a} and {b}")))?
            })
        }
        Rule::Candidates { cell, digits } => {
            let digit = grid.get(*cell).filter(|&digit| !digits.contains(digit))?;
            let listed: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            violation(&[*cell], format!("holds {digit}, not one of {}", listed.join(", ")))
        }
        Rule::Quadruple { cells, digits } => {
            let found = all(cells)?;
            let missing = digits.iter().find(|&&d| {
                found.iter().filter(|&&v| v == d).count()
                    < digits.iter().filter(|&&x| x == d).count()
            })?;
            violation(cells, format!("miss the digit {missing}"))
        }
        Rule::DisjointGroups => {
            let geometry = grid.geometry();
            let position =
                |c: Cell| (c.row() % geometry.box_rows(), c.column() % geometry.box_columns());
            let filled: Vec<(Cell, Digit)> = grid.filled().collect();
            filled.iter().enumerate().find_map(|(i, &(a, x))| {
                let (b, _) =
                    filled[i + 1..].iter().find(|&&(b, y)| y == x && position(a) == position(b))?;
                violation(&[a, *b], "hold the same digit in one disjoint group".into())
            })
        }
        Rule::Clone { cells, copy } => cells.iter().zip(copy).find_map(|(&a, &b)| {
            let (x, y) = (value(a)?, value(b)?);
            (x != y).then(|| violation(&[a, b], format!("hold {x} and {y}")))?
        }),
        Rule::Between(line) => {
            let (a, b) = (value(*line.first()?)?, value(*line.last()?)?);
            let middle = &line[1..line.len().saturating_sub(1).max(1)];
            middle.iter().find_map(|&m| {
                let v = value(m)?;
                (v <= a.min(b) || v >= a.max(b)).then(|| {
                    violation(
                        &[line[0], m, line[line.len() - 1]],
                        format!("hold {v}, not between {a} and {b}"),
                    )
                })?
            })
        }
        Rule::ExtraRegion(cells) => repeated(cells, grid)
            .and_then(|pair| violation(&pair, "hold the same digit in an extra region".into())),
        Rule::Entropic(line) => {
            let digits = grid.geometry().digits();
            within_two(line, grid, |a, b| (a - 1) * 3 / digits != (b - 1) * 3 / digits)
                .and_then(|pair| violation(&pair, "hold digits of the same third".into()))
        }
        Rule::Modular(line) => within_two(line, grid, |a, b| a % 3 != b % 3)
            .and_then(|pair| violation(&pair, "hold digits equal modulo 3".into())),
        Rule::Zipper(line) => {
            let k = line.len();
            let totals: Vec<usize> = (0..k / 2)
                .map(|i| Some(value(line[i])? + value(line[k - 1 - i])?))
                .collect::<Option<_>>()?;
            let target = if k % 2 == 1 { value(line[k / 2])? } else { *totals.first()? };
            totals.iter().any(|&t| t != target).then(|| {
                violation(line, format!("have pair totals {totals:?}, not all {target}"))
            })?
        }
        Rule::ParityLine(line) => steps(line, grid, |a, b| a % 2 != b % 2)
            .and_then(|pair| violation(&pair, "hold digits of the same parity".into())),
        Rule::Lockout { line, gap } => {
            let (first, last) = (line[0], line[line.len() - 1]);
            let (a, b) = (value(first)?, value(last)?);
            if a.abs_diff(b) < *gap {
                return violation(&[first, last], format!("differ by less than {gap}"));
            }
            line[1..line.len() - 1].iter().find_map(|&m| {
                let v = value(m)?;
                (a.min(b) <= v && v <= a.max(b)).then(|| {
                    violation(&[first, m, last], format!("hold {v}, locked out by {a} and {b}"))
                })?
            })
        }
        Rule::SumLine { line, sum, closed } => {
            let digits = all(line)?;
            // Greedy from a segment's start: it closes as soon as it reaches the total. A loop
            // divides when it does so from some start.
            let starts = if *closed { digits.len() } else { 1 };
            (!(0..starts)
                .any(|start| divides(digits[start..].iter().chain(&digits[..start]), *sum)))
            .then(|| format!("do not divide into segments adding up to {sum}"))
            .and_then(|w| violation(line, w))
        }
        Rule::LookAndSay { cells, counts } => {
            let filled: Vec<usize> = cells.iter().filter_map(|&c| value(c)).collect();
            let complete = filled.len() == cells.len();
            let (pair, found) = look_and_say::first_wrong(counts, &filled, complete)?;
            let clue = look_and_say::write_clue(counts);
            let (digit, count) = (pair.digit, pair.count);
            violation(
                cells,
                format!("hold {found} of the digit {digit}, not {count} (clue {clue})"),
            )
        }
        Rule::CountingCircles(circles) => {
            let digits = all(circles)?;
            let count = |d: usize| digits.iter().filter(|&&x| x == d).count();
            let wrong = digits.iter().find(|&&d| count(d) != d)?;
            violation(circles, format!("hold {wrong} in {} circles, not {wrong}", count(*wrong)))
        }
        Rule::DoubleArrow(line) => {
            let (first, last) = (line[0], line[line.len() - 1]);
            let circles = value(first)? + value(last)?;
            let total: usize = all(&line[1..line.len() - 1])?.iter().sum();
            (total != circles)
                .then(|| format!("add up to {total} between circles adding up to {circles}"))
                .and_then(|w| violation(line, w))
        }
        Rule::DifferencesCount(line) => {
            let differences: Vec<usize> =
                all(line)?.windows(2).map(|p| p[0].abs_diff(p[1])).collect();
            let count = |d: usize| differences.iter().filter(|&&x| x == d).count();
            let wrong = differences.iter().find(|&&d| count(d) != d)?;
            violation(
                line,
                format!("have the difference {wrong} {} times, not {wrong}", count(*wrong)),
            )
        }
        Rule::Rellik { cells, sum } => {
            if let Some(pair) = repeated(cells, grid) {
                return violation(&pair, "hold the same digit in a rellik cage".into());
            }
            let digits = all(cells)?;
            let set = subset_adding_up_to(&digits, *sum)?;
            let found: Vec<Cell> = set.iter().map(|&i| cells[i]).collect();
            violation(&found, format!("add up to {sum}"))
        }
        Rule::AntiLeaper(leap) => super::chess::leaper(*leap, grid)
            .and_then(|(pair, d)| violation(&pair, format!("hold the same digit {d}"))),
        Rule::AntiTaxicab => super::chess::taxicab(grid)
            .and_then(|(pair, d)| violation(&pair, format!("hold {d}, {d} steps apart"))),
        Rule::SameDigits => same_digits(grid).and_then(|(cell, what)| violation(&[cell], what)),
        Rule::EqualTotals { lines, total } => {
            // The lines already filled, each with its total: the first that differs from the
            // first one's breaks the rule.
            let mut filled = lines.iter().filter_map(|line| Some((line, total.of(&all(line)?)?)));
            let (first, expected) = filled.next()?;
            let (line, found) = filled.find(|&(_, found)| found != expected)?;
            let cells: Vec<Cell> = first.iter().chain(line).copied().collect();
            let (word, words) = (total.word(), total.plural());
            violation(&cells, format!("have the {words} {expected} and {found}, not one {word}"))
        }
        rule => super::clues::broken(rule, grid).and_then(|(cells, what)| violation(&cells, what)),
    }
}

/// Where the houses stop holding the same digits: every cell is in a row, so the whole grid
/// holds only the N digits each row holds, and a digit past N different ones breaks the rule
/// (the first cell in reading order to bring one). Conversely a complete grid of N different
/// digits in all, whose houses hold N different digits each, has each house holding all N.
fn same_digits(grid: &Grid) -> Option<(Cell, String)> {
    let n = grid.geometry().size();
    let mut seen: Vec<Digit> = Vec::new();
    let (cell, digit) = grid.filled().find(|&(_, digit)| {
        if !seen.contains(&digit) {
            seen.push(digit);
        }
        seen.len() > n
    })?;
    seen.pop();
    let shared: Vec<String> = seen.iter().map(Digit::to_string).collect();
    Some((cell, format!("holds {digit}, but the houses share the digits {}", shared.join(", "))))
}

/// The first pair of filled cells at most two steps apart on `line` whose digits fail
/// `allowed`.
fn within_two(
    line: &[Cell],
    grid: &Grid,
    allowed: impl Fn(usize, usize) -> bool,
) -> Option<Vec<Cell>> {
    line.iter().enumerate().find_map(|(i, &a)| {
        line.iter().skip(i + 1).take(2).find_map(|&b| {
            let (x, y) = (grid.get(a)?.value(), grid.get(b)?.value());
            (!allowed(x, y)).then(|| vec![a, b])
        })
    })
}

/// Whether `digits` divide into consecutive segments each adding up to `sum`, greedily: a
/// segment closes as soon as it reaches the total.
fn divides<'a>(digits: impl Iterator<Item = &'a usize>, sum: usize) -> bool {
    let mut open = Some(0);
    for d in digits {
        open = open.map(|o| o + d).filter(|&o| o <= sum).map(|o| o % sum);
    }
    open == Some(0)
}

/// The positions of a set of one or more of `digits` adding up to `sum`, if there is one.
fn subset_adding_up_to(digits: &[usize], sum: usize) -> Option<Vec<usize>> {
    (1..1u64 << digits.len()).find_map(|set| {
        let chosen: Vec<usize> = (0..digits.len()).filter(|i| set >> i & 1 == 1).collect();
        (chosen.iter().map(|&i| digits[i]).sum::<usize>() == sum).then_some(chosen)
    })
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

/// How the filled cells of a sequence line break it: the first two filled cells set the step
/// (a whole number, not zero, per cell between them), and every filled cell must lie on it,
/// every cell's digit (filled or not) within 1 to M.
fn sequence(line: &[Cell], grid: &Grid) -> Option<String> {
    let filled: Vec<(i64, i64)> = line
        .iter()
        .enumerate()
        .filter_map(|(i, &c)| Some((i as i64, grid.get(c)?.value() as i64)))
        .collect();
    let [(i, a), (j, b), ..] = filled[..] else { return None };
    if (b - a) % (j - i) != 0 || a == b {
        return Some(format!("hold {a} and {b}, {} cells apart", j - i));
    }
    let step = (b - a) / (j - i);
    let at = |k: i64| a + step * (k - i);
    let digits = grid.geometry().digits() as i64;
    if let Some(&(k, c)) = filled.iter().find(|&&(k, c)| at(k) != c) {
        return Some(format!("hold {c} where the step of {step} gives {}", at(k)));
    }
    let ends = [at(0), at(line.len() as i64 - 1)];
    ends.iter()
        .any(|end| !(1..=digits).contains(end))
        .then(|| format!("step by {step}, past the digits 1 to {digits}"))
}

/// The first filled pair of orthogonal neighbours whose digits satisfy `holds` though they are
/// not `marked` (by a dot of the family, or any dot).
fn negative(
    holds: impl Fn(usize, usize) -> bool,
    marked: impl Fn(Cell, Cell) -> bool,
    grid: &Grid,
) -> Option<(Vec<Cell>, usize, usize)> {
    let size = grid.geometry().size();
    grid.filled().find_map(|(a, x)| {
        [a.offset(0, 1, size), a.offset(1, 0, size)].into_iter().flatten().find_map(|b| {
            let y = grid.get(b)?;
            let hit = holds(x.value(), y.value()) && !marked(a, b);
            hit.then(|| (vec![a, b], x.value(), y.value()))
        })
    })
}
