//! `--help` as a newcomer reads it: the commands in the order they are met, a summary naming
//! every command family, one-line helps saying what a user gets, and every format value
//! offered one the command honours.

use super::{EMPTY_4X4, assert_bad_input, run};

/// The commands in the order `satdoku --help` lists them.
const ORDER: [&str; 17] = [
    "solve",
    "check",
    "count",
    "candidates",
    "explain",
    "rate",
    "minimise",
    "complete",
    "generate",
    "render",
    "link",
    "encode",
    "verify",
    "bench",
    "serve",
    "rules",
    "puzzles",
];

/// The text of `satdoku ARGS --help`, which must exit 0.
fn help(args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.push("--help");
    let output = run(&args, "");
    assert_eq!(output.code, 0, "{output}");
    output.stdout
}

#[test]
fn the_commands_are_listed_in_the_order_a_newcomer_follows() {
    let text = help(&[]);
    let commands = text.split("Commands:\n").nth(1).expect("a command list");
    let listed: Vec<&str> = commands
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert_eq!(listed, ORDER, "{text}");
}

#[test]
fn the_summary_names_every_command_family() {
    let text = help(&[]);
    let summary = text.split("\n\n").next().expect("a summary").to_lowercase();
    for family in ORDER.iter().filter(|name| !matches!(**name, "rules" | "puzzles")) {
        let word = family.strip_suffix('s').unwrap_or(family);
        assert!(summary.contains(word), "the summary does not name `{family}`:\n{summary}");
    }
}

#[test]
fn rate_and_explain_offer_no_grids() {
    for command in ["rate", "explain", "verify", "bench"] {
        let text = help(&[command]);
        assert!(!text.contains("box lines"), "`{command} --help` offers grids:\n{text}");
        assert!(text.contains("pretty"), "{text}");
    }
    assert!(help(&["solve"]).contains("grid with box lines"));
    assert!(help(&["candidates"]).contains("grid with box lines"));
}

#[test]
fn the_textbook_engine_is_named_for_a_user() {
    let text = help(&["solve"]);
    assert!(!text.contains("course's"), "{text}");
    assert!(text.contains("textbook:"), "{text}");
    assert!(text.contains("recursive backtracking solver as taught in courses"), "{text}");
}

#[test]
fn render_and_encode_take_one_puzzle() {
    for command in ["render", "encode"] {
        let text = help(&[command]);
        assert!(text.contains(&format!("Usage: satdoku {command} [OPTIONS] [INPUT]\n")), "{text}");
        let output = run(&[command, EMPTY_4X4, EMPTY_4X4], "");
        assert_bad_input(&output, &["unexpected argument"]);
    }
    assert!(help(&[]).contains("One puzzle drawn as an SVG picture"));
}
