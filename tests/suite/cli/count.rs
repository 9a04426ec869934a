//! `satdoku count`: the number of solutions up to `--max`; exit 0 when every puzzle has
//! exactly one, 1 when one has none or several, 2 on bad input.

use crate::cli::{EMPTY_4X4, MULTI_4X4, NONE_4X4, SQLITE, assert_bad_input, assert_success, run};

/// `satdoku count ARGS` on one line of input; its stdout, after asserting the exit code of
/// that count (0 for exactly one solution, else 1) and an empty stderr.
fn count(args: &[&str], input: &str) -> String {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    let output = run(&all, &format!("{input}\n"));
    assert_eq!(output.stderr, "", "{output}");
    let expected = if output.stdout == "1\n" { 0 } else { 1 };
    assert_eq!(output.code, expected, "count exits 0 only for one solution\n{output}");
    output.stdout
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    assert_eq!(count(&[], EMPTY_4X4), "288\n");
}

#[test]
fn every_rule_on_the_empty_4x4_grid() {
    // Each checked against a brute-force enumeration of the 288 grids.
    let expected = [
        ("classic", "288"),
        ("diagonal", "48"),
        ("x", "48"),
        ("diagonal+", "48"),
        ("diagonal-", "48"),
        ("anti-king", "0"),
        ("antiking", "0"),
        ("anti-knight", "24"),
        ("antiknight", "24"),
        ("non-consecutive", "0"),
        ("nonconsecutive", "0"),
        ("miracle", "0"),
    ];
    for (rule, solutions) in expected {
        assert_eq!(
            count(&["--rules", rule], EMPTY_4X4),
            format!("{solutions}\n"),
            "--rules {rule}"
        );
    }
}

#[test]
fn the_empty_miracle_grid_has_72_solutions() {
    let input = format!("rules: miracle\n{}", ".".repeat(81));
    let output = run(&["count", "--max", "100"], &input);
    assert_eq!((output.code, output.stdout.as_str(), output.stderr.as_str()), (1, "72\n", ""));
}

#[test]
fn flag_rules_and_header_rules_both_apply() {
    // anti-knight alone: 24; diagonal alone: 48; together: none.
    assert_eq!(count(&["--rules", "anti-knight"], EMPTY_4X4), "24\n");
    let header = format!("rules: diagonal\ngivens: {EMPTY_4X4}");
    assert_eq!(count(&[], &header), "48\n");
    assert_eq!(count(&["--rules", "anti-knight"], &header), "0\n");
    assert_eq!(count(&["--rules", "diagonal,anti-knight"], EMPTY_4X4), "0\n");
}

#[test]
fn max_cuts_the_count_with_a_plus() {
    assert_eq!(count(&["--max", "10"], EMPTY_4X4), "10+\n");
    // The empty 6×6 grid has far more than the default bound of 1000.
    assert_eq!(count(&[], &".".repeat(36)), "1000+\n");
    assert_eq!(count(&["--max", "289"], EMPTY_4X4), "288\n");
}

#[test]
fn json_reports_whether_the_count_is_exact() {
    let output = run(&["count", "-f", "json", "--max", "10"], EMPTY_4X4);
    assert_eq!(output.code, 1, "{output}");
    let object = output.json_one();
    assert_eq!(object["solutions"], 10);
    assert_eq!(object["exact"], false);
    assert_eq!(object["unique"], false);

    let output = run(&["count", "-f", "json", "--conflicts"], EMPTY_4X4);
    assert_eq!(output.code, 1, "{output}");
    let object = output.json_one();
    assert_eq!(object["solutions"], 288);
    assert_eq!(object["exact"], true);
    assert_eq!(object["unique"], false);
    assert_eq!(object["puzzle"], 1);
    assert_eq!(object["line"], 1);
    assert_eq!(object["solution"].as_str().map(str::len), Some(16));
    assert!(object["time_ms"].is_number());
    let stats = &object["stats"];
    assert_eq!(stats["variables"], 64, "{stats}");
    assert!(stats["clauses"].as_u64().is_some_and(|c| c > 0), "{stats}");
    assert!(stats["conflicts"].as_u64().is_some(), "{stats}");
    // One call per solution and one that finds no more.
    assert_eq!(stats["solve_calls"], 289, "{stats}");
    assert!(stats["solve_ms"].is_number(), "{stats}");

    let output = run(&["count", "-f", "json", SQLITE], "");
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["solutions"], 1);
    assert_eq!(object["unique"], true);
    assert_eq!(object["exact"], true);
}

#[test]
fn no_solution_counts_0_and_exits_1() {
    assert_eq!(count(&[], NONE_4X4), "0\n");
}

#[test]
fn one_solution_exits_0() {
    assert_eq!(count(&[], "1234341221434321"), "1\n");
}

#[test]
fn batch_gives_one_line_per_puzzle_in_order() {
    let input = format!("{EMPTY_4X4}\n{MULTI_4X4}\n{NONE_4X4}\n1234............\n");
    let output = run(&["count"], &input);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert_eq!(output.stdout, "288\n24\n0\n12\n");

    let output = run(&["count", "-f", "json"], &input);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    let numbers: Vec<_> = output
        .json()
        .iter()
        .map(|o| (o["puzzle"].as_u64(), o["line"].as_u64(), o["solutions"].as_u64()))
        .collect();
    assert_eq!(
        numbers,
        [
            (Some(1), Some(1), Some(288)),
            (Some(2), Some(2), Some(24)),
            (Some(3), Some(3), Some(0)),
            (Some(4), Some(4), Some(12)),
        ]
    );
}

#[test]
fn a_bad_line_in_a_batch_is_reported_and_the_rest_are_counted() {
    let input = format!("{EMPTY_4X4}\n{MULTI_4X4}\n127.............\n1...............\n");
    let output = run(&["count"], &input);
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(output.stdout, "288\n24\n72\n");
    assert_eq!(
        output.stderr,
        "error: <stdin>:3:3: digit 7 is out of range for a 4x4 grid: expected 1-4 or `.`, `0` \
         or `_`\n  |\n3 | 127.............\n  |   ^\n"
    );
}

#[test]
fn max_0_is_a_usage_error() {
    let output = run(&["count", "--max", "0"], EMPTY_4X4);
    assert_bad_input(&output, &["--max"]);
}
