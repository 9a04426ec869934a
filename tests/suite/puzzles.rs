//! Checks the curated collection in `puzzles/`: every file parses, records its solution, has
//! exactly one solution under its rules, that solution is the recorded one, and the
//! independent validator accepts it. The collection covers the famous hard classics, the
//! Miracle family, diagonals, anti-knight, anti-king, even/odd marks and 4×4, 6×6, 9×9 and
//! 16×16 grids.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use satdoku::{Cell, Puzzle, count_up_to, validate};

/// The collection, at the root of the crate.
const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");

/// Every `puzzles/*.txt` file, by file name, with its text, in name order.
fn collection() -> Vec<(String, String)> {
    let entries = fs::read_dir(PUZZLES).unwrap_or_else(|e| panic!("cannot read {PUZZLES}: {e}"));
    let mut files: Vec<(String, String)> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .map(|path: PathBuf| {
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            let text = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (name, text)
        })
        .collect();
    files.sort();
    files
}

/// Parses a collection file, failing with its name and the parse error.
fn parse(name: &str, text: &str) -> Puzzle {
    text.parse::<Puzzle>().unwrap_or_else(|e| panic!("puzzles/{name}: {e}\n{}", e.snippet()))
}

/// The puzzle of one collection file.
fn puzzle(name: &str) -> Puzzle {
    let path = format!("{PUZZLES}/{name}");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    parse(name, &text)
}

/// What is wrong with one puzzle of the collection, if anything.
fn check(name: &str, puzzle: &Puzzle) -> Option<String> {
    let Some(recorded) = puzzle.solution() else {
        return Some(format!("puzzles/{name} records no `solution:`"));
    };
    let count = count_up_to(puzzle, 2).unwrap_or_else(|e| panic!("puzzles/{name}: {e}"));
    if !count.is_unique() {
        let found: Vec<_> = count.first_solutions().iter().map(|g| format!("{g:?}")).collect();
        return Some(format!(
            "puzzles/{name} is not unique: {} solution(s){}, first ones:{}",
            count.count(),
            if count.is_exact() { "" } else { " or more" },
            found.join("")
        ));
    }
    let solved = &count.first_solutions()[0];
    if solved != recorded {
        let cells: Vec<String> = solved.differences(recorded).map(|c| c.to_string()).collect();
        return Some(format!(
            "puzzles/{name}: the solver's solution differs from the recorded one in {}\n\
             solver:{solved:?}recorded:{recorded:?}",
            cells.join(", ")
        ));
    }
    validate(puzzle, solved)
        .err()
        .map(|violation| format!("puzzles/{name}: the validator rejects the solution: {violation}"))
}

#[test]
fn every_puzzle_has_exactly_one_solution_and_it_is_the_recorded_one() {
    let failures: Vec<String> =
        collection().iter().filter_map(|(name, text)| check(name, &parse(name, text))).collect();
    assert!(
        failures.is_empty(),
        "{} puzzle(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_collection_holds_at_least_25_puzzles() {
    let names: Vec<String> = collection().into_iter().map(|(name, _)| name).collect();
    assert!(names.len() >= 25, "only {} puzzles: {names:?}", names.len());
}

#[test]
fn every_puzzle_names_its_title_and_source() {
    for (name, text) in collection() {
        let puzzle = parse(&name, &text);
        for key in ["title", "source"] {
            let value = puzzle.metadata().iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
            assert!(
                value.is_some_and(|v| !v.trim().is_empty()),
                "puzzles/{name} has no `{key}:` line"
            );
        }
    }
}

#[test]
fn the_collection_covers_every_rule_and_the_sizes_4_6_9_and_16() {
    let mut rules = BTreeSet::new();
    let mut sizes = BTreeSet::new();
    for (name, text) in collection() {
        let puzzle = parse(&name, &text);
        rules.extend(puzzle.rules().iter().map(|rule| rule.name()));
        sizes.insert(puzzle.geometry().size());
    }
    let expected = [
        "anti-king",
        "anti-knight",
        "anti-camel",
        "anti-taxicab",
        "diagonal+",
        "diagonal-",
        "even",
        "non-consecutive",
        "odd",
    ];
    // Every constraint line has a puzzle (Dutch whispers are whispers with a smaller gap).
    let lines = satdoku::model::parse::CONSTRAINT_KEYS.into_iter().map(|key| match key {
        "dutch-whispers" => "whispers",
        key => key,
    });
    for rule in expected.into_iter().chain(lines) {
        assert!(rules.contains(rule), "no puzzle uses `{rule}`; rules seen: {rules:?}");
    }
    for size in [4, 6, 9, 16] {
        assert!(sizes.contains(&size), "no {size}x{size} puzzle; sizes seen: {sizes:?}");
    }
}

#[test]
fn the_minimal_sqlite_puzzle_keeps_23_of_the_30_givens_of_the_full_one() {
    let full = puzzle("sqlite-example.txt");
    let minimal = puzzle("sqlite-example-minimal.txt");
    assert_eq!(full.givens().filled_count(), 30);
    assert_eq!(minimal.givens().filled_count(), 23);
    let extra: Vec<Cell> = minimal
        .givens()
        .filled()
        .filter(|&(cell, digit)| full.givens().get(cell) != Some(digit))
        .map(|(cell, _)| cell)
        .collect();
    assert!(
        extra.is_empty(),
        "givens of the minimal form missing from the full one: {extra:?}\nminimal:{:?}full:{:?}",
        minimal.givens(),
        full.givens()
    );
    assert_eq!(minimal.solution(), full.solution(), "both forms record the same solution");
}

#[test]
fn every_given_of_the_minimal_sqlite_puzzle_is_needed() {
    let minimal = puzzle("sqlite-example-minimal.txt");
    for (cell, _) in minimal.givens().filled() {
        let mut givens = minimal.givens().clone();
        givens.set(cell, None);
        let count = count_up_to(&minimal.with_givens(givens), 2).expect("the solver works");
        assert_eq!(count.count(), 2, "the given in {cell:?} can go: the puzzle stays unique");
    }
}
