//! Rates every published 9×9 and 6×6 f-puzzles document of the datasets (issue 22's
//! benchmark): per puzzle the score, hardest technique, bifurcations, their deepest depth,
//! the outcome and the logic time; then the share solved without bifurcation, the stuck and
//! deep ones, and the median and maximum time.
//!
//! ```text
//! cargo run --release --features tools --example variant_ratings -- [DATASETS] [--techniques] [--timeout=SECONDS]
//! ```
//!
//! `DATASETS` defaults to `$SATDOKU_DATASETS` or `../shared/datasets`. Each puzzle is proved
//! unique with the SAT solver first (so the uniqueness techniques take part, as `satdoku rate`
//! does), then rated on one thread with a 60 s limit (`--timeout=SECONDS`); the time is the rating's wall time alone.
//! `--techniques` adds the list of techniques each solve used.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use satdoku::logic::{ExplainOptions, Outcome, Technique, explain_with};
use satdoku::{Limits, Puzzle, count_up_to};

/// The folders of f-puzzles documents under `variants/fpuzzles/`.
const FOLDERS: [&str; 3] = ["constructed", "dclamage-SudokuSolver", "kinnison-kaji"];

/// What one rating measured.
struct Row {
    name: String,
    size: usize,
    rules: String,
    score: f64,
    hardest: &'static str,
    bifurcations: usize,
    depth: usize,
    outcome: &'static str,
    millis: f64,
    techniques: BTreeSet<Technique>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let with_techniques = args.iter().any(|a| a == "--techniques");
    let root = args.iter().find(|a| !a.starts_with("--")).map(PathBuf::from).unwrap_or_else(|| {
        std::env::var_os("SATDOKU_DATASETS")
            .map_or_else(|| PathBuf::from("../shared/datasets"), PathBuf::from)
    });
    let seconds = args
        .iter()
        .find_map(|a| a.strip_prefix("--timeout="))
        .map_or(60, |s| s.parse().unwrap_or_else(|_| panic!("--timeout=SECONDS, found {s}")));
    print_header(with_techniques);
    let mut rows = Vec::new();
    for path in documents(&root) {
        if let Some(row) = rate(&path, Duration::from_secs(seconds)) {
            print_row(&row, with_techniques);
            rows.push(row);
        }
    }
    if rows.is_empty() {
        eprintln!("no f-puzzles documents under {}", root.display());
        std::process::exit(2);
    }
    print_summary(&rows);
}

/// Every `.json` of the folders, sorted by folder and name.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for folder in FOLDERS {
        let dir = root.join("variants/fpuzzles").join(folder);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut here: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        here.sort();
        paths.extend(here);
    }
    paths
}

/// The rating of one document, or `None` when it is not a 9×9 or 6×6 puzzle satdoku reads.
fn rate(path: &Path, timeout: Duration) -> Option<Row> {
    let text = std::fs::read_to_string(path).ok()?;
    let name = path.file_stem()?.to_string_lossy().into_owned();
    let puzzle: Puzzle = match text.parse() {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("{name}: not read: {error}");
            return None;
        }
    };
    let size = puzzle.geometry().size();
    if size != 9 && size != 6 {
        return None;
    }
    let unique = count_up_to(&puzzle, 2).is_ok_and(|count| count.is_unique());
    let limits = Limits::new().timeout(timeout);
    let options = ExplainOptions::new().unique(unique).limits(limits);
    let start = Instant::now();
    let explanation = explain_with(&puzzle, &options);
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let steps = explanation.steps();
    let bifurcations: Vec<usize> = steps
        .iter()
        .filter(|s| s.technique() == Technique::Bifurcation)
        .map(|s| depth_of(s.reason()))
        .collect();
    let hardest = steps.iter().max_by(|a, b| a.rating().total_cmp(&b.rating()));
    let outcome = match explanation.outcome() {
        Outcome::Solved(_) => "solved",
        Outcome::Stuck => "stuck",
        Outcome::Contradiction(_) => "contradiction",
        Outcome::Stopped | Outcome::Limited(_) => "timeout",
    };
    Some(Row {
        name,
        size,
        rules: rule_families(&puzzle),
        score: hardest.map_or(0.0, |s| (s.rating() * 10.0).round() / 10.0),
        hardest: hardest.map_or("-", |s| s.technique().name()),
        bifurcations: bifurcations.len(),
        depth: bifurcations.iter().copied().max().unwrap_or(0),
        outcome,
        millis,
        techniques: steps.iter().map(|s| s.technique()).collect(),
    })
}

/// The depth a bifurcation's reason ends with: `... (depth 2)`.
fn depth_of(reason: &str) -> usize {
    reason
        .rsplit("(depth ")
        .next()
        .and_then(|rest| rest.trim_end_matches(')').parse().ok())
        .unwrap_or(1)
}

/// The names of the puzzle's rules (global rules, cages, lines, dots, marks) without repeats,
/// in order.
fn rule_families(puzzle: &Puzzle) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for rule in puzzle.rules() {
        if !seen.contains(&rule.name()) {
            seen.push(rule.name());
        }
    }
    if seen.is_empty() { "classic".to_string() } else { seen.join(", ") }
}

fn print_header(with_techniques: bool) {
    let extra = if with_techniques { " techniques |" } else { "" };
    println!(
        "| puzzle | size | rules | score | hardest | bifurcations | depth | outcome | ms |{extra}"
    );
    println!("|---|---|---|---|---|---|---|---|---|{}", if with_techniques { "---|" } else { "" });
}

fn print_row(row: &Row, with_techniques: bool) {
    let techniques = if with_techniques {
        let names: Vec<&str> = row.techniques.iter().map(|t| t.name()).collect();
        format!(" {} |", names.join(", "))
    } else {
        String::new()
    };
    println!(
        "| {} | {}×{} | {} | {:.1} | {} | {} | {} | {} | {:.0} |{techniques}",
        row.name,
        row.size,
        row.size,
        row.rules,
        row.score,
        row.hardest,
        row.bifurcations,
        row.depth,
        row.outcome,
        row.millis
    );
}

fn print_summary(rows: &[Row]) {
    let n = rows.len();
    let plain = rows.iter().filter(|r| r.bifurcations == 0 && r.outcome == "solved").count();
    let stuck = rows.iter().filter(|r| r.outcome == "stuck").count();
    let deep = rows.iter().filter(|r| r.depth >= 2).count();
    let mut times: Vec<f64> = rows.iter().map(|r| r.millis).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "\n{n} puzzles: {plain} ({:.0}%) solved without bifurcation, {stuck} stuck, {deep} with \
         a bifurcation of depth 2 or more; logic time median {:.0} ms, max {:.0} ms",
        100.0 * plain as f64 / n as f64,
        times[n / 2],
        times[n - 1]
    );
}
