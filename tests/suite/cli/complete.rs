//! `satdoku complete`: givens added from one solution until the puzzle is unique.

use crate::cli::{
    MULTI_4X4, MULTI_9X9, NONE_4X4, SQLITE_LINE, assert_extends, assert_success, check_lines,
    given_count, run,
};

#[test]
fn a_puzzle_with_several_solutions_becomes_unique() {
    for puzzle in [MULTI_4X4, MULTI_9X9, &".".repeat(16)] {
        let output = run(&["complete", "-f", "line"], puzzle);
        assert_success(&output);
        let completed = output.stdout.trim_end();
        assert_eq!(output.lines().len(), 1, "{output}");
        assert_extends(completed, puzzle);
        assert!(given_count(completed) > given_count(puzzle), "{output}");
        assert_eq!(check_lines(&[completed], &[]), (0, vec!["unique".to_string()]), "{completed}");
    }
}

#[test]
fn json_lists_the_added_givens() {
    let output = run(&["complete", "-f", "json", "--minimise"], MULTI_9X9);
    assert_success(&output);
    let object = output.json_one();
    let givens = object["givens"].as_str().unwrap();
    let solution = object["solution"].as_str().unwrap();
    let added: Vec<&str> =
        object["added"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert_eq!(given_count(givens), given_count(MULTI_9X9) + added.len());
    assert_eq!(object["given_count"].as_u64(), Some(given_count(givens) as u64));
    assert_extends(givens, MULTI_9X9);
    assert_extends(solution, givens);
    // Each added given is `rRcC=D`, a cell empty in the input and D in the solution.
    for placement in &added {
        let (cell, digit) = placement.split_once('=').unwrap();
        let (row, column) = cell.strip_prefix('r').unwrap().split_once('c').unwrap();
        let index = (row.parse::<usize>().unwrap() - 1) * 9 + column.parse::<usize>().unwrap() - 1;
        assert_eq!(&MULTI_9X9[index..=index], ".", "{placement}");
        assert_eq!(&givens[index..=index], digit, "{placement}");
    }
    assert_eq!(check_lines(&[givens], &[]).0, 0);
    assert_eq!(object["rules"], "classic");
    assert_eq!(object["size"], 9);
    assert_eq!(object["stats"]["conflicts"], serde_json::Value::Null);
}

#[test]
fn a_unique_puzzle_is_unchanged() {
    let output = run(&["complete", "-f", "json"], SQLITE_LINE);
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["givens"], SQLITE_LINE);
    assert_eq!(object["added"], serde_json::json!([]));
}

#[test]
fn pretty_says_how_many_givens_were_added() {
    let output = run(&["complete", "--minimise"], MULTI_9X9);
    assert_success(&output);
    let first = output.lines()[0];
    assert!(first.starts_with("# unique: "), "{output}");
    assert!(first.contains(" givens added ("), "{output}");
    // The text reads back as a unique puzzle.
    let check = run(&["check"], &output.stdout);
    assert_success(&check);
    assert_eq!(check.stdout, "unique\n");
}

#[test]
fn no_solution_exits_1() {
    let output = run(&["complete"], NONE_4X4);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "");
    assert!(output.stderr.starts_with("error: puzzle 1 (line 1): "), "{output}");
    assert!(output.stderr.contains("no solution"), "{output}");
}

#[test]
fn rules_are_kept() {
    let output = run(&["complete", "-f", "json", "--rules", "anti-knight"], MULTI_4X4);
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["rules"], "anti-knight");
    let givens = object["givens"].as_str().unwrap();
    assert_eq!(check_lines(&[givens], &["--rules", "anti-knight"]).0, 0);
}
