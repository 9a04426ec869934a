//! Structured generators: inputs shaped like real puzzles (text format with headers and
//! sections, bare grids and lines, batches, f-puzzles JSON), with a few deliberate faults, so
//! that the fuzzer reaches the readers' deeper checks and not only their first error.

use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use satdoku::model::rule::RULE_NAMES;
use serde_json::{Value, json};

/// Grid sizes, mostly valid ones, some without usual boxes.
const SIZES: &[usize] = &[4, 4, 6, 6, 8, 9, 9, 9, 12, 16, 1, 5, 7, 25];

/// The symbol of digit `d` (0-based) on an N×N grid: `1`-`9`, then `A`... (the text format).
fn symbol(d: usize) -> char {
    std::char::from_digit(d as u32 + 1, 36).map_or('?', |c| c.to_ascii_uppercase())
}

/// One cell's symbol: mostly empty, some digits, rarely a stray character.
fn cell_symbol(size: usize, rng: &mut ChaCha8Rng) -> char {
    match rng.random_range(0..100) {
        0..60 => '.',
        60..65 => '0',
        65..98 => symbol(rng.random_range(0..size.max(1))),
        _ => *['x', 'é', '#', ' ', '|', 'Z'].choose(rng).expect("symbols"),
    }
}

/// `size`² symbols in reading order.
fn givens(size: usize, rng: &mut ChaCha8Rng) -> Vec<char> {
    (0..size * size).map(|_| cell_symbol(size, rng)).collect()
}

/// A grid as rows, sometimes with spaces between cells.
fn rows(cells: &[char], size: usize, spaced: bool) -> String {
    let separator = if spaced { " " } else { "" };
    cells
        .chunks(size.max(1))
        .map(|row| row.iter().map(char::to_string).collect::<Vec<_>>().join(separator) + "\n")
        .collect()
}

/// A random list of rule names.
fn rule_list(rng: &mut ChaCha8Rng) -> String {
    let count = rng.random_range(0..=3);
    let names: Vec<&str> = (0..count).map(|_| RULE_NAMES.choose(rng).expect("rules").0).collect();
    if rng.random_range(0..20) == 0 { "anti-bishop".to_string() } else { names.join(", ") }
}

/// One puzzle in the text format, as a bare grid, or as a bare line.
pub fn text(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let size = *SIZES.choose(rng).expect("sizes");
    let cells = givens(size, rng);
    match rng.random_range(0..4) {
        0 => cells.iter().collect::<String>().into_bytes(),
        1 => rows(&cells, size, rng.random()).into_bytes(),
        _ => text_format(size, &cells, rng).into_bytes(),
    }
}

/// The text format: header lines in random order, then sections.
fn text_format(size: usize, cells: &[char], rng: &mut ChaCha8Rng) -> String {
    let mut headers = vec![format!("rules: {}", rule_list(rng))];
    if rng.random() {
        headers.push(format!("size: {size}"));
    }
    if rng.random_range(0..3) == 0 {
        let (r, c) = *[(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 4), (1, 5)].choose(rng).unwrap();
        headers.push(format!("boxes: {r}x{c}"));
    }
    if rng.random() {
        headers.push("title: fuzz # not a comment".to_string());
    }
    headers.push("# a comment".to_string());
    let mut text = headers.join("\n") + "\n";
    text += &format!("givens:\n{}", rows(cells, size, rng.random()));
    for mark in ["even", "odd"] {
        if rng.random_range(0..4) == 0 {
            let marks: Vec<char> = (0..size * size)
                .map(|_| if rng.random_range(0..8) == 0 { 'x' } else { '.' })
                .collect();
            text += &format!("{mark}:\n{}", rows(&marks, size, false));
        }
    }
    if rng.random_range(0..4) == 0 {
        let solution: Vec<char> =
            (0..size * size).map(|i| symbol((i + i / size) % size.max(1))).collect();
        text += &format!("solution:\n{}", rows(&solution, size, false));
    }
    text
}

/// A batch: bare lines of one size, with blank and comment lines, sometimes a line of
/// another size.
pub fn batch(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let size = *[4, 6, 9, 9, 16].choose(rng).expect("sizes");
    let mut text = String::new();
    for _ in 0..rng.random_range(2..=12) {
        let line_size = if rng.random_range(0..10) == 0 { 4 } else { size };
        let line: String = givens(line_size, rng).into_iter().collect();
        text += &match rng.random_range(0..10) {
            0 => "\n".to_string(),
            1 => "# comment\n".to_string(),
            2 => format!("{line} # named\n"),
            _ => format!("{line}\n"),
        };
    }
    text.into_bytes()
}

/// An f-puzzles JSON object: size, grid of cell objects, global rules, marks, metadata, and
/// sometimes a constraint satdoku refuses.
pub fn fpuzzles(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let size = *SIZES.choose(rng).expect("sizes");
    let grid: Vec<Vec<Value>> =
        (0..size).map(|_| (0..size).map(|_| fpuzzles_cell(size, rng)).collect()).collect();
    let mut object = json!({ "size": size, "grid": grid });
    for key in ["diagonal+", "diagonal-", "antiking", "antiknight", "nonconsecutive"] {
        if rng.random_range(0..4) == 0 {
            object[key] = json!(rng.random::<bool>());
        }
    }
    for key in ["odd", "even"] {
        if rng.random_range(0..4) == 0 {
            let cell = format!(
                "R{}C{}",
                rng.random_range(0..=size + 1),
                rng.random_range(1..=size.max(1))
            );
            object[key] = json!([{ "cell": cell }]);
        }
    }
    if rng.random() {
        object["title"] = json!("fuzz");
        object["author"] = json!(["not", "a", "string"].choose(rng).unwrap());
    }
    if rng.random_range(0..8) == 0 {
        object["killercage"] = json!([{ "cells": ["R1C1", "R1C2"], "value": "3" }]);
    }
    if rng.random_range(0..6) == 0 {
        let solution: String =
            (0..size * size).map(|i| symbol((i + i / size.max(1)) % size.max(1))).collect();
        object["solution"] = json!(solution);
    }
    object.to_string().into_bytes()
}

/// One f-puzzles cell: usually empty, sometimes a given, a solver's entry, a parity mark, a
/// region or pencil marks.
fn fpuzzles_cell(size: usize, rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..20) {
        0..12 => json!({}),
        12..16 => json!({ "value": rng.random_range(0..=size + 1), "given": true }),
        16 => json!({ "value": rng.random_range(1..=size.max(1)) }),
        17 => json!({ "parity": *["Even", "Odd", "Prime"].choose(rng).unwrap() }),
        18 => json!({ "region": rng.random_range(0..size.max(1)) }),
        _ => json!({ "centerPencilMarks": [1, 2], "givenPencilMarks": [] }),
    }
}

/// An f-puzzles link: a generated document compressed as f-puzzles does, behind `?load=` or
/// bare, sometimes cut short.
pub fn link(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let json = String::from_utf8_lossy(&fpuzzles(rng)).into_owned();
    let mut payload = super::lz::compress_to_base64(&json);
    if rng.random_range(0..4) == 0 {
        payload.truncate(rng.random_range(0..=payload.len()));
    }
    let link =
        if rng.random() { format!("https://f-puzzles.com/?load={payload}") } else { payload };
    link.into_bytes()
}

/// A SudokuPad link: a generated puzzle's `scl` link, or zipped JSON written by hand, or a
/// payload that expands far (a long run of one character), sometimes cut short or altered.
pub fn sudokupad(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let json = String::from_utf8_lossy(&fpuzzles(rng)).into_owned();
    let zipped = [
        "{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:67f067}]}",
        "{ce:[[,,,],[,,,],[,,,],[,,,]],o:[{ct:[1,0.5],w:0.3,h:0.3,r:t,c2:#F}],metadata:{rules:'x'}}",
    ];
    let text = match rng.random_range(0..4) {
        0 => match satdoku::model::fpuzzles::parse_fpuzzles(&json, &Default::default()) {
            Ok(puzzle) => match satdoku::model::sudokupad::scl_link(&puzzle) {
                Ok(link) => return link.into_bytes(),
                Err(_) => json,
            },
            Err(_) => json,
        },
        1 => zipped[rng.random_range(0..zipped.len())].to_string(),
        2 => "a".repeat(rng.random_range(1..3_000_000)),
        _ => json,
    };
    let mut payload = super::lz::compress_to_base64(&text);
    if rng.random_range(0..4) == 0 {
        payload.truncate(rng.random_range(0..=payload.len()));
    }
    let prefix = ["https://sudokupad.app/scl", "scl", "ctc", "https://sudokupad.app/?puzzleid=scl"];
    format!("{}{payload}", prefix[rng.random_range(0..prefix.len())]).into_bytes()
}

/// A small DIMACS formula: a header (sometimes with wrong counts), clauses of small literals,
/// comments, and now and then a stray token.
pub fn dimacs(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let vars = rng.random_range(0..6usize);
    let clauses = rng.random_range(0..6usize);
    let stated = if rng.random_range(0..5) == 0 { clauses + 1 } else { clauses };
    let mut text = format!("c fuzz\np cnf {vars} {stated}\n");
    for _ in 0..clauses {
        for _ in 0..rng.random_range(0..4) {
            let var = rng.random_range(1..=vars.max(1)) as i64;
            text += &format!("{} ", if rng.random() { var } else { -var });
        }
        text += ["0\n", "0 ", "x 0\n", "0\n"][rng.random_range(0..4)];
    }
    text.into_bytes()
}

/// A small DRAT proof: lemmas and deletions (`d`) of small literals ended by `0`, comments,
/// and now and then a stray token, a `d` inside a step or a step left open.
pub fn drat(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut text = String::new();
    for _ in 0..rng.random_range(0..8) {
        if rng.random_range(0..6) == 0 {
            text += "c a comment\n";
        }
        if rng.random_range(0..3) == 0 {
            text += "d ";
        }
        for _ in 0..rng.random_range(0..4) {
            let var = rng.random_range(1..=6i64);
            text += &format!("{} ", if rng.random() { var } else { -var });
        }
        text += ["0\n", "0 ", "x 0\n", "d 0\n", "0\n", "\n"][rng.random_range(0..6)];
    }
    text.into_bytes()
}

/// A regions file: a valid layout (rows, columns or boxes of a small grid, two cells swapped
/// now and then) drawn as rows or one line, sometimes spaced or commented, now and then with
/// a symbol changed or a row dropped.
pub fn regions(rng: &mut ChaCha8Rng) -> Vec<u8> {
    let size = *[4, 4, 5, 6, 6, 7, 8, 9, 9, 3, 36].choose(rng).expect("sizes");
    let rows_per_box = if size % 2 == 0 { 2 } else { 1 };
    let scheme = rng.random_range(0..3);
    let mut labels: Vec<char> = (0..size * size)
        .map(|i| {
            let (row, column) = (i / size, i % size);
            let region = match scheme {
                0 => row,
                1 => column,
                _ => (row / rows_per_box) * rows_per_box + column / (size / rows_per_box),
            };
            symbol(region.min(size - 1))
        })
        .collect();
    if rng.random() {
        let (a, b) = (rng.random_range(0..labels.len()), rng.random_range(0..labels.len()));
        labels.swap(a, b);
    }
    if rng.random_range(0..5) == 0 {
        let at = rng.random_range(0..labels.len());
        labels[at] = cell_symbol(size, rng);
    }
    let mut text = if rng.random_range(0..4) == 0 {
        labels.iter().collect::<String>() + "\n"
    } else {
        rows(&labels, size, rng.random())
    };
    if rng.random_range(0..5) == 0 {
        text = format!("# a jigsaw\n\n{text}");
    }
    if rng.random_range(0..8) == 0 {
        let cut = text.rfind('\n').and_then(|end| text[..end].rfind('\n')).unwrap_or(0);
        text.truncate(cut);
    }
    text.into_bytes()
}
