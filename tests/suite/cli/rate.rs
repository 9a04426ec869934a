//! `satdoku rate`: score, grade and the figures behind them, in every format, for a batch.

use crate::cli::{MIRACLE, MULTI_4X4, SQLITE_LINE, assert_bad_input, assert_success, run};

#[test]
fn json_reports_the_figures() {
    let output = run(&["rate", "-f", "json", MIRACLE], "");
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["outcome"], "solved");
    assert_eq!(object["bifurcations"], 0);
    assert_eq!(object["grade"], "medium");
    assert!(object["score"].as_f64().unwrap() >= 2.6);
    assert!(object["steps"].as_u64().unwrap() > 70);
    assert!(object["rounds"].as_u64().unwrap() > 0);
    assert!(object["sat_conflicts"].is_u64());
    // The textbook count only on request, and the JSON says so.
    assert_eq!(object["backtracks"], serde_json::Value::Null);
    assert_eq!(object["backtracks_status"], "not requested");
    assert_eq!(object["hardest"], "common exclusion");
}

#[test]
fn the_textbook_backtracks_come_on_request() {
    let output = run(&["rate", "-f", "json", "--backtracks", SQLITE_LINE], "");
    assert_success(&output);
    let object = output.json_one();
    assert!(object["backtracks"].is_u64(), "{object}");
    assert_eq!(object["backtracks_status"], "counted");
    let pretty = run(&["rate", "--backtracks", SQLITE_LINE], "");
    assert!(pretty.stdout.contains(", backtracks "), "{}", pretty.stdout);
    let without = run(&["rate", SQLITE_LINE], "");
    assert!(!without.stdout.contains("backtracks"), "{}", without.stdout);
}

#[test]
fn a_batch_gets_one_line_each_and_the_worst_status() {
    let input = format!("{SQLITE_LINE}\n{MULTI_4X4}\n");
    let output = run(&["rate", "-f", "line"], &input);
    assert_eq!(output.code, 1, "{}", output.stderr);
    let lines = output.lines();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].ends_with("\tsolved"), "{}", lines[0]);
    assert!(lines[0].starts_with("1."), "singles only: {}", lines[0]);
    assert!(lines[1].ends_with("\tstuck"), "{}", lines[1]);
}

#[test]
fn pretty_names_the_grade() {
    let output = run(&["rate", "puzzles/easter-monster.txt"], "");
    assert_success(&output);
    assert!(output.stdout.starts_with("score "), "{}", output.stdout);
    assert!(output.stdout.contains("(extreme)"), "{}", output.stdout);
}

#[test]
fn bad_input_exits_2() {
    let output = run(&["rate"], "12x\n");
    assert_bad_input(&output, &["1:1", "expected"]);
}

#[test]
fn the_fine_score_splits_ties_within_the_score() {
    let output = run(&["rate", "-f", "json", "puzzles/easter-monster.txt", MIRACLE], "");
    assert_success(&output);
    let objects = output.json();
    let figures = |i: usize| {
        let object = &objects[i];
        let fine = object["fine_score"].as_f64().unwrap();
        (object["score"].as_f64().unwrap(), fine, object["bifurcations"].as_u64().unwrap())
    };
    // Easter Monster needs bifurcations: the thousandths count them, below the score's tenth.
    let (score, fine, bifurcations) = figures(0);
    assert!(bifurcations > 0 && fine > score && fine < score + 0.1, "{}", output.stdout);
    let thousandths = ((fine * 1000.0).round() as u64) % 10;
    assert_eq!(thousandths, bifurcations.min(9), "{}", output.stdout);
    // The Miracle needs none: nothing to split.
    let (score, fine, _) = figures(1);
    assert_eq!(fine, score, "{}", output.stdout);
}

#[test]
fn the_top_score_comes_on_request_and_sees_past_the_depth_1_logic() {
    // Golden Nugget (SE 11.9): the depth-1 logic gets stuck, so the top score is 9 and up.
    let output = run(&["rate", "-f", "json", "--top", "puzzles/golden-nugget.txt"], "");
    assert_success(&output);
    let object = output.json_one();
    assert!(object["top_score"].as_f64().unwrap() > 10.0, "{object}");
    assert!(object["stuck_states"].as_u64().unwrap() >= 1, "{object}");
    // A puzzle of singles: the top score is its score, with no stuck state.
    let line = run(&["rate", "-f", "line", "--top", SQLITE_LINE], "");
    assert_success(&line);
    let fields: Vec<&str> = line.stdout.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 5, "{}", line.stdout);
    assert_eq!(fields[4].parse::<f64>().unwrap(), fields[0].parse::<f64>().unwrap());
    let pretty = run(&["rate", "--top", SQLITE_LINE], "");
    assert!(pretty.stdout.contains("top score "), "{}", pretty.stdout);
    let without = run(&["rate", "-f", "json", SQLITE_LINE], "");
    assert!(without.json_one().get("top_score").is_none(), "{}", without.stdout);
}
