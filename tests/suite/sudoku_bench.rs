//! The Sudoku-Bench `challenge_100` puzzles (`variants/sudoku-bench-challenge100/`) whose rules
//! satdoku supports: their rules are natural language, so which rule each drawn element states
//! is read here per puzzle from its rules text (a renban line, a region-sum line, a kropki
//! dot), and each puzzle read must be unique with its recorded solution. The count is the one
//! docs/formats.md states.

use std::fs;
use std::path::Path;

use satdoku::model::rule::Dot;
use satdoku::{Cell, Geometry, Grid, Puzzle, Rule, count_up_to, validate};
use serde_json::Value;

/// How a puzzle's drawn elements read, as its rules text states them.
#[derive(Clone, Copy)]
enum Reading {
    /// Normal sudoku rules; nothing drawn.
    Classic,
    /// Every line is a renban line.
    Renban,
    /// Every line is a region-sum line.
    RegionSum,
    /// Anti-knight, and circles on edges are kropki dots (white: consecutive, black: 1:2).
    AntiKnightKropki,
}

/// The puzzles whose every rule satdoku supports, with how to read them: 1–20 are the Nikoli
/// classics; 73 and 88 are renban, 77 and 85 region sums, 75 anti-knight with kropki dots.
fn supported() -> Vec<(usize, Reading)> {
    let classics = (1..=20).map(|n| (n, Reading::Classic));
    let variants = [
        (73, Reading::Renban),
        (75, Reading::AntiKnightKropki),
        (77, Reading::RegionSum),
        (85, Reading::RegionSum),
        (88, Reading::Renban),
    ];
    classics.chain(variants).collect()
}

/// The cells of an element's `coords` (`r1c2`, ...).
fn coords(element: &Value) -> Vec<Cell> {
    let names = element["coords"].as_array().expect("coords");
    names.iter().map(|n| Cell::from_name(n.as_str().unwrap()).expect("a cell")).collect()
}

/// The puzzle of one Sudoku-Bench file, read as `reading` says.
fn read(path: &Path, reading: Reading) -> (Puzzle, Grid) {
    let document: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let size = document["rows"].as_u64().unwrap() as usize;
    let geometry = Geometry::with_usual_boxes(size).unwrap();
    let givens = Grid::from_line(geometry, document["initial_board"].as_str().unwrap()).unwrap();
    let solution = Grid::from_line(geometry, document["solution"].as_str().unwrap()).unwrap();
    let elements: Vec<Value> = match document["visual_elements"].as_str() {
        Some(text) if !text.is_empty() => serde_json::from_str(text).unwrap(),
        _ => Vec::new(),
    };
    let mut rules = Vec::new();
    if let Reading::AntiKnightKropki = reading {
        rules.push(Rule::AntiKnight);
    }
    for element in &elements {
        let cells = coords(element);
        let rule = match (reading, element["type"].as_str().unwrap()) {
            (Reading::Renban, "lines") => Rule::Renban(cells),
            (Reading::RegionSum, "lines") => Rule::RegionSum(cells),
            (Reading::AntiKnightKropki, "overlays") => {
                let dot = match element["color_name"].as_str().unwrap() {
                    "white" => Dot::WHITE,
                    "black" => Dot::BLACK,
                    other => panic!("{}: a {other} dot", path.display()),
                };
                Rule::Dot { cells: [cells[0], cells[1]], dot }
            }
            (_, kind) => {
                panic!("{}: an element `{kind}` this reading does not expect", path.display())
            }
        };
        rules.push(rule);
    }
    (Puzzle::new(givens, rules), solution)
}

#[test]
fn the_supported_sudoku_bench_puzzles_are_unique_with_their_recorded_solutions() {
    let Some(dir) = crate::data::datasets("sudoku_bench") else { return };
    let dir = dir.join("variants/sudoku-bench-challenge100");
    let mut solved = 0;
    for (number, reading) in supported() {
        let path = dir.join(format!("puzzle_{number:04}.json"));
        let (puzzle, solution) = read(&path, reading);
        let count = count_up_to(&puzzle, 2).unwrap();
        assert!(count.is_unique(), "puzzle {number}: {} solutions", count.count());
        assert_eq!(count.first_solutions()[0], solution, "puzzle {number}");
        assert_eq!(validate(&puzzle, &solution), Ok(()), "puzzle {number}");
        solved += 1;
    }
    assert_eq!(solved, 25);
}
