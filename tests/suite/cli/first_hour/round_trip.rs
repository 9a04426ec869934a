//! Point 13 of the "first hour" issue: every command that prints a puzzle (minimise, complete,
//! generate) keeps its rules, box shape and even/odd marks in every format, so its output read
//! back is the same puzzle, unique. For each rule, each command and each format, the printed
//! output is piped into `satdoku count` (one solution, exit 0) and into `satdoku complete -f
//! json`, which leaves a unique puzzle as it is and prints its rules, boxes, givens, marks and
//! solution: these must be those of the command's own JSON record.

use serde_json::{Value, json};

use crate::cli::{Output, assert_success, run};

/// The output formats.
const FORMATS: [&str; 3] = ["pretty", "line", "json"];

/// A rule (or box shape) to round-trip: what `generate` is given, and the `rules` and `boxes`
/// its JSON record names.
struct Case {
    generate: &'static [&'static str],
    rules: &'static str,
    boxes: &'static str,
}

/// Every rule, and a box shape that is not the usual one; 6×6 but for miracle, which has no
/// 6×6 grid.
const CASES: [Case; 9] = [
    Case { generate: &["--size", "6"], rules: "classic", boxes: "2x3" },
    Case { generate: &["--size", "6", "--boxes", "3x2"], rules: "classic", boxes: "3x2" },
    Case {
        generate: &["--size", "6", "--rules", "diagonal"],
        rules: "diagonal-, diagonal+",
        boxes: "2x3",
    },
    Case { generate: &["--size", "6", "--rules", "diagonal+"], rules: "diagonal+", boxes: "2x3" },
    Case { generate: &["--size", "6", "--rules", "diagonal-"], rules: "diagonal-", boxes: "2x3" },
    Case { generate: &["--size", "6", "--rules", "anti-king"], rules: "anti-king", boxes: "2x3" },
    Case {
        generate: &["--size", "6", "--rules", "anti-knight"],
        rules: "anti-knight",
        boxes: "2x3",
    },
    Case {
        generate: &["--size", "6", "--rules", "non-consecutive"],
        rules: "non-consecutive",
        boxes: "2x3",
    },
    Case {
        generate: &["--rules", "miracle"],
        rules: "anti-king, anti-knight, non-consecutive",
        boxes: "3x3",
    },
];

/// The fields of a JSON record that make the puzzle.
fn puzzle_of(record: &Value) -> Value {
    let keys = ["rules", "size", "boxes", "givens", "even", "odd", "solution"];
    Value::Object(keys.iter().map(|&key| (key.to_string(), record[key].clone())).collect())
}

/// Runs `satdoku ARGS -f FORMAT` on `input`, asserting success.
fn print(args: &[&str], format: &str, input: &str) -> Output {
    let mut all = args.to_vec();
    all.extend(["-f", format]);
    let output = run(&all, input);
    assert_success(&output);
    output
}

/// Asserts `printed` (the output of `args` in `format`) reads back as `puzzle`, unique.
fn assert_reads_back(printed: &str, puzzle: &Value, what: &str) {
    let count = run(&["count"], printed);
    assert_eq!((count.code, count.stdout.as_str()), (0, "1\n"), "{what}:\n{printed}\n{count}");
    let reread = run(&["complete", "-f", "json"], printed);
    assert_success(&reread);
    let record = reread.json_one();
    assert_eq!(record["added"], json!([]), "{what} is not unique read back:\n{printed}");
    assert_eq!(&puzzle_of(&record), puzzle, "{what} reads back as another puzzle:\n{printed}");
}

/// Asserts the puzzle `args` prints from `input` reads back the same in every format, and
/// returns it (from its JSON record).
fn assert_round_trips(args: &[&str], input: &str) -> Value {
    let puzzle = puzzle_of(&print(args, "json", input).json_one());
    for format in FORMATS {
        let printed = print(args, format, input).stdout;
        assert_reads_back(&printed, &puzzle, &format!("{args:?} -f {format}"));
    }
    puzzle
}

/// `givens` with its first given removed.
fn without_first_given(givens: &str) -> String {
    let first = givens.find(|c| c != '.').expect("a given");
    format!("{}.{}", &givens[..first], &givens[first + 1..])
}

#[test]
fn generate_minimise_and_complete_keep_every_rule_in_every_format() {
    for case in &CASES {
        let mut generate = vec!["generate", "--seed", "1"];
        generate.extend(case.generate);
        let generated = assert_round_trips(&generate, "");
        assert_eq!(
            (generated["rules"].as_str(), generated["boxes"].as_str()),
            (Some(case.rules), Some(case.boxes))
        );

        // The rules and boxes of the input, in the text format.
        let header = format!("rules: {}\nboxes: {}\n", case.rules, case.boxes);
        let solution = generated["solution"].as_str().unwrap();
        let minimised = assert_round_trips(
            &["minimise", "--seed", "2"],
            &format!("{header}givens: {solution}\n"),
        );
        assert_eq!(minimised["rules"], case.rules);

        // A minimal puzzle less one given has several solutions, so complete adds some.
        let givens = without_first_given(generated["givens"].as_str().unwrap());
        let completed = assert_round_trips(&["complete"], &format!("{header}givens: {givens}\n"));
        assert_ne!(completed["givens"].as_str(), Some(givens.as_str()));
        assert_eq!(completed["rules"], case.rules);
    }
}

#[test]
fn minimise_and_complete_keep_even_and_odd_marks_in_every_format() {
    // `generate` makes no marks (`--rules even` is refused), so the marks come from a puzzle.
    let minimised = assert_round_trips(&["minimise", "--seed", "3", "even-odd-6x6-lmi"], "");
    let marks = |puzzle: &Value, key: &str| puzzle[key].as_array().map_or(0, Vec::len);
    assert_eq!((marks(&minimised, "even"), marks(&minimised, "odd")), (5, 5), "{minimised}");

    // Less one given, in the one-line form with its parity string.
    let line = print(&["minimise", "--seed", "3", "even-odd-6x6-lmi"], "line", "").stdout;
    let (givens, parity) = line.trim_end().split_once(' ').expect("givens and parity");
    let input = format!("{} {parity}\n", without_first_given(givens));
    let completed = assert_round_trips(&["complete"], &input);
    assert_eq!((&completed["even"], &completed["odd"]), (&minimised["even"], &minimised["odd"]));
    assert_ne!(completed["givens"].as_str(), Some(givens));
}
