//! Rates every unique puzzle of two givens on one solution grid of a rule set, to see whether
//! a local search can find hard ones faster than random sampling: it prints the scores by
//! tenth, the hardest puzzles, and, for each band of scores, the chance that a *neighbour*
//! (a puzzle sharing one given with it, on the same grid: what a mutation that drops one given
//! and adds another makes) scores 8.8 or more. If neighbours of hard puzzles were more often
//! hard than neighbours of easy ones, climbing would pay; if the chance is flat, the search
//! can do no better than drawing puzzles at random.
//!
//! Only rule sets whose minimal puzzles have two or three givens have a space this small
//! (the miracle's rules admit 72 grids). The score is what `generate --hard` climbs: the
//! logic engine's fine score, bifurcations of depth 1.
//!
//! ```text
//! cargo run --release --features tools --example two_givens -- [RULES] [GRID]
//! cargo run --release --features tools --example two_givens -- miracle
//! ```

use rayon::prelude::*;
use satdoku::engine::certify::certify_count;
use satdoku::logic::{ExplainOptions, rate_with};
use satdoku::{Cell, Grid, Puzzle};

/// A unique puzzle of two givens and its score.
struct Rated {
    cells: [Cell; 2],
    score: f64,
}

/// The score from which a puzzle counts as hard in the neighbour table.
const HARD: f64 = 8.8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rules = args.first().map_or("miracle", String::as_str);
    let which: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(0);
    let template: Puzzle =
        format!("rules: {rules}\n{}", ".".repeat(81)).parse().expect("a rule set");
    let every = certify_count(&template, 1000).expect("the solver runs");
    let grids = every.solutions();
    let grid = &grids[which.min(grids.len() - 1)];
    println!("{rules}: {} solution grids; grid {which}: {}", grids.len(), grid.to_line());
    let pairs = unique_pairs(grid, grids);
    let rated: Vec<Rated> = pairs
        .par_iter()
        .map(|&cells| Rated { cells, score: score(&template, grid, cells) })
        .collect();
    println!("{} unique puzzles of two givens, rated", rated.len());
    print_tenths(&rated);
    print_hardest(&rated, grid);
    print_neighbours(&rated);
}

/// The pairs of cells whose digits in `grid` no other grid shares: the unique puzzles of two
/// givens with that solution.
fn unique_pairs(grid: &Grid, grids: &[Grid]) -> Vec<[Cell; 2]> {
    let cells: Vec<Cell> = grid.geometry().cells().collect();
    let mut pairs = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let agrees = |other: &Grid| other.get(a) == grid.get(a) && other.get(b) == grid.get(b);
            if grids.iter().filter(|other| agrees(other)).count() == 1 {
                pairs.push([a, b]);
            }
        }
    }
    pairs
}

fn score(template: &Puzzle, grid: &Grid, cells: [Cell; 2]) -> f64 {
    let mut givens = Grid::empty(grid.geometry());
    for cell in cells {
        givens.set(cell, grid.get(cell));
    }
    let options = ExplainOptions::new().max_depth(1).unique(true);
    rate_with(&template.with_givens(givens), &options).fine_score()
}

fn tenth(score: f64) -> i64 {
    ((score + 1e-9) * 10.0).floor() as i64
}

fn print_tenths(rated: &[Rated]) {
    let mut tenths: Vec<i64> = rated.iter().map(|r| tenth(r.score)).collect();
    tenths.sort_unstable_by(|a, b| b.cmp(a));
    let mut parts = Vec::new();
    for chunk in tenths.chunk_by(|a, b| a == b) {
        parts.push(format!("{:.1} ×{}", chunk[0] as f64 / 10.0, chunk.len()));
    }
    println!("scores by tenth: {}", parts.join(", "));
}

fn print_hardest(rated: &[Rated], grid: &Grid) {
    let mut order: Vec<&Rated> = rated.iter().collect();
    order.sort_by(|a, b| b.score.total_cmp(&a.score));
    let shown: Vec<String> = order
        .iter()
        .take(5)
        .map(|r| {
            let [a, b] = r.cells;
            let digit = |cell: Cell| grid.get(cell).map_or(0, |d| d.value());
            format!("{:.3} ({a:?}={}, {b:?}={})", r.score, digit(a), digit(b))
        })
        .collect();
    println!("hardest: {}", shown.join(", "));
}

/// For each band of scores, how often the neighbours of its puzzles score [`HARD`] or more.
fn print_neighbours(rated: &[Rated]) {
    let base = rated.iter().filter(|r| r.score >= HARD).count() as f64 / rated.len() as f64;
    println!("share scoring {HARD} or more: {:.3}", base);
    println!(
        "{:<12} {:>8} {:>11} {:>22}",
        "puzzle band", "puzzles", "neighbours", "neighbours >= 8.8"
    );
    let bands = [(0.0, 8.0), (8.0, 8.5), (8.5, 8.7), (8.7, 8.8), (8.8, 8.9), (8.9, 10.0)];
    for (low, high) in bands {
        let parents: Vec<&Rated> =
            rated.iter().filter(|r| (low..high).contains(&r.score)).collect();
        let neighbours: Vec<f64> = parents
            .iter()
            .flat_map(|parent| {
                rated
                    .iter()
                    .filter(|other| other.cells != parent.cells)
                    .filter(|other| other.cells.iter().any(|c| parent.cells.contains(c)))
                    .map(|other| other.score)
            })
            .collect();
        let hard = neighbours.iter().filter(|&&s| s >= HARD).count();
        let share = hard as f64 / neighbours.len().max(1) as f64;
        println!(
            "{:<12} {:>8} {:>11} {:>22.3}",
            format!("{low:.1}-{high:.1}"),
            parents.len(),
            neighbours.len(),
            share
        );
    }
}
