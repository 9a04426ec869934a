//! The Sudoku-Bench `challenge_100` report (`variants/sudoku-bench-challenge100/`): each of the
//! 100 puzzles read from its own link (`encoded_puzzle`: 85 SudokuPad `scl` payloads, 15
//! `fpuz` ones) by the library's link reader, exactly as `satdoku check LINK` reads it. Each
//! puzzle that loads must be unique with its recorded solution (0 wrong is a hard
//! assertion); each refusal is grouped by its reason, and the table is printed
//! (`cargo test --release --test suite sudoku_bench -- --nocapture`). The counts are the
//! ones docs/sudokupad.md states.

use std::collections::BTreeMap;
use std::fs;

use satdoku::model::parse::parse_puzzle;
use satdoku::model::sudokupad::decode_link;
use satdoku::{Grid, ParseOptions, count_up_to};
use serde_json::Value;

/// What became of one puzzle.
enum Outcome {
    /// Loaded, unique, the recorded solution.
    Right,
    /// Loaded, but not unique with the recorded solution: why.
    Wrong(String),
    /// Refused: the reader's message.
    Refused(String),
}

/// The outcome of one Sudoku-Bench file.
fn outcome(document: &Value) -> Outcome {
    let link = document["encoded_puzzle"].as_str().expect("encoded_puzzle");
    let payload = match decode_link(link) {
        Some(Ok(payload)) => payload,
        Some(Err(message)) => return Outcome::Refused(message),
        None => return Outcome::Refused("not a link".to_string()),
    };
    let puzzle = match parse_puzzle(&payload.into_json(), &ParseOptions::new()) {
        Ok(puzzle) => puzzle,
        Err(error) => return Outcome::Refused(error.message().to_string()),
    };
    // Compared as symbols: the puzzle's digits (1 to M) may go past its size.
    let geometry = puzzle.geometry();
    let recorded = Grid::from_line(geometry, document["solution"].as_str().expect("solution"));
    let count = count_up_to(&puzzle, 2).expect("no limit");
    match (count.count(), recorded) {
        (1, Some(recorded)) if count.first_solutions()[0].to_line() == recorded.to_line() => {
            Outcome::Right
        }
        (1, _) => Outcome::Wrong("unique, but not the recorded solution".to_string()),
        (n, _) => Outcome::Wrong(format!("{n} solutions (counted up to 2)")),
    }
}

/// The reason a refusal is grouped under: its message up to the first quote or colon, with
/// cells and numbers made general.
fn reason(message: &str) -> String {
    let head = message.split(['"', ':']).next().unwrap_or(message);
    let general: String = head
        .split_whitespace()
        .map(|word| {
            let cell = word.starts_with('r') && word[1..].starts_with(|c: char| c.is_ascii_digit());
            if cell || word.chars().all(|c| c.is_ascii_digit()) { "#" } else { word }
        })
        .collect::<Vec<_>>()
        .join(" ");
    general.replace("`", "")
}

#[test]
fn sudoku_bench_report_every_loaded_puzzle_is_right_and_every_refusal_has_a_reason() {
    let Some(dir) = crate::data::datasets("sudoku_bench") else { return };
    let dir = dir.join("variants/sudoku-bench-challenge100");
    let (mut right, mut wrong) = (Vec::new(), Vec::new());
    let mut refused: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for number in 1..=100 {
        let path = dir.join(format!("puzzle_{number:04}.json"));
        let document: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        match outcome(&document) {
            Outcome::Right => right.push(number),
            Outcome::Wrong(why) => wrong.push(format!("puzzle {number}: {why}")),
            Outcome::Refused(message) => {
                assert!(!message.trim().is_empty(), "puzzle {number}: a refusal without a reason");
                refused.entry(reason(&message)).or_default().push(number);
            }
        }
    }
    println!(
        "Sudoku-Bench challenge_100: {} load and are right, {} wrong",
        right.len(),
        wrong.len()
    );
    println!("| refused | puzzles | reason |\n|---:|---|---|");
    let mut groups: Vec<_> = refused.into_iter().collect();
    groups.sort_by_key(|(_, numbers)| std::cmp::Reverse(numbers.len()));
    for (reason, numbers) in &groups {
        let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
        println!("| {} | {} | {reason} |", numbers.len(), list.join(", "));
    }
    println!("right: {right:?}");
    assert!(wrong.is_empty(), "puzzles loaded wrong:\n{}", wrong.join("\n"));
    assert_eq!(right.len(), EXPECTED_RIGHT, "the count docs/sudokupad.md states: {right:?}");
}

/// How many puzzles load and are right (docs/sudokupad.md says so).
const EXPECTED_RIGHT: usize = 69;

#[test]
fn puzzle_90s_indicated_diagonals_are_read_as_look_and_say_clues() {
    use satdoku::model::look_and_say::DigitCount;
    use satdoku::{Cell, Rule};

    let Some(dir) = crate::data::datasets("sudoku_bench") else { return };
    let path = dir.join("variants/sudoku-bench-challenge100/puzzle_0090.json");
    let document: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let link = document["encoded_puzzle"].as_str().expect("encoded_puzzle");
    let mut json: Value = serde_json::from_str(&decode_link(link).unwrap().unwrap().into_json())
        .expect("a SudokuPad document");
    // Its difference arrows and its line of a difference per box are rules satdoku lacks (the
    // report's refusal names the arrows' sentence): with those two sentences taken out (the
    // arrows then read as sums, the line as a sequence line) and the recorded solution they
    // would break, the rest of the reading shows. SudokuPad keeps the solution in a cage of
    // metadata, `solution: ...`.
    let cages = json["cages"].as_array_mut().expect("cages");
    cages.retain(|cage| !cage["value"].as_str().is_some_and(|v| v.starts_with("solution:")));
    let text = json.to_string();
    let arrows = "Digits on an arrow have the DIFFERENCE of the digit in the attached circle.";
    assert!(text.contains(arrows), "90's arrow sentence");
    let text = text
        .replace(arrows, "")
        .replace("DIFFERENCE within each box it passes through", "difference along it");
    let puzzle = parse_puzzle(&text, &ParseOptions::new()).expect("read");
    let diagonal = |cells: &[(usize, usize)]| -> Vec<Cell> {
        cells.iter().map(|&(r, c)| Cell::new(r, c)).collect()
    };
    let main = Rule::LookAndSay {
        cells: diagonal(&[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]),
        counts: vec![DigitCount { count: 2, digit: 6 }],
    };
    let other = Rule::LookAndSay {
        cells: diagonal(&[(2, 5), (3, 4), (4, 3), (5, 2)]),
        counts: vec![DigitCount { count: 1, digit: 5 }],
    };
    assert!(
        puzzle.rules().contains(&main) && puzzle.rules().contains(&other),
        "{:?}",
        puzzle.rules()
    );
    let recorded = Grid::from_line(puzzle.geometry(), document["solution"].as_str().unwrap());
    let without_others = satdoku::Puzzle::new(puzzle.givens().clone(), vec![main, other]);
    assert_eq!(satdoku::validate(&without_others, &recorded.unwrap()), Ok(()));
}
