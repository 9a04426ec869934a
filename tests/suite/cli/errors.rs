//! Bad input of every kind: exit 2, a message naming the problem and where it is, and
//! nothing on stdout; usage errors from clap.

use crate::cli::{EMPTY_4X4, Output, SQLITE, SQLITE_LINE, TempFile, assert_bad_input, run};

/// Every subcommand that reads puzzles.
const READERS: [&str; 7] =
    ["solve", "count", "check", "encode", "candidates", "minimise", "complete"];

/// Asserts a parse error at `line`:`column` of stdin: exit 2, empty stdout, the message
/// `error: <stdin>:LINE:COLUMN: ...` containing `message`, then the line echoed with a caret
/// under the column (and perhaps a hint).
fn assert_parse_error(output: &Output, line: usize, column: usize, message: &str) {
    assert_bad_input(output, &[message]);
    let mut lines = output.stderr.lines();
    let first = lines.next().unwrap();
    assert!(
        first.starts_with(&format!("error: <stdin>:{line}:{column}: ")),
        "expected the error at {line}:{column}\n{output}"
    );
    // A hint may follow the snippet (an empty stdin has one).
    let rest: Vec<&str> = lines.filter(|line| !line.starts_with("  hint: ")).collect();
    assert_eq!(rest.len(), 3, "expected a three-line snippet\n{output}");
    assert!(rest[1].starts_with(&format!("{line} | ")), "{output}");
    let caret = rest[2].split_once("| ").map(|(_, caret)| caret);
    assert_eq!(
        caret,
        Some(format!("{}^", " ".repeat(column - 1)).as_str()),
        "the caret must sit under column {column}\n{output}"
    );
}

/// `satdoku solve` on `input`.
fn solve(input: &str) -> Output {
    run(&["solve"], input)
}

#[test]
fn wrong_length_matches_the_readme() {
    let output = solve("1..x\n");
    assert_bad_input(&output, &[]);
    assert_eq!(
        output.stderr,
        "error: <stdin>:1:1: expected a line of N×N cells (16, 36, 64, 81, 144, 256, ...), \
         found 4 symbols\n  |\n1 | 1..x\n  | ^\n"
    );
}

#[test]
fn contradictory_givens_match_the_readme() {
    let line = format!("5...5{}", ".".repeat(76));
    let output = solve(&format!("{line}\n"));
    assert_bad_input(&output, &[]);
    assert_eq!(
        output.stderr,
        format!(
            "error: <stdin>:1:5: contradictory givens: r1c1 and r1c5 hold the same digit in row \
             1\n  |\n1 | {line}\n  |     ^\n"
        )
    );
}

#[test]
fn every_reader_rejects_bad_input_with_exit_2() {
    for command in READERS {
        for input in ["1..x\n", "11..............\n", "", "colour: blue\n................\n"] {
            let output = run(&[command], input);
            assert_bad_input(&output, &["<stdin>:1:"]);
        }
    }
}

#[test]
fn wrong_length_on_a_later_line() {
    let input = format!("title: a\n{}....\n", "\n".repeat(11));
    assert_parse_error(&solve(&input), 13, 1, "found 4 symbols");
}

#[test]
fn givens_of_the_wrong_length_for_the_size() {
    assert_parse_error(
        &solve("size: 4\n.........\n"),
        2,
        1,
        "expected 16 cells in `givens` for a 4x4 grid, found 9",
    );
}

#[test]
fn unknown_rule_in_the_header() {
    let output = solve(&format!("rules: classic, bogus\n{EMPTY_4X4}\n"));
    assert_parse_error(&output, 1, 17, "unknown rule `bogus`, expected one of classic");
    assert!(output.stderr.contains("miracle"), "{output}");
}

#[test]
fn unknown_rule_in_the_flag() {
    for command in READERS {
        let output = run(&[command, "--rules", "diagonal,bogus"], EMPTY_4X4);
        assert_bad_input(
            &output,
            &["--rules: unknown rule `bogus`, expected one of classic", "miracle"],
        );
    }
}

#[test]
fn digit_out_of_range() {
    assert_parse_error(
        &solve("5...............\n"),
        1,
        1,
        "digit 5 is out of range for a 4x4 grid: expected 1-4",
    );
    assert_parse_error(
        &solve("givens:\n1...\n..9.\n....\n....\n"),
        3,
        3,
        "digit 9 is out of range for a 4x4 grid",
    );
}

#[test]
fn even_and_odd_sections_of_the_wrong_shape() {
    let givens = format!("givens:\n{EMPTY_4X4}\n");
    assert_parse_error(
        &solve(&format!("{givens}even:\n..x\n....\n....\n....\n")),
        4,
        3,
        "expected 4 cells in this row of `even`, found 3",
    );
    assert_parse_error(
        &solve(&format!("{givens}odd:\nx...\n....\n....\n")),
        6,
        4,
        "expected 4 rows in `odd`, found 3",
    );
    assert_parse_error(
        &solve(&format!("{givens}even: x..............\n")),
        3,
        7,
        "expected 16 cells in `even` for a 4x4 grid, found 15",
    );
}

#[test]
fn contradictory_givens() {
    assert_parse_error(
        &solve("11..............\n"),
        1,
        2,
        "contradictory givens: r1c1 and r1c2 hold the same digit in row 1",
    );
    assert_parse_error(
        &solve("givens:\n2...\n....\n....\n....\nodd:\nx...\n....\n....\n....\n"),
        2,
        1,
        "contradictory givens: r1c1 holds 2 but is marked odd",
    );
    assert_parse_error(
        &solve("rules: anti-knight\ngivens: 1.....1.........\n"),
        2,
        15,
        "contradictory givens: r1c1 and r2c3 hold the same digit 1 (anti-knight)",
    );
    // Under `--rules` too.
    let output = run(&["solve", "--rules", "anti-knight"], "1.....1.........\n");
    assert_parse_error(&output, 1, 7, "(anti-knight)");
}

#[test]
fn empty_input() {
    for input in ["", "\n\n"] {
        assert_empty_input(&solve(input));
    }
}

#[test]
fn input_of_only_comments_is_empty() {
    assert_empty_input(&solve("# only a comment\n   \n"));
}

/// Asserts the error of a stdin without a puzzle: at 1:1, with its hint and no echo of an
/// empty line.
fn assert_empty_input(output: &Output) {
    assert_bad_input(output, &["error: <stdin>:1:1: empty input: expected a puzzle"]);
    let lines: Vec<&str> = output.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "the message and its hint\n{output}");
    assert!(lines[1].starts_with("  hint: "), "{output}");
}

#[test]
fn unknown_header_key() {
    assert_parse_error(
        &solve(&format!("colour: blue\n{EMPTY_4X4}\n")),
        1,
        1,
        "unknown header key `colour`, expected one of rules, size, boxes",
    );
}

#[test]
fn a_header_without_givens() {
    assert_parse_error(&solve("rules: miracle\n"), 1, 1, "expected a `givens:` section or a grid");
}

#[test]
fn sizes_without_usual_boxes() {
    assert_parse_error(
        &solve(&format!("size: 5\n{}\n", ".".repeat(25))),
        2,
        1,
        "expected a `boxes: RxC` line: a 5x5 grid has no usual boxes",
    );
    assert_parse_error(
        &solve(&format!("boxes: 3x3\n{EMPTY_4X4}\n")),
        1,
        8,
        "expected boxes whose rows × columns make 4 for a 4x4 grid, found 3x3",
    );
}

#[test]
fn missing_file() {
    for command in READERS {
        let output = run(&[command, "no/such/puzzle.txt"], "");
        assert_bad_input(&output, &["cannot read `no/such/puzzle.txt`: no such file"]);
    }
}

#[test]
fn bad_boxes_flag() {
    for shape in ["3", "x3", "3x", "axb"] {
        let output = run(&["solve", "--boxes", shape, SQLITE], "");
        assert_bad_input(
            &output,
            &["expected --boxes ROWSxCOLUMNS such as 3x3", &format!("`{shape}`")],
        );
    }
    // Well formed, but not a tiling of the grid.
    let grid = "......\n".repeat(6);
    let output = run(&["count", "--boxes", "4x4"], &grid);
    assert_parse_error(
        &output,
        1,
        1,
        "expected boxes whose rows × columns make 6 for a 6x6 grid, found 4x4",
    );
    // The usual boxes of a 6×6 grid are 2x3; 3x2 is another valid shape.
    let output = run(&["count", "--boxes", "3x2", "--max", "5"], &grid);
    assert_eq!((output.code, output.stdout.as_str()), (1, "5+\n"), "{output}");
}

#[test]
fn bad_keep_cell() {
    let output = run(&["minimise", "--keep", "r1c1,5,5", SQLITE_LINE], "");
    assert_bad_input(&output, &["expected a cell such as r1c1 in --keep, found `5`"]);
}

#[test]
fn help_exits_0() {
    let output = run(&["--help"], "");
    assert_eq!(output.code, 0, "{output}");
    assert!(output.stdout.contains("Usage: satdoku"), "{output}");
    for command in READERS.iter().chain(&["generate", "rules"]) {
        assert!(output.stdout.contains(command), "{command} missing from --help");
        let output = run(&[command, "--help"], "");
        assert_eq!(output.code, 0, "{output}");
        assert!(output.stdout.contains(&format!("Usage: satdoku {command}")), "{output}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let output = run(&["solve", "--format", "bogus"], EMPTY_4X4);
    assert_bad_input(&output, &["invalid value 'bogus'", "--format"]);
    let output = run(&["bogus"], "");
    assert_bad_input(&output, &["unrecognized subcommand 'bogus'"]);
    let output = run(&[], "");
    assert_eq!((output.code, output.stdout.as_str()), (2, ""), "{output}");
    let output = run(&["count", "--max", "lots"], EMPTY_4X4);
    assert_bad_input(&output, &["--max"]);
}

/// A line of the wrong length does not turn a batch into one bad grid.
#[test]
fn a_wrong_length_line_in_a_batch_is_reported_and_the_rest_go_on() {
    let input = format!("{SQLITE_LINE}\n1..x\n{SQLITE_LINE}\n");
    let output = run(&["check"], &input);
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(output.stdout, "unique\nunique\n", "{output}");
    assert!(output.stderr.starts_with("error: <stdin>:2:1: "), "{output}");
    assert!(output.stderr.contains("found 4 symbols"), "{output}");
}

#[test]
fn input_that_is_not_utf8_names_the_byte_and_where_it_is() {
    let path = std::env::temp_dir().join(format!("satdoku-latin1-{}.txt", std::process::id()));
    std::fs::write(&path, b"1...\n..\xff.\n").unwrap();
    let output = run(&["solve", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert_bad_input(&output, &[":2:3: expected UTF-8 text, found byte 0xff"]);
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let output = run(&["count"], &format!("\u{feff}{EMPTY_4X4}"));
    assert_eq!((output.code, output.stdout.as_str(), output.stderr.as_str()), (1, "288\n", ""));
}

#[test]
fn bad_limits_are_refused_before_any_work() {
    for timeout in ["nan", "-1", "inf", "soon"] {
        let output = run(&["generate", &format!("--timeout={timeout}")], "");
        assert_eq!(output.code, 2, "{output}");
        assert!(output.stdout.is_empty());
        assert!(output.stderr.contains("expected a number of seconds"), "{output}");
    }
    for jobs in ["0", "100000"] {
        let output = run(&["solve", "--jobs", jobs, SQLITE], "");
        assert_eq!((output.code, output.stdout.as_str()), (2, ""), "{output}");
    }
    let huge_boxes = run(&["solve"], &format!("boxes: 5x3689348814741910325\n{SQLITE_LINE}"));
    assert_bad_input(&huge_boxes, &["expected boxes whose rows × columns make 9"]);
}

#[test]
fn rules_without_any_grid_are_bad_input_for_generate() {
    let output = run(&["generate", "--rules", "miracle", "--size", "4", "--count", "3"], "");
    assert_bad_input(&output, &["no solution grid exists under rules `miracle` on a 4x4 grid"]);
    assert_eq!(output.stderr.matches("error:").count(), 1, "{output}");
}

#[test]
fn a_global_rule_that_needs_boxes_on_irregular_regions_is_bad_input_not_a_panic() {
    let puzzle = "rules: disjoint-groups\nregions:\naaab\nabbb\ncccd\ncddd\ngivens:\n....\n....\n....\n....\n";
    let expected =
        "does not fit this grid: expected boxes for disjoint groups, found irregular regions";
    assert_parse_error(&run(&["count"], puzzle), 1, 8, expected);
    let irregular = "regions:\naaab\nabbb\ncccd\ncddd\ngivens:\n....\n....\n....\n....\n";
    assert_bad_input(&run(&["count", "--rules", "disjoint-groups"], irregular), &[expected]);
    let link = run(&["link", "irregular-6x6-piggly-wiggly"], "").stdout;
    assert!(link.starts_with("https://www.f-puzzles.com/"), "{link}");
    assert_bad_input(&run(&["count", "--rules", "disjoint-groups", "-"], &link), &[expected]);
    // The JSON record reader too, read by a batch's workers (where a panic once lost its place).
    let record = r#"{"givens":"1...............","size":4,"regions":"AAABABBBCCCDCDDD","rules":["disjoint-groups"]}"#;
    assert_bad_input(&run(&["count", "-"], &format!("{record}\n{record}\n")), &[expected]);
    // And generate's template from a regions file (once a panic in Puzzle::new, exit 3).
    let regions = TempFile::new("irregular-4x4-regions.txt", b"aaab\nabbb\ncccd\ncddd\n");
    let output = run(&["generate", "--regions", regions.path(), "--rules", "disjoint-groups"], "");
    assert_bad_input(&output, &["--rules: the rule disjoint-groups", expected]);
}
