//! Checks the f-puzzles JSON reader: small documents for what it reads, ignores and refuses,
//! then every f-puzzles file in `../shared/datasets/variants/fpuzzles/` (see its README): the
//! files in satdoku's rules read and have exactly their expected solution, and every other file
//! is refused with a message naming the constraint, never read into a wrong puzzle.
//!
//! When the datasets folder is absent the dataset tests say so loudly on stderr and pass.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::panic;
use std::path::{Path, PathBuf};

use satdoku::model::parse::ParseErrorKind;
use satdoku::{Cell, Geometry, Grid, ParseError, Puzzle, Rule, count_up_to, validate};
use serde_json::Value;

/// The folders of f-puzzles files, under `variants/fpuzzles/`.
const FOLDERS: [&str; 3] = ["constructed", "kinnison-kaji", "dclamage-SudokuSolver"];

/// Parses through the public entry point, which sends text starting with `{` to the reader.
fn parse(text: &str) -> Result<Puzzle, ParseError> {
    text.parse::<Puzzle>()
}

/// A 4×4 document with these cells (by reading-order index, `{}` elsewhere) and extra
/// top-level members, one cell per line so that errors land on distinct lines.
fn document(cells: &[(usize, &str)], extra: &str) -> String {
    let cell = |i: usize| cells.iter().find(|(j, _)| *j == i).map_or("{}", |(_, s)| s);
    let rows: Vec<String> = (0..4)
        .map(|r| {
            format!("  [{}]", (0..4).map(|c| cell(r * 4 + c)).collect::<Vec<_>>().join(",\n   "))
        })
        .collect();
    format!("{{\"size\": 4,\n\"grid\": [\n{}\n]{extra}\n}}\n", rows.join(",\n"))
}

#[test]
fn givens_rules_marks_and_metadata_are_read_and_cosmetics_ignored() {
    let extra = r#", "title": "T", "author": "A", "ruleset": "words", "diagonal-": true,
        "diagonal+": false, "antiking": true, "disjointgroups": false, "ratio": [],
        "odd": [{"cell": "R4C4"}], "even": [{"cell": "r1c2"}], "highlightConflicts": true,
        "line": [{"lines": [["R1C1", "R1C2"]]}],
        "cage": [{"cells": ["R1C1"]}, {"cells": ["R2C1"], "value": "3", "fromConstraint": "X"}]"#;
    let cells = [
        (0, r##"{"value": 1, "given": true, "c": "#FFF"}"##),
        (5, r#"{"value": 2, "centerPencilMarks": [2, 3]}"#),
        (15, r#"{"region": 3, "candidates": [1, 3], "givenPencilMarks": null}"#),
        (10, r#"{"parity": "Even"}"#),
    ];
    let puzzle = parse(&document(&cells, extra)).unwrap();
    assert_eq!(
        puzzle.givens().to_line(),
        "1...............",
        "a value without `given` is no given"
    );
    assert_eq!(puzzle.rule_names(), "diagonal-, anti-king");
    let even = Rule::Even(vec![Cell::new(0, 1), Cell::new(2, 2)]);
    assert!(puzzle.rules().contains(&even), "{:?}", puzzle.rules());
    assert!(puzzle.rules().contains(&Rule::Odd(vec![Cell::new(3, 3)])));
    let metadata = [("title", "T"), ("author", "A")].map(|(k, v)| (k.to_string(), v.to_string()));
    assert_eq!(puzzle.metadata(), metadata);
    // A number drawn in a cell may be a clue: it is refused, never dropped without a word.
    let text = r#", "text": [{"cells": ["R1C1"], "value": "7"}]"#;
    let error = parse(&document(&[], text)).unwrap_err();
    assert!(error.message().contains("text `7` on r1c1"), "{error}");
}

#[test]
fn a_ruleset_naming_marks_the_document_lacks_is_warned_of() {
    let warnings = |cells: &[(usize, &str)], extra: &str| {
        let entries =
            satdoku::model::parse::parse_document(&document(cells, extra), &Default::default());
        assert!(entries[0].puzzle.is_ok(), "{:?}", entries[0].puzzle);
        entries[0].warnings.clone()
    };
    let ruleset = r#", "ruleset": "Cells with a grey circle must be odd.""#;
    let unmarked = warnings(&[], ruleset);
    let expected = "the rules text names odd or even marks, and none is drawn";
    assert!(
        unmarked.iter().any(|w| w.contains(expected) && w.contains("as the document draws it"))
    );
    // Marks in the grid's cells (orbit's form) or under `odd` are drawn: nothing to say.
    assert!(warnings(&[(0, r#"{"parity": "Odd"}"#)], ruleset).is_empty());
    let keyed = format!("{ruleset}, \"odd\": [{{\"cell\": \"R1C1\"}}]");
    assert!(warnings(&[], &keyed).is_empty());
    // With a cosmetic drawing to read, the marks count as drawn there too (such a document
    // was refused for naming odd marks).
    let renban = concat!(
        r#", "ruleset": "Cells with a grey circle must be odd. "#,
        r#"Purple lines are renban lines: consecutive digits in any order.", "odd": [{"cell": "R1C1"}],"#,
        r##""line": [{"lines": [["R2C1", "R2C2"]], "outlineC": "#C060F0"}]"##
    );
    let warned = warnings(&[], renban);
    assert!(warned.iter().any(|w| w.contains("as renban")), "{warned:?}");
}

#[test]
fn six_by_six_has_boxes_of_two_rows_and_three_columns() {
    let row = format!("[{}]", ["{}"; 6].join(","));
    let text = format!("{{\"size\": 6, \"grid\": [{}]}}", [row.as_str(); 6].join(","));
    let geometry = parse(&text).unwrap().geometry();
    assert_eq!(geometry, Geometry::new(6, 2, 3).unwrap());
}

#[test]
fn constraints_satdoku_cannot_enforce_are_refused_by_name() {
    for (extra, key) in [
        (r#", "doublers": [{"cell": "R1C1"}]"#, "doublers"),
        (r#", "boxindexer": [{"cells": ["R1C1"]}]"#, "boxindexer"),
        (r#", "cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]"#, "cage"),
        (r#", "somethingnew": {"x": 1}"#, "somethingnew"),
    ] {
        let error = parse(&document(&[], extra)).unwrap_err();
        assert_eq!(error.kind(), ParseErrorKind::UnknownRule);
        let expected = format!("unsupported f-puzzles constraint `{key}`: satdoku reads ");
        assert!(error.message().starts_with(&expected), "{error}");
        assert_eq!(error.line(), 19, "{error}");
    }
}

#[test]
fn every_constraint_key_reads_into_its_rule() {
    use satdoku::model::rule::Dot;
    let cell = |name: &str| Cell::from_name(name).unwrap();
    let cells = |names: &[&str]| names.iter().map(|n| cell(n)).collect::<Vec<_>>();
    let extra = r#", "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R3C3"]}],
        "thermometer": [{"lines": [["R2C1", "R2C2"], ["R2C1", "R3C1"]]}],
        "slowthermometer": [{"lines": [["R4C1", "R4C2"]]}],
        "arrow": [{"cells": ["R1C4"], "lines": [["R1C4", "R2C4", "R3C4"]]}],
        "difference": [{"cells": ["R3C1", "R3C2"]}], "ratio": [{"cells": ["R4C3", "R4C4"]}, {"cells": ["R4C1", "R4C2"], "value": "3"}],
        "xv": [{"cells": ["R2C3", "R3C3"], "value": "V"}], "negative": ["ratio", "xv"],
        "whispers": [{"lines": [["R1C3", "R2C2"]], "value": "2"}],
        "renban": [{"lines": [["R3C4", "R4C4"]]}],
        "littlekillersum": [{"cell": "R0C1", "cells": ["R1C2", "R2C3", "R3C4"], "value": "5"},
                            {"cell": "R0C2", "cells": ["R1C3"], "value": ""}],
        "minimum": [{"cell": "R2C2"}], "maximum": [{"cell": "R4C4"}],
        "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}],
        "clone": [{"cells": ["R1C1"], "cloneCells": ["R4C4"]}], "disjointgroups": true,
        "palindrome": [{"lines": [["R1C1", "R2C2", "R3C3"]]}],
        "betweenline": [{"lines": [["R4C1", "R3C2", "R2C3"]]}],
        "regionsumline": [{"lines": [["R2C2", "R2C3"]]}],
        "zipperline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        "extraregion": [{"cells": ["R2C2", "R3C3"]}]"#;
    let puzzle = parse(&document(&[], extra)).unwrap();
    let rules = puzzle.rules();
    let expected = [
        Rule::Killer { cells: cells(&["r1c1", "r1c2"]), sum: Some(3) },
        Rule::Killer { cells: cells(&["r3c3"]), sum: None },
        Rule::Thermo { cells: cells(&["r2c1", "r3c1"]), slow: false },
        Rule::Thermo { cells: cells(&["r4c1", "r4c2"]), slow: true },
        Rule::Arrow { pill: cells(&["r1c4"]), line: cells(&["r2c4", "r3c4"]) },
        Rule::Dot { cells: [cell("r3c1"), cell("r3c2")], dot: Dot::WHITE },
        Rule::Dot { cells: [cell("r4c3"), cell("r4c4")], dot: Dot::BLACK },
        Rule::Dot { cells: [cell("r4c1"), cell("r4c2")], dot: Dot::Ratio(3) },
        // The negative ratio covers 2 and every ratio on the grid.
        Rule::Negative(Dot::Ratio(3)),
        Rule::Dot { cells: [cell("r2c3"), cell("r3c3")], dot: Dot::V },
        Rule::Negative(Dot::BLACK),
        Rule::Negative(Dot::X),
        Rule::Whispers { line: cells(&["r1c3", "r2c2"]), gap: 2 },
        Rule::Renban(cells(&["r3c4", "r4c4"])),
        Rule::LittleKiller { cells: cells(&["r1c2", "r2c3", "r3c4"]), sum: 5 },
        Rule::Extremum { cell: cell("r2c2"), maximum: false },
        Rule::Quadruple { cells: cells(&["r1c1", "r1c2", "r2c1", "r2c2"]), digits: vec![1, 2] },
        Rule::DisjointGroups,
        Rule::Clone { cells: cells(&["r1c1"]), copy: cells(&["r4c4"]) },
        Rule::Between(cells(&["r4c1", "r3c2", "r2c3"])),
        Rule::ExtraRegion(cells(&["r2c2", "r3c3"])),
        Rule::Zipper(cells(&["r1c1", "r1c2", "r1c3"])),
    ];
    for rule in &expected {
        assert!(rules.contains(rule), "{rule:?} missing from {rules:?}");
    }
    assert_eq!(rules.len(), 27, "{rules:?}");
    // Written as text and read back, the puzzle is the same.
    assert_eq!(puzzle.to_text().parse::<Puzzle>().unwrap(), puzzle);
}

#[test]
fn bad_constraint_entries_point_at_the_entry() {
    for (extra, line, message) in [
        (
            r#", "killercage": [{"cells": ["R1C1", "R5C1"], "value": "3"}]"#,
            19,
            "killercage: expected a cell of the 4×4 grid, found r5c1",
        ),
        (
            r#", "thermometer": [{"lines": [["R1C1", "R1C3"]]}]"#,
            19,
            "thermometer: expected a cell next to r1c1, found r1c3",
        ),
        (
            r#", "killercage": [{"cells": ["R1C1", "R1C2"], "value": "9"}]"#,
            19,
            "killercage: expected a cage total from 3 to 7 for 2 cells, found 9",
        ),
        (
            r#", "arrow": [{"cells": [], "lines": [["R1C1", "R1C2"]]}]"#,
            19,
            "arrow: expected an arrow pill of 1 to 3 cells, found 0",
        ),
        (
            r#", "difference": [{"cells": ["R1C1", "R1C2"], "value": "5"}]"#,
            19,
            "difference: expected a difference dot's number from 1 to 3 on a 4×4 grid, found 5",
        ),
        (
            r#", "ratio": [{"cells": ["R1C1", "R1C2"], "value": "Z"}]"#,
            19,
            "expected a ratio in `ratio`, found `Z`",
        ),
    ] {
        let error = parse(&document(&[], extra)).unwrap_err();
        assert_eq!(error.line(), line, "{error}");
        assert!(error.message().starts_with(message), "{error}");
    }
}

#[test]
fn irregular_regions_and_given_pencil_marks_are_read() {
    // Cells r1c3 and r2c2 trade places between boxes 1 and 2.
    let irregular = [(2, r#"{"region": 0}"#), (5, r#"{"region": 1}"#)];
    let geometry = parse(&document(&irregular, "")).unwrap().geometry();
    let regions = geometry.regions().expect("irregular regions");
    assert_eq!(regions.region_of(2), 0);
    assert_eq!(regions.region_of(5), 1);
    let error = parse(&document(&[(2, r#"{"region": 0}"#)], "")).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::Constraint);
    assert!(error.message().contains("irregular regions: expected regions of 4 cells"), "{error}");
    let marked = parse(&document(&[(1, r#"{"givenPencilMarks": [1, 2]}"#)], "")).unwrap();
    let digits = [1, 2].into_iter().filter_map(satdoku::Digit::new).collect();
    assert_eq!(marked.rules(), [Rule::Candidates { cell: Cell::new(0, 1), digits }]);
    let error = parse(&document(&[(1, r#"{"givenPencilMarks": [1, 5]}"#)], "")).unwrap_err();
    let message = error.message();
    assert!(message.contains("digits from 1 to 4 as the given pencil marks of r1c2"), "{error}");
    let error = parse("{\"size\": 7, \"grid\": []}").unwrap_err();
    assert!(error.message().starts_with("expected `grid` to hold 7 rows"), "{error}");
    let error = parse("{\"grid\": []}").unwrap_err();
    assert_eq!(error.message(), "expected a `size` from 4 to 16, found nothing");
}

#[test]
fn bad_givens_and_contradictions_point_at_the_cell() {
    let error = parse(&document(&[(3, r#"{"value": 5, "given": true}"#)], "")).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::Digit);
    assert_eq!(error.message(), "expected a digit from 1 to 4 as the given in r1c4, found `5`");
    let cells = [(0, r#"{"value": 2, "given": true}"#), (5, r#"{"value": 2, "given": true}"#)];
    let error = parse(&document(&cells, r#", "antiking": true"#)).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::Contradiction);
    assert_eq!((error.line(), error.column()), (8, 5));
    let error = parse(&document(&[], r#", "antiking": "yes""#)).unwrap_err();
    assert_eq!(error.message(), "expected `true` or `false` for `antiking`, found `\"yes\"`");
}

#[test]
fn a_solution_is_recorded_when_complete_and_must_keep_the_givens() {
    let cells = [(0, r#"{"value": 1, "given": true}"#)];
    let full = ", \"solution\": [1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]";
    let puzzle = parse(&document(&cells, full)).unwrap();
    assert_eq!(puzzle.solution().unwrap().to_line(), "1234341221434321");
    let unfinished = ", \"solution\": [1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,0]";
    assert_eq!(parse(&document(&cells, unfinished)).unwrap().solution(), None);
    let other = ", \"solution\": [2,1,3,4,3,4,1,2,1,2,4,3,4,3,2,1]";
    let error = parse(&document(&cells, other)).unwrap_err();
    assert_eq!(error.kind(), ParseErrorKind::Contradiction);
    assert_eq!(error.message(), "the solution has 2 at r1c1, where the given is 1");
}

/// The f-puzzles folder, or `None` (the skip is counted) when the datasets are absent.
fn fpuzzles(test: &str) -> Option<PathBuf> {
    crate::data::datasets(test).map(|dir| dir.join("variants/fpuzzles"))
}

/// The text of a dataset file.
fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Reads an f-puzzles file that satdoku supports, failing with its name and the error.
fn read_puzzle(path: &Path) -> Puzzle {
    parse(&read(path)).unwrap_or_else(|e| panic!("{}: {e}\n{}", path.display(), e.snippet()))
}

/// What is wrong with a puzzle that should have exactly `expected` as its solution, if anything.
fn check_unique(label: &str, puzzle: &Puzzle, expected: &Grid) -> Option<String> {
    let count = count_up_to(puzzle, 2).unwrap_or_else(|e| panic!("{label}: {e}"));
    if !count.is_unique() {
        return Some(format!(
            "{label}: {} solutions{}",
            count.count(),
            if count.is_exact() { "" } else { " or more" }
        ));
    }
    let solved = &count.first_solutions()[0];
    if solved != expected {
        return Some(format!("{label}: solved{solved:?}expected{expected:?}"));
    }
    validate(puzzle, solved)
        .err()
        .map(|violation| format!("{label}: the validator rejects the solution: {violation}"))
}

fn assert_unique(label: &str, puzzle: &Puzzle, expected: &Grid) {
    if let Some(failure) = check_unique(label, puzzle, expected) {
        panic!("{failure}");
    }
}

#[test]
fn the_constructed_miracles_read_and_are_unique_with_the_recorded_solution() {
    let Some(dir) = fpuzzles("the_constructed_miracles_read_and_are_unique") else {
        return;
    };
    let family = read(&dir.join("../miracle-family.jsonl"));
    let entries: Vec<Value> = family.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let mut seen = 0;
    for name in ["miracle-mitchell-lee.json", "new-miracle-aad-van-de-wetering.json"] {
        let puzzle = read_puzzle(&dir.join("constructed").join(name));
        let id = name.trim_end_matches(".json");
        let entry = entries.iter().find(|e| e["id"] == id).expect("an entry per file");
        assert_eq!(puzzle.rule_names(), "anti-king, anti-knight, non-consecutive");
        let geometry = puzzle.geometry();
        let line = |key: &str| Grid::from_line(geometry, entry[key].as_str().unwrap()).unwrap();
        assert_eq!(puzzle.givens(), &line("givens"), "{name}");
        let title = puzzle.metadata().iter().find(|(k, _)| k == "title").map(|(_, v)| v);
        assert_eq!(title.map(String::as_str), entry["name"].as_str(), "{name}");
        assert_unique(name, &puzzle, &line("solution"));
        seen += 1;
    }
    assert_eq!(seen, 2);
}

#[test]
fn the_kaji_puzzles_in_satdokus_rules_read_and_are_unique_with_their_solution() {
    let Some(dir) = fpuzzles("the_kaji_puzzles_in_satdokus_rules_read") else {
        return;
    };
    for (name, rules, marked) in [
        ("our-lady-of-the-adjacent.json", "non-consecutive", 0),
        ("strange-level.json", "classic", 4),
        ("wormhole-sixxtreme.json", "diagonal-, diagonal+", 0),
    ] {
        let puzzle = read_puzzle(&dir.join("kinnison-kaji").join(name));
        assert_eq!(puzzle.geometry(), Geometry::new(6, 2, 3).unwrap(), "{name}");
        assert_eq!(puzzle.rule_names(), rules, "{name}");
        let marks: usize = puzzle
            .rules()
            .iter()
            .map(|rule| match rule {
                Rule::Even(cells) | Rule::Odd(cells) => cells.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(marks, marked, "{name}");
        let solution = puzzle.solution().unwrap_or_else(|| panic!("{name} records its solution"));
        assert_unique(name, &puzzle, &solution.clone());
    }
}

/// `index.tsv` of the SudokuSolver folder: file name → (constraint keys, expected solution).
fn sudokusolver_index(dir: &Path) -> BTreeMap<String, (String, String)> {
    let text = read(&dir.join("dclamage-SudokuSolver/index.tsv"));
    text.lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), (fields[5].to_string(), fields[6].to_string()))
        })
        .collect()
}

#[test]
fn the_five_sudokusolver_classics_read_and_match_its_index() {
    let Some(dir) = fpuzzles("the_five_sudokusolver_classics_read") else {
        return;
    };
    let classics: Vec<(String, String)> = sudokusolver_index(&dir)
        .into_iter()
        .filter(|(_, (keys, _))| keys.is_empty())
        .map(|(name, (_, solution))| (name, solution))
        .collect();
    assert_eq!(classics.len(), 5, "{classics:?}");
    for (name, solution) in classics {
        let puzzle = read_puzzle(&dir.join("dclamage-SudokuSolver").join(&name));
        assert_eq!(puzzle.rules(), &[], "{name}");
        let expected = Grid::from_line(puzzle.geometry(), &solution).unwrap();
        assert_unique(&name, &puzzle, &expected);
    }
}

/// The solutions the datasets record outside the files, by file name: the SudokuSolver
/// index's, and the Miracle family's for the constructed files.
fn recorded_solutions(dir: &Path) -> BTreeMap<String, String> {
    let family = read(&dir.join("../miracle-family.jsonl"));
    let family = family.lines().map(|line| {
        let entry: Value = serde_json::from_str(line).unwrap();
        let name = format!("{}.json", entry["id"].as_str().unwrap());
        (name, entry["solution"].as_str().unwrap().to_string())
    });
    let index = sudokusolver_index(dir).into_iter().map(|(name, (_, solution))| (name, solution));
    index.chain(family).collect()
}

/// The solution a file expects: its `solution` array if complete, else one recorded elsewhere
/// (as digits, or for 16×16 as decimal values run together, which are matched by writing the
/// unique solution the same way).
fn expected_solution(puzzle: &Puzzle, recorded: Option<&String>) -> Option<Grid> {
    if let Some(solution) = puzzle.solution() {
        return Some(solution.clone());
    }
    let recorded = recorded?;
    Grid::from_line(puzzle.geometry(), recorded).or_else(|| {
        let count = count_up_to(puzzle, 1).ok()?;
        let found = count.first_solutions().first()?.clone();
        let decimal: String = found.filled().map(|(_, digit)| digit.value().to_string()).collect();
        (&decimal == recorded).then_some(found)
    })
}

#[test]
fn every_fpuzzles_file_reads_into_its_unique_solution_or_is_refused_by_name() {
    let Some(dir) = fpuzzles("every_fpuzzles_file_reads_or_is_refused") else {
        return;
    };
    let recorded = recorded_solutions(&dir);
    let (mut read_files, mut refused, mut failures) = (BTreeSet::new(), Vec::new(), Vec::new());
    for folder in FOLDERS {
        let mut paths: Vec<PathBuf> = fs::read_dir(dir.join(folder))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let label = format!("{folder}/{name}");
            let text = read(&path);
            let outcome = panic::catch_unwind(|| -> Result<Option<String>, ParseError> {
                let puzzle = parse(&text)?;
                let Some(expected) = expected_solution(&puzzle, recorded.get(&name)) else {
                    return Ok(Some(format!("{label}: read, but no solution to check against")));
                };
                Ok(check_unique(&label, &puzzle, &expected))
            });
            match outcome {
                Err(_) => failures.push(format!("{label}: panicked")),
                Ok(Ok(None)) => {
                    read_files.insert(label);
                }
                Ok(Ok(Some(failure))) => failures.push(failure),
                Ok(Err(error)) => {
                    let message = error.message();
                    let key = message
                        .strip_prefix("unsupported f-puzzles ")
                        .and_then(|rest| rest.split('`').nth(1));
                    match key {
                        Some(key) if text.contains(&format!("\"{key}\"")) => {
                            refused.push(format!("{label}: `{key}`"));
                        }
                        _ => {
                            failures.push(format!("{label}: refused without naming a key: {error}"))
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "f-puzzles files read: {}\nrefused: {}",
        read_files.iter().cloned().collect::<Vec<_>>().join(", "),
        refused.join(", ")
    );
    assert!(failures.is_empty(), "{} file(s) failed:\n{}", failures.len(), failures.join("\n"));
    let must_read = [
        "constructed/miracle-mitchell-lee.json",
        "constructed/new-miracle-aad-van-de-wetering.json",
        "kinnison-kaji/our-lady-of-the-adjacent.json",
        "kinnison-kaji/strange-level.json",
        "kinnison-kaji/wormhole-sixxtreme.json",
        "dclamage-SudokuSolver/classic-sudoku-4.json",
        "dclamage-SudokuSolver/classic-untitled-1.json",
        "dclamage-SudokuSolver/classic-untitled-2.json",
        "dclamage-SudokuSolver/ripples.json",
        "dclamage-SudokuSolver/valtari.json",
    ];
    for label in must_read {
        assert!(read_files.contains(label), "{label} was not read");
    }
    // All 40 SudokuSolver files and all 16 kaji files read, and each is unique with its
    // recorded solution (sandwiches, X-sums, skyscrapers and indexers included).
    assert_eq!((read_files.len(), refused.len()), (2 + 40 + 16, 0), "{refused:?}");
}

#[test]
fn the_conversions_in_puzzles_match_their_json() {
    let Some(dir) = fpuzzles("the_conversions_in_puzzles_match_their_json") else {
        return;
    };
    for (json, text) in [
        ("kinnison-kaji/our-lady-of-the-adjacent", "non-consecutive-6x6-our-lady-of-the-adjacent"),
        ("kinnison-kaji/strange-level", "even-odd-6x6-strange-level"),
        ("kinnison-kaji/wormhole-sixxtreme", "diagonal-6x6-wormhole-sixxtreme"),
        ("kinnison-kaji/one-to-six", "indexer-6x6-one-to-six"),
        ("dclamage-SudokuSolver/sandwich-sudoku", "sandwich-classic"),
        ("dclamage-SudokuSolver/minimax-sandwich", "sandwich-minimax"),
        ("dclamage-SudokuSolver/tiny-scar", "x-sum-tiny-scar"),
        ("dclamage-SudokuSolver/renban-skyscrapers", "skyscraper-renban"),
        ("dclamage-SudokuSolver/159-arrows", "indexer-159-arrows"),
    ] {
        let from_json = read_puzzle(&dir.join(format!("{json}.json")));
        let path = format!("{}/puzzles/{text}.txt", env!("CARGO_MANIFEST_DIR"));
        let from_text = read_puzzle(Path::new(&path));
        assert_eq!(from_text.givens(), from_json.givens(), "{text}");
        let sorted = |puzzle: &Puzzle| puzzle.rules().iter().cloned().collect::<BTreeSet<Rule>>();
        assert_eq!(sorted(&from_text), sorted(&from_json), "{text}");
        if from_json.solution().is_some() {
            assert_eq!(from_text.solution(), from_json.solution(), "{text}");
        }
    }
}

#[test]
fn every_sudokusolver_load_string_reads_into_the_puzzle_of_its_file() {
    let Some(dir) = fpuzzles("every_sudokusolver_load_string_reads_into_its_file") else {
        return;
    };
    let dir = dir.join("dclamage-SudokuSolver");
    let table = read(&dir.join("lzstring-base64.tsv"));
    let mut checked = 0;
    for row in table.lines().skip(1) {
        let (name, payload) = row.split_once('\t').expect("two columns");
        let json = satdoku::model::fpuzzles::decode_link(payload)
            .unwrap_or_else(|| panic!("{name}: not a payload"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let from_link = parse(&json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let link = format!("https://www.f-puzzles.com/?load={payload}");
        let decoded = satdoku::model::fpuzzles::decode_link(&link).and_then(Result::ok);
        assert_eq!(decoded.as_ref(), Some(&json), "{name}: the ?load= link");
        assert_eq!(from_link, read_puzzle(&dir.join(name)), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 40);
}

#[test]
fn bad_outside_clues_point_at_their_entry() {
    let cases = [
        (
            r#", "sandwichsum": [{"cell": "R2C2", "value": "3"}]"#,
            "expected a clue cell just outside the grid",
        ),
        (
            r#", "xsum": [{"cell": "R0C2", "value": "30"}]"#,
            "expected an X-sum total from 1 to 10, found 30",
        ),
        (r#", "skyscraper": [{"cell": "R5C1", "value": "x"}]"#, "expected a number as `value`"),
    ];
    for (extra, expected) in cases {
        let error = parse(&document(&[], extra)).unwrap_err();
        assert!(error.message().contains(expected), "{error}");
        assert_eq!(error.line(), 19, "{error}");
    }
}

/// Issue 19 point 7: a little killer whose `cells` are not the diagonal its `cell` and
/// `direction` point along is refused, the clue named, not read as its `cells` say.
#[test]
fn a_little_killer_must_cover_the_diagonal_its_clue_points_along() {
    let clue = |body: &str| document(&[], &format!(",\n\"littlekillersum\": [{body}]"));
    let whole = r#"{"cell": "R0C0", "direction": "DR", "cells": ["R1C1", "R2C2", "R3C3", "R4C4"], "value": "10"}"#;
    assert!(parse(&clue(whole)).is_ok());
    let inferred = r#"{"cell": "R5C2", "cells": ["R4C3", "R3C4"], "value": "7"}"#;
    assert!(parse(&clue(inferred)).is_ok(), "no direction: the step to the first cell");
    for (body, expected) in [
        (
            r#"{"cell": "R0C0", "direction": "DR", "cells": ["R1C2", "R2C3", "R3C4"], "value": "9"}"#,
            "little killer clue at R0C0 (DR) to be its diagonal [R1C1, R2C2, R3C3, R4C4], found [R1C2, R2C3, R3C4]",
        ),
        (
            r#"{"cell": "R0C1", "direction": "DL", "cells": ["R1C2", "R2C3", "R3C4"], "value": "9"}"#,
            "clue at R0C1 (DL) to be its diagonal [], found [R1C2, R2C3, R3C4]",
        ),
        (
            r#"{"cell": "R0C1", "direction": "DR", "cells": ["R1C2", "R2C3"], "value": "5"}"#,
            "found [R1C2, R2C3]",
        ),
        (
            r#"{"cell": "R2C2", "direction": "DR", "cells": ["R3C3"], "value": "5"}"#,
            "expected the little killer clue's cell just outside the grid",
        ),
        (
            r#"{"cell": "R0C1", "direction": "down", "cells": ["R1C2"], "value": "5"}"#,
            "to be DR, DL, UR or UL, found `down`",
        ),
    ] {
        let error = parse(&clue(body)).unwrap_err();
        assert!(error.message().contains(expected), "{body}: {error}");
        assert_eq!(error.line(), 20, "{body}: {error}");
    }
}
