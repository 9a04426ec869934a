//! The latency of `satdoku serve` on a setter's edits (issue 21): true candidates with
//! solution counts up to 8, per edit, through the websocket on a warm connection, against a
//! cold `satdoku candidates --count-up-to 8` process per puzzle, and against sigh's ISS
//! computing all possibilities (with support counts up to 8) where it has the rules; by rule
//! group, over every 9×9 puzzle of `puzzles/` and the f-puzzles datasets, each as published
//! and with a fifth of its givens removed (seeded). A benchmark, not a test: run it on a
//! quiet machine after `cargo build --release`.
//!
//! ```text
//! cargo run --release --features tools --example serve_latency [-- ISS_HARNESS.mjs]
//! ```
//!
//! Warm: per puzzle, one untimed request compiles its rule set (the puzzle under another
//! title, so the answer cache does not serve the timed ones), then the two timed edits. Cold:
//! the process from start to exit, given the puzzle's f-puzzles link. ISS: its harness's
//! in-process time of build + all possibilities, after a warm-up pass over the same puzzles
//! (the harness named on the command line; `ISS_DIR` must name ISS's source).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use satdoku::model::fpuzzles::{fpuzzles_link, write_fpuzzles};
use satdoku::{Puzzle, Rule};
use serde_json::{Value, json};
use tungstenite::Message;

use cases::{Case, cases};

mod cases;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let binary = std::env::var_os("SATDOKU_BIN")
        .map_or_else(|| root.join("target/release/satdoku"), PathBuf::from);
    let cases = cases(&root);
    eprintln!("{} cases", cases.len());
    let warm = warm_times(&binary, &cases);
    let cold: Vec<f64> = cases.iter().map(|case| cold_time(&binary, &case.puzzle)).collect();
    let iss = std::env::args().nth(1).map(|harness| iss_times(Path::new(&harness), &cases));
    report(&cases, &warm, &cold, iss.as_deref());
}

/// The LZ-String payload of `puzzle` with `colored` true candidates.
fn payload(puzzle: &Puzzle) -> String {
    let json = write_fpuzzles(puzzle).expect("checked writable");
    let mut document: Value = serde_json::from_str(&json).expect("JSON");
    document["truecandidatesoptions"] = json!(["colored"]);
    lz_str::compress_to_base64(&document.to_string())
}

/// The milliseconds of each case's `truecandidates` on one warm connection.
fn warm_times(binary: &Path, cases: &[Case]) -> Vec<f64> {
    let mut server = Command::new(binary)
        .args(["serve", "--port", "0", "--timeout", "120"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("satdoku serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().expect("stdout")).read_line(&mut line).expect("address");
    let address = line.trim().trim_start_matches("listening on http://").trim_end_matches('/');
    let (mut socket, _) = tungstenite::connect(format!("ws://{address}/")).expect("connects");
    let mut ask = |nonce: usize, puzzle: &Puzzle, label: &str| {
        let request = json!({"nonce": nonce, "command": "truecandidates", "dataType": "fpuzzles",
            "data": payload(puzzle)});
        let start = Instant::now();
        socket.send(Message::text(request.to_string())).expect("sent");
        loop {
            if let Message::Text(text) = socket.read().expect("an answer") {
                let answer: Value = serde_json::from_str(&text).expect("JSON");
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                if std::env::var_os("SERVE_LATENCY_DEBUG").is_some() {
                    let counts = answer["solutionsPerCandidate"]
                        .as_array()
                        .map(|c| c.iter().filter(|n| n.as_i64() != Some(0)).count());
                    eprintln!("{ms:.1} ms {label}: {} {counts:?}", answer["type"]);
                }
                return ms;
            }
        }
    };
    let mut times = Vec::new();
    for (index, case) in cases.iter().enumerate() {
        if case.edit == "published" {
            let warm_up = case.puzzle.clone().with_metadata("title", "warm-up");
            ask(3 * index, &warm_up, "warm-up");
        }
        let label = format!("case {index} {} {}", case.group, case.edit);
        times.push(ask(3 * index + 1, &case.puzzle, &label));
    }
    let _ = server.kill();
    let _ = server.wait();
    times
}

/// The milliseconds of one cold `satdoku candidates --count-up-to 8` process.
fn cold_time(binary: &Path, puzzle: &Puzzle) -> f64 {
    let link = fpuzzles_link(&write_fpuzzles(puzzle).expect("checked writable"));
    let start = Instant::now();
    let status = Command::new(binary)
        .args(["candidates", "--count-up-to", "8", "--quiet", &link])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("satdoku runs");
    assert!(status.code().is_some_and(|code| code <= 1), "{status}");
    start.elapsed().as_secs_f64() * 1000.0
}

/// ISS's milliseconds per case (`None` where it lacks a rule), from `harness`.
fn iss_times(harness: &Path, cases: &[Case]) -> Vec<Option<f64>> {
    let specs: Vec<Option<Value>> = cases.iter().map(|case| iss_spec(&case.puzzle)).collect();
    let lines: Vec<String> = specs.iter().flatten().map(Value::to_string).collect();
    let mut child = Command::new("node")
        .arg(harness)
        .args(["--warmup", &lines.len().to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs the ISS harness");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{}", lines.join("\n")).expect("specs written");
    drop(stdin);
    let output = child.wait_with_output().expect("the harness ends");
    let mut times = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).ok().and_then(|v| v["ms"].as_f64()))
        .collect::<Vec<_>>()
        .into_iter();
    specs.iter().map(|spec| spec.as_ref().and_then(|_| times.next().flatten())).collect()
}

/// The ISS harness's JSON for `puzzle`, when every rule is one it has.
fn iss_spec(puzzle: &Puzzle) -> Option<Value> {
    let (mut rules, mut even, mut odd) = (Vec::new(), Vec::new(), Vec::new());
    let diagonals = [Rule::MainDiagonal, Rule::AntiDiagonal];
    let has_both = diagonals.iter().all(|d| puzzle.rules().contains(d));
    for rule in puzzle.rules() {
        match rule {
            Rule::MainDiagonal | Rule::AntiDiagonal if has_both => rules.push("diagonal"),
            Rule::AntiKing => rules.push("anti-king"),
            Rule::AntiKnight => rules.push("anti-knight"),
            Rule::NonConsecutive => rules.push("non-consecutive"),
            Rule::Even(cells) => even.extend(cells.iter().map(|c| [c.row(), c.column()])),
            Rule::Odd(cells) => odd.extend(cells.iter().map(|c| [c.row(), c.column()])),
            _ => return None,
        }
    }
    rules.dedup();
    Some(
        json!({"size": 9, "rules": rules, "givens": puzzle.givens().to_line(), "even": even, "odd": odd}),
    )
}

/// The value at quantile `q` of `times` (sorted in place).
fn quantile(times: &mut [f64], q: f64) -> f64 {
    times.sort_by(f64::total_cmp);
    let index = ((times.len() as f64 - 1.0) * q).round() as usize;
    times[index]
}

/// Prints the table: per group and edit, the cases, warm p50/p95, cold p50/p95, ISS p50/p95.
fn report(cases: &[Case], warm: &[f64], cold: &[f64], iss: Option<&[Option<f64>]>) {
    type Times = (Vec<f64>, Vec<f64>, Vec<f64>);
    let mut groups: BTreeMap<(String, &str), Times> = BTreeMap::new();
    for (index, case) in cases.iter().enumerate() {
        for key in [(case.group.clone(), case.edit), ("all".to_string(), case.edit)] {
            let entry = groups.entry(key).or_default();
            entry.0.push(warm[index]);
            entry.1.push(cold[index]);
            if let Some(ms) = iss.and_then(|iss| iss[index]) {
                entry.2.push(ms);
            }
        }
    }
    println!(
        "| rule group | edit | puzzles | warm p50 | warm p95 | cold p50 | cold p95 | ISS p50 | ISS p95 |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for ((group, edit), (mut warm, mut cold, mut iss)) in groups {
        let iss = if iss.is_empty() {
            "– | –".to_string()
        } else {
            format!("{:.1} | {:.1}", quantile(&mut iss, 0.5), quantile(&mut iss, 0.95))
        };
        println!(
            "| {group} | {edit} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {iss} |",
            warm.len(),
            quantile(&mut warm, 0.5),
            quantile(&mut warm, 0.95),
            quantile(&mut cold, 0.5),
            quantile(&mut cold, 0.95),
        );
    }
}
