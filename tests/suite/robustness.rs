//! Bad input is an error, never a panic: random texts and random edits of real puzzles, through
//! both readers (text format and f-puzzles JSON). Each test draws its texts from a fixed seed,
//! so a failure names the text and happens again on every run; `scripts/fuzz` runs the
//! readers for longer.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::model::parse::{ParseOptions, parse_document};

/// How many texts each test reads.
const CASES: usize = 300;

/// Runs `read` on `CASES` texts from `draw`, failing with the text that panicked.
fn never_panics(seed: u64, draw: impl Fn(&mut ChaCha8Rng) -> String, read: impl Fn(&str)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..CASES {
        let text = draw(&mut rng);
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| read(&text))) {
            let message = panic.downcast_ref::<String>().map(String::as_str);
            let message = message.or(panic.downcast_ref::<&str>().copied()).unwrap_or("a panic");
            panic!("{message}\nthe text: {text:?}");
        }
    }
}

/// Up to `longest` characters, each drawn from `symbols`.
fn word(rng: &mut ChaCha8Rng, symbols: &str, longest: usize) -> String {
    let symbols: Vec<char> = symbols.chars().collect();
    let length = rng.random_range(0..=longest);
    (0..length).map(|_| *symbols.choose(rng).expect("symbols")).collect()
}

/// The characters the text reader gives a meaning.
const READER_SYMBOLS: [char; 10] = ['.', '|', '#', '\n', ':', ' ', '-', '+', 'x', '0'];

/// Any character: mostly the readers' own symbols and ASCII, sometimes any Unicode scalar.
fn any_char(rng: &mut ChaCha8Rng) -> char {
    match rng.random_range(0..4) {
        0 => *READER_SYMBOLS.choose(rng).expect("symbols"),
        1 => char::from(rng.random_range(0x20u8..0x7f)),
        2 => char::from(rng.random_range(b'0'..=b'9')),
        _ => char::from_u32(rng.next_u32() % 0x11_0000).unwrap_or('\u{fffd}'),
    }
}

/// A text built from the lines the readers care about.
fn puzzle_like_text(rng: &mut ChaCha8Rng) -> String {
    let lines = rng.random_range(0..=20);
    (0..lines)
        .map(|_| match rng.random_range(0..10) {
            0 => format!("rules: {}\n", word(rng, "abcdefghijklmnopqrstuvwxyz+-", 12)),
            1 => format!("size: {}\n", word(rng, "0123456789", 3)),
            2 => format!("boxes: {}\n", word(rng, "0123456789x", 5)),
            3 => "givens:\n".to_string(),
            4 => "even:\n".to_string(),
            5 => "odd:\n".to_string(),
            6 => format!("solution:{}\n", word(rng, " .0123456789", 20)),
            7 => format!("title: {}\n", word(rng, "abc XYZ:#|.9", 10)),
            _ => format!("{}\n", word(rng, ".0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_|+ #-", 40)),
        })
        .collect()
}

/// One of the bundled puzzles with one to five characters replaced, removed or inserted.
fn edited_puzzle(rng: &mut ChaCha8Rng) -> String {
    let sources = [
        include_str!("../../puzzles/miracle.txt"),
        include_str!("../../puzzles/even-odd-6x6-strange-level.txt"),
        include_str!("../../puzzles/classic-16x16.txt"),
        include_str!("../../puzzles/sqlite-example.txt"),
    ];
    let mut chars: Vec<char> = sources.choose(rng).expect("sources").chars().collect();
    for _ in 0..rng.random_range(1..6) {
        let position = rng.random_range(0..=chars.len());
        let symbol = any_char(rng);
        match rng.random_range(0..3) {
            0 if position < chars.len() => chars[position] = symbol,
            1 if position < chars.len() => {
                chars.remove(position);
            }
            _ => chars.insert(position, symbol),
        }
    }
    chars.into_iter().collect()
}

/// A JSON-ish document: valid structure with odd values, and broken fragments.
fn fpuzzles_like_text(rng: &mut ChaCha8Rng) -> String {
    let keys = [
        "size",
        "grid",
        "odd",
        "even",
        "antiking",
        "diagonal+",
        "solution",
        "title",
        "cage",
        "thermometer",
        "region",
        "parity",
    ];
    let values = [
        "null",
        "true",
        "[]",
        "{}",
        "[{\"cell\": \"R1C1\"}]",
        "[{\"cell\": \"R99C1\"}]",
        "[[{\"value\": 1, \"given\": true}]]",
    ];
    let members: Vec<String> = (0..rng.random_range(0..6))
        .map(|_| {
            let key = keys.choose(rng).expect("keys");
            let value = match rng.random_range(0..4) {
                0 => rng.random_range(-3i64..40).to_string(),
                1 => format!("\"{}\"", word(rng, "ABCXYZabcxyz0123456789 ", 6)),
                _ => values.choose(rng).expect("values").to_string(),
            };
            format!("\"{key}\": {value}")
        })
        .collect();
    format!("{{{}}}", members.join(", "))
}

#[test]
fn random_texts_never_panic() {
    never_panics(1, puzzle_like_text, |text| {
        let _ = parse_document(text, &ParseOptions::new());
    });
}

#[test]
fn edited_puzzles_never_panic_and_parse_only_to_consistent_puzzles() {
    never_panics(2, edited_puzzle, |text| {
        for entry in parse_document(text, &ParseOptions::new()) {
            if let Ok(puzzle) = entry.puzzle {
                let conflict =
                    satdoku::model::validate::first_conflict(puzzle.rules(), puzzle.givens());
                assert!(conflict.is_none(), "{conflict:?}");
            }
        }
    });
}

#[test]
fn fpuzzles_documents_never_panic() {
    never_panics(3, fpuzzles_like_text, |text| {
        let _ = parse_document(text, &ParseOptions::new());
    });
}
