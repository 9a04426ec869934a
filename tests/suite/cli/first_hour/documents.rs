//! Points 9 to 12, 14 and 15: `--rules even` refused, recorded solutions and f-puzzles solver
//! entries reported, the one-line form, Sudoku Maker documents, f-puzzles `given` types and
//! `--boxes` on f-puzzles.

use serde_json::Value;

use super::{FPUZZLES_DOCUMENT, SUDOKU_MAKER_DOCUMENT, USUAL_REGIONS};
use crate::cli::{assert_bad_input, assert_success, run};

/// Point 9: `even` and `odd` mark cells; as rules of the whole grid they are refused, saying
/// why and how to mark cells.
#[test]
fn rules_even_is_refused_with_a_reason() {
    for (args, rule) in [
        (vec!["count", "--rules", "even", "1..............."], "even"),
        (vec!["solve", "--rules", "classic,odd", "1..............."], "odd"),
        (vec!["generate", "--rules", "even"], "even"),
    ] {
        let output = run(&args, "");
        assert_bad_input(
            &output,
            &[
                &format!("--rules: `{rule}` marks cells, it is not a rule of the whole grid"),
                &format!("`{rule}:` section"),
                "parity string",
            ],
        );
    }
    let output = run(&["count"], "rules: even\ngivens: 1...............\n");
    assert_bad_input(&output, &["<stdin>:1:8: `even` marks cells"]);
    let listed = run(&["rules"], "");
    assert!(listed.stdout.contains("\neven, odd "), "{listed}");
}

/// Point 10: a recorded `solution:` other than the one found is a warning naming a cell, and
/// `"recorded_solution": "differs"` (the puzzle below has exactly these two solutions).
#[test]
fn a_recorded_solution_that_differs_is_reported() {
    let givens = "123434..214343..";
    let mut verdicts = Vec::new();
    for recorded in ["1234341221434321", "1234342121434312"] {
        let input = format!("givens: {givens}\nsolution: {recorded}\n");
        let output = run(&["check", "-f", "json"], &input);
        assert_eq!(output.code, 1, "{output}");
        let verdict = output.json_one()["recorded_solution"].clone();
        let warning = "warning: puzzle 1 (line 1): the recorded solution differs from the \
                       solution found at r2c3";
        match verdict.as_str() {
            Some("differs") => assert!(output.stderr.starts_with(warning), "{output}"),
            _ => assert_eq!(output.stderr, "", "{output}"),
        }
        verdicts.push(verdict);
    }
    verdicts.sort_by_key(Value::to_string);
    assert_eq!(verdicts, ["differs", "matches"]);
    let output = run(&["check", "-f", "json", "1234341221434321"], "");
    assert_eq!(output.json_one()["recorded_solution"], Value::Null);
}

/// Point 10: an f-puzzles solver's own entries (values without `"given": true`) are not
/// givens, and a warning lists them.
#[test]
fn fpuzzles_solver_entries_are_warned() {
    let document = FPUZZLES_DOCUMENT.replace("GIVEN", "false").replace("{}]]}", "{\"value\":4}]]}");
    let output = run(&["check"], &document);
    assert_eq!((output.code, output.stdout.as_str()), (1, "multiple solutions\n"), "{output}");
    assert_eq!(
        output.stderr,
        "warning: <stdin>:1: ignored 2 f-puzzles solver entries (values without \
         `\"given\": true`): r1c1=1 r4c4=4\n"
    );
}

/// Point 11: the even/odd dataset's lines (givens, then a parity string) as an argument.
#[test]
fn the_evenodd_dataset_line_is_one_puzzle() {
    let Some(datasets) = crate::data::datasets("cli::first_hour::the_evenodd_dataset_line") else {
        return;
    };
    let text = std::fs::read_to_string(datasets.join("variants/evenodd-9x9-129.txt")).unwrap();
    let line = text.lines().next().unwrap();
    let output = run(&["check", line], "");
    assert_success(&output);
    assert_eq!(output.stdout, "unique\n");
    // Without its parity string, the givens alone have several solutions.
    let givens = line.split_whitespace().next().unwrap();
    let output = run(&["check", givens], "");
    assert_eq!((output.code, output.stdout.as_str()), (1, "multiple solutions\n"));
}

/// Point 11: the one-line form with parity, box shape and rule names.
#[test]
fn the_one_line_form_carries_parity_boxes_and_rules() {
    let parity = "1................52....4......4..... .e.e....e....e.e....o.o....o....o.o.";
    let output = run(&["count", parity], "");
    assert_eq!((output.code, output.stdout.as_str()), (0, "1\n"), "{output}");
    let output = run(&["count", &parity[..36]], "");
    assert_eq!((output.code, output.stdout.as_str()), (1, "1000+\n"), "{output}");

    // r1c1 and r3c2 share a 3x2 box, not a 2x3 one; anti-knight forbids them too.
    let givens = "1............1......................";
    let output = run(&["count", "--max", "3", givens], "");
    assert_eq!((output.code, output.stdout.as_str()), (1, "3+\n"), "{output}");
    for (suffix, reason) in [(" 3x2", "in box 1"), (" anti-knight", "(anti-knight)")] {
        let output = run(&["count", &format!("{givens}{suffix}")], "");
        assert_bad_input(&output, &["<argument 1>:1:14: contradictory givens", reason]);
    }
}

/// Point 12: a Sudoku Maker document: givens, usual regions, rules and solution read.
#[test]
fn a_sudoku_maker_document_is_read() {
    let document = SUDOKU_MAKER_DOCUMENT.replace("CAGES", "[]").replace("REGIONS", USUAL_REGIONS);
    let output = run(&["solve", "-f", "json"], &document);
    assert_success(&output);
    let answer = output.json_one();
    assert_eq!(answer["unique"], true);
    assert_eq!(answer["solution"], "1243342143122134");
    assert_eq!(answer["recorded_solution"], "matches");
    let output = run(&["check"], &document.replace("\"antiknight\":true", "\"antiknight\":false"));
    assert_eq!((output.code, output.stdout.as_str()), (1, "multiple solutions\n"), "{output}");
}

/// Point 12: cages and irregular regions are refused, naming the format.
#[test]
fn sudoku_maker_cages_are_read_as_sudokupad_reads_them() {
    // A Sudoku Maker document is a SudokuPad document: a cage with a total is a killer cage.
    let cage = r#"[{"cells":[[0,0],[0,1]],"value":3}]"#;
    let document = SUDOKU_MAKER_DOCUMENT.replace("CAGES", cage).replace("REGIONS", USUAL_REGIONS);
    let output = run(&["check"], &document);
    assert_ne!(output.code, 2, "{output}");
    assert!(!output.stderr.contains("unsupported"), "{output}");
}

/// Point 14: an f-puzzles `given` is `true`, `false` or `null`; anything else is refused.
#[test]
fn a_wrong_typed_given_is_refused() {
    for (given, verdict) in
        [("true", "unique\n"), ("false", "multiple solutions\n"), ("null", "multiple solutions\n")]
    {
        let output = run(&["check", "--quiet"], &FPUZZLES_DOCUMENT.replace("GIVEN", given));
        assert_eq!(output.stdout, verdict, "given {given}\n{output}");
    }
    for given in [r#""true""#, "1", "[]"] {
        let output = run(&["check"], &FPUZZLES_DOCUMENT.replace("GIVEN", given));
        let expected = format!("expected `true` or `false` as `given` in r1c1, found `{given}`");
        assert_bad_input(&output, &["<stdin>:1:", &expected]);
    }
}

/// Point 15: `--boxes` may only repeat an f-puzzles document's usual boxes.
#[test]
fn boxes_on_an_fpuzzles_document() {
    let document = FPUZZLES_DOCUMENT.replace("GIVEN", "true");
    let output = run(&["check", "--boxes", "2x2"], &document);
    assert_success(&output);
    let output = run(&["check", "--boxes", "1x4"], &document);
    assert_bad_input(
        &output,
        &["--boxes 1x4 does not apply to an f-puzzles document: its 4x4 grid has 2x2 boxes"],
    );
}
