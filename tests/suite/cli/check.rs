//! `satdoku check`: `unique`, `no solution` or `multiple solutions`; exit 0 only when every
//! puzzle is unique.

use crate::cli::{MIRACLE, MULTI_4X4, NONE_4X4, SQLITE, SQLITE_LINE, assert_success, run};

#[test]
fn the_sqlite_example_is_unique() {
    let output = run(&["check", SQLITE], "");
    assert_success(&output);
    assert_eq!(output.stdout, "unique\n");
}

#[test]
fn the_miracle_is_unique() {
    let output = run(&["check", MIRACLE], "");
    assert_success(&output);
    assert_eq!(output.stdout, "unique\n");
}

#[test]
fn several_solutions_exit_1() {
    let output = run(&["check"], &format!("{MULTI_4X4}\n"));
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "multiple solutions\n");
    assert_eq!(output.stderr, "");
}

#[test]
fn no_solution_exits_1() {
    let output = run(&["check"], &format!("{NONE_4X4}\n"));
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "no solution\n");
    assert_eq!(output.stderr, "");
}

#[test]
fn the_miracle_givens_without_the_rules_are_not_unique() {
    let givens = format!("{}1{}2{}\n", ".".repeat(38), ".".repeat(12), ".".repeat(29));
    let output = run(&["check"], &givens);
    assert_eq!((output.code, output.stdout.as_str()), (1, "multiple solutions\n"));
    let output = run(&["check", "--rules", "miracle"], &givens);
    assert_success(&output);
    assert_eq!(output.stdout, "unique\n");
}

#[test]
fn json_caps_the_count_at_two() {
    let output = run(&["check", "-f", "json"], &format!("{MULTI_4X4}\n{SQLITE_LINE}\n"));
    assert_eq!(output.code, 1, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 2, "{output}");
    assert_eq!(objects[0]["solutions"], 2);
    assert_eq!(objects[0]["exact"], false);
    assert_eq!(objects[0]["unique"], false);
    assert_eq!(objects[1]["solutions"], 1);
    assert_eq!(objects[1]["exact"], true);
    assert_eq!(objects[1]["unique"], true);
    assert_eq!(objects[1]["puzzle"], 2);
    assert_eq!(objects[1]["line"], 2);
    assert!(objects[1]["time_ms"].is_number());
    assert!(objects[1]["stats"]["solve_calls"].is_number());
}

#[test]
fn a_batch_exits_0_only_when_every_puzzle_is_unique() {
    let output = run(&["check"], &format!("{SQLITE_LINE}\n{SQLITE_LINE}\n"));
    assert_success(&output);
    assert_eq!(output.stdout, "unique\nunique\n");

    let input = format!("{SQLITE_LINE}\n{MULTI_4X4}\n{NONE_4X4}\n{SQLITE_LINE}\n");
    let output = run(&["check"], &input);
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.stdout, "unique\nmultiple solutions\nno solution\nunique\n");
}

#[test]
fn bad_input_outranks_a_non_unique_puzzle() {
    let input = format!("{MULTI_4X4}\n11..............\n{SQLITE_LINE}\n");
    let output = run(&["check"], &input);
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(output.stdout, "multiple solutions\nunique\n");
    assert!(
        output.stderr.starts_with("error: <stdin>:2:2: contradictory givens: r1c1 and r1c2"),
        "{output}"
    );
}

#[test]
fn a_bad_line_in_a_file_is_reported_with_the_file_name() {
    let path = std::env::temp_dir().join(format!("satdoku-cli-check-{}.txt", std::process::id()));
    std::fs::write(&path, format!("{SQLITE_LINE}\n\n5...5{}\n", ".".repeat(76))).unwrap();
    let name = path.to_str().unwrap();
    let output = run(&["check", name], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(output.stdout, "unique\n");
    assert!(
        output.stderr.starts_with(&format!("error: {name}:3:5: contradictory givens")),
        "{output}"
    );
}

#[test]
fn line_and_dot_flags_say_what_drawings_mean() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/renban-159.txt");
    let puzzle: satdoku::Puzzle = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let document = crate::sudokupad::without_rules_text(&puzzle);
    let output = run(&["check", "-"], &document);
    crate::cli::assert_bad_input(&output, &["the pink line", "--line pink=RULE"]);
    let output = run(&["check", "--line", "pink=renban", "--dot", "white=white", "-"], &document);
    assert_eq!((output.code, output.stdout.as_str()), (0, "unique\n"), "{}", output.stderr);
    assert!(output.stderr.contains("read as renban (--line pink)"), "{}", output.stderr);
    let output = run(&["check", "--line", "pink=fibonacci", "-"], &document);
    crate::cli::assert_bad_input(&output, &["expected a line rule in --line pink=fibonacci"]);
    let output = run(&["check", "--dot", "pink=ratio-1", "-"], &document);
    crate::cli::assert_bad_input(&output, &["expected white, black, x, v, difference-K"]);
}

/// An `scl` link to renban-159 without its rules text: its pink lines cannot be read.
fn unexplained_link() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/renban-159.txt");
    let puzzle: satdoku::Puzzle = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let document = crate::sudokupad::without_rules_text(&puzzle);
    format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(&document))
}

#[test]
fn an_error_in_a_linked_puzzle_echoes_the_line_of_the_link() {
    let link = unexplained_link();
    let output = run(&["check", "-"], &format!("\n{link}\n"));
    crate::cli::assert_bad_input(
        &output,
        &["<stdin>:2:1: the pink line", "2 | https://sudokupad.app/scl"],
    );
}

#[test]
fn an_error_in_a_puzzle_linked_by_an_argument_echoes_no_empty_line() {
    let link = unexplained_link();
    let output = run(&["check", &link], "");
    crate::cli::assert_bad_input(&output, &["<argument 1>:1:1: the pink line"]);
    assert!(!output.stderr.contains(" |"), "an empty line echoed\n{output}");
}
