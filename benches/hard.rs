//! Benchmark: `generate --hard` against plain `generate` for the same rules, seeds and time.
//!
//! Run with `cargo bench --bench hard` (optionally `-- SECONDS SEEDS RULES...`, default 5
//! seconds, 3 seeds, and the rule sets classic, diagonal and miracle). Not a test: nothing is asserted, since what a time budget buys depends
//! on the machine and its load. Both sides get the same budget per seed, one after the other:
//!
//! - plain: `generate` puzzles 0, 1, 2, ... of the seed until the budget is spent; the table
//!   gives the score of puzzle 0 (what `satdoku generate --seed S` prints) and the best score
//!   of all the puzzles made in the budget (random restarts, the fair baseline);
//! - hard: one pool search ([`search`], seeded with plain puzzles 0 to 3) with the budget as
//!   its time limit, climbing the same one-stage score.
//!
//! `+/=/-` counts the seeds where the search scored above, level with and below the best of
//! plain generation. Scores are the logic engine's fine score with bifurcations of depth 1 ([`logic_score`], what
//! `generate --hard` uses): the rating on Sudoku Explainer's scale in tenths, its ties split in
//! the bifurcation band (hundredths: the work of the hardest contradiction; thousandths: the
//! number of bifurcations). Every puzzle is checked unique here. After the table, the tenths
//! the plain puzzles scored (all seeds together) show where they tie.

use std::time::{Duration, Instant};

use satdoku::engine::generate::{GenerateOptions, Generator};
use satdoku::engine::hard::{HardOptions, search};
use satdoku::{Limits, Puzzle, count_up_to};

/// What one rule set gave over the seeds.
struct Row<'a> {
    rules: &'a str,
    first: Vec<f64>,
    plain_best: Vec<f64>,
    plain_made: Vec<f64>,
    hard: Vec<f64>,
    hard_attempts: Vec<f64>,
    hard_givens: Vec<f64>,
    /// Every score plain generation reached, all seeds together.
    plain_scores: Vec<f64>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let seconds: f64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(5.0);
    let seeds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let budget = Duration::from_secs_f64(seconds);
    println!(
        "generate --hard vs plain generate: {seconds} s per seed and side, seeds 1..={seeds}; \
         score = logic fine score (bifurcations of depth 1), medians over seeds"
    );
    let mut rules: Vec<&str> = args.iter().skip(2).map(String::as_str).collect();
    if rules.is_empty() {
        rules = vec!["classic", "diagonal", "miracle"];
    }
    let rows: Vec<Row> = rules.into_iter().map(|rules| bench_rules(rules, seeds, budget)).collect();
    println!(
        "{:<10} {:>7} {:>11} {:>10} {:>11} {:>10} {:>9} {:>8} {:>11} {:>9}",
        "rules",
        "plain#0",
        "plain best",
        "plain made",
        "hard score",
        "hard tries",
        "hard giv",
        "gain",
        "gain vs #0",
        "+/=/-"
    );
    for row in &rows {
        let (first, best, hard) = (median(&row.first), median(&row.plain_best), median(&row.hard));
        let gain =
            median(&row.hard.iter().zip(&row.plain_best).map(|(h, p)| h - p).collect::<Vec<_>>());
        let gain0 =
            median(&row.hard.iter().zip(&row.first).map(|(h, p)| h - p).collect::<Vec<_>>());
        let seeds_where = |keep: fn(f64) -> bool| {
            row.hard.iter().zip(&row.plain_best).filter(|&(h, p)| keep(h - p)).count()
        };
        let record = format!(
            "{}/{}/{}",
            seeds_where(|gain| gain > 1e-9),
            seeds_where(|gain| gain.abs() <= 1e-9),
            seeds_where(|gain| gain < -1e-9)
        );
        println!(
            "{:<10} {first:>7.3} {best:>11.3} {:>10.0} {hard:>11.3} {:>10.0} {:>9.0} {gain:>+8.3} {gain0:>+11.3} {record:>9}",
            row.rules,
            median(&row.plain_made),
            median(&row.hard_attempts),
            median(&row.hard_givens),
        );
    }
    for row in &rows {
        println!("{:<10} plain scores: {}", row.rules, ties(&row.plain_scores));
    }
}

/// The tenths of `scores`, highest first, with how many puzzles scored each and how many
/// distinct fine scores split them: `8.3 ×12 (7 fine)`.
fn ties(scores: &[f64]) -> String {
    let tenth = |score: f64| ((score + 1e-9) * 10.0).floor() as i64;
    let mut tenths: Vec<i64> = scores.iter().map(|&s| tenth(s)).collect();
    tenths.sort_unstable_by(|a, b| b.cmp(a));
    tenths.dedup();
    let parts: Vec<String> = tenths
        .iter()
        .take(6)
        .map(|&t| {
            let mut fine: Vec<i64> = scores
                .iter()
                .filter(|&&s| tenth(s) == t)
                .map(|&s| (s * 1000.0).round() as i64)
                .collect();
            let count = fine.len();
            fine.sort_unstable();
            fine.dedup();
            format!("{:.1} ×{count} ({} fine)", t as f64 / 10.0, fine.len())
        })
        .collect();
    parts.join(", ")
}

fn bench_rules(rules: &str, seeds: u64, budget: Duration) -> Row<'_> {
    let template: Puzzle =
        format!("rules: {rules}\n{}", ".".repeat(81)).parse().expect("a template");
    let mut row = Row {
        rules,
        first: Vec::new(),
        plain_best: Vec::new(),
        plain_made: Vec::new(),
        hard: Vec::new(),
        hard_attempts: Vec::new(),
        hard_givens: Vec::new(),
        plain_scores: Vec::new(),
    };
    for seed in 1..=seeds {
        let (first, best, made) = plain(&template, seed, budget, &mut row.plain_scores);
        let options =
            HardOptions::new().seed(seed).max_attempts(usize::MAX).time_limit(Some(budget));
        let hard = search(&template, &[], &options, &logic_score, |_| {}).expect("a search");
        let found = &hard.best[0];
        assert_unique(&found.puzzle);
        eprintln!(
            "{rules} seed {seed}: plain #0 {first:.3}, best of {made} {best:.3}; hard {:.3} in {} attempts",
            found.score.value, hard.attempts
        );
        row.first.push(first);
        row.plain_best.push(best);
        row.plain_made.push(made as f64);
        row.hard.push(found.score.value);
        row.hard_attempts.push(hard.attempts as f64);
        row.hard_givens.push(found.puzzle.givens().filled_count() as f64);
    }
    row
}

/// Plain generation for `budget` (one [`Generator`] for the seed, as `satdoku generate` runs):
/// the score of puzzle 0, the best score, and how many were made; every score is pushed onto
/// `scores`. The puzzles are checked unique after the budget, outside the time.
fn plain(template: &Puzzle, seed: u64, budget: Duration, scores: &mut Vec<f64>) -> (f64, f64, u64) {
    let start = Instant::now();
    let generator = Generator::new(template);
    let options = GenerateOptions::new().seed(seed);
    let mut made = Vec::new();
    while made.is_empty() || start.elapsed() < budget {
        let index = made.len() as u64;
        let puzzle = generator.try_generate(index, &options, &Limits::new()).expect("a puzzle");
        let score = logic_score(&puzzle.puzzle);
        made.push((puzzle.puzzle, score));
    }
    made.iter().for_each(|(puzzle, _)| assert_unique(puzzle));
    scores.extend(made.iter().map(|(_, score)| score));
    let best = made.iter().map(|(_, score)| *score).fold(f64::NEG_INFINITY, f64::max);
    (made[0].1, best, made.len() as u64)
}

fn assert_unique(puzzle: &Puzzle) {
    assert!(count_up_to(puzzle, 2).expect("the solver runs").is_unique(), "not unique");
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
}

/// The score `generate --hard` searches with: the logic engine's fine score, bifurcations of
/// depth 1, the uniqueness techniques on (every generated puzzle is unique).
fn logic_score(puzzle: &satdoku::Puzzle) -> f64 {
    let options = satdoku::logic::ExplainOptions::new().max_depth(1).unique(true);
    satdoku::logic::rate_with(puzzle, &options).fine_score()
}
