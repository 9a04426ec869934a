//! `satdoku solve`: a solution and whether it is unique; exit 0 unique, 1 none or several, 2
//! bad input.

use serde_json::json;

use crate::cli::{
    EMPTY_4X4, MIRACLE, MULTI_4X4, NONE_4X4, SQLITE, SQLITE_LINE, SQLITE_SOLUTION, assert_success,
    run,
};

const MIRACLE_PRETTY: &str = "\
4 8 3 | 7 2 6 | 1 5 9
7 2 6 | 1 5 9 | 4 8 3
1 5 9 | 4 8 3 | 7 2 6
------+-------+------
8 3 7 | 2 6 1 | 5 9 4
2 6 1 | 5 9 4 | 8 3 7
5 9 4 | 8 3 7 | 2 6 1
------+-------+------
3 7 2 | 6 1 5 | 9 4 8
6 1 5 | 9 4 8 | 3 7 2
9 4 8 | 3 7 2 | 6 1 5
unique solution
";

#[test]
fn miracle_prints_the_readme_grid() {
    let output = run(&["solve", MIRACLE], "");
    assert_success(&output);
    assert_eq!(output.stdout, MIRACLE_PRETTY);
}

#[test]
fn miracle_from_stdin_dash_is_the_same() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/miracle.txt"))
        .unwrap();
    let output = run(&["solve", "-"], &text);
    assert_success(&output);
    assert_eq!(output.stdout, MIRACLE_PRETTY);
}

#[test]
fn line_format_prints_the_81_digit_solution_and_unique() {
    let output = run(&["solve", "-f", "line"], &format!("{SQLITE_LINE}\n"));
    assert_success(&output);
    assert_eq!(output.stdout, format!("{SQLITE_SOLUTION} unique\n"));

    let output = run(&["solve", "--format", "line", SQLITE], "");
    assert_success(&output);
    assert_eq!(output.stdout, format!("{SQLITE_SOLUTION} unique\n"));
}

#[test]
fn json_has_the_documented_fields() {
    let output = run(&["solve", "--format", "json", "--conflicts", SQLITE], "");
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["puzzle"], 1);
    assert_eq!(object["line"], 1);
    assert_eq!(object["solution"], SQLITE_SOLUTION);
    assert_eq!(object["solutions"], 1);
    assert_eq!(object["exact"], true);
    assert_eq!(object["unique"], true);
    assert!(object["time_ms"].as_f64().is_some_and(|t| t >= 0.0), "{object}");
    let stats = &object["stats"];
    // The pre-pass solves this puzzle by singles: unique by deduction, no CNF, no SAT call.
    assert_eq!((&stats["variables"], &stats["clauses"]), (&json!(0), &json!(0)), "{stats}");
    assert_eq!((&stats["conflicts"], &stats["solve_calls"]), (&json!(0), &json!(0)), "{stats}");
    assert!(stats["solve_ms"].as_f64().is_some(), "{stats}");

    // A puzzle the pre-pass leaves open: solving, then proving no second solution exists.
    let platinum =
        ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...";
    let output = run(&["solve", "--format", "json", "--conflicts", platinum], "");
    assert_success(&output);
    let stats = &output.json_one()["stats"];
    assert!(stats["variables"].as_u64().is_some_and(|v| v > 0), "{stats}");
    assert!(stats["clauses"].as_u64().is_some_and(|c| c > 0), "{stats}");
    assert!(stats["conflicts"].as_u64().is_some(), "{stats}");
    assert_eq!(stats["solve_calls"], 2);

    // Conflicts are counted only when asked for (it slows the solver).
    let output = run(&["solve", "--format", "json", SQLITE], "");
    assert_success(&output);
    assert_eq!(output.json_one()["stats"]["conflicts"], serde_json::Value::Null);
}

#[test]
fn json_stops_at_two_solutions() {
    let output = run(&["solve", "-f", "json"], &format!("{MULTI_4X4}\n"));
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    let object = output.json_one();
    assert_eq!(object["solutions"], 2);
    assert_eq!(object["exact"], false);
    assert_eq!(object["unique"], false);
    let solution = object["solution"].as_str().unwrap();
    assert!(solution.starts_with("12"), "{solution}");
}

#[test]
fn several_solutions_prints_one_says_so_and_exits_1() {
    let output = run(&["solve"], &format!("{MULTI_4X4}\n"));
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    let lines = output.lines();
    assert_eq!(lines.len(), 6, "{output}");
    assert!(lines[0].starts_with("1 2 | "), "{output}");
    assert_eq!(lines[2], "----+----");
    assert_eq!(lines[5], "one of several solutions");
}

#[test]
fn no_solution_exits_1() {
    let input = format!("{NONE_4X4}\n");
    let output = run(&["solve"], &input);
    assert_eq!((output.code, output.stdout.as_str()), (1, "no solution\n"), "{output}");
    assert_eq!(output.stderr, "");

    let output = run(&["solve", "-f", "line"], &input);
    assert_eq!((output.code, output.stdout.as_str()), (1, "none\n"), "{output}");

    let output = run(&["solve", "-f", "json"], &input);
    assert_eq!(output.code, 1, "{output}");
    let object = output.json_one();
    assert_eq!(object["solutions"], 0);
    assert_eq!(object["exact"], true);
    assert_eq!(object["unique"], false);
    assert_eq!(object["solution"], serde_json::Value::Null);
}

#[test]
fn rules_come_from_the_flag_or_the_header() {
    // Under anti-king the empty 4×4 grid has no solution (see `count`).
    let output = run(&["solve", "--rules", "anti-king"], &format!("{EMPTY_4X4}\n"));
    assert_eq!((output.code, output.stdout.as_str()), (1, "no solution\n"), "{output}");

    // `--rules diagonal-` and a `rules: diagonal-` header both give a solution whose main
    // diagonal holds four different digits (one of several: exit 1).
    let flag = run(&["solve", "-f", "line", "--rules", "diagonal-"], "12..............\n");
    let header = run(&["solve", "-f", "line"], "rules: diagonal-\ngivens: 12..............\n");
    for output in [&flag, &header] {
        assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
        let grid = output.stdout.strip_suffix(" multiple\n").expect("several solutions");
        let grid: Vec<char> = grid.chars().collect();
        let diagonal: std::collections::BTreeSet<char> = (0..4).map(|i| grid[i * 4 + i]).collect();
        assert_eq!(diagonal.len(), 4, "{output}");
    }
}

#[test]
fn batch_answers_each_puzzle_in_order() {
    let input = format!("{SQLITE_LINE}\n{NONE_4X4}\n{SQLITE_LINE}\n");
    let output = run(&["solve", "-f", "line"], &input);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(
        output.stdout,
        format!("{SQLITE_SOLUTION} unique\nnone\n{SQLITE_SOLUTION} unique\n")
    );
    assert_eq!(output.stderr, "");
}

#[test]
fn pretty_batch_separates_puzzles_with_a_blank_line() {
    let output = run(&["solve"], &format!("{MULTI_4X4}\n{NONE_4X4}\n"));
    assert_eq!(output.code, 1, "{output}");
    let blocks: Vec<&str> = output.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{output}");
    assert!(blocks[0].ends_with("one of several solutions"), "{output}");
    assert_eq!(blocks[1], "no solution\n");
}

#[test]
fn a_bad_line_in_a_batch_is_reported_and_the_rest_are_solved() {
    let input = format!("{SQLITE_LINE}\n5...5{}\n{SQLITE_LINE}\n", ".".repeat(76));
    let output = run(&["solve", "-f", "json"], &input);
    assert_eq!(output.code, 2, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 3, "{output}");
    assert_eq!((&objects[0]["puzzle"], &objects[0]["line"]), (&1.into(), &1.into()));
    // The bad puzzle is a record of its own, so a program reading JSON sees every input.
    assert_eq!(
        objects[1],
        serde_json::json!({
            "puzzle": 2,
            "input": "<stdin>",
            "line": 2,
            "column": 5,
            "error": "contradictory givens: r1c1 and r1c5 hold the same digit in row 1",
        })
    );
    assert_eq!((&objects[2]["puzzle"], &objects[2]["line"]), (&3.into(), &3.into()));
    assert!(output.stderr.starts_with("error: <stdin>:2:5: contradictory givens"), "{output}");
}

#[test]
fn comments_and_blank_lines_keep_line_numbers() {
    let input = format!("# two puzzles\n{SQLITE_LINE} # sqlite\n\n{EMPTY_4X4}   # empty\n");
    let output = run(&["solve", "-f", "json"], &input);
    // The empty 4×4 grid has several solutions.
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 2, "{output}");
    assert_eq!((&objects[0]["puzzle"], &objects[0]["line"]), (&1.into(), &2.into()));
    assert_eq!((&objects[1]["puzzle"], &objects[1]["line"]), (&2.into(), &4.into()));
    assert_eq!(objects[0]["solution"], SQLITE_SOLUTION);
}

#[test]
fn even_and_odd_marks_are_rules() {
    // r1c1 odd and r2c2 odd, from a text-format puzzle.
    let input = "givens:\n................\nodd:\nx...\n.x..\n....\n....\n";
    let output = run(&["solve", "-f", "line"], input);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    let grid = output.stdout.strip_suffix(" multiple\n").expect("several solutions");
    let grid: Vec<u32> = grid.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(grid.len(), 16, "{output}");
    assert_eq!((grid[0] % 2, grid[5] % 2), (1, 1), "{output}");
}

#[test]
fn a_grid_of_rows_is_one_puzzle() {
    // Four lines of four symbols are one 4×4 grid, not a batch.
    let output = run(&["solve", "-f", "line"], "1234\n3412\n2143\n....\n");
    assert_success(&output);
    assert_eq!(output.stdout, "1234341221434321 unique\n");
}
