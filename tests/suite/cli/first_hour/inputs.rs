//! Points 4 and 5: puzzles, links and bundled names as arguments, several inputs one after
//! another, streams of text puzzles and JSON documents, and no input at all.

use std::process::{Command, Stdio};

use super::{FPUZZLES_DOCUMENT, SUDOKU_MAKER_DOCUMENT, TempFile, USUAL_REGIONS, fields};
use crate::cli::{EMPTY_4X4, Output, SQLITE_SOLUTION, assert_bad_input, run};

/// The f-puzzles link of docs/commands.md (a classic 9×9 puzzle, unique).
const FPUZZLES_LINK: &str = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAZlTQgpgDsEAXDBkqGr1GKdOy69+MQbNJyhtBggAsrCd3h8BAXWSEFh+ccUiEAVnUdN2mfL0Hyw5fABsVyVukLKSxgA4PG28TXzN4NXFrKQFQ50YARiCYu2IHMgywlwB2ZK9YzPiEFijPWyNCvwQxNmj8mXSKrMYAJjzyuKq3dpCM2XTm1R6CpqL4S1Lgkacuktqy3v79SvDAyZSfMdz1+orBQe6djrTl/bGko8WTPftlg5qNDevn0xcL+anUg4mPp76dHREIA=";
/// The puzzle of the f-puzzles and Sudoku Maker documents as a satdoku JSON record, with and
/// without its rule.
const RECORD: &str = r#"{"givens":"12..3...........","rules":"anti-knight","size":4}"#;
const RECORD_CLASSIC: &str = r#"{"givens":"12..3...........","size":4}"#;

/// Point 4: puzzles written out, links and bundled names are inputs like files.
#[test]
fn puzzles_links_and_bundled_names_as_arguments() {
    let payload = FPUZZLES_LINK.split_once("?load=").unwrap().1;
    let arguments = [
        "12..3.........4.",
        EMPTY_4X4,
        "1234341221434321",
        "sqlite-example",
        FPUZZLES_LINK,
        payload,
    ];
    let mut args = vec!["check"];
    args.extend(arguments);
    let output = run(&args, "");
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert_eq!(
        output.stdout,
        "multiple solutions\nmultiple solutions\nunique\nunique\nunique\nunique\n"
    );

    let output = run(&["solve", "-f", "json", "sqlite-example", EMPTY_4X4], "");
    assert_eq!(fields(&output, "puzzle"), [1, 2]);
    assert_eq!(output.json()[0]["solution"], SQLITE_SOLUTION);
}

/// Point 4: an argument that is none of the inputs is refused before any work.
#[test]
fn an_unknown_argument_names_what_was_expected() {
    for argument in ["bogus", "1234"] {
        let output = run(&["check", "1234341221434321", argument], "");
        assert_bad_input(
            &output,
            &[
                &format!("cannot read `{argument}`: expected a file, `-` for stdin"),
                "an f-puzzles or SudokuPad link",
                "bundled puzzle name",
            ],
        );
    }
    let output = run(&["check", "1234341221434321", "no/such/file.txt"], "");
    assert_bad_input(&output, &["cannot read `no/such/file.txt`: no such file"]);
}

/// Point 4: several files and stdin, one after another; `puzzle` counts across them, `line`
/// and the error's input are those of each.
#[test]
fn several_inputs_are_read_in_order() {
    let first = TempFile::new("first.txt", b"1234341221434321\n12..............\n");
    let second = TempFile::new("second.txt", b"1.1.............\n");
    let args = ["count", "-f", "json", first.path(), "-", second.path()];
    let output = run(&args, "1234............\n");
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(fields(&output, "puzzle"), [1, 2, 3, 4]);
    assert_eq!(fields(&output, "line"), [1, 2, 1, 1]);
    assert_eq!(fields(&output, "solutions")[..3], [1, 24, 12]);
    assert_eq!(output.json()[3]["input"], second.path());
    assert!(
        output.stderr.starts_with(&format!("error: {}:1:3: contradictory givens", second.path())),
        "{output}"
    );
}

/// Point 4: text-format puzzles and bare grids one after another, apart at a blank line or
/// a `---` line.
#[test]
fn text_puzzles_apart_at_a_blank_line_or_dashes() {
    let input = "1234\n3412\n2143\n....\n\n12..\n....\n....\n....\n---\n\
                 rules: anti-knight\ngivens:\n12..\n3...\n....\n....\n\n\
                 title: next\ngivens:\n1234\n....\n....\n....\n";
    let output = run(&["count", "-f", "json"], input);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert_eq!(fields(&output, "solutions"), [1, 24, 1, 12]);
    assert_eq!(fields(&output, "line"), [1, 6, 11, 18]);
}

/// Point 4: the same with `givens:` written on one line (a puzzle ends at the blank line).
#[test]
fn text_puzzles_with_inline_givens_apart_at_a_blank_line() {
    let input = "givens: 1234............\n\nrules: anti-knight\ngivens: 12..3...........\n";
    let output = run(&["count"], input);
    assert_eq!((output.code, output.stdout.as_str(), output.stderr.as_str()), (1, "12\n1\n", ""));
}

/// Point 4 and 12: JSON lines and documents one after another, each read by its keys
/// (f-puzzles, Sudoku Maker, satdoku record).
#[test]
fn json_lines_and_concatenated_documents_of_every_kind() {
    let fpuzzles = FPUZZLES_DOCUMENT.replace("GIVEN", "true");
    let maker = SUDOKU_MAKER_DOCUMENT.replace("CAGES", "[]").replace("REGIONS", USUAL_REGIONS);
    let lines = format!("{fpuzzles}\n{maker}\n{RECORD}\n{RECORD_CLASSIC}\n");
    let output = run(&["check", "-f", "json"], &lines);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert_eq!(fields(&output, "unique"), [true, true, true, false]);
    assert_eq!(fields(&output, "line"), [1, 2, 3, 4]);

    let concatenated =
        format!("{RECORD}{RECORD_CLASSIC}\n{{\n  \"givens\": \"1234341221434321\"\n}}\n{maker}");
    let output = run(&["check", "-f", "json"], &concatenated);
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert_eq!(fields(&output, "unique"), [true, false, true, true]);
    assert_eq!(fields(&output, "line"), [1, 1, 2, 5]);
}

/// Point 5: no INPUT reads stdin; empty stdin is "empty input", exit 2. When stdin is a
/// terminal satdoku says `error: no input: expected puzzle files, ...` and exits 2 instead
/// of waiting: a test has no terminal to give it, so that case is checked by hand
/// (`script -qc 'satdoku solve' /dev/null`).
#[test]
fn no_input_on_stdin_is_an_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .arg("solve")
        .stdin(Stdio::null())
        .output()
        .expect("cannot run satdoku");
    let output = Output {
        code: output.status.code().expect("satdoku was killed"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    };
    assert_bad_input(&output, &["<stdin>:1:1: empty input: expected a puzzle"]);
}
