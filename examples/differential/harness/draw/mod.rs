//! Drawing a random puzzle: a grid (its usual boxes, or one time in eight random irregular
//! regions), a random set of global rules (dropped when they have no solution there), a
//! solution the SAT engine finds, rules with cells whose numbers are read off that solution
//! (`cells.rs`; a rule the solution breaks makes the SAT engine look for another solution near
//! it, and is dropped when there is none), a random part of the solution as givens, and one
//! time in five a false clue or a wrong given, so that about a sixth of the puzzles have no
//! solution; and one time in three some cells' given pencil marks (`cells::random_candidates`,
//! each holding the cell's digit).
//!
//! Written against the public API alone: the logic engine's property tests include it by path
//! (`src/logic/technique/random_puzzles.rs`).

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::engine::count::{CountOptions, count};
use satdoku::model::regions::Regions;
use satdoku::model::shape::check_shape;
use satdoku::{Cell, Digit, Geometry, Grid, Puzzle, Rule};

pub mod cells;
pub mod totals;

/// Every rule that holds on the whole grid (marks aside).
pub const GLOBAL_RULES: [Rule; 8] = [
    Rule::MainDiagonal,
    Rule::AntiDiagonal,
    Rule::AntiKing,
    Rule::AntiKnight,
    Rule::NonConsecutive,
    Rule::AntiLeaper([1, 3]),
    Rule::AntiLeaper([2, 2]),
    Rule::AntiTaxicab,
];

/// A random puzzle of size `n` (4, 6 or 9).
pub fn draw(n: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    draw_with_digits(n, n, rng)
}

/// A random puzzle of size `n` (4, 6 or 9) with the digits `1..=digits` (at least `n`; past
/// `n`, each house holds `n` different ones). With `digits` = `n` it draws what [`draw`] does,
/// from the same random numbers.
pub fn draw_with_digits(n: usize, digits: usize, rng: &mut ChaCha8Rng) -> Puzzle {
    let geometry = geometry(n, rng).with_digits(digits).expect("digits from N up to 35");
    let mut rules = global_rules(n, rng);
    let mut solution = some_solution(geometry, &rules, rng).unwrap_or_else(|| {
        rules.clear();
        some_solution(geometry, &rules, rng).expect("the classic rules have solutions")
    });
    let with_cells = if rng.random_range(0..8) == 0 { 0 } else { rng.random_range(1..=n / 2 + 1) };
    for _ in 0..with_cells {
        add_rule_with_cells(&mut rules, &mut solution, rng);
    }
    // 9×9 puzzles keep more givens, so the reference engines stay quick.
    let density = if n == 9 { rng.random_range(35..=80) } else { rng.random_range(0..=70) };
    let mut givens = Grid::empty(geometry);
    for (cell, digit) in solution.filled() {
        if rng.random_range(0..100) < density {
            givens.set(cell, Some(digit));
        }
    }
    if rng.random_range(0..5) == 0 {
        falsify(&mut rules, &mut givens, &solution, rng);
    }
    // Drawn last, so that the rest of each puzzle is what the same seed drew before.
    if rng.random_range(0..3) == 0 {
        let count = rng.random_range(1..=n / 2);
        rules.extend((0..count).map(|_| cells::random_candidates(rng, digits, &solution)));
    }
    Puzzle::new(givens, rules)
}

fn random_cell(n: usize, rng: &mut ChaCha8Rng) -> Cell {
    Cell::new(rng.random_range(0..n), rng.random_range(0..n))
}

/// The usual boxes, or one time in eight irregular regions: the boxes with 2N random swaps of
/// orthogonal neighbours between regions (kept when some grid fills them).
fn geometry(n: usize, rng: &mut ChaCha8Rng) -> Geometry {
    let boxes = Geometry::with_usual_boxes(n).expect("a size with usual boxes");
    if rng.random_range(0..8) != 0 {
        return boxes;
    }
    let mut labels: Vec<usize> = boxes.cells().map(|cell| boxes.box_of(cell)).collect();
    for _ in 0..2 * n {
        let a = random_cell(n, rng);
        let b = if rng.random_bool(0.5) { a.offset(0, 1, n) } else { a.offset(1, 0, n) };
        if let Some(b) = b {
            labels.swap(boxes.index(a), boxes.index(b));
        }
    }
    let regions = Regions::new(n, &labels).expect("swaps keep N cells in each region");
    let jigsaw = Geometry::with_regions(n, regions).expect("regions of the grid's size");
    match some_solution(jigsaw, &[], rng) {
        Some(_) => jigsaw,
        None => boxes,
    }
}

/// Each global rule with probability 1/6, at most two of them (three or more can have no
/// solution that the SAT engine takes minutes to refute on 9×9, from the empty grid), and
/// anti-taxicab alone (with anti-king or anti-knight the 9×9 grid has none, and the SAT
/// engine took 39 s and 7 s to refute the two cases drawn); even and odd marks one time in
/// four each.
fn global_rules(n: usize, rng: &mut ChaCha8Rng) -> Vec<Rule> {
    let mut rules: Vec<Rule> =
        GLOBAL_RULES.into_iter().filter(|_| rng.random_range(0..6) == 0).take(2).collect();
    if rules.contains(&Rule::AntiTaxicab) {
        rules.retain(|rule| *rule == Rule::AntiTaxicab);
    }
    for mark in [Rule::Even as fn(Vec<Cell>) -> Rule, Rule::Odd] {
        if rng.random_range(0..4) == 0 {
            let mut cells: Vec<Cell> =
                (0..rng.random_range(1..=2)).map(|_| random_cell(n, rng)).collect();
            // Two draws of one cell mark it once (a mark listing a cell twice does not fit).
            cells.dedup();
            rules.push(mark(cells));
        }
    }
    rules
}

/// Adds a random rule with cells (three times in four one of `cells::random_rule`, else an
/// outside clue, sign or indexer, which need the digits 1..=N; none when it does not fit the
/// grid, as disjoint groups do not fit irregular regions), read off `solution`; a negative
/// rule comes with every dot of its family (or relation) the solution needs. When the solution
/// breaks the rule, a solution that keeps
/// the rule and about half of the old one's digits (not those of the rule's cells) replaces
/// it, or the rule is dropped: keeping half the grid keeps the SAT engine quick even when it
/// proves there is none.
fn add_rule_with_cells(rules: &mut Vec<Rule>, solution: &mut Grid, rng: &mut ChaCha8Rng) {
    let n = solution.geometry().size();
    // Outside clues read digits as positions: none past the digits 1..=N.
    let clue = !rng.random_bool(0.75) && solution.geometry().has_one_of_each_digit();
    let rule = if clue {
        cells::random_clue(rng, n, solution)
    } else {
        cells::random_rule(rng, n, solution)
    };
    if check_shape(&rule, solution.geometry()).is_err() {
        return;
    }
    let mut with_rule = rules.clone();
    match &rule {
        Rule::Negative(dot) => with_rule.extend(cells::family_dots(*dot, solution)),
        Rule::NegativeCombined(relation) => {
            with_rule.extend(cells::relation_dots(relation, solution));
        }
        _ => {}
    }
    let mut kept = Grid::empty(solution.geometry());
    for (cell, digit) in solution.filled() {
        if rng.random_bool(0.5) && !rule.cells().contains(&cell) {
            kept.set(cell, Some(digit));
        }
    }
    with_rule.push(rule);
    if !cells::holds(&with_rule, solution) {
        match solution_keeping(&kept, &with_rule) {
            Some(other) => *solution = other,
            None => return,
        }
    }
    *rules = with_rule;
}

/// Makes the puzzle false for `solution`: one time in two a clue changed so that the solution
/// breaks it (when some clue can be), else a given changed to another digit.
fn falsify(rules: &mut [Rule], givens: &mut Grid, solution: &Grid, rng: &mut ChaCha8Rng) {
    if !rules.is_empty() && rng.random_bool(0.5) {
        let false_clue = (0..8).find_map(|_| {
            let index = rng.random_range(0..rules.len());
            cells::falsified(&rules[index], solution, rng).map(|rule| (index, rule))
        });
        if let Some((index, rule)) = false_clue {
            rules[index] = rule;
            return;
        }
    }
    let (n, m) = (solution.geometry().size(), solution.geometry().digits());
    let cell = random_cell(n, rng);
    let right = solution.get(cell).map_or(1, Digit::value);
    givens.set(cell, Digit::new((right - 1 + rng.random_range(1..m)) % m + 1));
}

/// Some solution of the rules on `geometry`: one steered by a random placement, or else any,
/// or `None`. One placement only: several random ones can make a sparse puzzle without a
/// solution that the SAT engine takes minutes to refute (9×9 under three global rules).
fn some_solution(geometry: Geometry, rules: &[Rule], rng: &mut ChaCha8Rng) -> Option<Grid> {
    let mut steered = Grid::empty(geometry);
    let (n, m) = (geometry.size(), geometry.digits());
    steered.set(random_cell(n, rng), Digit::new(rng.random_range(1..=m)));
    [steered, Grid::empty(geometry)].iter().find_map(|givens| solution_keeping(givens, rules))
}

/// A solution of the rules that keeps `givens`, by the SAT engine alone, or `None`.
///
/// # Panics
/// When the SAT engine returns a grid the validator refuses (a disagreement to report).
fn solution_keeping(givens: &Grid, rules: &[Rule]) -> Option<Grid> {
    let puzzle = Puzzle::new(givens.clone(), rules.to_vec());
    let counted = count(&puzzle, &CountOptions::up_to(1).prepass(false));
    let grid = counted.expect("the SAT solver runs").first_solutions().first().cloned()?;
    match satdoku::validate(&puzzle, &grid) {
        Ok(()) => Some(grid),
        Err(why) => panic!("SAT found {grid:?} ({why:?}) on\n{}", puzzle.to_text()),
    }
}
