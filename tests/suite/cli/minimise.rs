//! `satdoku minimise`: a minimal puzzle with the same unique solution; exit 1 when the puzzle
//! is not unique.

use crate::cli::{
    MULTI_4X4, NONE_4X4, SQLITE, SQLITE_LINE, SQLITE_SOLUTION, assert_bad_input, assert_extends,
    assert_minimal, assert_success, check_lines, given_count, run,
};

#[test]
fn the_sqlite_example_loses_givens_and_stays_unique() {
    let output = run(&["minimise", "-f", "json", SQLITE], "");
    assert_success(&output);
    let object = output.json_one();
    let givens = object["givens"].as_str().unwrap();
    let count = object["given_count"].as_u64().unwrap() as usize;
    assert_eq!(count, given_count(givens));
    assert!(count < 30, "{object}");
    assert_eq!(object["removed"].as_u64(), Some(30 - count as u64));
    // Classic rules: the pre-pass and the search answer every question, no SAT call.
    assert_eq!(object["sat_calls"].as_u64(), Some(0), "{object}");
    assert_eq!(object["solution"], SQLITE_SOLUTION);
    assert_eq!(object["rules"], "classic");
    assert_eq!(object["size"], 9);
    assert_eq!((&object["puzzle"], &object["line"]), (&1.into(), &1.into()));
    assert!(object["stats"]["variables"].is_number());
    assert_eq!(object["stats"]["conflicts"], serde_json::Value::Null);
    // A subset of the original givens, with the same unique solution, and minimal.
    assert_extends(SQLITE_LINE, givens);
    assert_eq!(check_lines(&[givens], &[]), (0, vec!["unique".to_string()]));
    let solved = run(&["solve", "-f", "line"], givens);
    assert_eq!(solved.stdout, format!("{SQLITE_SOLUTION} unique\n"));
    assert_minimal(givens, &[], &[]);
}

#[test]
fn the_same_seed_gives_the_same_puzzle() {
    for format in ["pretty", "line", "json"] {
        let args = ["minimise", "--seed", "3", "-f", format, SQLITE];
        let first = run(&args, "");
        assert_success(&first);
        let json_without_times = |output: &crate::cli::Output| {
            if format != "json" {
                return output.stdout.clone();
            }
            let mut object = output.json_one();
            object["stats"]["solve_ms"] = serde_json::Value::Null;
            object.to_string()
        };
        assert_eq!(json_without_times(&first), json_without_times(&run(&args, "")));
    }
}

#[test]
fn pretty_is_the_puzzle_text_format_under_a_summary() {
    let output = run(&["minimise", "--seed", "3", SQLITE], "");
    assert_success(&output);
    let lines = output.lines();
    assert!(lines[0].starts_with("# minimal: "), "{output}");
    assert!(lines[0].contains(" givens ("), "{output}");
    assert!(lines.contains(&"title: SQLite recursive CTE example"), "{output}");
    assert!(lines.contains(&"rules: classic"), "{output}");
    assert!(lines.contains(&"givens:"), "{output}");
    assert!(lines.contains(&"solution:"), "{output}");
    // The output reads back as the same minimal puzzle.
    let line = run(&["minimise", "--seed", "3", "-f", "line", SQLITE], "");
    let reread = run(&["solve", "-f", "json"], &output.stdout);
    assert_success(&reread);
    let object = reread.json_one();
    assert_eq!(object["unique"], true);
    assert_eq!(object["solution"], SQLITE_SOLUTION);
    let givens = line.stdout.trim_end();
    let again = run(&["minimise", "--seed", "3", "-f", "line"], &output.stdout);
    assert_eq!(again.stdout.trim_end(), givens, "a minimal puzzle stays as it is");
}

#[test]
fn keep_keeps_the_named_givens() {
    // With seed 3 the minimiser drops r1c1 (a 5) unless told to keep it.
    let dropped = run(&["minimise", "--seed", "3", "-f", "line", SQLITE], "");
    assert_success(&dropped);
    assert!(dropped.stdout.starts_with('.'), "{dropped}");

    let output = run(&["minimise", "--seed", "3", "-f", "line", "--keep", "r1c1", SQLITE], "");
    assert_success(&output);
    let givens = output.stdout.trim_end();
    assert!(givens.starts_with('5'), "{output}");
    assert_extends(SQLITE_LINE, givens);
    assert_eq!(check_lines(&[givens], &[]).0, 0);
    assert_minimal(givens, &[], &[0]);

    let output = run(&["minimise", "-f", "line", "--keep", "r1c1,r9c9", SQLITE], "");
    assert_success(&output);
    let givens = output.stdout.trim_end();
    assert_eq!((&givens[..1], &givens[80..]), ("5", "9"), "{output}");
}

#[test]
fn symmetry_removes_givens_in_pairs() {
    // The minimiser keeps a symmetric subset: start from the full solution, which is
    // symmetric in every way.
    let output = run(&["minimise", "--symmetry", "rotational", "-f", "line"], SQLITE_SOLUTION);
    assert_success(&output);
    let givens: Vec<char> = output.stdout.trim_end().chars().collect();
    for i in 0..81 {
        assert_eq!(givens[i] == '.', givens[80 - i] == '.', "cell {i}: {output}");
    }
    assert_eq!(check_lines(&[output.stdout.trim_end()], &[]).0, 0);
}

#[test]
fn several_solutions_is_an_error_exit_1() {
    let output = run(&["minimise"], MULTI_4X4);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "");
    assert!(
        output.stderr.starts_with("error: puzzle 1 (line 1): the puzzle has several solutions"),
        "{output}"
    );
    assert!(output.stderr.contains("first solution:\n"), "{output}");
    assert!(output.stderr.contains("second solution:\n"), "{output}");
}

#[test]
fn no_solution_is_an_error_exit_1() {
    let output = run(&["minimise"], NONE_4X4);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "");
    assert!(output.stderr.contains("no solution"), "{output}");

    // With JSON, the failure is a record on stdout too.
    let output = run(&["minimise", "-f", "json"], NONE_4X4);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(
        output.json_one(),
        serde_json::json!({"puzzle": 1, "line": 1, "error": "the puzzle has no solution"})
    );
    assert!(output.stderr.contains("no solution"), "{output}");
}

#[test]
fn a_batch_minimises_every_unique_puzzle() {
    let input = format!("{SQLITE_LINE}\n{MULTI_4X4}\n{SQLITE_LINE}\n");
    let output = run(&["minimise", "-f", "json", "--seed", "9"], &input);
    assert_eq!(output.code, 1, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 3, "{output}");
    assert_eq!((&objects[0]["puzzle"], &objects[2]["puzzle"]), (&1.into(), &3.into()));
    assert_eq!(objects[0]["givens"], objects[2]["givens"]);
    // The puzzle with several solutions is a record of its own: number, line and error.
    assert_eq!((&objects[1]["puzzle"], &objects[1]["line"]), (&2.into(), &2.into()));
    let error = objects[1]["error"].as_str().unwrap();
    assert!(error.starts_with("the puzzle has several solutions"), "{output}");
    assert_eq!(objects[1].as_object().unwrap().len(), 3, "{output}");
    assert!(output.stderr.starts_with("error: puzzle 2 (line 2): "), "{output}");
}

#[test]
fn a_bad_keep_cell_is_bad_input() {
    for cell in ["zz", "r0c1", "r1", "c1r1"] {
        let output = run(&["minimise", "--keep", cell, SQLITE], "");
        assert_bad_input(&output, &["--keep", &format!("`{cell}`")]);
    }
}

#[test]
fn a_keep_cell_outside_the_grid_is_bad_input() {
    let output = run(&["minimise", "--keep", "r10c1", SQLITE], "");
    assert_bad_input(&output, &["r10c1"]);
}

#[test]
fn a_batch_gives_the_same_output_in_order_for_any_number_of_jobs() {
    let batch = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
                 ..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..\n\
                 12..............\n\
                 1...............\n";
    let one = run(&["minimise", "--seed", "4", "-f", "line", "--jobs", "1"], batch);
    let two = run(&["minimise", "--seed", "4", "-f", "line", "--jobs", "2"], batch);
    assert_eq!(one.code, 1, "two puzzles have several solutions: {}", one.stderr);
    assert_eq!((one.code, &one.stdout, &one.stderr), (two.code, &two.stdout, &two.stderr));
    assert_eq!(one.lines().len(), 2);
    let solved = run(&["solve", "-f", "line", "--jobs", "2"], batch);
    assert_eq!(solved.lines().len(), 4);
    assert_eq!(solved.lines()[0], format!("{} unique", crate::cli::SQLITE_SOLUTION));
}
