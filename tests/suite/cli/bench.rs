//! `satdoku bench` and `--engine`: every engine gives the same answers, and the bench times them
//! in one run against the first.

use crate::cli::{EMPTY_4X4, MULTI_9X9, SQLITE_LINE, SQLITE_SOLUTION, assert_bad_input, run};

const ENGINES: [&str; 3] = ["sat", "backtrack", "dlx"];

#[test]
fn every_engine_counts_the_empty_4x4_and_the_empty_miracle() {
    let miracle = format!("rules: miracle\n{}\n", ".".repeat(81));
    for engine in ENGINES {
        // Several solutions: exit 1 whatever the engine.
        let four = run(&["count", "--engine", engine], EMPTY_4X4);
        assert_eq!((four.code, four.stdout.as_str()), (1, "288\n"), "{engine}");
        let eight = run(&["count", "--engine", engine, "--max", "100"], &miracle);
        assert_eq!((eight.code, eight.stdout.as_str()), (1, "72\n"), "{engine}");
    }
}

#[test]
fn every_engine_solves_the_sqlite_example_and_reports_its_own_work() {
    let work = [("sat", "conflicts"), ("backtrack", "backtracks"), ("dlx", "nodes")];
    for (engine, counter) in work {
        let args = ["solve", "--engine", engine, "--conflicts", "-f", "json"];
        let output = run(&args, SQLITE_LINE);
        let answer = output.json_one();
        assert_eq!(answer["engine"], engine);
        assert_eq!(answer["solution"], SQLITE_SOLUTION, "{engine}");
        assert_eq!(answer["unique"], true, "{engine}");
        assert!(answer["stats"][counter].is_u64(), "{engine}: {answer}");
    }
}

#[test]
fn check_agrees_across_engines_on_a_multi_solution_puzzle() {
    for engine in ENGINES {
        let output = run(&["check", "--engine", engine], MULTI_9X9);
        assert_eq!((output.code, output.stdout.as_str()), (1, "multiple solutions\n"), "{engine}");
    }
}

#[test]
fn bench_reports_one_row_per_engine_with_the_first_as_baseline() {
    let batch = format!("{SQLITE_LINE}\n{MULTI_9X9}\n{EMPTY_4X4}\n");
    let output = run(&["bench", "--engines", "dlx,sat,backtrack", "-f", "json"], &batch);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let rows = output.json();
    let engines: Vec<_> = rows.iter().map(|row| row["engine"].as_str().unwrap()).collect();
    assert_eq!(engines, ["dlx", "sat", "backtrack"]);
    for row in &rows {
        assert_eq!(row["puzzles"], 3);
        assert_eq!(row["baseline"], "dlx");
        assert!(row["total_ms"].as_f64().unwrap() > 0.0);
    }
    assert_eq!(rows[0]["ratio"], 1.0);
}

#[test]
fn bench_pretty_prints_a_table() {
    let output = run(&["bench", "--repeat", "2"], SQLITE_LINE);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let lines = output.lines();
    assert!(lines[0].starts_with("engine"), "{}", output.stdout);
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("sat") && lines[1].ends_with("1.00x"), "{}", output.stdout);
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    let output = run(&["count", "--engine", "quantum"], EMPTY_4X4);
    assert_eq!(output.code, 2);
    assert!(output.stdout.is_empty());
    assert!(output.stderr.contains("quantum"), "{}", output.stderr);
    assert_bad_input(&run(&["bench"], "1..x"), &["<stdin>:1:1:"]);
}
