//! `satdoku explain`: the steps of a logical solve, in every format, with `--until` and
//! `--hint`.

use crate::cli::{
    MIRACLE, MULTI_4X4, SQLITE_LINE, SQLITE_SOLUTION, assert_bad_input, assert_success, run,
};

#[test]
fn pretty_numbers_the_steps_then_draws_the_solution() {
    let output = run(&["explain"], SQLITE_LINE);
    assert_success(&output);
    let lines = output.lines();
    assert!(lines[0].starts_with("  1. r"), "{}", output.stdout);
    assert!(lines[0].contains(": the only "), "{}", output.stdout);
    assert!(lines.contains(&"solved:"), "{}", output.stdout);
}

#[test]
fn json_has_stable_fields() {
    let output = run(&["explain", "-f", "json"], SQLITE_LINE);
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["outcome"], "solved");
    assert_eq!(object["solution"], SQLITE_SOLUTION);
    let step = &object["steps"][0];
    for field in ["technique", "rating", "placements", "eliminations", "cells", "digits", "text"] {
        assert!(step.get(field).is_some(), "{field} missing: {step}");
    }
    // The break-in: the first step that is not a single, or null when singles do it all.
    assert!(object.get("break_in").is_some(), "break_in missing: {object}");
}

#[test]
fn the_miracle_cites_its_rules() {
    let output = run(&["explain", "-f", "line", MIRACLE], "");
    assert_success(&output);
    assert!(output.stdout.contains("non-consecutive"), "{}", output.stdout);
    assert!(output.stdout.contains("common exclusion") || output.stdout.contains("sees"));
}

#[test]
fn until_and_hint_stop_early() {
    let output = run(&["explain", "-f", "json", "--until", "3"], SQLITE_LINE);
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["steps"].as_array().unwrap().len(), 3);
    assert_eq!(object["outcome"], "stopped");
    let hint = run(&["explain", "--hint"], SQLITE_LINE);
    assert_success(&hint);
    assert_eq!(hint.lines().len(), 1, "{}", hint.stdout);
    assert!(hint.stdout.starts_with("  1. "), "{}", hint.stdout);
}

/// A puzzle (SE 7.1) after its singles, where the solve removes candidates in five steps before
/// its next placement, and that placement needs only one of them.
const STUCK: &str =
    "....9.74....2379.57........2..5736..35..8..79.789.1..3........75.2718....87.4....";

#[test]
fn a_hint_ends_at_the_solve_s_first_placement_with_fewer_steps() {
    let steps = |args: &[&str]| {
        let output = run(args, STUCK);
        assert_success(&output);
        output.json_one()["steps"].as_array().unwrap().clone()
    };
    let hint = steps(&["explain", "-f", "json", "--hint"]);
    let solve = steps(&["explain", "-f", "json"]);
    let places = |step: &serde_json::Value| !step["placements"].as_array().unwrap().is_empty();
    let first = solve.iter().position(places).expect("a placement");
    let (last, before) = hint.split_last().expect("a hint");
    assert_eq!(last["placements"], solve[first]["placements"]);
    assert!(before.iter().all(|s| !places(s)), "{hint:?}");
    // Every kept step is one of the solve's, in order, and some were dropped.
    let texts: Vec<&serde_json::Value> = solve[..=first].iter().map(|s| &s["text"]).collect();
    let mut at = 0;
    for step in &hint {
        at += texts[at..].iter().position(|t| **t == step["text"]).expect("a solve step") + 1;
    }
    assert!(hint.len() < first + 1, "{} of {}", hint.len(), first + 1);
}

#[test]
fn a_puzzle_with_several_solutions_gets_stuck_and_exits_1() {
    let output = run(&["explain", "-f", "json"], MULTI_4X4);
    assert_eq!(output.code, 1, "{}", output.stderr);
    assert_eq!(output.json_one()["outcome"], "stuck");
}

#[test]
fn bad_input_exits_2() {
    let output = run(&["explain"], "12x\n");
    assert_bad_input(&output, &["1:1", "expected"]);
    let output = run(&["explain", "--until", "0"], SQLITE_LINE);
    assert_eq!(output.code, 2);
    assert!(output.stdout.is_empty());
}
