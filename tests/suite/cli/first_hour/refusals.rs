//! Point 16 and bounded reading: what was silently taken or dropped is now an error at its
//! line and column (a repeated header key, a cell both even and odd, a solution that breaks a
//! rule), control characters are spelt out when echoed, and an endless input stops.

use std::time::Duration;

use crate::cli::{assert_bad_input, run, run_within};

/// Point 16: a header key given twice is an error at the second, not a silent override.
#[test]
fn a_repeated_header_key_is_an_error() {
    let output = run(&["check"], "size: 4\nsize: 9\ngivens: 1...............\n");
    assert_bad_input(
        &output,
        &["<stdin>:2:1: expected one `size:` line, found a second one (the first is on line 1)"],
    );
}

/// Point 16: a cell marked both even and odd is an error at that cell.
#[test]
fn a_cell_marked_even_and_odd_is_an_error() {
    let input = "givens:\n1...\n....\n....\n....\neven:\n....\n.x..\n....\n....\nodd:\n....\n\
                 .x..\n....\n....\n";
    let output = run(&["check"], input);
    assert_bad_input(&output, &["<stdin>:13:2: expected a cell to be even or odd, found r2c2"]);
}

/// Point 16: a recorded solution that breaks a rule or changes a given is an error.
#[test]
fn an_invalid_solution_grid_is_an_error() {
    for (solution, message) in [
        ("1234123412341234", "2:15: the solution breaks a rule: r1c1 and r2c1"),
        ("2143341212344321", "2:11: the solution has 2 at r1c1, where the given is 1"),
    ] {
        let output = run(&["check"], &format!("givens: 1234............\nsolution: {solution}\n"));
        assert_bad_input(&output, &[&format!("<stdin>:{message}")]);
    }
}

/// Point 16: control characters in the echoed line are spelt out, so the terminal shows them.
#[test]
fn a_nul_byte_is_echoed_escaped() {
    let output = run(&["check"], "1...\0.\x1b.........\n");
    assert_bad_input(&output, &["<stdin>:1:5: ", "found `\\u{0}`"]);
    assert!(output.stderr.contains("\n1 | 1...\\u{0}.\\u{1b}.........\n"), "{output}");
    assert!(!output.stderr.contains('\0'), "{output}");
}

/// Bounded reading: an endless input without a line break fails at once.
#[test]
fn an_endless_line_fails_fast() {
    let output = run_within(&["count", "/dev/zero"], Duration::from_secs(10));
    assert_bad_input(&output, &["MiB"]);
}

#[test]
fn cages_are_refused_by_the_line_form_not_dropped() {
    let output = run(&["minimise", "--seed", "1", "-f", "line", "killer-6x6-extreme"], "");
    assert_eq!(output.code, 2, "{output}");
    assert!(output.stdout.is_empty(), "{output}");
    assert!(output.stderr.contains("cannot carry this puzzle's cages"), "{output}");
    let pretty = run(&["minimise", "--seed", "1", "killer-6x6-extreme"], "");
    assert_eq!(pretty.code, 0, "{pretty}");
    assert!(pretty.stdout.contains("cage:"), "{pretty}");
}

#[test]
fn json_records_carry_cages_lines_clues_and_regions() {
    for name in ["killer-6x6-extreme", "irregular-7x7-kropki", "sandwich-minimax", "arrow-eddies"] {
        let json = run(&["minimise", "--seed", "1", "-f", "json", name], "");
        let pretty = run(&["minimise", "--seed", "1", name], "");
        assert_eq!((json.code, pretty.code), (0, 0), "{json}{pretty}");
        let from_json: satdoku::Puzzle = json.stdout.parse().unwrap();
        let from_text: satdoku::Puzzle = pretty.stdout.parse().unwrap();
        assert_eq!(from_json.geometry(), from_text.geometry(), "{name}");
        assert_eq!(from_json.givens(), from_text.givens(), "{name}");
        assert_eq!(from_json.solution(), from_text.solution(), "{name}");
        let rules = |puzzle: &satdoku::Puzzle| -> std::collections::BTreeSet<satdoku::Rule> {
            let empty_mark = |rule: &&satdoku::Rule| rule.cells().is_empty() && !rule.is_global();
            puzzle.rules().iter().filter(|rule| !empty_mark(rule)).cloned().collect()
        };
        assert_eq!(rules(&from_json), rules(&from_text), "{name}");
        assert!(json.stdout.contains("\"constraint_lines\""), "{json}");
    }
}

#[test]
fn a_bad_constraint_line_or_region_in_a_json_record_is_an_error_at_it() {
    let record = "{\"givens\": \"................\",\n \"constraint_lines\": [\"cage: 3 r1c1 r1c2\", \
                  \"thermo: r1c1 r3c3\"]}\n";
    let output = run(&["check", "-"], record);
    assert_eq!((output.code, output.stdout.as_str()), (2, ""), "{output}");
    assert!(output.stderr.contains("<stdin>:2:44: expected a cell next to r1c1"), "{output}");
    let record = "{\"givens\": \"................\", \"regions\": \"aabbaabbccddccdx\"}\n";
    let output = run(&["check", "-"], record);
    assert_eq!((output.code, output.stdout.as_str()), (2, ""), "{output}");
    assert!(output.stderr.contains("<stdin>:1:32: expected regions of 4 cells"), "{output}");
}
