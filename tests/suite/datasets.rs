//! Checks the library against the public datasets in `../shared/datasets` (see its README):
//! solution counts, uniqueness, recorded solutions and the validator, for classic puzzles,
//! variants (anti-knight, anti-king, non-consecutive, diagonals, even/odd marks), 16×16
//! grids, puzzles with no solution and puzzles with many.
//!
//! The datasets are found through `$SATDOKU_DATASETS` (default `../shared/datasets`); when
//! they are absent every test passes, and the run ends with one line saying how many skipped.

use std::fs;
use std::path::Path;
use std::time::Instant;

use satdoku::model::parse::ParseErrorKind;
use satdoku::{Cell, Count, Geometry, Grid, Puzzle, Rule, count_up_to, validate};
use serde_json::Value;

/// The bound for counting the tdoku test puzzles (their largest count is 847).
const MAX: usize = 1000;

use crate::data::datasets;

/// The non-empty lines of a dataset file (at most `limit`), with their 1-based line numbers.
pub(crate) fn lines(dir: &Path, name: &str, limit: usize) -> Vec<(usize, String)> {
    let path = dir.join(name);
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .take(limit)
        .map(|(i, line)| (i + 1, line.trim_end().to_string()))
        .collect()
}

/// Reads a grid of `geometry` from a dataset line, failing with the label when it does not fit.
fn grid(geometry: Geometry, line: &str, label: &str) -> Grid {
    Grid::from_line(geometry, line)
        .unwrap_or_else(|| panic!("{label}: `{line}` is not a grid of {geometry:?}"))
}

/// Parses a bare-line puzzle, failing with the label and the line on a parse error.
fn parse(line: &str, label: &str) -> Puzzle {
    line.parse::<Puzzle>().unwrap_or_else(|e| panic!("{label}: `{line}` does not parse: {e}"))
}

/// Counts up to `max` and checks what every count must satisfy: the solutions returned are
/// valid, distinct, and as many as the count allows; a count below the bound is exact.
fn counted(puzzle: &Puzzle, max: usize, label: &str) -> Count {
    let count =
        count_up_to(puzzle, max).unwrap_or_else(|e| panic!("{label}: {e}\n{}", puzzle.to_text()));
    let solutions = count.first_solutions();
    assert_eq!(
        solutions.len(),
        count.count().min(2),
        "{label}: count {} but {} solutions returned\n{}",
        count.count(),
        solutions.len(),
        puzzle.to_text()
    );
    if count.count() < max {
        assert!(
            count.is_exact(),
            "{label}: count {} below the bound {max} but not exact\n{}",
            count.count(),
            puzzle.to_text()
        );
    }
    for solution in solutions {
        if let Err(violation) = validate(puzzle, solution) {
            panic!(
                "{label}: a solution found breaks the puzzle: {violation}\npuzzle:\n{}\nsolution:\n{}",
                puzzle.to_text(),
                solution.to_pretty()
            );
        }
    }
    if let [a, b] = solutions {
        assert_ne!(a, b, "{label}: the two solutions returned are the same\n{}", puzzle.to_text());
    }
    count
}

/// Checks that `puzzle` has exactly one solution, equal to `expected` when given.
fn assert_unique(puzzle: &Puzzle, expected: Option<&Grid>, label: &str) {
    let count = counted(puzzle, 2, label);
    match count.first_solutions() {
        [only] if count.is_unique() => {
            if let Some(expected) = expected {
                assert!(
                    only == expected,
                    "{label}: the solution differs from the recorded one at {:?}\npuzzle:\n{}\nfound:\n{}\nrecorded:\n{}",
                    only.differences(expected).collect::<Vec<_>>(),
                    puzzle.to_text(),
                    only.to_pretty(),
                    expected.to_pretty()
                );
            }
        }
        [] => panic!("{label}: no solution, expected one\n{}", puzzle.to_text()),
        [a, b] => panic!(
            "{label}: several solutions, expected one\npuzzle:\n{}\nfirst:\n{}\nsecond:\n{}",
            puzzle.to_text(),
            a.to_pretty(),
            b.to_pretty()
        ),
        _ => panic!("{label}: unexpected count {count:?}"),
    }
}

/// Checks a file of one bare 81-character puzzle per line (anything after the first space is a
/// comment), with an optional line-aligned solutions file; returns how many were checked.
fn check_classic_file(dir: &Path, name: &str, solutions: Option<&str>, limit: usize) -> usize {
    let geometry = Geometry::classic();
    let puzzles = lines(dir, name, limit);
    let solutions = solutions.map(|file| lines(dir, file, limit));
    if let Some(solutions) = &solutions {
        assert_eq!(puzzles.len(), solutions.len(), "{name}: solutions are not line-aligned");
    }
    for (i, (number, line)) in puzzles.iter().enumerate() {
        let label = format!("{name}:{number}");
        let givens = line.split_whitespace().next().unwrap_or_default();
        let puzzle = parse(givens, &label);
        assert_eq!(puzzle.geometry(), geometry, "{label}: not a classic grid");
        let expected = solutions.as_ref().map(|s| grid(geometry, &s[i].1, &label));
        assert_unique(&puzzle, expected.as_ref(), &label);
    }
    puzzles.len()
}

/// Prints how long a test took, so that `--nocapture` shows where the time goes.
fn report(test: &str, checked: usize, start: Instant) {
    eprintln!("{test}: {checked} puzzles checked in {:.2?}", start.elapsed());
}

#[test]
fn tdoku_test_puzzles_have_the_expected_counts() {
    let Some(dir) = datasets("tdoku_test_puzzles_have_the_expected_counts") else {
        return;
    };
    let start = Instant::now();
    let name = "tdoku-test-puzzles-43.txt";
    let puzzles = lines(&dir, name, usize::MAX);
    let expected = lines(&dir, "tdoku-test-puzzles-43.expected.txt", usize::MAX);
    assert_eq!(puzzles.len(), 43, "{name}: puzzle count");
    assert_eq!(expected.len(), puzzles.len(), "{name}: expected counts are not line-aligned");
    let (mut unique, mut none, mut contradictory, mut many) = (0, 0, 0, 0);
    for ((number, line), (_, expected)) in puzzles.iter().zip(&expected) {
        let label = format!("{name}:{number}");
        let mut fields = expected.split_whitespace();
        let want: usize = fields
            .next()
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("{label}: bad expected line `{expected}`"));
        assert!(want < MAX, "{label}: expected count {want} is not below {MAX}");
        let solution = fields.next().map(|s| grid(Geometry::classic(), s, &label));
        let puzzle = match line.parse::<Puzzle>() {
            Ok(puzzle) => puzzle,
            Err(error) => {
                assert_eq!(
                    error.kind(),
                    ParseErrorKind::Contradiction,
                    "{label}: `{line}` does not parse: {error}"
                );
                assert_eq!(
                    want, 0,
                    "{label}: rejected as contradictory ({error}) but has {want} solutions"
                );
                contradictory += 1;
                continue;
            }
        };
        let count = counted(&puzzle, MAX, &label);
        assert_eq!(
            count.count(),
            want,
            "{label}: {} solutions, expected {want}\npuzzle:\n{}\nsolutions found:\n{}",
            count.count(),
            puzzle.givens().to_pretty(),
            count.first_solutions().iter().map(Grid::to_pretty).collect::<Vec<_>>().join("\n")
        );
        assert!(count.is_exact(), "{label}: count {want} not exact");
        if want == 1 {
            if let Some(solution) = &solution {
                let found = &count.first_solutions()[0];
                assert!(
                    found == solution,
                    "{label}: the solution differs from the recorded one\nfound:\n{}\nrecorded:\n{}",
                    found.to_pretty(),
                    solution.to_pretty()
                );
            }
        }
        match want {
            0 => none += 1,
            1 => unique += 1,
            _ => many += 1,
        }
    }
    eprintln!(
        "{name}: {unique} unique, {none} without solution (+{contradictory} contradictory givens), {many} with several"
    );
    assert_eq!((unique, none + contradictory, many), (18, 10, 15), "{name}: the README's split");
    report("tdoku", puzzles.len(), start);
}

/// Builds a puzzle from one line of the normalised JSON Lines variant files.
fn json_puzzle(record: &Value, label: &str) -> (Puzzle, Grid) {
    let field = |key: &str| record.get(key).unwrap_or_else(|| panic!("{label}: no `{key}` field"));
    let text = |key: &str| {
        field(key).as_str().unwrap_or_else(|| panic!("{label}: `{key}` is not a string"))
    };
    let size = field("size").as_u64().unwrap_or_else(|| panic!("{label}: `size` is not a number"))
        as usize;
    let (rows, columns) = text("box")
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .unwrap_or_else(|| panic!("{label}: bad `box` {}", text("box")));
    let geometry = Geometry::new(size, rows, columns)
        .unwrap_or_else(|| panic!("{label}: no geometry {size} with {rows}x{columns} boxes"));
    let mut rules = Vec::new();
    for name in field("constraints")
        .as_array()
        .unwrap_or_else(|| panic!("{label}: `constraints` is not a list"))
    {
        let name = name.as_str().expect("a constraint name");
        rules.extend(
            Rule::from_name(name).unwrap_or_else(|| panic!("{label}: unknown constraint {name}")),
        );
    }
    let cells = |key: &str| -> Option<Vec<Cell>> {
        let list = record.get(key)?.as_array().expect("a list of cells");
        Some(
            list.iter()
                .map(|name| {
                    let name = name.as_str().expect("a cell name");
                    Cell::from_name(name)
                        .unwrap_or_else(|| panic!("{label}: bad cell name {name} in `{key}`"))
                })
                .collect(),
        )
    };
    if let Some(even) = cells("even") {
        rules.push(Rule::Even(even));
    }
    if let Some(odd) = cells("odd") {
        rules.push(Rule::Odd(odd));
    }
    let givens = grid(geometry, text("givens"), label);
    let solution = grid(geometry, text("solution"), label);
    (Puzzle::new(givens, rules), solution)
}

#[test]
fn jsonl_variants_are_unique_with_the_recorded_solution() {
    let Some(dir) = datasets("jsonl_variants_are_unique_with_the_recorded_solution") else {
        return;
    };
    let start = Instant::now();
    let files = [
        ("variants/miracle-family.jsonl", 2),
        ("variants/antiknight-8given-minimal.jsonl", 4),
        ("variants/lisudoku-solver-tests.jsonl", 15),
    ];
    let mut checked = 0;
    for (name, expected) in files {
        let records = lines(&dir, name, usize::MAX);
        assert_eq!(records.len(), expected, "{name}: puzzle count");
        for (number, line) in &records {
            let record: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{name}:{number}: bad JSON: {e}"));
            let id = record.get("id").and_then(Value::as_str).unwrap_or("?");
            let label = format!("{name}:{number} ({id})");
            let (puzzle, solution) = json_puzzle(&record, &label);
            if let Err(violation) = validate(&puzzle, &solution) {
                panic!(
                    "{label}: the recorded solution breaks the puzzle: {violation}\n{}",
                    puzzle.to_text()
                );
            }
            assert_unique(&puzzle, Some(&solution), &label);
            checked += 1;
        }
    }
    report("jsonl variants", checked, start);
}

#[test]
fn evenodd_puzzles_are_unique_and_need_their_marks() {
    let Some(dir) = datasets("evenodd_puzzles_are_unique_and_need_their_marks") else {
        return;
    };
    let start = Instant::now();
    let name = "variants/evenodd-9x9-129.txt";
    let geometry = Geometry::classic();
    let puzzles = lines(&dir, name, usize::MAX);
    let solutions = lines(&dir, "variants/evenodd-9x9-129.solutions.txt", usize::MAX);
    assert_eq!(puzzles.len(), 129, "{name}: puzzle count");
    assert_eq!(solutions.len(), puzzles.len(), "{name}: solutions are not line-aligned");
    for (i, ((number, line), (_, solution))) in puzzles.iter().zip(&solutions).enumerate() {
        let label = format!("{name}:{number}");
        let (givens, parity) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{label}: expected `GIVENS PARITY`, got `{line}`"));
        assert_eq!(parity.len(), 81, "{label}: parity string length");
        let givens = grid(geometry, givens, &label);
        let solution = grid(geometry, solution, &label);
        let marked = |letter: char| -> Vec<Cell> {
            parity
                .chars()
                .enumerate()
                .filter(|&(_, p)| p == letter)
                .map(|(index, _)| geometry.cell(index))
                .collect()
        };
        let (odd, even) = (marked('o'), marked('e'));
        assert_eq!(odd.len() + even.len(), 81, "{label}: parity letters other than o/e");
        let plain = Puzzle::new(givens.clone(), vec![]);
        let puzzle = Puzzle::new(givens, vec![Rule::Odd(odd), Rule::Even(even)]);
        assert_unique(&puzzle, Some(&solution), &label);
        if i < 10 {
            let count = counted(&plain, 2, &format!("{label} without marks"));
            assert_eq!(
                count.count(),
                2,
                "{label}: unique even without the parity marks\n{}",
                plain.givens().to_pretty()
            );
        }
    }
    report("evenodd", puzzles.len(), start);
}

#[test]
fn classic_samples_are_unique_with_the_recorded_solutions() {
    let Some(dir) = datasets("classic_samples_are_unique_with_the_recorded_solutions") else {
        return;
    };
    let start = Instant::now();
    let checks: [(&str, Option<&str>, usize, usize); 7] = [
        ("named-hard.txt", None, usize::MAX, 14),
        ("17clue-49158.txt", None, 50, 50),
        ("magictour-top95.txt", None, usize::MAX, 95),
        ("norvig-hardest-11.txt", None, usize::MAX, 11),
        ("plb-hard20.txt", None, usize::MAX, 20),
        ("kaggle1m-rows1-10000.txt", Some("kaggle1m-rows1-10000.solutions.txt"), 100, 100),
        ("nikoli-sudokubench-20.txt", Some("nikoli-sudokubench-20.solutions.txt"), usize::MAX, 20),
    ];
    let mut total = 0;
    for (name, solutions, limit, expected) in checks {
        let file_start = Instant::now();
        let checked = check_classic_file(&dir, name, solutions, limit);
        assert_eq!(checked, expected, "{name}: puzzle count");
        report(name, checked, file_start);
        total += checked;
    }
    report("classic samples", total, start);
}

#[test]
fn serg_benchmark_puzzles_have_several_solutions() {
    let Some(dir) = datasets("serg_benchmark_puzzles_have_several_solutions") else {
        return;
    };
    let start = Instant::now();
    let name = "serg-benchmark-10000-multisolution.txt";
    let puzzles = lines(&dir, name, 50);
    assert_eq!(puzzles.len(), 50, "{name}: puzzle count");
    for (number, line) in &puzzles {
        let label = format!("{name}:{number}");
        let puzzle = parse(line, &label);
        // `counted` checks that both solutions returned validate and differ.
        let count = counted(&puzzle, 2, &label);
        assert_eq!(
            count.count(),
            2,
            "{label}: {} solutions, expected at least 2\npuzzle:\n{}\nsolutions found:\n{}",
            count.count(),
            puzzle.givens().to_pretty(),
            count.first_solutions().iter().map(Grid::to_pretty).collect::<Vec<_>>().join("\n")
        );
        assert!(!count.is_unique(), "{label}: reported unique");
    }
    report("serg", puzzles.len(), start);
}

#[test]
fn classic_16x16_puzzles_are_unique_with_the_recorded_solutions() {
    let Some(dir) = datasets("classic_16x16_puzzles_are_unique_with_the_recorded_solutions") else {
        return;
    };
    let start = Instant::now();
    let name = "variants/classic-16x16-124.txt";
    let geometry = Geometry::new(16, 4, 4).expect("16x16 with 4x4 boxes");
    let puzzles = lines(&dir, name, 5);
    let solutions = lines(&dir, "variants/classic-16x16-124.solutions.txt", 5);
    assert_eq!(puzzles.len(), 5, "{name}: puzzle count");
    assert_eq!(solutions.len(), puzzles.len(), "{name}: solutions are not line-aligned");
    for ((number, line), (_, solution)) in puzzles.iter().zip(&solutions) {
        let label = format!("{name}:{number}");
        let puzzle = Puzzle::new(grid(geometry, line, &label), vec![]);
        let solution = grid(geometry, solution, &label);
        assert_unique(&puzzle, Some(&solution), &label);
    }
    report("16x16", puzzles.len(), start);
}

/// Every technique at full depth on a sample of the hardest classic puzzles (every `step`-th
/// line of each list), as `rate` runs them: each is solved, with the solution the validator
/// accepts, and nothing panics. A panic in any technique fails the test with the puzzle.
#[test]
fn the_logic_solves_a_sample_of_the_hardest_lists() {
    let Some(dir) = datasets("the_logic_solves_a_sample_of_the_hardest_lists") else { return };
    let sample = |name: &str, step: usize| -> Vec<String> {
        let all = lines(&dir, name, usize::MAX);
        all.into_iter().step_by(step).map(|(_, line)| line).collect()
    };
    // About 8 s of CPU; the book gives the command for a larger sample.
    let mut puzzles = sample("forum-hardest-1905-se11plus-48766.txt", 9754);
    puzzles.extend(sample("forum-hardest-1106-375.txt", 75));
    puzzles.extend(sample("magictour-top1465.txt", 184));
    use rayon::prelude::*;
    puzzles.par_iter().for_each(|line| {
        let puzzle = parse(line, "hardest");
        let options = satdoku::logic::ExplainOptions::new().unique(true);
        let rating = std::panic::catch_unwind(|| satdoku::logic::rate_with(&puzzle, &options))
            .unwrap_or_else(|_| panic!("the logic panicked on {line}"));
        let satdoku::logic::Outcome::Solved(grid) = rating.outcome() else {
            panic!("{line}: {:?}", rating.outcome())
        };
        assert_eq!(validate(&puzzle, grid), Ok(()), "{line}");
    });
    assert_eq!(puzzles.len(), 5 + 5 + 8);
}
