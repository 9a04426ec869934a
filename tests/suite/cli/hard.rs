//! `satdoku generate --hard` and `--min-score`: every output unique and minimal (checked
//! independently), printed with its score, reproducible from the seed and `--attempts`, and
//! harder than plain `generate` for the same rules and seed.

use satdoku::Puzzle;
use serde_json::Value;

use crate::cli::{assert_bad_input, assert_minimal, assert_success, check_lines, run};

/// The one JSON object `satdoku generate ARGS -f json` writes.
fn generate_json(args: &[&str]) -> Value {
    let mut all = vec!["generate", "-f", "json"];
    all.extend_from_slice(args);
    let output = run(&all, "");
    assert_success(&output);
    output.json_one()
}

/// The score of a line under `rules`, computed here through the library (the logic rating's
/// fine score with bifurcations of depth 1 and the uniqueness techniques, as the search
/// rates), not taken from the output.
fn score_of(givens: &str, rules: &str) -> f64 {
    let puzzle: Puzzle = format!("rules: {rules}\n{givens}").parse().unwrap();
    let options = satdoku::logic::ExplainOptions::new().max_depth(1).unique(true);
    satdoku::logic::rate_with(&puzzle, &options).fine_score()
}

/// `generate --hard` for `rules`, `seed` and `attempts`: its puzzle is unique and minimal under
/// the rules, its score is the library's score of its givens, its first score is that of the
/// puzzle plain `generate` prints for the same rules and seed, and it scores higher.
fn assert_harder_than_plain(rules: &str, seed: &str, attempts: &str) {
    let flags = ["--rules", rules];
    let hard =
        generate_json(&[&flags[..], &["--hard", "--seed", seed, "--attempts", attempts]].concat());
    let givens = hard["givens"].as_str().unwrap();
    assert_eq!(check_lines(&[givens], &flags), (0, vec!["unique".to_string()]), "{rules}");
    assert_minimal(givens, &flags, &[]);
    assert_eq!(hard["scorer"], "logic");
    // JSON numbers round-trip to within an ulp.
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(hard["score"].as_f64().unwrap(), score_of(givens, rules)), "{hard}");
    let plain = generate_json(&[&flags[..], &["--seed", seed]].concat());
    let plain_score = score_of(plain["givens"].as_str().unwrap(), rules);
    assert!(close(hard["first_score"].as_f64().unwrap(), plain_score), "{hard}");
    assert!(
        hard["score"].as_f64().unwrap() > plain_score,
        "{rules} seed {seed}: {hard} vs {plain_score}"
    );
}

#[test]
fn hard_classic_is_unique_minimal_scored_and_harder_than_plain() {
    assert_harder_than_plain("classic", "1", "40");
}

#[test]
fn hard_diagonal_and_miracle_are_unique_minimal_and_harder_than_plain_on_seeds_1_to_3() {
    for seed in ["1", "2", "3"] {
        assert_harder_than_plain("diagonal", seed, "8");
        assert_harder_than_plain("miracle", seed, "8");
    }
}

#[test]
fn the_same_seed_and_attempts_give_the_same_puzzles_whatever_the_jobs() {
    let args = ["generate", "--hard", "--size", "6", "--count", "3", "--attempts", "12", "-f"];
    let one = run(&[&args[..], &["line", "--jobs", "1"]].concat(), "");
    let two = run(&[&args[..], &["line", "--jobs", "3"]].concat(), "");
    assert_success(&one);
    assert_eq!(one.stdout, two.stdout);
    // Each line is the givens, then the score as a comment that `check` skips.
    let lines = one.lines();
    assert_eq!(lines.len(), 3, "{one}");
    assert!(lines.iter().all(|line| line.contains(" # score ")), "{one}");
    assert_eq!(check_lines(&lines, &[]), (0, vec!["unique".to_string(); 3]), "{one}");
}

#[test]
fn time_bounds_the_search_as_puzzle_timeout_does() {
    let hard = generate_json(&["--hard", "--size", "6", "--time", "0.3", "--attempts", "1000000"]);
    let givens = hard["givens"].as_str().unwrap();
    assert_eq!(check_lines(&[givens], &[]), (0, vec!["unique".to_string()]));
    assert!(hard["attempts"].as_u64().unwrap() < 1_000_000, "{hard}");
}

#[test]
fn pretty_output_names_the_score_in_its_summary() {
    let output = run(&["generate", "--hard", "--size", "6", "--attempts", "5"], "");
    assert_success(&output);
    let summary = output.lines()[0];
    assert!(summary.starts_with("# seed 0 puzzle 1: "), "{output}");
    assert!(summary.contains("minimal, score ") && summary.contains("(logic)"));
}

#[test]
fn an_unreached_min_score_exits_1_and_prints_the_best() {
    let args = ["generate", "--min-score", "1000", "--size", "6", "--attempts", "6", "-f", "line"];
    let output = run(&args, "");
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.lines().len(), 1, "{output}");
    assert!(output.stderr.contains("no puzzle scored 1000 or more in 6 attempts"), "{output}");
    let reached = run(&["generate", "--min-score", "0", "--size", "6", "-f", "line"], "");
    assert_success(&reached);
}

#[test]
fn bad_hard_flags_are_usage_errors() {
    assert_bad_input(&run(&["generate", "--min-score", "nan"], ""), &["--min-score", "nan"]);
    assert_bad_input(&run(&["generate", "--hard", "--attempts", "0"], ""), &["--attempts"]);
    let symmetric = run(&["generate", "--hard", "--symmetry", "rotational"], "");
    assert_bad_input(&symmetric, &["--hard does not combine with --symmetry"]);
}
