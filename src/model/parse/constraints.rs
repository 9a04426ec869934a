//! Constraint lines of the text format: one rule with cells per line, cells written `r1c1`.
//!
//! ```text
//! cage: 15 r1c1 r1c2 r2c1        killer cage with its total (`cage: r1c1 r1c2` without one)
//! thermo: r1c1 r1c2 r1c3         from the bulb; `slow-thermo:` allows equal neighbours
//! arrow: r5c5 > r4c4 r3c3        pill (1 to 3 cells), `>`, then the line
//! kropki-white: r4c4 r4c5        also kropki-black, x, v
//! difference: 2 r4c4 r4c5        a kropki dot of any difference; also ratio (any ratio) and
//!                                sum (an XV dot of any sum)
//! whispers: r1c1 r1c2            German (gap ⌈N/2⌉, 5 on 9×9); `whispers: 3 ...` sets the gap;
//!                                `dutch-whispers:` has gap ⌊N/2⌋ (4 on 9×9)
//! renban: r1c1 r1c2 r1c3         also region-sum, palindrome, between, entropic, modular,
//!                                zipper, extra-region
//! little-killer: 29 r1c6 r2c7    the total, then the diagonal
//! minimum: r5c5 r2c6             one or more cells; also maximum
//! quadruple: 345 r3c3 r3c4 r4c3 r4c4   the digits, then the cells
//! candidates: 34 r1c1 r2c5       given pencil marks: each cell holds one of the digits
//! clone: r1c1 r1c2 = r5c5 r5c6   the cells, `=`, their copy
//! sandwich: 8 r0c2               the total, then where the clue stands outside the grid
//!                                (r0cC above column C, rN+1cC below, rRc0 left of row R,
//!                                rRcN+1 right of it); also x-sum and skyscraper (the count)
//! greater: r1c1 r1c2             an inequality sign: r1c1 holds the greater digit
//! column-indexer: r1c1 r2c1      indexing cells; also row-indexer
//! parity-line: r1c1 r1c2         neighbours hold one even and one odd digit
//! lockout: r1c1 r1c2 r1c3        ends differ by ⌊N/2⌋ or more (`lockout: 3 ...` sets the gap),
//!                                the rest lie outside their range
//! sum-line: 10 r1c1 r1c2 r1c3    the line divides into segments adding up to the total;
//!                                `sum-loop:` is a closed loop (its last cell next to its first)
//!                                whose segments go round from some cell
//! counting-circles: r1c1 r2c5    a digit in a circle is in that many circles (all lines count
//!                                together)
//! double-arrow: r1c1 r1c2 r1c3   circles at both ends add up to the digits between them
//! rellik: 10 r1c1 r1c2 r2c1      different digits, no set of which adds up to the number
//! differences-count: r1c1 r1c2  a neighbours' difference is how many neighbours differ by it
//! combined-dot: x|v r1c1 r1c2    a dot of a relation built from others: `|` or, `&` and
//!                                (white, black, x, v, difference-K, ratio-K, sum-K,
//!                                different-parity, same-parity, `not-` any, non-consecutive)
//! sequence: r1c1 r1c2 r1c3       the digits step by one difference, not zero, along the line
//! numbered-room: 5 r0c1          the D-th digit from the clue is 5, D the first digit
//! equal-sums: r1c2 r2c3 / r2c1 r3c2   diagonals (from the arrow outside inwards), split by
//!                                `/`, whose digits add up to one total; also equal-products
//! look-and-say: 2314 r1c1 r1c2   the clue read in pairs "count, digit" (two 3s, one 4), then
//!                                the cells: a group, or a diagonal from the clue inwards
//! ```
//!
//! Cells may be separated by spaces or commas. Each rule's shape is checked
//! ([`check_shape`]) and a fault is reported at the cell at fault.

use super::{ParseError, ParseErrorKind, Spot};
use crate::model::digit::{Digit, DigitSet};
use crate::model::dot_relation::{DotRelation, TERM_NAMES};
use crate::model::equal_totals::Total;
use crate::model::geometry::{Cell, Geometry};
use crate::model::look_and_say::{read_clue, write_clue};
use crate::model::rule::{Dot, Rule};
use crate::model::shape::check_shape;

/// The keys of constraint lines (rules with cells); unlike header keys, each may repeat.
pub const CONSTRAINT_KEYS: [&str; 47] = [
    "cage",
    "thermo",
    "slow-thermo",
    "arrow",
    "kropki-white",
    "kropki-black",
    "x",
    "v",
    "difference",
    "ratio",
    "sum",
    "whispers",
    "dutch-whispers",
    "renban",
    "little-killer",
    "region-sum",
    "minimum",
    "maximum",
    "palindrome",
    "quadruple",
    "candidates",
    "clone",
    "between",
    "extra-region",
    "entropic",
    "modular",
    "zipper",
    "sandwich",
    "x-sum",
    "skyscraper",
    "greater",
    "column-indexer",
    "row-indexer",
    "parity-line",
    "lockout",
    "sum-line",
    "sum-loop",
    "counting-circles",
    "double-arrow",
    "rellik",
    "numbered-room",
    "differences-count",
    "combined-dot",
    "sequence",
    "equal-sums",
    "equal-products",
    "look-and-say",
];

/// The keys of clues outside the grid: a number, then where the clue stands.
const OUTSIDE_KEYS: [&str; 4] = ["sandwich", "x-sum", "skyscraper", "numbered-room"];

/// One word of a constraint line, with where it starts.
struct Token<'a> {
    text: &'a str,
    spot: Spot,
}

/// Reads the constraint line `key: value` (the value starting at `spot`) on a grid of
/// `geometry`: the rules it states (several for `minimum:` and `maximum:` lines).
///
/// # Errors
/// A word that is not a cell, total or separator where one is expected, or a rule whose
/// cells do not fit the grid, at that word.
pub(super) fn read_constraint(
    key: &str,
    value: &str,
    spot: &Spot,
    geometry: Geometry,
) -> Result<Vec<Rule>, ParseError> {
    let tokens = tokens(value, spot);
    let n = geometry.size();
    let (number, rest) = match tokens.split_first() {
        Some((first, rest)) if !is_cell_like(first.text) && !matches!(first.text, ">" | "=") => {
            (Some(first), rest)
        }
        _ => (None, tokens.as_slice()),
    };
    let needs_number = matches!(
        key,
        "little-killer"
            | "quadruple"
            | "candidates"
            | "difference"
            | "ratio"
            | "sum"
            | "sum-line"
            | "sum-loop"
            | "rellik"
            | "combined-dot"
            | "look-and-say"
    ) || OUTSIDE_KEYS.contains(&key);
    let allows_number = needs_number || matches!(key, "cage" | "whispers" | "lockout");
    match number {
        Some(token) if !allows_number => return Err(cell_error(token)),
        None if needs_number => {
            let message = format!("expected a number before the cells of a `{key}:` line");
            return Err(bad(spot, message));
        }
        _ => {}
    }
    let rule = |cells: Vec<Cell>| -> Result<Rule, ParseError> {
        Ok(match key {
            "cage" => Rule::Killer { cells, sum: number.map(read_number).transpose()? },
            "thermo" | "slow-thermo" => Rule::Thermo { cells, slow: key == "slow-thermo" },
            "kropki-white" | "kropki-black" | "x" | "v" | "difference" | "ratio" | "sum" => {
                let number = number.map(read_number).transpose()?;
                let dot = Dot::from_key(key, number).expect("a dot key, numbered when it needs");
                Rule::Dot { cells: two_cells(&cells, key, spot)?, dot }
            }
            "whispers" | "dutch-whispers" => {
                let default = if key == "whispers" { n.div_ceil(2) } else { n / 2 };
                let gap = number.map(read_number).transpose()?.unwrap_or(default);
                Rule::Whispers { line: cells, gap }
            }
            "renban" => Rule::Renban(cells),
            "little-killer" => {
                Rule::LittleKiller { cells, sum: read_number(number.expect("checked above"))? }
            }
            "region-sum" => Rule::RegionSum(cells),
            "palindrome" => Rule::Palindrome(cells),
            "quadruple" => {
                let digits = read_digits(number.expect("checked above"), n)?;
                Rule::Quadruple { cells, digits }
            }
            "between" => Rule::Between(cells),
            "greater" => Rule::Greater(two_cells(&cells, key, spot)?),
            "column-indexer" | "row-indexer" => {
                Rule::Indexer { cells, columns: key == "column-indexer" }
            }
            "extra-region" => Rule::ExtraRegion(cells),
            "entropic" => Rule::Entropic(cells),
            "modular" => Rule::Modular(cells),
            "parity-line" => Rule::ParityLine(cells),
            "lockout" => {
                let gap = number.map(read_number).transpose()?.unwrap_or(n / 2);
                Rule::Lockout { line: cells, gap }
            }
            "sum-line" | "sum-loop" => Rule::SumLine {
                line: cells,
                sum: read_number(number.expect("checked above"))?,
                closed: key == "sum-loop",
            },
            "counting-circles" => Rule::CountingCircles(cells),
            "sequence" => Rule::Sequence(cells),
            "combined-dot" => {
                let token = number.expect("checked above");
                let relation = DotRelation::from_name(token.text).ok_or_else(|| {
                    let message =
                        format!("expected a dot relation ({TERM_NAMES}), found `{}`", token.text);
                    bad(&token.spot, message)
                })?;
                Rule::CombinedDot { cells: two_cells(&cells, key, spot)?, relation }
            }
            "double-arrow" => Rule::DoubleArrow(cells),
            "differences-count" => Rule::DifferencesCount(cells),
            "rellik" => Rule::Rellik { cells, sum: read_number(number.expect("checked above"))? },
            "look-and-say" => {
                let token = number.expect("checked above");
                let counts = read_clue(token.text).map_err(|why| bad(&token.spot, why))?;
                Rule::LookAndSay { cells, counts }
            }
            _ => Rule::Zipper(cells),
        })
    };
    let (rules, spots): (Vec<Rule>, Vec<Vec<Spot>>) = match key {
        "arrow" | "clone" => {
            let separator = if key == "arrow" { ">" } else { "=" };
            let Some(at) = rest.iter().position(|t| t.text == separator) else {
                let example =
                    if key == "arrow" { "r5c5 > r4c4 r3c3" } else { "r1c1 r1c2 = r5c5 r5c6" };
                let message =
                    format!("expected `{separator}` in a `{key}:` line, as in `{key}: {example}`");
                return Err(bad(spot, message));
            };
            let (first, second) = (read_cells(&rest[..at])?, read_cells(&rest[at + 1..])?);
            let spots = first.iter().chain(&second).map(|(_, s)| s.clone()).collect();
            let (first, second) = (cells_of(first), cells_of(second));
            let rule = match key {
                "arrow" => Rule::Arrow { pill: first, line: second },
                _ => Rule::Clone { cells: first, copy: second },
            };
            (vec![rule], vec![spots])
        }
        _ if OUTSIDE_KEYS.contains(&key) => {
            let (cells, at) = read_outside(rest, spot, n)?;
            let number = read_number(number.expect("checked above"))?;
            let rule = match key {
                "sandwich" => Rule::Sandwich { cells, sum: number },
                "x-sum" => Rule::XSum { cells, sum: number },
                "numbered-room" => Rule::NumberedRoom { cells, digit: number },
                _ => Rule::Skyscraper { cells, count: number },
            };
            (vec![rule], vec![vec![at]])
        }
        "equal-sums" | "equal-products" => {
            let lines: Vec<Vec<(Cell, Spot)>> =
                rest.split(|t| t.text == "/").map(read_cells).collect::<Result<_, _>>()?;
            let spots = lines.iter().flatten().map(|(_, s)| s.clone()).collect();
            let total = if key == "equal-sums" { Total::Sum } else { Total::Product };
            let lines = lines.into_iter().map(cells_of).collect();
            (vec![Rule::EqualTotals { lines, total }], vec![spots])
        }
        "minimum" | "maximum" => read_cells(rest)?
            .into_iter()
            .map(|(cell, spot)| (Rule::Extremum { cell, maximum: key == "maximum" }, vec![spot]))
            .unzip(),
        "candidates" => {
            let token = number.expect("checked above");
            let digits = read_digits(token, geometry.digits())?.into_iter();
            let digits: DigitSet = digits.filter_map(Digit::new).collect();
            let cells = read_cells(rest)?.into_iter();
            cells.map(|(cell, spot)| (Rule::Candidates { cell, digits }, vec![spot])).unzip()
        }
        _ => {
            let cells = read_cells(rest)?;
            let spots = cells.iter().map(|(_, s)| s.clone()).collect();
            (vec![rule(cells_of(cells))?], vec![spots])
        }
    };
    for (rule, spots) in rules.iter().zip(&spots) {
        if let Err(error) = check_shape(rule, geometry) {
            let at = match error.position() {
                Some(position) => spots.get(position).unwrap_or(spot),
                None => number.map_or(spot, |token| &token.spot),
            };
            return Err(ParseError::new(ParseErrorKind::Constraint, at, error.to_string()));
        }
    }
    Ok(rules)
}

/// The words of `value`, split at spaces and commas, with their spots.
fn tokens<'a>(value: &'a str, spot: &Spot) -> Vec<Token<'a>> {
    let mut tokens = Vec::new();
    let mut start = None;
    let characters = value.char_indices().chain([(value.len(), ' ')]);
    for (column, (offset, c)) in (spot.column..).zip(characters) {
        if c.is_whitespace() || c == ',' {
            if let Some((begin, at)) = start.take() {
                tokens.push(Token {
                    text: &value[begin..offset],
                    spot: Spot { column: at, ..spot.clone() },
                });
            }
        } else if start.is_none() {
            start = Some((offset, column));
        }
    }
    tokens
}

/// Whether a word looks like a cell name (`r…`), so that it is not read as a total.
fn is_cell_like(text: &str) -> bool {
    text.starts_with(['r', 'R'])
}

fn read_cells(tokens: &[Token]) -> Result<Vec<(Cell, Spot)>, ParseError> {
    tokens
        .iter()
        .map(|token| {
            Cell::from_name(token.text)
                .map(|cell| (cell, token.spot.clone()))
                .ok_or_else(|| cell_error(token))
        })
        .collect()
}

/// The row or column a clue outside the grid looks along (from the clue inwards), read from
/// its one word (`r0c3`, `r4c0`, `r10c3`, `r4c10` on 9×9).
fn read_outside(tokens: &[Token], spot: &Spot, n: usize) -> Result<(Vec<Cell>, Spot), ParseError> {
    let [token] = tokens else {
        let message = format!(
            "expected one clue position outside the grid such as r0c3, found {} words",
            tokens.len()
        );
        return Err(bad(tokens.get(1).map_or(spot, |t| &t.spot), message));
    };
    let line = outside_position(token.text).and_then(|(row, column)| outside_line(row, column, n));
    line.map(|cells| (cells, token.spot.clone())).ok_or_else(|| {
        let message = format!(
            "expected a clue position just outside the {n}×{n} grid (r0cC, r{}cC, rRc0 or rRc{}), found `{}`",
            n + 1,
            n + 1,
            token.text
        );
        bad(&token.spot, message)
    })
}

/// The 1-based row and column numbers of `rRcC` (0 and N+1 allowed).
pub(crate) fn outside_position(text: &str) -> Option<(usize, usize)> {
    let rest = text.strip_prefix(['r', 'R'])?;
    let at = rest.find(['c', 'C'])?;
    Some((rest[..at].parse().ok()?, rest[at + 1..].parse().ok()?))
}

/// The cells seen from the clue at 1-based `row`, `column` just outside an N×N grid, from
/// the clue inwards; `None` when the position is not just outside one row or column.
pub(crate) fn outside_line(row: usize, column: usize, n: usize) -> Option<Vec<Cell>> {
    let inside = |i: usize| (1..=n).contains(&i);
    let line: Vec<Cell> = match (row, column) {
        (0, c) if inside(c) => (0..n).map(|r| Cell::new(r, c - 1)).collect(),
        (r, c) if r == n + 1 && inside(c) => (0..n).rev().map(|r| Cell::new(r, c - 1)).collect(),
        (r, 0) if inside(r) => (0..n).map(|c| Cell::new(r - 1, c)).collect(),
        (r, c) if c == n + 1 && inside(r) => (0..n).rev().map(|c| Cell::new(r - 1, c)).collect(),
        _ => return None,
    };
    Some(line)
}

/// Where a clue looking along `cells` (a whole row or column, from the clue inwards) stands:
/// `r0c3` and the like, the inverse of [`outside_line`].
pub(crate) fn outside_name(cells: &[Cell]) -> String {
    let (first, second) = (cells[0], cells[1]);
    let back = |a: usize, b: usize| (2 * a + 2).wrapping_sub(b + 1);
    format!("r{}c{}", back(first.row(), second.row()), back(first.column(), second.column()))
}

fn cells_of(cells: Vec<(Cell, Spot)>) -> Vec<Cell> {
    cells.into_iter().map(|(cell, _)| cell).collect()
}

fn read_number(token: &Token) -> Result<usize, ParseError> {
    token
        .text
        .parse()
        .map_err(|_| bad(&token.spot, format!("expected a number, found `{}`", token.text)))
}

/// A quadruple's digits or a cell's candidates, written together (`345`) with grid digit
/// symbols.
fn read_digits(token: &Token, n: usize) -> Result<Vec<usize>, ParseError> {
    token
        .text
        .chars()
        .map(|symbol| {
            Digit::from_char(symbol).map(|d| d.value()).filter(|&v| v <= n).ok_or_else(|| {
                bad(&token.spot, format!("expected digits from 1 to {n}, found `{}`", token.text))
            })
        })
        .collect()
}

/// The two cells of a `key:` line of a dot or a sign.
fn two_cells(cells: &[Cell], key: &str, spot: &Spot) -> Result<[Cell; 2], ParseError> {
    match cells[..] {
        [a, b] => Ok([a, b]),
        _ => {
            Err(bad(spot, format!("expected two cells on a `{key}:` line, found {}", cells.len())))
        }
    }
}

fn cell_error(token: &Token) -> ParseError {
    bad(&token.spot, format!("expected a cell such as r1c1, found `{}`", token.text))
}

fn bad(spot: &Spot, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::BadValue, spot, message)
}

/// The constraint line of `rule` on a grid of size `n`, as [`read_constraint`] reads it back;
/// `None` for global rules and marks, which live in `rules:` and in sections.
pub(super) fn write_constraint(rule: &Rule, n: usize) -> Option<String> {
    let names = |cells: &[Cell]| cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(" ");
    let key = rule.name();
    let value = match rule {
        Rule::Killer { cells, sum: Some(sum) } => format!("{sum} {}", names(cells)),
        Rule::LittleKiller { cells, sum } => format!("{sum} {}", names(cells)),
        Rule::Whispers { line, gap } if *gap == n.div_ceil(2) => names(line),
        Rule::Whispers { line, gap } if *gap == n / 2 => {
            return Some(format!("dutch-whispers: {}", names(line)));
        }
        Rule::Whispers { line, gap } => format!("{gap} {}", names(line)),
        Rule::Lockout { line, gap } if *gap == n / 2 => names(line),
        Rule::Lockout { line, gap: number }
        | Rule::SumLine { line, sum: number, .. }
        | Rule::Rellik { cells: line, sum: number } => format!("{number} {}", names(line)),
        Rule::Dot { cells, dot } if !dot.is_classic() => {
            format!("{} {}", dot.number(), names(cells))
        }
        Rule::CombinedDot { cells, relation } => format!("{relation} {}", names(cells)),
        Rule::Arrow { pill, line } => format!("{} > {}", names(pill), names(line)),
        Rule::Clone { cells, copy } => format!("{} = {}", names(cells), names(copy)),
        Rule::Quadruple { cells, digits } => {
            let digits: String =
                digits.iter().map(|&d| Digit::new(d).map_or('?', |d| d.to_char())).collect();
            format!("{digits} {}", names(cells))
        }
        Rule::Candidates { cell, digits } => {
            format!("{} {cell}", digits.iter().map(Digit::to_char).collect::<String>())
        }
        Rule::Sandwich { cells, sum: number }
        | Rule::XSum { cells, sum: number }
        | Rule::Skyscraper { cells, count: number }
        | Rule::NumberedRoom { cells, digit: number } => {
            format!("{number} {}", outside_name(cells))
        }
        Rule::EqualTotals { lines, .. } => {
            lines.iter().map(|line| names(line)).collect::<Vec<_>>().join(" / ")
        }
        Rule::LookAndSay { cells, counts } => format!("{} {}", write_clue(counts), names(cells)),
        Rule::Even(_) | Rule::Odd(_) => return None,
        rule if rule.is_global() => return None,
        rule => names(&rule.cells()),
    };
    Some(format!("{key}: {value}"))
}

#[cfg(test)]
mod tests {
    use crate::model::parse::ParseErrorKind;
    use crate::model::puzzle::Puzzle;
    use crate::model::rule::Rule;

    const EMPTY_4X4: &str = "givens:\n....\n....\n....\n....\n";

    fn read(lines: &str) -> Result<Puzzle, crate::model::parse::ParseError> {
        format!("{lines}\n{EMPTY_4X4}").parse()
    }

    #[test]
    fn every_line_reads_back_as_written() {
        let lines = "cage: 7 r1c1 r1c2 r2c1\ncage: r3c3 r4c4\nthermo: r1c3 r1c4\n\
            slow-thermo: r2c2 r2c3\narrow: r4c1 > r3c1 r3c2\nkropki-white: r2c4 r3c4\n\
            kropki-black: r4c2 r4c3\nx: r1c1 r2c1\nv: r1c2 r2c2\nwhispers: r3c3 r3c4\n\
            difference: 2 r1c3 r2c3\nratio: 3 r3c1 r4c1\nsum: 7 r3c2 r4c2\n\
            whispers: 1 r4c3 r4c4\nrenban: r1c1 r1c2\nlittle-killer: 5 r1c2 r2c3 r3c4\n\
            region-sum: r2c2 r2c3\nminimum: r1c1\nmaximum: r4c4\npalindrome: r1c1 r2c2 r3c3\n\
            quadruple: 12 r1c1 r1c2 r2c1 r2c2\nclone: r1c1 = r4c4\nbetween: r1c1 r1c2 r1c3\n\
            extra-region: r2c2 r3c3\nzipper: r1c1 r1c2 r1c3\nsandwich: 2 r0c1\n\
            x-sum: 6 r5c2\nskyscraper: 2 r3c0\nskyscraper: 3 r2c5\ngreater: r1c1 r1c2\n\
            column-indexer: r1c1 r2c1\nrow-indexer: r1c2\nparity-line: r1c1 r1c2 r2c3\n\
            lockout: r2c1 r2c2 r2c3\nlockout: 1 r3c1 r3c2\nsum-line: 5 r4c1 r4c2 r4c3\n\
            counting-circles: r1c4 r2c4\ncounting-circles: r3c4\n\
            double-arrow: r2c1 r3c2 r4c3\nrellik: 6 r3c3 r3c4\nnumbered-room: 3 r2c0\n\
            differences-count: r4c4 r3c3\ncombined-dot: x|v r3c3 r4c3\n\
            combined-dot: non-consecutive&different-parity r1c3 r1c4\n\
            sequence: r2c2 r3c2 r4c2\nlook-and-say: 2311 r1c1 r1c2 r2c1\n";
        let puzzle = read(lines).unwrap();
        // The two counting-circles lines are one rule.
        assert_eq!(puzzle.rules().len(), 45);
        let cells = |names: &[&str]| -> Vec<crate::model::geometry::Cell> {
            names.iter().map(|n| crate::model::geometry::Cell::from_name(n).unwrap()).collect()
        };
        let clue = Rule::XSum { cells: cells(&["r4c2", "r3c2", "r2c2", "r1c2"]), sum: 6 };
        assert!(puzzle.rules().contains(&clue), "{:?}", puzzle.rules());
        let clue = Rule::Skyscraper { cells: cells(&["r2c4", "r2c3", "r2c2", "r2c1"]), count: 3 };
        assert!(puzzle.rules().contains(&clue), "{:?}", puzzle.rules());
        assert!(puzzle.to_text().contains("x-sum: 6 r5c2\n"), "{}", puzzle.to_text());
        let again: Puzzle = puzzle.to_text().parse().unwrap();
        assert_eq!(again, puzzle);
        assert!(puzzle.to_text().contains("arrow: r4c1 > r3c1 r3c2\n"), "{}", puzzle.to_text());
        assert!(puzzle.to_text().contains("quadruple: 12 r1c1 r1c2 r2c1 r2c2\n"));
        assert!(puzzle.to_text().contains("whispers: r3c3 r3c4\n"));
        assert!(puzzle.to_text().contains("ratio: 3 r3c1 r4c1\n"), "{}", puzzle.to_text());
        assert!(puzzle.to_text().contains("lockout: r2c1 r2c2 r2c3\nlockout: 1 r3c1 r3c2\n"));
        assert!(puzzle.to_text().contains("counting-circles: r1c4 r2c4 r3c4\n"));
        let room = Rule::NumberedRoom { cells: cells(&["r2c1", "r2c2", "r2c3", "r2c4"]), digit: 3 };
        assert!(puzzle.rules().contains(&room), "{:?}", puzzle.rules());
        assert!(puzzle.to_text().contains("numbered-room: 3 r2c0\nrellik: 6 r3c3 r3c4\n"));
        assert!(puzzle.to_text().contains("look-and-say: 2311 r1c1 r1c2 r2c1\n"));
    }

    #[test]
    fn a_look_and_say_clue_is_checked_at_its_word() {
        let error = |lines: &str| {
            let error = read(lines).unwrap_err();
            (error.column(), error.to_string())
        };
        let (column, message) = error("look-and-say: 231 r1c1 r1c2");
        assert_eq!(column, 15);
        assert!(message.contains("an even number of digits"), "{message}");
        let (column, message) = error("look-and-say: 15 r1c1 r1c2");
        assert_eq!(column, 15);
        assert!(message.contains("digits from 1 to 4, found 5 in the clue 15"), "{message}");
        let (_, message) = error("look-and-say: 3112 r1c1 r1c2 r1c3");
        assert!(message.contains("at most the 3 cells, found 4"), "{message}");
        let (_, message) = error("look-and-say: 1121 r1c1 r1c2 r1c3");
        assert!(message.contains("found 1 counted 1 and 2 in 1121"), "{message}");
        let (_, message) = error("look-and-say: r1c1 r1c2");
        assert!(message.contains("expected a number before the cells of a `look-and-say:`"));
    }

    #[test]
    fn a_candidates_line_gives_each_of_its_cells_the_digits() {
        use crate::model::digit::{Digit, DigitSet};
        use crate::model::geometry::Cell;
        let puzzle = read("candidates: 14 r1c1 r3c2\ncandidates: 2 r4c4").unwrap();
        let digits = |values: &[usize]| -> DigitSet {
            values.iter().filter_map(|&v| Digit::new(v)).collect()
        };
        let expected = [
            Rule::Candidates { cell: Cell::new(0, 0), digits: digits(&[1, 4]) },
            Rule::Candidates { cell: Cell::new(2, 1), digits: digits(&[1, 4]) },
            Rule::Candidates { cell: Cell::new(3, 3), digits: digits(&[2]) },
        ];
        assert_eq!(puzzle.rules(), expected);
        let text = puzzle.to_text();
        assert!(text.contains("candidates: 14 r1c1\ncandidates: 14 r3c2\n"), "{text}");
        assert_eq!(text.parse::<Puzzle>().unwrap(), puzzle);
        let error = read("candidates: 15 r1c1").unwrap_err();
        assert_eq!(error.column(), 13);
        assert!(error.to_string().contains("expected digits from 1 to 4, found `15`"), "{error}");
        let error = read("candidates: r1c1").unwrap_err();
        assert!(error.to_string().contains("expected a number before the cells"), "{error}");
    }

    #[test]
    fn bad_lines_name_the_word_at_fault() {
        let error = |lines: &str| {
            let error = read(lines).unwrap_err();
            (error.kind(), error.column(), error.to_string())
        };
        let (kind, column, message) = error("cage: 7 r1c1 r5c1");
        assert_eq!((kind, column), (ParseErrorKind::Constraint, 14));
        assert!(message.contains("expected a cell of the 4×4 grid, found r5c1"), "{message}");
        let (_, column, message) = error("thermo: r1c1 r1c2 r1c4");
        assert_eq!(column, 19);
        assert!(message.contains("expected a cell next to r1c2, found r1c4"), "{message}");
        let (_, column, message) = error("cage: 20 r1c1 r1c2");
        assert_eq!(column, 7);
        assert!(message.contains("expected a cage total from 3 to 7 for 2 cells, found 20"));
        let (_, _, message) = error("arrow: r1c1 r1c2");
        assert!(message.contains("expected `>` in a `arrow:` line"), "{message}");
        let (_, _, message) = error("arrow: > r1c2");
        assert!(message.contains("expected an arrow pill of 1 to 3 cells, found 0"), "{message}");
        let (_, column, message) = error("sandwich: 3 r2c2");
        assert_eq!(column, 13);
        assert!(
            message.contains("expected a clue position just outside the 4×4 grid"),
            "{message}"
        );
        let (_, column, message) = error("skyscraper: 5 r0c1");
        assert_eq!(column, 13);
        assert!(message.contains("expected a skyscraper count from 1 to 4, found 5"), "{message}");
        let (_, _, message) = error("x-sum: r0c1");
        assert!(message.contains("expected a number before the cells of a `x-sum:` line"));
        let (_, column, message) = error("ratio: 5 r1c1 r1c2");
        assert_eq!(column, 8);
        assert!(
            message.contains("expected a ratio dot's number from 2 to 4 on a 4×4 grid, found 5")
        );
        let (_, _, message) = error("difference: r1c1 r1c2");
        assert!(message.contains("expected a number before the cells of a `difference:` line"));
        let (_, _, message) = error("greater: r1c1");
        assert!(message.contains("expected two cells on a `greater:` line, found 1"));
        let (_, column, message) = error("renban: r1c1 q2");
        assert_eq!(column, 14);
        assert!(message.contains("expected a cell such as r1c1, found `q2`"), "{message}");
    }

    #[test]
    fn regions_replace_boxes() {
        let text = "regions:\naabb\nacbb\ncccd\nddbd\ngivens:\n....\n....\n....\n....\n";
        let error = text.parse::<Puzzle>().unwrap_err();
        assert_eq!(
            (error.kind(), error.line(), error.column()),
            (ParseErrorKind::Constraint, 2, 1)
        );
        assert!(error.to_string().contains("found 3 in the region of r1c1"), "{error}");
        let text = "regions:\naabb\naabb\nccdd\nccdd\ngivens:\n1...\n....\n....\n....\n";
        let puzzle: Puzzle = text.parse().unwrap();
        assert!(puzzle.geometry().regions().is_some());
        assert_eq!(puzzle.to_text().parse::<Puzzle>().unwrap(), puzzle);
    }
}
