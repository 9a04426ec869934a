//! Whether the cells of a rule fit a grid: on the grid, none twice, lines stepping between
//! neighbouring cells, dots between orthogonal neighbours, totals that digits can reach. The
//! readers check every rule with cells here, so a bad cage or line is an error at its position
//! rather than a puzzle without solutions.

use std::fmt;

use super::digit::DigitSet;
use super::equal_totals::{MAX_TOTALS, Total};
use super::geometry::{Cell, Geometry};
use super::look_and_say;
use super::rule::{Dot, Rule};

/// What is wrong with a rule's cells, and which of them (by its position in [`Rule::cells`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    position: Option<usize>,
    message: String,
}

impl ShapeError {
    fn new(position: usize, message: String) -> ShapeError {
        ShapeError { position: Some(position), message }
    }

    /// A fault of the rule as a whole (its total, its length), not of one cell.
    fn whole(message: String) -> ShapeError {
        ShapeError { position: None, message }
    }

    /// The 0-based position of the offending cell in [`Rule::cells`]; `None` when the rule as
    /// a whole is at fault (a total, a gap, a length).
    pub fn position(&self) -> Option<usize> {
        self.position
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ShapeError {}

/// A rule that does not fit the grid, with why: what [`Puzzle::try_new`] refuses.
///
/// [`Puzzle::try_new`]: super::puzzle::Puzzle::try_new
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misfit {
    rule: Rule,
    error: ShapeError,
}

impl Misfit {
    /// The rule that does not fit.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// Why it does not fit, and at which of its cells.
    pub fn error(&self) -> &ShapeError {
        &self.error
    }
}

impl fmt::Display for Misfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the rule {} does not fit this grid: {}", self.rule.name(), self.error)
    }
}

impl std::error::Error for Misfit {}

/// The first of `rules` that does not fit a grid of `geometry`, with why ([`check_shape`]).
pub fn first_misfit(rules: &[Rule], geometry: Geometry) -> Option<Misfit> {
    rules.iter().find_map(|rule| {
        let error = check_shape(rule, geometry).err()?;
        Some(Misfit { rule: rule.clone(), error })
    })
}

/// Checks that `rule` fits a grid of `geometry`.
///
/// # Errors
/// The first fault found: a cell off the grid or listed twice, a line that jumps, a dot
/// between cells that do not touch, an arrow without a pill or a line, a cage total no digits
/// reach, a whisper gap no digits reach.
pub fn check_shape(rule: &Rule, geometry: Geometry) -> Result<(), ShapeError> {
    if let Rule::EqualTotals { lines, total } = rule {
        return check_equal_totals(lines, *total, geometry);
    }
    let cells = rule.cells();
    let n = geometry.size();
    if let Some(i) = cells.iter().position(|&c| !geometry.contains(c)) {
        return Err(ShapeError::new(
            i,
            format!("expected a cell of the {n}×{n} grid, found {}", cells[i]),
        ));
    }
    if let Some(i) = (1..cells.len()).find(|&i| cells[..i].contains(&cells[i])) {
        return Err(ShapeError::new(
            i,
            format!("{} is listed twice in one {}", cells[i], rule.name()),
        ));
    }
    // M, the largest digit: N unless the puzzle declares more (the totals and gaps digits
    // reach); N stays the length of a row.
    let m = geometry.digits();
    match rule {
        Rule::Sandwich { .. }
        | Rule::XSum { .. }
        | Rule::NumberedRoom { .. }
        | Rule::Indexer { .. }
            if m != n =>
        {
            Err(ShapeError::whole(format!(
                "expected the digits 1 to {n} for a {} (its digits stand for positions in a \
                 row or for the ends of the digit range), found digits 1 to {m}",
                rule.name()
            )))
        }
        Rule::Killer { cells, sum } => check_cage(cells, *sum, m),
        Rule::Renban(cells) | Rule::RegionSum(cells) => check_connected(cells, rule.name()),
        Rule::Thermo { cells: line, .. } | Rule::Whispers { line, .. } => {
            check_line(line, 0)?;
            match rule {
                Rule::Whispers { gap, .. } if !(1..m).contains(gap) => Err(ShapeError::whole(
                    format!("expected a whisper gap from 1 to {}, found {gap}", m - 1),
                )),
                _ => Ok(()),
            }
        }
        Rule::Arrow { pill, line } => check_arrow(pill, line),
        Rule::Palindrome(line) | Rule::Between(line) | Rule::Zipper(line) => check_line(line, 0),
        Rule::Entropic(line) | Rule::Modular(line) if m % 3 != 0 => {
            let what = if m == n { "a grid size" } else { "a largest digit" };
            Err(ShapeError::whole(format!(
                "expected {what} divisible by 3 for a {} line, found {m}",
                rule.name()
            )))
        }
        Rule::Entropic(line) | Rule::Modular(line) | Rule::ParityLine(line) => check_line(line, 0),
        Rule::Sequence(line) if line.len() < 2 => Err(ShapeError::whole(format!(
            "expected a sequence line of 2 cells or more, found {}",
            line.len()
        ))),
        Rule::Sequence(line) => check_line(line, 0),
        Rule::Lockout { line, .. } if line.len() < 2 => Err(ShapeError::whole(format!(
            "expected a lockout line of 2 cells or more, found {}",
            line.len()
        ))),
        Rule::Lockout { line, gap } => {
            check_line(line, 0)?;
            check_total("a lockout gap", *gap, 1, m - 1)
        }
        Rule::SumLine { line, sum, closed } => {
            check_line(line, 0)?;
            match line[..] {
                _ if !closed => {}
                [first, .., last] if line.len() >= 3 && touching(first, last) => {}
                _ => {
                    return Err(ShapeError::whole(format!(
                        "expected a loop of 3 cells or more, the last next to the first, found \
                         {}",
                        line.iter().map(Cell::to_string).collect::<Vec<_>>().join(" ")
                    )));
                }
            }
            check_total("a sum line's segment total", *sum, 1, line.len() * m)
        }
        Rule::DoubleArrow(line) if line.len() < 3 => Err(ShapeError::whole(format!(
            "expected a double arrow of 3 cells or more (two circles and a line), found {}",
            line.len()
        ))),
        Rule::DoubleArrow(line) => check_line(line, 0),
        Rule::DifferencesCount(line) if line.len() < 2 => Err(ShapeError::whole(format!(
            "expected a differences-count line of 2 cells or more, found {}",
            line.len()
        ))),
        Rule::DifferencesCount(line) => check_line(line, 0),
        Rule::Rellik { cells, sum } => {
            check_cage(cells, None, m)?;
            check_total("a rellik cage's number", *sum, 1, m * (m + 1) / 2)
        }
        Rule::NumberedRoom { cells, digit } => {
            check_outside_line(cells, n)?;
            check_total("a numbered room's digit", *digit, 1, n)
        }
        Rule::LittleKiller { cells, sum } => check_little_killer(cells, *sum, m),
        Rule::Sandwich { cells, sum } => {
            check_outside_line(cells, n)?;
            check_total("a sandwich total", *sum, 0, (2..n).sum())
        }
        Rule::XSum { cells, sum } => {
            check_outside_line(cells, n)?;
            check_total("an X-sum total", *sum, 1, n * (n + 1) / 2)
        }
        Rule::Skyscraper { cells, count } => {
            check_outside_line(cells, n)?;
            check_total("a skyscraper count", *count, 1, n)
        }
        Rule::Quadruple { cells, digits } => check_quadruple(cells, digits, m),
        Rule::LookAndSay { cells, .. } if cells.is_empty() => {
            Err(ShapeError::whole("expected a look-and-say clue over 1 cell or more".into()))
        }
        Rule::LookAndSay { cells, counts } => look_and_say::check(counts, cells.len(), m)
            .map_or(Ok(()), |why| Err(ShapeError::whole(why))),
        Rule::Candidates { digits, .. } => check_candidates(*digits, m),
        Rule::Clone { cells, copy } if cells.len() != copy.len() || cells.is_empty() => {
            Err(ShapeError::new(
                cells.len(),
                format!("expected a copy of {} cells, found {}", cells.len(), copy.len()),
            ))
        }
        Rule::ExtraRegion(cells) if cells.len() > n || cells.is_empty() => Err(ShapeError::whole(
            format!("expected an extra region of 1 to {n} cells, found {}", cells.len()),
        )),
        Rule::DisjointGroups if geometry.regions().is_some() => Err(ShapeError::whole(
            "expected boxes for disjoint groups, found irregular regions".into(),
        )),
        Rule::Dot { cells: [a, b], .. } | Rule::CombinedDot { cells: [a, b], .. }
            if !orthogonal(*a, *b) =>
        {
            Err(ShapeError::new(
                1,
                format!(
                    "expected a {} between orthogonal neighbours, found {a} and {b}",
                    rule_dot_name(rule)
                ),
            ))
        }
        Rule::CombinedDot { relation, .. } | Rule::NegativeCombined(relation) => {
            relation.dots().try_for_each(|dot| check_dot_number(dot, n, m))
        }
        Rule::Dot { dot, .. } => check_dot_number(*dot, n, m),
        _ => Ok(()),
    }
}

/// The name of a dot rule in a message: `kropki-white`, `x|v dot`.
fn rule_dot_name(rule: &Rule) -> String {
    match rule {
        Rule::Dot { dot, .. } => dot.name().to_string(),
        Rule::CombinedDot { relation, .. } => format!("{relation} dot"),
        _ => rule.name().to_string(),
    }
}

/// A numbered dot's number is one some two digits of 1 to M satisfy.
fn check_dot_number(dot: Dot, n: usize, m: usize) -> Result<(), ShapeError> {
    if dot.is_classic() || dot.numbers(m).contains(&dot.number()) {
        return Ok(());
    }
    let numbers = dot.numbers(m);
    Err(ShapeError::whole(format!(
        "expected a {} dot's number from {} to {} on a {n}×{n} grid, found {}",
        dot.name(),
        numbers.start(),
        numbers.end(),
        dot.number()
    )))
}

/// A cage has 1 to M cells and a total some different digits of `1..=m` reach.
fn check_cage(cells: &[Cell], sum: Option<usize>, n: usize) -> Result<(), ShapeError> {
    let k = cells.len();
    if k == 0 || k > n {
        return Err(ShapeError::whole(format!("expected a cage of 1 to {n} cells, found {k}")));
    }
    let least = k * (k + 1) / 2;
    let most = k * (2 * n + 1 - k) / 2;
    match sum {
        Some(sum) if !(least..=most).contains(&sum) => Err(ShapeError::whole(format!(
            "expected a cage total from {least} to {most} for {k} cells, found {sum}"
        ))),
        _ => Ok(()),
    }
}

/// The cells of a clue outside the grid: a whole row or column, from one end to the other.
fn check_outside_line(cells: &[Cell], n: usize) -> Result<(), ShapeError> {
    if cells.len() != n {
        let message = format!("expected a whole row or column of {n} cells, found {}", cells.len());
        return Err(ShapeError::whole(message));
    }
    let straight = |i: usize| {
        let (a, b) = (cells[i - 1], cells[i]);
        let step = |a: Cell, b: Cell| {
            (b.row() as isize - a.row() as isize, b.column() as isize - a.column() as isize)
        };
        orthogonal(a, b) && (i == 1 || step(a, b) == step(cells[i - 2], a))
    };
    match (1..n).find(|&i| !straight(i)) {
        Some(i) => Err(ShapeError::new(
            i,
            format!(
                "expected the row or column to go on from {}, found {}",
                cells[i - 1],
                cells[i]
            ),
        )),
        None => Ok(()),
    }
}

/// A clue's number (`what`, with its article) lies in `least..=most`.
fn check_total(what: &str, value: usize, least: usize, most: usize) -> Result<(), ShapeError> {
    match (least..=most).contains(&value) {
        true => Ok(()),
        false => {
            Err(ShapeError::whole(format!("expected {what} from {least} to {most}, found {value}")))
        }
    }
}

/// A little killer runs along one diagonal, with a total its digits (repeats allowed) reach.
fn check_little_killer(cells: &[Cell], sum: usize, n: usize) -> Result<(), ShapeError> {
    check_diagonal(cells)?;
    let k = cells.len();
    if k == 0 || !(k..=k * n).contains(&sum) {
        let message = format!("expected a little killer total from {k} to {}, found {sum}", k * n);
        return Err(ShapeError::whole(message));
    }
    Ok(())
}

/// The cells run along one diagonal, each a diagonal step on from the one before in the same
/// direction.
fn check_diagonal(cells: &[Cell]) -> Result<(), ShapeError> {
    let step = |i: usize| {
        let (a, b) = (cells[i - 1], cells[i]);
        (b.row() as isize - a.row() as isize, b.column() as isize - a.column() as isize)
    };
    match (1..cells.len()).find(|&i| {
        let (rows, columns) = step(i);
        rows.abs() != 1 || columns.abs() != 1 || (i > 1 && step(i) != step(1))
    }) {
        Some(i) => {
            let message =
                format!("expected the diagonal to go on from {}, found {}", cells[i - 1], cells[i]);
            Err(ShapeError::new(i, message))
        }
        None => Ok(()),
    }
}

/// Equal totals: two or more lines, each a diagonal of the grid's cells (none listed twice
/// in one line; lines may cross), a product line reaching at most [`MAX_TOTALS`] products.
/// A fault's position counts the cells of the lines before it.
fn check_equal_totals(
    lines: &[Vec<Cell>],
    total: Total,
    geometry: Geometry,
) -> Result<(), ShapeError> {
    let n = geometry.size();
    if lines.len() < 2 || lines.iter().any(Vec::is_empty) {
        return Err(ShapeError::whole(format!(
            "expected two lines or more, none empty, whose totals are equal, found {}",
            lines.len()
        )));
    }
    let mut before = 0;
    for line in lines {
        let at = |error: ShapeError| match error.position {
            Some(i) => ShapeError::new(before + i, error.message),
            None => error,
        };
        if let Some(i) = line.iter().position(|&c| !geometry.contains(c)) {
            let message = format!("expected a cell of the {n}×{n} grid, found {}", line[i]);
            return Err(ShapeError::new(before + i, message));
        }
        if let Some(i) = (1..line.len()).find(|&i| line[..i].contains(&line[i])) {
            return Err(ShapeError::new(
                before + i,
                format!("{} is listed twice in one line", line[i]),
            ));
        }
        check_diagonal(line).map_err(at)?;
        before += line.len();
    }
    let digits: Vec<usize> = (1..=geometry.digits()).collect();
    if lines.iter().any(|line| total.prefixes(&vec![digits.clone(); line.len()]).is_none()) {
        return Err(ShapeError::whole(format!(
            "expected lines whose digits reach at most {MAX_TOTALS} {}, found a line of more \
             cells (digits 1 to {})",
            total.plural(),
            geometry.digits()
        )));
    }
    Ok(())
}

/// A quadruple has 1 to 4 cells, and no more digits than cells, each a digit of the grid.
fn check_quadruple(cells: &[Cell], digits: &[usize], n: usize) -> Result<(), ShapeError> {
    if cells.is_empty() || cells.len() > 4 {
        let message = format!("expected a quadruple of 1 to 4 cells, found {}", cells.len());
        return Err(ShapeError::whole(message));
    }
    if digits.len() > cells.len() || digits.iter().any(|d| !(1..=n).contains(d)) {
        let message = format!(
            "expected at most {} digits from 1 to {n} in the quadruple, found {digits:?}",
            cells.len()
        );
        return Err(ShapeError::whole(message));
    }
    Ok(())
}

/// A cell's candidates are one or more of the digits 1 to M.
fn check_candidates(digits: DigitSet, m: usize) -> Result<(), ShapeError> {
    if digits.is_empty() || !digits.difference(DigitSet::full(m)).is_empty() {
        let message = format!("expected candidates from 1 to {m}, found {digits:?}");
        return Err(ShapeError::whole(message));
    }
    Ok(())
}

/// An arrow has a pill of 1 to 3 cells in a row, and a line starting next to the pill.
fn check_arrow(pill: &[Cell], line: &[Cell]) -> Result<(), ShapeError> {
    if pill.is_empty() || pill.len() > 3 {
        let message = format!("expected an arrow pill of 1 to 3 cells, found {}", pill.len());
        return Err(ShapeError::whole(message));
    }
    if let Some(i) = (1..pill.len()).find(|&i| !orthogonal(pill[i - 1], pill[i])) {
        let message = format!("expected the pill to go on from {}, found {}", pill[i - 1], pill[i]);
        return Err(ShapeError::new(i, message));
    }
    let Some(&first) = line.first() else {
        return Err(ShapeError::whole("expected an arrow line after the pill, found none".into()));
    };
    if !pill.iter().any(|&p| touching(p, first)) {
        let message = format!("expected the arrow line to start next to the pill, found {first}");
        return Err(ShapeError::new(pill.len(), message));
    }
    check_line(line, pill.len())
}

/// Each cell of `line` touches the one before (a king's move); `offset` is the line's
/// position among the rule's cells.
fn check_line(line: &[Cell], offset: usize) -> Result<(), ShapeError> {
    match (1..line.len()).find(|&i| !touching(line[i - 1], line[i])) {
        Some(i) => Err(ShapeError::new(
            offset + i,
            format!(
                "expected a cell next to {}, found {} (lines step to a neighbour)",
                line[i - 1],
                line[i]
            ),
        )),
        None => Ok(()),
    }
}

/// Checks that each cell of a renban or region-sum line after the first is next to one before
/// it (a connected set of cells: a line, or a branched line listed a branch at a time).
fn check_connected(cells: &[Cell], name: &str) -> Result<(), ShapeError> {
    match (1..cells.len()).find(|&i| !cells[..i].iter().any(|&c| touching(c, cells[i]))) {
        Some(i) => Err(ShapeError::new(
            i,
            format!(
                "expected a cell next to one listed before it, found {} (a {name} is a \
                 connected set of cells, each listed after a neighbour)",
                cells[i]
            ),
        )),
        None => Ok(()),
    }
}

/// Whether `a` and `b` are a king's move apart.
pub(crate) fn touching(a: Cell, b: Cell) -> bool {
    a != b && a.row().abs_diff(b.row()) <= 1 && a.column().abs_diff(b.column()) <= 1
}

/// Whether `a` and `b` share a side.
fn orthogonal(a: Cell, b: Cell) -> bool {
    a.row().abs_diff(b.row()) + a.column().abs_diff(b.column()) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fault(rule: Rule) -> (usize, String) {
        let error = check_shape(&rule, Geometry::classic()).unwrap_err();
        (error.position().unwrap_or(0), error.to_string())
    }

    #[test]
    fn good_shapes_pass() {
        let thermo = Rule::Thermo { cells: Cell::list("r1c1 r2c2 r2c3"), slow: false };
        assert_eq!(check_shape(&thermo, Geometry::classic()), Ok(()));
        let arrow = Rule::Arrow { pill: Cell::list("r1c1 r1c2"), line: Cell::list("r2c3 r3c3") };
        assert_eq!(check_shape(&arrow, Geometry::classic()), Ok(()));
    }

    #[test]
    fn a_renban_is_a_connected_set_of_cells() {
        let fish = Rule::Renban(Cell::list("r3c9 r2c8 r3c7 r2c6 r1c7 r1c9"));
        assert_eq!(check_shape(&fish, Geometry::classic()), Ok(()));
        let apart = Rule::Renban(Cell::list("r1c1 r1c2 r1c4 r1c3"));
        let (at, message) = fault(apart);
        assert_eq!(
            (at, message.starts_with("expected a cell next to one listed before it, found r1c4")),
            (2, true)
        );
    }

    #[test]
    fn bad_shapes_name_the_cell() {
        let off = Rule::Killer { cells: Cell::list("r9c9 r10c9"), sum: None };
        assert_eq!(fault(off), (1, "expected a cell of the 9×9 grid, found r10c9".into()));
        let jump = Rule::Thermo { cells: Cell::list("r1c1 r1c2 r1c4"), slow: false };
        let (at, message) = fault(jump);
        assert_eq!(
            (at, message.starts_with("expected a cell next to r1c2, found r1c4")),
            (2, true)
        );
        let big = Rule::Killer { cells: Cell::list("r1c1 r1c2"), sum: Some(18) };
        assert_eq!(fault(big).1, "expected a cage total from 3 to 17 for 2 cells, found 18");
        let no_pill = Rule::Arrow { pill: vec![], line: Cell::list("r1c1 r1c2") };
        assert_eq!(fault(no_pill).1, "expected an arrow pill of 1 to 3 cells, found 0");
        let no_line = Rule::Arrow { pill: Cell::list("r1c1"), line: vec![] };
        assert_eq!(fault(no_line).1, "expected an arrow line after the pill, found none");
        let far = Rule::Dot {
            cells: [Cell::new(0, 0), Cell::new(1, 1)],
            dot: crate::model::rule::Dot::X,
        };
        assert_eq!(fault(far).0, 1);
        let twice = Rule::Renban(Cell::list("r1c1 r1c2 r1c1"));
        assert_eq!(fault(twice), (2, "r1c1 is listed twice in one renban".into()));
    }
}
