//! Measures what orders the top of the search's screen against Sudoku Explainer: rates
//! puzzles with [`satdoku::logic::rate_plateau`] (the depth-1 solve with the forcing proofs of
//! each state where it bifurcates) and prints the Spearman rank correlation with SE of each
//! candidate measure, over the puzzles the depth-1 logic finishes and over those at the top of
//! its scale (fine score 8.4 and up). The puzzles: the Sudoku Exchange sample's buckets from
//! `--min-se` (default 8.5) up, every `--exchange-every` Nth (default 1), and `--rated FILE`
//! (a line is the puzzle, then its SE rating as `serate` prints it, then anything; ratings
//! that are not numbers, such as `timeout`, are skipped). `--tsv FILE` writes every figure.
//!
//! ```text
//! cargo run --release --features tools --example calibrate_plateau -- [--min-se X] \
//!     [--exchange-every N] [--rated FILE] [--tsv FILE]
//! ```
//! The datasets are read from `$SATDOKU_DATASETS` or `../shared/datasets`.

use std::io::Write;

use satdoku::Puzzle;
use satdoku::logic::{ExplainOptions, PlateauRating, Proofs, forcing_score, rate_plateau};

#[path = "shared/stats.rs"]
mod stats;
use stats::spearman;

/// One rated puzzle: its set, SE rating and plateau rating.
struct Rated {
    set: &'static str,
    puzzle: String,
    se: f64,
    rating: PlateauRating,
}

/// A measure of a rated puzzle, higher meant harder.
type Measure = fn(&PlateauRating) -> f64;

/// The measures compared, by name.
const MEASURES: [(&str, Measure); 9] = [
    ("fine score", |r| r.rating().fine_score()),
    ("plateau score", |r| r.score()),
    ("least refuted share (negated)", |r| -r.least_refuted_share()),
    ("bifurcations", |r| r.rating().bifurcations() as f64),
    ("max forcing score", |r| max_of(r, forcing_score)),
    ("max shortest proof", |r| max_of(r, |p| p.shortest() as f64)),
    ("max median proof", |r| max_of(r, |p| p.median() as f64)),
    ("fewest refuted (negated)", |r| -min_of(r, |p| p.refuted.len() as f64)),
    ("max level", |r| max_of(r, |p| p.level as f64)),
];

fn max_of(rating: &PlateauRating, f: impl Fn(&Proofs) -> f64) -> f64 {
    rating.states().iter().map(f).fold(0.0, f64::max)
}

fn min_of(rating: &PlateauRating, f: impl Fn(&Proofs) -> f64) -> f64 {
    rating.states().iter().map(f).fold(f64::INFINITY, f64::min).min(1e6)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let number =
        |name: &str, default: f64| option(name).map_or(default, |n| n.parse().expect("a number"));
    let datasets = std::env::var("SATDOKU_DATASETS").unwrap_or("../shared/datasets".into());
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut inputs: Vec<(&'static str, String, f64)> = Vec::new();
    let sample = read(&format!("{datasets}/sudoku-exchange-rated-sample.txt"));
    let ratings = read(&format!("{datasets}/sudoku-exchange-rated-sample.ratings.txt"));
    let (min_se, every) = (number("--min-se", 8.5), number("--exchange-every", 1.0) as usize);
    let exchange = sample.lines().zip(ratings.lines()).map(|(p, se)| (p, se.trim().parse()));
    for (puzzle, se) in exchange.filter(|(_, se)| se.as_ref().is_ok_and(|&se| se >= min_se)) {
        inputs.push(("exchange", puzzle.into(), se.expect("a rating")));
    }
    let mut kept = 0;
    inputs.retain(|_| {
        kept += 1;
        (kept - 1) % every.max(1) == 0
    });
    if let Some(path) = option("--rated") {
        for line in read(&path).lines() {
            let mut fields = line.split_whitespace();
            let (Some(puzzle), Some(se)) = (fields.next(), fields.next()) else { continue };
            if let Ok(se) = se.split('/').next().unwrap_or_default().parse() {
                inputs.push(("rated", puzzle.into(), se));
            }
        }
    }
    let rated: Vec<Rated> = inputs
        .into_iter()
        .map(|(set, puzzle, se)| {
            let parsed: Puzzle = puzzle.parse().expect("a puzzle");
            let unique = satdoku::count_up_to(&parsed, 2).expect("the solver runs").is_unique();
            let rating = rate_plateau(&parsed, &ExplainOptions::new().unique(unique));
            Rated { set, puzzle, se, rating }
        })
        .collect();
    if let Some(path) = option("--tsv") {
        write_tsv(&path, &rated).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    for (what, top) in [("finished at depth 1", 0.0), ("fine score 8.4 and up", 8.4)] {
        let kept: Vec<&Rated> = rated
            .iter()
            .filter(|r| r.rating.rating().is_solved() && r.rating.rating().fine_score() >= top)
            .collect();
        let se: Vec<f64> = kept.iter().map(|r| r.se).collect();
        println!("{what}: {} puzzles", kept.len());
        for (name, measure) in MEASURES {
            let values: Vec<f64> = kept.iter().map(|r| measure(&r.rating)).collect();
            println!("  Spearman {name}: {:.3}", spearman(&se, &values));
        }
    }
}

/// Writes one line per puzzle: set, puzzle, SE, then every measure.
fn write_tsv(path: &str, rated: &[Rated]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    let names: Vec<&str> = MEASURES.iter().map(|(name, _)| *name).collect();
    writeln!(out, "set\tpuzzle\tse\tsolved\t{}", names.join("\t"))?;
    for r in rated {
        let values: Vec<String> =
            MEASURES.iter().map(|(_, m)| format!("{:.3}", m(&r.rating))).collect();
        let solved = r.rating.rating().is_solved();
        writeln!(out, "{}\t{}\t{}\t{solved}\t{}", r.set, r.puzzle, r.se, values.join("\t"))?;
    }
    Ok(())
}
