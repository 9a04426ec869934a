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
        assert_eq!(row["rounds"], 3, "the default --repeat");
        assert!(row["total_ms"].as_f64().unwrap() > 0.0);
        // The rounds' median ratio lies within their spread.
        let ratio = |field: &str| row[field].as_f64().unwrap();
        let (min, max) = (ratio("round_ratio_min"), ratio("round_ratio_max"));
        assert!(min <= ratio("round_ratio_median") && ratio("round_ratio_median") <= max);
        assert!(min > 0.0 && ratio("ratio") > 0.0, "{row}");
    }
    let baseline = ["ratio", "round_ratio_median", "round_ratio_min", "round_ratio_max"];
    for field in baseline {
        assert_eq!(rows[0][field], 1.0, "the baseline against itself: {field}");
    }
}

#[test]
fn bench_lines_carry_the_ratio_and_its_spread() {
    let output = run(&["bench", "--repeat", "4", "-f", "line"], SQLITE_LINE);
    assert_eq!(output.code, 0, "{}", output.stderr);
    for line in output.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        // engine, puzzles, total, median, max, the ratio, then the rounds' median, min, max.
        assert_eq!(fields.len(), 9, "{line}");
        let ratios: Vec<f64> = fields[6..].iter().map(|field| field.parse().unwrap()).collect();
        assert!(ratios[1] <= ratios[0] && ratios[0] <= ratios[2], "{line}");
    }
}

#[test]
fn bench_pretty_prints_a_table() {
    let output = run(&["bench", "--repeat", "2"], SQLITE_LINE);
    assert_eq!(output.code, 0, "{}", output.stderr);
    let lines = output.lines();
    assert!(lines[0].starts_with("engine") && lines[0].ends_with("min–max"), "{}", output.stdout);
    assert_eq!(lines.len(), 4);
    let last_two: Vec<&str> = lines[1].split_whitespace().rev().take(2).collect();
    assert!(lines[1].starts_with("sat"), "{}", output.stdout);
    assert_eq!(last_two, ["1.00–1.00x", "1.00x"], "the baseline against itself");
    assert!(lines[1].contains(" 1.00x "), "{}", output.stdout);
    // Each engine's spread: the least and the greatest of the rounds' ratios.
    for line in &lines[2..] {
        let spread = line.split_whitespace().last().unwrap().trim_end_matches('x');
        let (min, max) = spread.split_once('–').unwrap();
        assert!(min.parse::<f64>().unwrap() <= max.parse::<f64>().unwrap(), "{line}");
    }
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    let output = run(&["count", "--engine", "quantum"], EMPTY_4X4);
    assert_eq!(output.code, 2);
    assert!(output.stdout.is_empty());
    assert!(output.stderr.contains("quantum"), "{}", output.stderr);
    assert_bad_input(&run(&["bench"], "1..x"), &["<stdin>:1:1:"]);
}
