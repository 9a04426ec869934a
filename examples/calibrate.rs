//! Calibrates the logic engine's score against Sudoku Explainer ratings: rates every puzzle
//! of a file, then prints the Spearman rank correlation (of the score, and of the fine score
//! that splits its ties in the bifurcation band) and a table of the score by SE band.
//!
//! ```text
//! cargo run --release --features tools --example calibrate -- PUZZLES RATINGS [LIMIT]
//! cargo run --release --features tools --example calibrate -- ../shared/datasets/sudoku-exchange-rated-sample.txt \
//!     ../shared/datasets/sudoku-exchange-rated-sample.ratings.txt
//! ```

use std::time::Instant;

use rayon::prelude::*;
use satdoku::Puzzle;
use satdoku::logic::{ExplainOptions, rate_with};

#[path = "shared/stats.rs"]
mod stats;
use stats::spearman;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, puzzles, ratings, rest @ ..] = args.as_slice() else {
        eprintln!("usage: calibrate PUZZLES RATINGS [LIMIT]");
        std::process::exit(2);
    };
    let limit: usize = rest.first().and_then(|l| l.parse().ok()).unwrap_or(usize::MAX);
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (puzzles, ratings) = (read(puzzles), read(ratings));
    let pairs: Vec<(&str, f64)> = puzzles
        .lines()
        .zip(ratings.lines())
        .map(|(p, r)| (p, r.trim().parse::<f64>().expect("a rating")))
        .take(limit)
        .collect();
    let start = Instant::now();
    let scored: Vec<(f64, f64, bool, usize, f64)> = pairs
        .par_iter()
        .map(|(line, se)| {
            let puzzle: Puzzle = line.parse().expect("a puzzle");
            // Uniqueness techniques where the SAT solver proves the puzzle unique (all are).
            let unique = satdoku::count_up_to(&puzzle, 2).expect("the solver runs").is_unique();
            let rating = rate_with(&puzzle, &ExplainOptions::new().unique(unique));
            (*se, rating.score(), rating.is_solved(), rating.bifurcations(), rating.fine_score())
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64();
    let unsolved = scored.iter().filter(|s| !s.2).count();
    let se: Vec<f64> = scored.iter().map(|s| s.0).collect();
    let score: Vec<f64> = scored.iter().map(|s| s.1).collect();
    let fine: Vec<f64> = scored.iter().map(|s| s.4).collect();
    println!(
        "{} puzzles in {seconds:.1} s ({:.2} ms each), {unsolved} unsolved; Spearman {:.3} \
         (fine score {:.3})",
        scored.len(),
        seconds * 1000.0 / scored.len() as f64,
        spearman(&se, &score),
        spearman(&se, &fine)
    );
    println!("| SE band | puzzles | mean score | min | median | max | with bifurcation |");
    println!("|---|---|---|---|---|---|---|");
    for band in 1..=11 {
        let mut in_band: Vec<&(f64, f64, bool, usize, f64)> =
            scored.iter().filter(|s| s.0.floor() as usize == band).collect();
        if in_band.is_empty() {
            continue;
        }
        in_band.sort_by(|a, b| a.1.total_cmp(&b.1));
        let n = in_band.len();
        let mean = in_band.iter().map(|s| s.1).sum::<f64>() / n as f64;
        let bifurcating = in_band.iter().filter(|s| s.3 > 0).count();
        println!(
            "| {band}.0-{band}.9 | {n} | {mean:.2} | {:.1} | {:.1} | {:.1} | {:.0}% |",
            in_band[0].1,
            in_band[n / 2].1,
            in_band[n - 1].1,
            100.0 * bifurcating as f64 / n as f64
        );
    }
}
