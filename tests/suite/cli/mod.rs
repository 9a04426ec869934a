//! The command-line tests: each subcommand run as a process, with its exit code, stdout and
//! stderr checked against the book, docs/commands.md (one file per subcommand, bad input in `errors.rs`).

mod bench;
mod candidates;
mod certify;
mod check;
mod complete;
mod count;
mod encode;
mod errors;
mod explain;
mod first_hour;
mod generate;
mod hard;
mod help;
mod limits;
mod link;
mod minimise;
mod rate;
mod render;
mod rules;
mod solve;
mod soundness;
mod textbook;

use std::fmt;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The bundled SQLite example: 30 givens, unique.
pub const SQLITE: &str = "puzzles/sqlite-example.txt";
/// The SQLite example's givens as one line.
pub const SQLITE_LINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The SQLite example's solution as one line.
pub const SQLITE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// The bundled Miracle Sudoku: two givens under `rules: miracle`.
pub const MIRACLE: &str = "puzzles/miracle.txt";
/// The empty 4×4 grid: 288 classic solutions.
pub const EMPTY_4X4: &str = "................";
/// A 4×4 puzzle with several solutions (24).
pub const MULTI_4X4: &str = "12..............";
/// A 4×4 puzzle with no solution whose givens break no rule directly.
pub const NONE_4X4: &str = "12....3.........";
/// The book's 9×9 puzzle with several solutions (docs/commands.md).
pub const MULTI_9X9: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// What a run of `satdoku` left behind.
pub struct Output {
    /// The exit code.
    pub code: i32,
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
}

impl Output {
    /// The stdout lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// Every stdout line parsed as one JSON object.
    pub fn json(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|line| {
                serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("not JSON ({error}): {line}\n{self}"))
            })
            .collect()
    }

    /// The single JSON object on stdout.
    pub fn json_one(&self) -> Value {
        let mut objects = self.json();
        assert_eq!(objects.len(), 1, "expected one JSON line\n{self}");
        objects.remove(0)
    }
}

impl fmt::Display for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "exit code: {}\n--- stdout\n{}--- stderr\n{}---",
            self.code, self.stdout, self.stderr
        )
    }
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Runs `satdoku ARGS` in the crate directory (so `puzzles/...` paths work) with `stdin` as
/// its standard input.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start satdoku");
    if let Some(mut input) = child.stdin.take() {
        // The process may exit before reading its input (a usage error, a file argument);
        // the inputs are far smaller than a pipe buffer, so a failed write is not a hang.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child.wait_with_output().expect("cannot wait for satdoku");
    Output {
        code: output.status.code().expect("satdoku was killed by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is not UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is not UTF-8"),
    }
}

/// Asserts the run rejected its input: exit 2, nothing on stdout, and each of `expected` in
/// the message on stderr, which starts with `error: `.
pub fn assert_bad_input(output: &Output, expected: &[&str]) {
    assert_eq!(output.code, 2, "bad input must exit 2\n{output}");
    assert_eq!(output.stdout, "", "bad input must leave stdout empty\n{output}");
    assert!(
        output.stderr.starts_with("error: "),
        "the message must start with `error: `\n{output}"
    );
    for part in expected {
        assert!(output.stderr.contains(part), "stderr should contain {part:?}\n{output}");
    }
}

/// Asserts a successful run with nothing on stderr.
pub fn assert_success(output: &Output) {
    assert_eq!(output.code, 0, "expected exit 0\n{output}");
    assert_eq!(output.stderr, "", "expected an empty stderr\n{output}");
}

/// Runs `satdoku check -f line` on `puzzles` (one line each) with `extra` flags and returns
/// the verdicts.
pub fn check_lines(puzzles: &[&str], extra: &[&str]) -> (i32, Vec<String>) {
    let mut args = vec!["check", "-f", "line"];
    args.extend_from_slice(extra);
    let output = run(&args, &(puzzles.join("\n") + "\n"));
    assert_eq!(output.stderr, "", "check wrote to stderr\n{output}");
    (output.code, output.lines().into_iter().map(String::from).collect())
}

/// Asserts every given of `givens` (a line) is necessary: removing any one of them leaves a
/// puzzle with several solutions, except the cells in `kept`.
pub fn assert_minimal(givens: &str, extra: &[&str], kept: &[usize]) {
    let reduced: Vec<String> = givens
        .char_indices()
        .filter(|&(i, c)| c != '.' && !kept.contains(&i))
        .map(|(i, _)| {
            let mut line = givens.to_string();
            line.replace_range(i..=i, ".");
            line
        })
        .collect();
    assert!(!reduced.is_empty(), "no givens to remove in {givens}");
    let reduced: Vec<&str> = reduced.iter().map(String::as_str).collect();
    let (code, verdicts) = check_lines(&reduced, extra);
    assert_eq!(code, 1, "removing a given must break uniqueness");
    assert_eq!(verdicts.len(), reduced.len());
    for (puzzle, verdict) in reduced.iter().zip(&verdicts) {
        assert_eq!(
            verdict, "multiple solutions",
            "a given of {givens} is redundant: {puzzle} is still {verdict}"
        );
    }
}

/// Asserts `grid` (a line) agrees with every given of `givens` (a line).
pub fn assert_extends(grid: &str, givens: &str) {
    assert_eq!(grid.len(), givens.len(), "{grid} vs {givens}");
    for (i, (g, s)) in givens.chars().zip(grid.chars()).enumerate() {
        assert!(g == '.' || g == s, "cell {i}: given {g} but {s} in\n{givens}\n{grid}");
    }
}

/// Counts the givens of a line.
pub fn given_count(line: &str) -> usize {
    line.chars().filter(|&c| c != '.').count()
}
