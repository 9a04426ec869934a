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
