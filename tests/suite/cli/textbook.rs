//! `--engine textbook|textbook-implications|textbook-repeat`: the course's solver, with its
//! exact backtrack counts in JSON, agreeing with the other engines.

use crate::cli::{EMPTY_4X4, MULTI_9X9, SQLITE_LINE, SQLITE_SOLUTION, assert_bad_input, run};

/// The three modes and the backtracks each takes on the course's first example.
const MODES: [(&str, &str, u64); 3] = [
    ("textbook", "none", 579),
    ("textbook-implications", "once", 10),
    ("textbook-repeat", "repeat", 3),
];

/// The course's first example.
const COURSE_FIRST: &str =
    "5176...34289..4...3462.5.9.6.2....1..38..6.47..........9.....787.34..56..........";

#[test]
fn solve_reports_the_course_backtracks_and_the_mode() {
    let sat = run(&["solve", "-f", "json"], COURSE_FIRST).json_one();
    for (engine, mode, backtracks) in MODES {
        let output = run(&["solve", "--engine", engine, "-f", "json"], COURSE_FIRST);
        assert_eq!(output.code, 0, "{output}");
        let answer = output.json_one();
        assert_eq!(answer["engine"], engine);
        assert_eq!(answer["stats"]["backtracks"], backtracks, "{answer}");
        assert_eq!(answer["stats"]["implications"], mode, "{answer}");
        // Proving uniqueness searches on past the solution: at least as many in all.
        assert!(answer["stats"]["backtracks_total"].as_u64() >= Some(backtracks), "{answer}");
        assert_eq!((&answer["solution"], &answer["unique"]), (&sat["solution"], &sat["unique"]));
    }
}

#[test]
fn every_mode_counts_checks_and_solves_like_sat() {
    for (engine, _, _) in MODES {
        // Several solutions: exit 1.
        let four = run(&["count", "--engine", engine], EMPTY_4X4);
        assert_eq!((four.code, four.stdout.as_str()), (1, "288\n"), "{engine}");
        let several = run(&["check", "--engine", engine], MULTI_9X9);
        assert_eq!((several.code, several.stdout.as_str()), (1, "multiple solutions\n"));
        let sqlite = run(&["solve", "--engine", engine, "-f", "line"], SQLITE_LINE);
        let expected = format!("{SQLITE_SOLUTION} unique\n");
        assert_eq!((sqlite.code, sqlite.stdout.as_str()), (0, expected.as_str()), "{engine}");
    }
    // Other rules are checked through the IR (the implication modes take seconds here).
    let miracle = run(&["count", "--engine", "textbook", "puzzles/miracle.txt"], "");
    assert_eq!((miracle.code, miracle.stdout.as_str()), (0, "1\n"));
}

#[test]
fn bench_times_the_modes_and_finds_them_agreeing() {
    let engines = "sat,textbook,textbook-implications,textbook-repeat";
    let output = run(&["bench", "--engines", engines, "-f", "line"], SQLITE_LINE);
    assert_eq!(output.code, 0, "{output}");
    let names: Vec<&str> =
        output.lines().iter().map(|line| line.split('\t').next().unwrap()).collect();
    assert_eq!(names, engines.split(',').collect::<Vec<_>>());
}

#[test]
fn an_unknown_mode_is_a_usage_error() {
    let output = run(&["solve", "--engine", "textbook-twice"], SQLITE_LINE);
    assert_bad_input(&output, &["textbook-twice", "textbook-implications"]);
}
