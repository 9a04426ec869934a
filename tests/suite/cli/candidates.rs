//! `satdoku candidates`: the digits each cell takes in some solution (true candidates).

use crate::cli::{
    EMPTY_4X4, MULTI_9X9, NONE_4X4, SQLITE_LINE, SQLITE_SOLUTION, assert_success, run,
};

#[test]
fn the_empty_4x4_grid_allows_every_digit_everywhere() {
    let output = run(&["candidates", "-f", "json"], EMPTY_4X4);
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["has_solution"], true);
    assert_eq!(object["puzzle"], 1);
    assert_eq!(object["line"], 1);
    assert_eq!(object["candidates"], serde_json::json!(vec!["1234"; 16]));
    assert!(object["stats"]["variables"].is_number());
    assert!(object["stats"]["clauses"].is_number());
    assert!(object["stats"]["solve_calls"].is_number());
    assert!(object.get("counts").is_none(), "{object}");
    assert!(object.get("solution").is_none(), "{object}");
}

#[test]
fn pretty_and_line_formats() {
    let output = run(&["candidates"], EMPTY_4X4);
    assert_success(&output);
    assert_eq!(
        output.stdout,
        "1234 1234 | 1234 1234\n1234 1234 | 1234 1234\n----------+----------\n\
         1234 1234 | 1234 1234\n1234 1234 | 1234 1234\n"
    );
    let output = run(&["candidates", "-f", "line"], EMPTY_4X4);
    assert_success(&output);
    assert_eq!(output.stdout, format!("{}\n", vec!["1234"; 16].join(" ")));
}

#[test]
fn a_unique_puzzle_has_its_solution_as_candidates() {
    let output = run(&["candidates", "-f", "line"], SQLITE_LINE);
    assert_success(&output);
    let expected: Vec<String> = SQLITE_SOLUTION.chars().map(String::from).collect();
    assert_eq!(output.stdout, format!("{}\n", expected.join(" ")));
}

#[test]
fn the_readme_puzzle_with_several_solutions() {
    let output = run(&["candidates", "-f", "json"], MULTI_9X9);
    assert_success(&output);
    let object = output.json_one();
    let candidates: Vec<&str> =
        object["candidates"].as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    // The README's first row and last row.
    assert_eq!(
        &candidates[..9],
        ["8", "1234", "1234", "12379", "456", "24579", "36", "257", "149"]
    );
    assert_eq!(&candidates[72..], ["4679", "468", "4789", "679", "1", "4789", "5", "3", "2"]);
}

#[test]
fn count_up_to_counts_solutions_through_each_candidate() {
    // Row 1 is 1234: 12 solutions, 3 through r3c1=3, 6 through r2c1=3.
    let output = run(&["candidates", "-f", "json", "--count-up-to", "5"], "123.............");
    assert_success(&output);
    let object = output.json_one();
    let counts = &object["counts"];
    assert_eq!(counts["r1c1=1"], serde_json::json!({"solutions": 5, "exact": false}));
    assert_eq!(counts["r2c1=3"], serde_json::json!({"solutions": 5, "exact": false}));
    assert_eq!(counts["r3c1=3"], serde_json::json!({"solutions": 3, "exact": true}));
    assert_eq!(counts.as_object().unwrap().len(), 36, "{counts}");

    let output = run(&["candidates", "--count-up-to", "20"], "123.............");
    assert_success(&output);
    assert!(output.stdout.contains("\nr1c1=1: 12 solutions\n"), "{output}");
    assert!(output.stdout.contains("\nr3c1=3: 3 solutions\n"), "{output}");
    assert!(output.stdout.contains("\nr2c1=3: 6 solutions\n"), "{output}");
}

#[test]
fn no_solution_exits_1() {
    let output = run(&["candidates"], NONE_4X4);
    assert_eq!((output.code, output.stdout.as_str()), (1, "no solution\n"), "{output}");
    let output = run(&["candidates", "-f", "json"], NONE_4X4);
    assert_eq!(output.code, 1, "{output}");
    let object = output.json_one();
    assert_eq!(object["has_solution"], false);
    assert_eq!(object["candidates"], serde_json::json!(vec![""; 16]));
}

#[test]
fn a_bad_line_in_a_batch_is_reported_and_the_rest_go_on() {
    let input = format!("{EMPTY_4X4}\n1.1.............\n{SQLITE_LINE}\n");
    let output = run(&["candidates", "-f", "json"], &input);
    assert_eq!(output.code, 2, "{output}");
    let objects = output.json();
    let lines: Vec<_> = objects.iter().map(|o| o["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 3]);
    assert_eq!(objects[1]["column"], 3, "{output}");
    assert!(objects[1]["error"].as_str().unwrap().starts_with("contradictory givens"), "{output}");
    assert!(objects[1].get("candidates").is_none(), "{output}");
    assert!(output.stderr.starts_with("error: <stdin>:2:3: contradictory givens"), "{output}");
}
