//! The fuzz targets: one reader each, a generator of inputs shaped for it, and the property
//! every input must keep: no panic, errors that point inside the input, and puzzles that come
//! back unchanged when written in the text format and read again.
//!
//! Adding a target is one entry in [`TARGETS`]: a name (also the corpus directory), a check
//! (`fn(&[u8]) -> usize`, the puzzles read, panicking when a property breaks) and a generator (or [`super::generate`]'s
//! closest one).

use rand_chacha::ChaCha8Rng;
use satdoku::model::fpuzzles::{decode_link, parse_fpuzzles};
use satdoku::model::parse::{parse_document, parse_puzzle, parse_regions};
use satdoku::model::regions::region_symbol;
use satdoku::model::sudokupad;
use satdoku::verify::{InputError, StepKind, parse_dimacs, parse_proof};
use satdoku::{ParseError, ParseOptions, Puzzle};

use super::generate;

/// A reader under test.
pub struct Target {
    /// The name on the command line and of the corpus directory.
    pub name: &'static str,
    /// Runs the reader on an input and says how many puzzles it read; panics when a property
    /// breaks.
    pub check: fn(&[u8]) -> usize,
    /// Draws an input shaped for the reader.
    pub generate: fn(&mut ChaCha8Rng) -> Vec<u8>,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target { name: "text", check: check_document, generate: generate::text },
    Target { name: "batch", check: check_document, generate: generate::batch },
    Target { name: "fpuzzles", check: check_fpuzzles, generate: generate::fpuzzles },
    Target { name: "link", check: check_link, generate: generate::link },
    Target { name: "sudokupad", check: check_sudokupad, generate: generate::sudokupad },
    Target { name: "dimacs", check: check_dimacs, generate: generate::dimacs },
    Target { name: "drat", check: check_drat, generate: generate::drat },
    Target { name: "regions", check: check_regions, generate: generate::regions },
];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|target| target.name == name)
}

/// The input as the CLI would hand it to a reader: text, with bad UTF-8 replaced.
fn text_of(input: &[u8]) -> String {
    String::from_utf8_lossy(input).into_owned()
}

/// `parse_document` (text format, bare grids and lines, batches; f-puzzles JSON too when the
/// input starts with `{`).
fn check_document(input: &[u8]) -> usize {
    let text = text_of(input);
    let lines = text.lines().count().max(1);
    let mut read = 0;
    for entry in parse_document(&text, &ParseOptions::new()) {
        assert!((1..=lines).contains(&entry.line), "entry line {} of {lines}", entry.line);
        match entry.puzzle {
            Ok(puzzle) => {
                assert_round_trip(&puzzle);
                read += 1;
            }
            Err(error) => assert_points_inside(&error, &text),
        }
    }
    read
}

/// The f-puzzles JSON reader.
fn check_fpuzzles(input: &[u8]) -> usize {
    let text = text_of(input);
    match parse_fpuzzles(&text, &ParseOptions::new()) {
        Ok(puzzle) => {
            assert_round_trip(&puzzle);
            1
        }
        Err(error) => {
            assert_points_inside(&error, &text);
            0
        }
    }
}

/// An f-puzzles `?load=` link or bare payload: decoded, then read as f-puzzles JSON.
fn check_link(input: &[u8]) -> usize {
    match decode_link(&text_of(input)) {
        Some(Ok(json)) => check_fpuzzles(json.as_bytes()),
        Some(Err(message)) => {
            assert!(!message.is_empty(), "an empty message");
            0
        }
        None => 0,
    }
}

/// A SudokuPad link or payload: decoded within its bound (a hostile payload is refused, not
/// expanded without limit), then read; a puzzle read must come back through the text format.
fn check_sudokupad(input: &[u8]) -> usize {
    match sudokupad::decode_link(&text_of(input)) {
        Some(Ok(payload)) => {
            let json = payload.into_json();
            assert!(json.len() <= 4 * sudokupad::MAX_TEXT, "a decoded payload past the bound");
            match parse_puzzle(&json, &ParseOptions::new()) {
                Ok(puzzle) => {
                    assert_round_trip(&puzzle);
                    1
                }
                Err(error) => {
                    assert!(!error.message().is_empty(), "an empty message");
                    0
                }
            }
        }
        Some(Err(message)) => {
            assert!(!message.is_empty(), "an empty message");
            0
        }
        None => 0,
    }
}

/// The DIMACS reader of `satdoku verify`: errors point inside the input, and a formula read
/// back from its own DIMACS is the same formula.
fn check_dimacs(input: &[u8]) -> usize {
    let text = text_of(input);
    match parse_dimacs(&text) {
        Ok(cnf) => {
            let mut written = format!("p cnf {} {}\n", cnf.var_count(), cnf.clauses().len());
            cnf.clauses().iter().for_each(|clause| written += &clause_line("", clause));
            let again = parse_dimacs(&written).expect("written DIMACS reads back");
            assert_eq!(again.clauses(), cnf.clauses(), "DIMACS changed the clauses:\n{written}");
            1
        }
        Err(error) => {
            assert_input_error_inside(&error, &text);
            0
        }
    }
}

/// The DRAT reader of `satdoku verify`: errors point inside the input, and a proof read back
/// from its own text has the same steps.
fn check_drat(input: &[u8]) -> usize {
    let text = text_of(input);
    match parse_proof(&text) {
        Ok(proof) => {
            let prefix = |kind| if kind == StepKind::Deletion { "d " } else { "" };
            let written: String =
                proof.steps().iter().map(|s| clause_line(prefix(s.kind), &s.clause)).collect();
            let again = parse_proof(&written).expect("written DRAT reads back");
            let steps = |proof: &satdoku::verify::Proof| {
                proof.steps().iter().map(|s| (s.kind, s.clause.clone())).collect::<Vec<_>>()
            };
            assert_eq!(steps(&again), steps(&proof), "DRAT changed the steps:\n{written}");
            1
        }
        Err(error) => {
            assert_input_error_inside(&error, &text);
            0
        }
    }
}

/// The regions file reader of `generate --regions`: errors point inside the input, and a
/// layout read back from its own rows is the same layout.
fn check_regions(input: &[u8]) -> usize {
    let text = text_of(input);
    match parse_regions(&text) {
        Ok(geometry) => {
            let regions = geometry.regions().expect("a regions file gives regions");
            let size = geometry.size();
            let symbols: String =
                regions.labels().iter().map(|&region| region_symbol(region as usize)).collect();
            let written: String = symbols
                .as_bytes()
                .chunks(size)
                .map(|row| String::from_utf8_lossy(row).into_owned() + "\n")
                .collect();
            let again = parse_regions(&written).expect("written regions read back");
            assert_eq!(again, geometry, "the regions changed:\n{written}");
            1
        }
        Err(error) => {
            assert_points_inside(&error, &text);
            0
        }
    }
}

/// A clause as a DIMACS or DRAT line: `prefix`, the literals, `0`.
fn clause_line(prefix: &str, clause: &[i32]) -> String {
    let literals: String = clause.iter().map(|literal| format!("{literal} ")).collect();
    format!("{prefix}{literals}0\n")
}

/// A DIMACS or DRAT error names a line of the input (or the line after the last), a column
/// and a message.
fn assert_input_error_inside(error: &InputError, text: &str) {
    let lines = text.lines().count();
    assert!((1..=lines + 1).contains(&error.line()), "error line {} of {lines}", error.line());
    assert!(error.column() >= 1 && !error.message().is_empty(), "a bad error");
}

/// Writing `puzzle` in the text format and reading it gives it back.
fn assert_round_trip(puzzle: &Puzzle) {
    let written = puzzle.to_text();
    match parse_puzzle(&written, &ParseOptions::new()) {
        Ok(read) => assert_eq!(&read, puzzle, "the text format changed the puzzle:\n{written}"),
        Err(error) => panic!("the text written cannot be read: {}\n{written}", error.message()),
    }
}

/// An error names a line of the input (or the line after the last), a column, and a message,
/// and its snippet can be drawn.
fn assert_points_inside(error: &ParseError, text: &str) {
    let lines = text.lines().count();
    assert!((1..=lines + 1).contains(&error.line()), "error line {} of {lines}", error.line());
    assert!(error.column() >= 1, "column 0");
    assert!(!error.message().is_empty(), "an empty message");
    let _ = error.snippet();
}
