//! Points 6 to 8: the same exit codes in every format, `unique`/`multiple` in the line
//! format, JSON records for puzzles without an answer, and candidate counts in the line format.

use serde_json::json;

use super::TempFile;
use crate::cli::{MULTI_4X4, NONE_4X4, assert_success, run};

/// Point 6: solve, count and check exit 0 only for a unique puzzle, in every format.
#[test]
fn exit_codes_are_the_same_for_every_command_and_format() {
    for (puzzle, code) in [(NONE_4X4, 1), ("1234341221434321", 0), (MULTI_4X4, 1)] {
        for command in ["solve", "count", "check"] {
            for format in ["pretty", "line", "json"] {
                let output = run(&[command, "-f", format, puzzle], "");
                assert_eq!(output.code, code, "{command} -f {format} {puzzle}\n{output}");
                assert_eq!(output.stderr, "", "{output}");
            }
        }
    }
}

/// Point 6: `solve --format line` says whether the solution is the only one.
#[test]
fn solve_line_says_unique_multiple_or_none() {
    let output = run(&["solve", "-f", "line", "1234341221434321", MULTI_4X4, NONE_4X4], "");
    assert_eq!(output.code, 1, "{output}");
    let lines = output.lines();
    assert_eq!(lines[0], "1234341221434321 unique");
    let (grid, verdict) = lines[1].split_once(' ').unwrap();
    assert_eq!((grid.len(), &grid[..2], verdict), (16, "12", "multiple"), "{output}");
    assert_eq!(lines[2], "none");
}

/// Point 7: with `--format json` a bad puzzle of a batch is a record on stdout (and the error
/// on stderr); the rest are answered; exit 2.
#[test]
fn bad_input_in_a_json_batch_is_a_record() {
    let file = TempFile::new("batch.txt", b"1234341221434321\n12.x\n123.............\n1.5.\n");
    let output = run(&["solve", "-f", "json", file.path()], "");
    assert_eq!(output.code, 2, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 4, "{output}");
    assert_eq!(objects[0]["unique"], true);
    let message = "expected a line of N×N cells (16, 36, 64, 81, 144, 256, ...), found 4 symbols";
    let record =
        json!({"puzzle": 2, "input": file.path(), "line": 2, "column": 1, "error": message});
    assert_eq!(objects[1], record);
    assert_eq!((&objects[2]["puzzle"], &objects[2]["unique"]), (&json!(3), &json!(false)));
    // A last line of four symbols is still a line of the batch, not a grid row.
    assert_eq!((&objects[3]["puzzle"], &objects[3]["line"]), (&json!(4), &json!(4)));
    assert_eq!(objects[3]["error"], message);
    assert!(
        output.stderr.starts_with(&format!("error: {}:2:1: {message}", file.path())),
        "{output}"
    );
    assert!(output.stderr.contains(&format!("error: {}:4:1: ", file.path())), "{output}");
}

/// Point 7: minimise and complete report a puzzle that is not unique as a record too.
#[test]
fn minimise_and_complete_failures_are_records() {
    let input = format!("1234341221434321\n{NONE_4X4}\n{MULTI_4X4}\n");
    let output = run(&["minimise", "-f", "json"], &input);
    assert_eq!(output.code, 1, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 3, "{output}");
    assert_eq!(objects[1], json!({"puzzle": 2, "line": 2, "error": "the puzzle has no solution"}));
    assert_eq!((&objects[2]["puzzle"], &objects[2]["line"]), (&json!(3), &json!(3)));
    let several = objects[2]["error"].as_str().unwrap();
    assert!(several.starts_with("the puzzle has several solutions"), "{output}");

    let output = run(&["complete", "-f", "json"], &input);
    assert_eq!(output.code, 1, "{output}");
    let objects = output.json();
    assert_eq!(objects.len(), 3, "{output}");
    assert_eq!(objects[1], json!({"puzzle": 2, "line": 2, "error": "the puzzle has no solution"}));
    assert_eq!(objects[2]["added"].as_array().map(Vec::is_empty), Some(false), "{output}");
}

/// Point 8: `candidates --count-up-to K --format line`: the cells, then the counts.
#[test]
fn candidate_counts_in_the_line_format() {
    let output = run(&["candidates", "--count-up-to", "9", "-f", "line", "12..3.........4."], "");
    assert_success(&output);
    assert_eq!(
        output.stdout,
        "1 2 3 4 3 4 12 12 4 13 12 123 2 13 4 13 | r1c1=1:3 r1c2=2:3 r1c3=3:3 r1c4=4:3 r2c1=3:3 \
         r2c2=4:3 r2c3=1:2 r2c3=2:1 r2c4=1:1 r2c4=2:2 r3c1=4:3 r3c2=1:1 r3c2=3:2 r3c3=1:1 \
         r3c3=2:2 r3c4=1:1 r3c4=2:1 r3c4=3:1 r4c1=2:3 r4c2=1:2 r4c2=3:1 r4c3=4:3 r4c4=1:1 \
         r4c4=3:2\n"
    );
    // Counts cut at K are marked with `+`.
    let output = run(&["candidates", "--count-up-to", "2", "-f", "line", MULTI_4X4], "");
    assert_success(&output);
    let (cells, counts) = output.stdout.trim_end().split_once(" | ").unwrap();
    assert!(cells.starts_with("1 2 34 34 "), "{output}");
    assert!(counts.starts_with("r1c1=1:2+ r1c2=2:2+ r1c3=3:2+"), "{output}");
}
