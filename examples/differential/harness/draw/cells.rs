//! Random rules with cells (cages, lines, dots, outside clues, ...) whose numbers are read off
//! a solution grid, and false versions of them (a wrong total, a dot where the rule fails).
//!
//! Shared by the differential harness, the rules tests of the suite and the logic engine's
//! property tests, so that they draw their rules the same way.

use itertools::Itertools;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::model::digit::DigitSet;
use satdoku::model::dot_relation::DotRelation;
use satdoku::model::rule::Dot;
use satdoku::model::shape::check_shape;
use satdoku::{Cell, Digit, Grid, Puzzle, Rule};

/// A random path of 1 to `max` cells, each a king's move from the one before, none twice.
pub fn walk(rng: &mut ChaCha8Rng, n: usize, max: usize) -> Vec<Cell> {
    let mut path = vec![Cell::new(rng.random_range(0..n), rng.random_range(0..n))];
    let length = rng.random_range(1..=max);
    while path.len() < length {
        let last = *path.last().expect("a path starts with a cell");
        let steps: Vec<Cell> = (-1..=1)
            .flat_map(|r| (-1..=1).map(move |c| (r, c)))
            .filter_map(|(r, c)| last.offset(r, c, n))
            .filter(|c| !path.contains(c))
            .collect();
        if steps.is_empty() {
            break;
        }
        path.push(steps[rng.random_range(0..steps.len())]);
    }
    path
}

/// A random rule with cells on an N×N grid, with totals read off `solution` (so that most
/// instances have solutions), kept within reach.
pub fn random_rule(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Rule {
    let value = |c: Cell| solution.get(c).map_or(1, |d| d.value());
    match rng.random_range(0..28) {
        0 | 1 => {
            let cells = walk(rng, n, 4);
            let k = cells.len();
            let sum: usize = cells.iter().map(|&c| value(c)).sum();
            let sum = sum.clamp(k * (k + 1) / 2, k * (2 * n + 1 - k) / 2);
            Rule::Killer { sum: rng.random_bool(0.8).then_some(sum), cells }
        }
        2 => Rule::Thermo { cells: walk(rng, n, 3), slow: rng.random_bool(0.3) },
        3 => {
            let mut cells = walk(rng, n, 4);
            if cells.len() < 2 {
                let next = cells[0].offset(0, 1, n).or(cells[0].offset(0, -1, n));
                cells.push(next.expect("a row has two cells"));
            }
            let line = cells.split_off(1);
            Rule::Arrow { pill: cells, line }
        }
        4 | 5 => Rule::Dot { cells: random_pair(rng, n), dot: random_dot(rng, n) },
        6 => Rule::Negative(random_dot(rng, n)),
        7 => Rule::Whispers { line: walk(rng, n, 3), gap: rng.random_range(1..n / 2 + 1) },
        8 => Rule::Renban(walk(rng, n, 3)),
        9 => {
            let cells = diagonal(rng, n);
            let sum = cells.iter().map(|&c| value(c)).sum();
            Rule::LittleKiller { cells, sum }
        }
        10 => Rule::RegionSum(walk(rng, n, 4)),
        11 => {
            let cell = Cell::new(rng.random_range(0..n), rng.random_range(0..n));
            Rule::Extremum { cell, maximum: rng.random_bool(0.5) }
        }
        12 => Rule::Palindrome(walk(rng, n, 4)),
        13 => {
            let corner = Cell::new(rng.random_range(0..n - 1), rng.random_range(0..n - 1));
            let cells: Vec<Cell> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                .map(|(r, c)| Cell::new(corner.row() + r, corner.column() + c))
                .into();
            let count = rng.random_range(1..=3);
            let digits = cells.iter().take(count).map(|&c| value(c)).collect();
            Rule::Quadruple { cells, digits }
        }
        14 => Rule::DisjointGroups,
        15 => {
            let cells = walk(rng, n, 3);
            let (rows, columns) =
                (rng.random_range(0..5) as isize - 2, rng.random_range(0..5) as isize - 2);
            let copy: Option<Vec<Cell>> =
                cells.iter().map(|c| c.offset(rows, columns, n)).collect();
            match copy {
                Some(copy) if copy.iter().all(|c| !cells.contains(c)) => {
                    Rule::Clone { cells, copy }
                }
                _ => Rule::Palindrome(cells),
            }
        }
        16 => Rule::Between(walk(rng, n, 4)),
        17 => Rule::ExtraRegion(walk(rng, n, 4)),
        18 if n % 3 == 0 => Rule::Entropic(walk(rng, n, 4)),
        19 if n % 3 == 0 => Rule::Modular(walk(rng, n, 4)),
        20 => combined_rule(rng, n, solution),
        21 => Rule::ParityLine(walk(rng, n, 4)),
        22 => {
            let mut line = walk(rng, n, 4);
            if line.len() < 2 {
                line.push(line[0].offset(0, 1, n).or(line[0].offset(0, -1, n)).expect("a row"));
            }
            Rule::Lockout { line, gap: rng.random_range(1..n) }
        }
        23 => {
            // The total of a first segment of the solution's digits, so that some lines hold.
            let line = walk(rng, n, 5);
            let first = rng.random_range(1..=line.len());
            let sum = line[..first].iter().map(|&c| value(c)).sum();
            Rule::SumLine { line, sum, closed: false }
        }
        24 => {
            let count = rng.random_range(1..=n);
            let cells =
                (0..count).map(|_| Cell::new(rng.random_range(0..n), rng.random_range(0..n)));
            Rule::CountingCircles(cells.sorted().dedup().collect())
        }
        25 => {
            let line = walk(rng, n, 5);
            if line.len() < 3 { Rule::Zipper(line) } else { Rule::DoubleArrow(line) }
        }
        26 => {
            let cells = walk(rng, n, 4);
            Rule::Rellik { sum: rng.random_range(1..=2 * n), cells }
        }
        27 => {
            let line = walk(rng, n, 5);
            if line.len() < 2 { Rule::Zipper(line) } else { Rule::DifferencesCount(line) }
        }
        _ => Rule::Zipper(walk(rng, n, 5)),
    }
}

/// A random cell's given pencil marks: its digit in `solution` and up to two more of
/// `1..=digits`.
pub fn random_candidates(rng: &mut ChaCha8Rng, digits: usize, solution: &Grid) -> Rule {
    let n = solution.geometry().size();
    let cell = Cell::new(rng.random_range(0..n), rng.random_range(0..n));
    let mut set: DigitSet = (0..rng.random_range(0..=2))
        .filter_map(|_| Digit::new(rng.random_range(1..=digits)))
        .collect();
    set.insert(solution.get(cell).unwrap_or(Digit::from_index(0)));
    Rule::Candidates { cell, digits: set }
}

/// A random combined dot, negative combined rule, group of diagonals of equal totals (up to
/// 9×9, with one total in `solution`) or sequence line (of 2 to 4 cells) on an N×N grid.
fn combined_rule(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Rule {
    match rng.random_range(0..4) {
        0 => Rule::NegativeCombined(random_relation(rng, n)),
        1 => Rule::CombinedDot { cells: random_pair(rng, n), relation: random_relation(rng, n) },
        2 if n <= 9 => match super::totals::random_equal_totals(rng, n, Some(solution)) {
            Some(rule) => rule,
            None => sequence(rng, n),
        },
        _ => sequence(rng, n),
    }
}

/// A random sequence line of 2 to 4 cells.
fn sequence(rng: &mut ChaCha8Rng, n: usize) -> Rule {
    let mut line = walk(rng, n, 4);
    if line.len() < 2 {
        line.push(line[0].offset(0, 1, n).or(line[0].offset(0, -1, n)).expect("a row"));
    }
    Rule::Sequence(line)
}

/// A random combined relation that some two digits of 1 to N fail: one or two alternatives
/// of one or two terms each, a term a random dot, its negation, or a parity relation.
fn random_relation(rng: &mut ChaCha8Rng, n: usize) -> DotRelation {
    let term = |rng: &mut ChaCha8Rng| match rng.random_range(0..4) {
        0 => "different-parity".to_string(),
        1 => "same-parity".to_string(),
        negated => {
            let dot = random_dot(rng, n);
            let not = if negated == 2 { "not-" } else { "" };
            format!("{not}{}-{}", dot.kind(), dot.number())
        }
    };
    // A relation every pair of digits meets (`same-parity|different-parity`) says nothing: draw
    // again.
    loop {
        let alternatives: Vec<String> = (0..rng.random_range(1..=2))
            .map(|_| (0..rng.random_range(1..=2)).map(|_| term(rng)).join("&"))
            .collect();
        let relation =
            DotRelation::from_name(&alternatives.join("|")).expect("a relation of known terms");
        if !itertools::iproduct!(1..=n, 1..=n).all(|(a, b)| relation.holds(a, b)) {
            return relation;
        }
    }
}

/// Two random orthogonal neighbours, side by side or one above the other.
pub fn random_pair(rng: &mut ChaCha8Rng, n: usize) -> [Cell; 2] {
    let a = Cell::new(rng.random_range(0..n), rng.random_range(0..n - 1));
    if rng.random_bool(0.5) {
        [a, Cell::new(a.row(), a.column() + 1)]
    } else {
        [Cell::new(a.column(), a.row()), Cell::new(a.column() + 1, a.row())]
    }
}

/// A random dot: one of the four classic ones half the time, else a difference, ratio or sum
/// of any number an N×N grid allows.
pub fn random_dot(rng: &mut ChaCha8Rng, n: usize) -> Dot {
    if rng.random_bool(0.5) {
        return Dot::ALL[rng.random_range(0..4)];
    }
    let kind = [Dot::Difference(0), Dot::Ratio(0), Dot::Sum(0)][rng.random_range(0..3)];
    let number = rng.random_range(kind.numbers(n));
    Dot::from_key(kind.kind(), Some(number)).expect("a numbered key")
}

/// A random stretch of a diagonal, 1 to N cells, from its first cell in one direction.
fn diagonal(rng: &mut ChaCha8Rng, n: usize) -> Vec<Cell> {
    let (rows, columns) = [(1, 1), (1, -1), (-1, 1), (-1, -1)][rng.random_range(0..4)];
    let mut cells = vec![Cell::new(rng.random_range(0..n), rng.random_range(0..n))];
    while let Some(next) = cells.last().and_then(|c| c.offset(rows, columns, n)) {
        if rng.random_bool(0.3) {
            break;
        }
        cells.push(next);
    }
    cells
}

/// A random clue outside the grid (sandwich, X-sum, skyscraper, numbered room), inequality
/// sign or indexer;
/// a clue's number is, two times in three, one that `solution` satisfies.
pub fn random_clue(rng: &mut ChaCha8Rng, n: usize, solution: &Grid) -> Rule {
    let index = rng.random_range(0..n);
    let mut line: Vec<Cell> = match rng.random_bool(0.5) {
        true => (0..n).map(|r| Cell::new(r, index)).collect(),
        false => (0..n).map(|c| Cell::new(index, c)).collect(),
    };
    if rng.random_bool(0.5) {
        line.reverse();
    }
    let cell = |rng: &mut ChaCha8Rng| Cell::new(rng.random_range(0..n), rng.random_range(0..n));
    type Clue = fn(Vec<Cell>, usize) -> Rule;
    let (clue, least, most): (Clue, usize, usize) = match rng.random_range(0..6) {
        0 => (|cells, sum| Rule::Sandwich { cells, sum }, 0, (2..n).sum()),
        1 => (|cells, sum| Rule::XSum { cells, sum }, 1, n * (n + 1) / 2),
        2 => (|cells, count| Rule::Skyscraper { cells, count }, 1, n),
        3 => {
            let a = cell(rng);
            let b = std::iter::repeat_with(|| cell(rng)).find(|&b| b != a).expect("two cells");
            return Rule::Greater([a, b]);
        }
        4 => {
            let mut cells: Vec<Cell> = (0..rng.random_range(1..=3)).map(|_| cell(rng)).collect();
            cells.sort();
            cells.dedup();
            return Rule::Indexer { cells, columns: rng.random_bool(0.5) };
        }
        _ => (|cells, digit| Rule::NumberedRoom { cells, digit }, 1, n),
    };
    let fits = |number: &usize| holds(&[clue(line.clone(), *number)], solution);
    let number = match rng.random_range(0..3) {
        0 => rng.random_range(least..=most),
        _ => (least..=most).find(fits).expect("some number fits the solution"),
    };
    clue(line, number)
}

/// Whether `solution` meets `rules` (and the classic rules of its geometry), by the
/// independent validator.
pub fn holds(rules: &[Rule], solution: &Grid) -> bool {
    let puzzle = Puzzle::new(Grid::empty(solution.geometry()), rules.to_vec());
    satdoku::validate(&puzzle, solution).is_ok()
}

/// Under a negative rule of `dot`'s family, every dot of that family that `solution` needs:
/// one between each pair of orthogonal neighbours whose digits meet a dot of the family
/// (`dot` itself when it holds, else the other), so that the negative rule holds too.
pub fn family_dots(dot: Dot, solution: &Grid) -> Vec<Rule> {
    let family: Vec<Dot> = Dot::ALL.into_iter().filter(|&d| d.same_family(dot)).collect();
    marked_pairs(solution, |cells, x, y| {
        let first = family.iter().find(|d| d.holds(x, y))?;
        Some(Rule::Dot { cells, dot: if dot.holds(x, y) { dot } else { *first } })
    })
}

/// Under a negative combined rule of `relation`, a dot of it between each pair of
/// orthogonal neighbours whose digits in `solution` meet it, so that the negative rule holds.
pub fn relation_dots(relation: &DotRelation, solution: &Grid) -> Vec<Rule> {
    marked_pairs(solution, |cells, x, y| {
        relation.holds(x, y).then(|| Rule::CombinedDot { cells, relation: relation.clone() })
    })
}

/// The dot `mark` draws between each pair of orthogonal neighbours of `solution`, given the
/// pair and its digits, if any.
fn marked_pairs(
    solution: &Grid,
    mark: impl Fn([Cell; 2], usize, usize) -> Option<Rule>,
) -> Vec<Rule> {
    let n = solution.geometry().size();
    let mut dots = Vec::new();
    for a in solution.geometry().cells() {
        for b in [a.offset(0, 1, n), a.offset(1, 0, n)].into_iter().flatten() {
            let (Some(x), Some(y)) = (solution.get(a), solution.get(b)) else { continue };
            dots.extend(mark([a, b], x.value(), y.value()));
        }
    }
    dots
}

/// A false version of `rule` on `solution` (a wrong total or count, a dot of another kind, a
/// thermometer or sign the other way round, a quadruple digit changed), or `None` when the
/// rule has no number or sense to change, or the change does not fit the grid or still holds.
pub fn falsified(rule: &Rule, solution: &Grid, rng: &mut ChaCha8Rng) -> Option<Rule> {
    let shift = |number: usize, rng: &mut ChaCha8Rng| {
        let delta = rng.random_range(1..=3);
        if rng.random_bool(0.5) && number > delta { number - delta } else { number + delta }
    };
    let n = solution.geometry().size();
    let false_rule = match rule.clone() {
        Rule::Killer { cells, sum: Some(sum) } => {
            Rule::Killer { sum: Some(shift(sum, rng)), cells }
        }
        Rule::LittleKiller { cells, sum } => Rule::LittleKiller { sum: shift(sum, rng), cells },
        Rule::Sandwich { cells, sum } => Rule::Sandwich { sum: shift(sum, rng), cells },
        Rule::XSum { cells, sum } => Rule::XSum { sum: shift(sum, rng), cells },
        Rule::Skyscraper { cells, count } => Rule::Skyscraper { count: shift(count, rng), cells },
        Rule::NumberedRoom { cells, digit } => {
            Rule::NumberedRoom { digit: shift(digit, rng), cells }
        }
        Rule::Rellik { cells, sum } => Rule::Rellik { sum: shift(sum, rng), cells },
        Rule::Dot { cells, dot } => {
            let others: Vec<Dot> = Dot::ALL.into_iter().filter(|&d| d != dot).collect();
            Rule::Dot { cells, dot: others[rng.random_range(0..others.len())] }
        }
        Rule::Thermo { mut cells, slow } if cells.len() > 1 => {
            cells.reverse();
            Rule::Thermo { cells, slow }
        }
        Rule::Greater([a, b]) => Rule::Greater([b, a]),
        Rule::Quadruple { cells, mut digits } => {
            let i = rng.random_range(0..digits.len());
            digits[i] = (digits[i] - 1 + rng.random_range(1..n)) % n + 1;
            Rule::Quadruple { cells, digits }
        }
        _ => return None,
    };
    let fits = check_shape(&false_rule, solution.geometry()).is_ok();
    (fits && !holds(std::slice::from_ref(&false_rule), solution)).then_some(false_rule)
}
