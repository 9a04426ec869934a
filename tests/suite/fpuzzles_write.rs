//! Checks the f-puzzles writer and links: text → f-puzzles → text and f-puzzles → link →
//! f-puzzles give the same puzzle back, on every puzzle of `puzzles/` and on every f-puzzles
//! file of the datasets that satdoku reads (through `crate::data`, skipping when absent).

use std::fs;
use std::path::Path;

use satdoku::model::fpuzzles::{
    FPUZZLES_PREFIX, SUDOKUPAD_PREFIX, decode_link, fpuzzles_link, sudokupad_link, write_fpuzzles,
};
use satdoku::model::rule::Dot;
use satdoku::{Cell, Grid, Puzzle, Rule};
use serde_json::Value;

/// The curated collection.
const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");

/// The files of `dir` ending in `extension`, with their text, in name order.
fn files(dir: &Path, extension: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == extension))
        .map(|path| {
            let text = fs::read_to_string(&path).expect("a readable file");
            (path.display().to_string(), text)
        })
        .collect();
    found.sort();
    found
}

/// The puzzle without its `source` line, which f-puzzles has no key for.
fn without_source(puzzle: &Puzzle) -> Puzzle {
    let mut stripped = Puzzle::new(puzzle.givens().clone(), puzzle.rules().to_vec());
    if let Some(solution) = puzzle.solution() {
        stripped = stripped.with_solution(solution.clone());
    }
    for (key, value) in puzzle.metadata().iter().filter(|(key, _)| key != "source") {
        stripped = stripped.with_metadata(key, value);
    }
    stripped
}

/// The puzzle read back from its f-puzzles document.
fn through_fpuzzles(label: &str, puzzle: &Puzzle) -> Puzzle {
    let json = write_fpuzzles(puzzle).unwrap_or_else(|e| panic!("{label}: {e}"));
    json.parse::<Puzzle>().unwrap_or_else(|e| panic!("{label}: {e}\n{json}"))
}

#[test]
fn every_collection_puzzle_comes_back_from_fpuzzles_and_from_its_links() {
    let collection = files(Path::new(PUZZLES), "txt");
    assert!(collection.len() >= 60, "{} puzzles", collection.len());
    for (name, text) in collection {
        let puzzle: Puzzle = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        if !puzzle.geometry().has_one_of_each_digit() {
            // No field for digits 1 to M: refused by name (suite `digits`).
            let error = write_fpuzzles(&puzzle).expect_err("digits past N");
            assert!(error.to_string().contains("cannot carry the digits 1 to"), "{name}: {error}");
            continue;
        }
        // f-puzzles has no key for inequality signs, XV dots of other sums than 5 and 10,
        // parity, lockout, sum and differences-count lines, counting circles, rellik cages,
        // numbered rooms, leapers but the king and the knight, anti-taxicab, combined dots,
        // sequence lines or diagonals of equal totals: the writer refuses them.
        let unwritable = |rule: &satdoku::Rule| {
            let names = [
                "greater",
                "sum",
                "parity-line",
                "lockout",
                "sum-line",
                "counting-circles",
                "rellik",
                "numbered-room",
                "differences-count",
                "anti-camel",
                "anti-leaper",
                "anti-taxicab",
                "combined-dot",
                "negative-combined",
                "sequence",
                "equal-sums",
                "equal-products",
            ];
            names.contains(&rule.name())
        };
        if puzzle.rules().iter().any(unwritable) {
            assert!(write_fpuzzles(&puzzle).is_err(), "{name}");
            continue;
        }
        let back = through_fpuzzles(&name, &puzzle);
        assert_eq!(back, without_source(&puzzle), "{name}");
        assert_eq!(back.to_text(), without_source(&puzzle).to_text(), "{name}");
        let json = write_fpuzzles(&puzzle).expect("written above");
        for link in [fpuzzles_link(&json), sudokupad_link(&json)] {
            assert_eq!(decode_link(&link), Some(Ok(json.clone())), "{name}: {link}");
        }
    }
}

#[test]
fn every_dataset_file_satdoku_reads_comes_back_through_a_link() {
    let Some(dir) = crate::data::datasets("fpuzzles_write::dataset_round_trip") else { return };
    let mut read = 0;
    for folder in ["constructed", "kinnison-kaji", "dclamage-SudokuSolver"] {
        for (name, text) in files(&dir.join("variants/fpuzzles").join(folder), "json") {
            // Files with rules satdoku does not have yet are refused by the reader (its tests).
            let Ok(puzzle) = text.parse::<Puzzle>() else { continue };
            read += 1;
            let json = write_fpuzzles(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
            let link = fpuzzles_link(&json);
            assert!(link.starts_with(FPUZZLES_PREFIX), "{link}");
            let decoded = decode_link(&link).expect("a link").expect("a payload");
            assert_eq!(decoded, json, "{name}");
            let back: Puzzle = decoded.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(back, puzzle, "{name}");
            assert_eq!(write_fpuzzles(&back).as_deref(), Ok(json.as_str()), "{name}");
        }
    }
    assert!(read >= 40, "only {read} dataset files read");
}

#[test]
fn the_document_holds_the_keys_setters_tools_read() {
    let text = fs::read_to_string(format!("{PUZZLES}/little-killer-4x4-peak.txt")).unwrap();
    let puzzle: Puzzle = text.parse().unwrap();
    let json: Value = serde_json::from_str(&write_fpuzzles(&puzzle).unwrap()).unwrap();
    assert_eq!(json["size"], 4);
    assert_eq!(json["title"], "Peak Sudoku");
    assert_eq!(json["solution"].as_array().map(Vec::len), Some(16));
    assert_eq!(json["xv"][0]["value"], "V");
    let clues = json["littlekillersum"].as_array().unwrap();
    let main = clues.iter().find(|clue| clue["value"] == "6").expect("the 6 clue");
    assert_eq!((&main["cell"], &main["direction"]), (&Value::from("R0C0"), &Value::from("DR")));
    let anti = clues.iter().find(|clue| clue["value"] == "14").expect("the 14 clue");
    assert_eq!((&anti["cell"], &anti["direction"]), (&Value::from("R0C5"), &Value::from("DL")));
}

#[test]
fn arrows_start_their_line_in_the_pill_and_regions_are_written_per_cell() {
    let text = fs::read_to_string(format!("{PUZZLES}/arrow-pill-cloneways.txt")).unwrap();
    let json: Value =
        serde_json::from_str(&write_fpuzzles(&text.parse().unwrap()).unwrap()).unwrap();
    for arrow in json["arrow"].as_array().unwrap() {
        let pill = arrow["cells"].as_array().unwrap();
        assert!(pill.contains(&arrow["lines"][0][0]), "{arrow}");
    }
    let text = fs::read_to_string(format!("{PUZZLES}/irregular-7x7-kropki.txt")).unwrap();
    let json: Value =
        serde_json::from_str(&write_fpuzzles(&text.parse().unwrap()).unwrap()).unwrap();
    assert_eq!(
        (json["grid"][3][3]["region"].clone(), json["grid"][6][1]["region"].clone()),
        (4.into(), 6.into())
    );
    let classic: Puzzle = "1...............".parse().unwrap();
    let json = write_fpuzzles(&classic).unwrap();
    assert!(!json.contains("region"), "usual boxes need no regions: {json}");
}

#[test]
fn what_fpuzzles_cannot_state_is_refused_by_name() {
    let givens = Grid::empty(satdoku::Geometry::with_usual_boxes(9).unwrap());
    let line: Vec<Cell> = (0..3).map(|c| Cell::new(0, c)).collect();
    let greater = Puzzle::new(givens.clone(), vec![Rule::Greater([line[0], line[1]])]);
    assert_eq!(write_fpuzzles(&greater).unwrap_err().what(), "inequality signs");
    let sum = Rule::Dot { cells: [line[0], line[1]], dot: Dot::Sum(7) };
    let seven = Puzzle::new(givens.clone(), vec![sum]);
    assert_eq!(write_fpuzzles(&seven).unwrap_err().what(), "an XV dot of sum 7");
    let negative_x = Puzzle::new(givens.clone(), vec![Rule::Negative(Dot::X)]);
    let error = write_fpuzzles(&negative_x).unwrap_err().to_string();
    assert!(
        error.contains("negative sum dots of 10 (f-puzzles reads its negative sum as 5, 10)"),
        "{error}"
    );
    for (rule, what) in [
        (Rule::Rellik { cells: line.clone(), sum: 7 }, "rellik cages"),
        (Rule::AntiLeaper([2, 2]), "anti-leaper-2-2"),
        (Rule::AntiTaxicab, "anti-taxicab"),
    ] {
        let puzzle = Puzzle::new(givens.clone(), vec![rule]);
        assert_eq!(write_fpuzzles(&puzzle).unwrap_err().what(), what);
    }
    // A negative difference covers 1 and every difference on the grid.
    let dot = Rule::Dot { cells: [line[0], line[1]], dot: Dot::Difference(3) };
    let negative = Puzzle::new(givens.clone(), vec![dot.clone(), Rule::Negative(Dot::WHITE)]);
    let error = write_fpuzzles(&negative).unwrap_err().to_string();
    assert!(error.contains("reads its negative difference as 1, 3"), "{error}");
    let rules = vec![dot, Rule::Negative(Dot::WHITE), Rule::Negative(Dot::Difference(3))];
    let negative = Puzzle::new(givens, rules);
    let json = write_fpuzzles(&negative).unwrap();
    assert_eq!(json.parse::<Puzzle>().unwrap(), negative, "{json}");
    let big = Puzzle::new(Grid::empty(satdoku::Geometry::with_usual_boxes(25).unwrap()), vec![]);
    assert!(write_fpuzzles(&big).unwrap_err().to_string().contains("25x25"));
    assert!(sudokupad_link("{}").starts_with(SUDOKUPAD_PREFIX));
}

#[test]
fn lines_sudokupad_cannot_read_come_with_the_line_fpuzzles_draws_for_them() {
    for (name, key, drawn) in [
        ("whispers-alien.txt", "whispers", "Whispers"),
        ("renban-159.txt", "renban", "Renban"),
        ("region-sum-equal-sums.txt", "regionsumline", "Region Sum Line"),
        ("slow-thermo.txt", "slowthermometer", "Slow Thermometer"),
    ] {
        let text = fs::read_to_string(format!("{PUZZLES}/{name}")).unwrap();
        let json: Value =
            serde_json::from_str(&write_fpuzzles(&text.parse().unwrap()).unwrap()).unwrap();
        let constraints = json[key].as_array().unwrap_or_else(|| panic!("{name}: no {key}"));
        let cosmetic: Vec<&Value> = json["line"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|line| line["fromConstraint"] == drawn)
            .collect();
        assert_eq!(cosmetic.len(), constraints.len(), "{name}: one drawn line per {key}");
        for (constraint, line) in constraints.iter().zip(cosmetic) {
            assert_eq!(constraint["lines"], line["lines"], "{name}");
        }
    }
    let text = fs::read_to_string(format!("{PUZZLES}/thermo-6x6-frost.txt")).unwrap();
    let json = write_fpuzzles(&text.parse().unwrap()).unwrap();
    assert!(!json.contains("\"line\""), "SudokuPad draws thermometers itself: {json}");
}
