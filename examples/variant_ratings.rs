//! Rates the published variant puzzles of the datasets (issue 22's benchmark): every 9×9 and
//! 6×6 f-puzzles document of `variants/fpuzzles/`, and every Sudoku-Bench `challenge_100`
//! variant puzzle that loads (`variants/sudoku-bench-challenge100/`, read from its
//! `encoded_puzzle` link as `satdoku rate LINK` reads it; the 20 Nikoli classics are left out,
//! and the 4×4 ones are rated in a table apart, outside the targets). Per puzzle: the score,
//! hardest technique, bifurcations, their deepest depth, the outcome and the logic time; then,
//! for each set and for both together, the share solved without bifurcation, the stuck and deep
//! ones, and the median and maximum time; last, for both sets, how the puzzles of each rule
//! family ended.
//!
//! ```text
//! cargo run --release --features tools --example variant_ratings -- [DATASETS] [--techniques] [--timeout=SECONDS] [--only=fpuzzles|sudoku-bench]
//! ```
//!
//! `DATASETS` defaults to `$SATDOKU_DATASETS` or `../shared/datasets`; a set whose folder is
//! absent is skipped, saying so. Each puzzle is proved unique with the SAT solver first (so the
//! uniqueness techniques take part, as `satdoku rate` does), then rated on one thread with a
//! 60 s limit (`--timeout=SECONDS`); the time is the rating's wall time alone. `--techniques`
//! adds the list of techniques each solve used; `--only` rates one set.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use satdoku::logic::{ExplainOptions, Outcome, Technique, explain_with};
use satdoku::model::sudokupad::decode_link;
use satdoku::{Limits, Puzzle, count_up_to};
use serde_json::Value;

/// The folders of f-puzzles documents under `variants/fpuzzles/`.
const FOLDERS: [&str; 3] = ["constructed", "dclamage-SudokuSolver", "kinnison-kaji"];

/// The Sudoku-Bench folder under `variants/`.
const BENCH: &str = "variants/sudoku-bench-challenge100";

/// The Sudoku-Bench author of the classic puzzles, which this benchmark leaves out.
const CLASSIC_AUTHOR: &str = "Nikoli";

/// A puzzle to rate, and the name it is reported under.
struct Entry {
    name: String,
    puzzle: Puzzle,
}

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
    let only = args.iter().find_map(|a| a.strip_prefix("--only="));
    if only.is_some_and(|set| set != "fpuzzles" && set != "sudoku-bench") {
        eprintln!("--only takes fpuzzles or sudoku-bench");
        std::process::exit(2);
    }
    let timeout = Duration::from_secs(seconds);
    let rate_set = |title: &str, entries: Vec<Entry>| -> Vec<Row> {
        if entries.is_empty() {
            return Vec::new();
        }
        println!("\n## {title}\n");
        print_header(with_techniques);
        let rows: Vec<Row> = entries
            .into_iter()
            .map(|entry| {
                let row = rate(entry, timeout);
                print_row(&row, with_techniques);
                row
            })
            .collect();
        print_summary(title, &rows);
        rows
    };
    let mut targeted = Vec::new();
    if only != Some("sudoku-bench") {
        targeted.extend(rate_set("f-puzzles documents", fpuzzles_documents(&root)));
    }
    if only != Some("fpuzzles") {
        let (small, bench): (Vec<Entry>, Vec<Entry>) =
            bench_puzzles(&root).into_iter().partition(|e| e.puzzle.geometry().size() == 4);
        targeted.extend(rate_set("Sudoku-Bench variant puzzles, 9×9 and 6×6", bench));
        rate_set("Sudoku-Bench variant puzzles, 4×4 (outside the targets)", small);
    }
    if targeted.is_empty() {
        eprintln!("no 9×9 or 6×6 variant puzzle under {}", root.display());
        std::process::exit(2);
    }
    println!();
    print_summary("both sets, 9×9 and 6×6", &targeted);
    print_families(&targeted);
}

/// Every 9×9 and 6×6 `.json` document of the f-puzzles folders, sorted by folder and name.
fn fpuzzles_documents(root: &Path) -> Vec<Entry> {
    let mut entries = Vec::new();
    for folder in FOLDERS {
        let dir = root.join("variants/fpuzzles").join(folder);
        let Ok(listing) = std::fs::read_dir(&dir) else {
            eprintln!("skipped: no folder {}", dir.display());
            continue;
        };
        let mut paths: Vec<PathBuf> = listing
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let text = std::fs::read_to_string(&path).ok();
            let (Some(name), Some(text)) = (name, text) else { continue };
            match text.parse::<Puzzle>() {
                Ok(puzzle) if [9, 6].contains(&puzzle.geometry().size()) => {
                    entries.push(Entry { name, puzzle });
                }
                Ok(_) => {}
                Err(error) => eprintln!("{name}: not read: {error}"),
            }
        }
    }
    entries
}

/// Every Sudoku-Bench variant puzzle (not by Nikoli) whose link satdoku reads, in the
/// dataset's order, named by number and title; the refused ones are counted on stderr (their
/// reasons: docs/sudokupad.md).
fn bench_puzzles(root: &Path) -> Vec<Entry> {
    let dir = root.join(BENCH);
    if !dir.is_dir() {
        eprintln!("skipped: no folder {}", dir.display());
        return Vec::new();
    }
    let mut entries = Vec::new();
    let mut refused = Vec::new();
    for number in 1..=100 {
        let path = dir.join(format!("puzzle_{number:04}.json"));
        let Some(document) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        else {
            eprintln!("{}: not read", path.display());
            continue;
        };
        if document["author"].as_str() == Some(CLASSIC_AUTHOR) {
            continue;
        }
        let title = document["title"].as_str().unwrap_or("");
        let link = document["encoded_puzzle"].as_str().unwrap_or("");
        match decode_link(link).and_then(Result::ok).map(|p| p.into_json().parse::<Puzzle>()) {
            Some(Ok(puzzle)) => {
                let name = format!("{number} {title}").trim_end().to_string();
                entries.push(Entry { name, puzzle });
            }
            _ => refused.push(number.to_string()),
        }
    }
    eprintln!(
        "Sudoku-Bench: {} variant puzzles load, {} refused ({})",
        entries.len(),
        refused.len(),
        refused.join(", ")
    );
    entries
}

/// The rating of one puzzle.
fn rate(entry: Entry, timeout: Duration) -> Row {
    let Entry { name, puzzle } = entry;
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
    Row {
        name,
        size: puzzle.geometry().size(),
        rules: rule_families(&puzzle),
        score: hardest.map_or(0.0, |s| (s.rating() * 10.0).round() / 10.0),
        hardest: hardest.map_or("-", |s| s.technique().name()),
        bifurcations: bifurcations.len(),
        depth: bifurcations.iter().copied().max().unwrap_or(0),
        outcome,
        millis,
        techniques: steps.iter().map(|s| s.technique()).collect(),
    }
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

/// Per rule family (a puzzle counts once in each of its families), how many puzzles of `rows`
/// have it and how they ended, most common family first.
fn print_families(rows: &[Row]) {
    let mut families: Vec<(&str, [usize; 4])> = Vec::new();
    for row in rows {
        let column = match row.outcome {
            "solved" if row.bifurcations == 0 => 1,
            "solved" => 2,
            _ => 3,
        };
        for family in row.rules.split(", ") {
            let index = match families.iter().position(|(name, _)| *name == family) {
                Some(index) => index,
                None => {
                    families.push((family, [0; 4]));
                    families.len() - 1
                }
            };
            families[index].1[0] += 1;
            families[index].1[column] += 1;
        }
    }
    families.sort_by(|a, b| b.1[0].cmp(&a.1[0]).then(a.0.cmp(b.0)));
    println!("\n| rule | puzzles | without bifurcation | with bifurcations | unfinished |");
    println!("|---|---|---|---|---|");
    for (family, [all, plain, bifurcating, unfinished]) in families {
        println!("| {family} | {all} | {plain} | {bifurcating} | {unfinished} |");
    }
}

fn print_summary(title: &str, rows: &[Row]) {
    let n = rows.len();
    let plain = rows.iter().filter(|r| r.bifurcations == 0 && r.outcome == "solved").count();
    let stuck = rows.iter().filter(|r| r.outcome == "stuck").count();
    let unfinished = rows.iter().filter(|r| r.outcome == "timeout").count();
    let deep = rows.iter().filter(|r| r.depth >= 2).count();
    let mut times: Vec<f64> = rows.iter().map(|r| r.millis).collect();
    times.sort_by(f64::total_cmp);
    println!(
        "\n{title}: {n} puzzles, {plain} ({:.0}%) solved without bifurcation, {stuck} stuck, \
         {unfinished} unfinished within the limit, {deep} with a bifurcation of depth 2 or \
         more; logic time median {:.0} ms, max {:.0} ms",
        100.0 * plain as f64 / n as f64,
        times[n / 2],
        times[n - 1]
    );
}
