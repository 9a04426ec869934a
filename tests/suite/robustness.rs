//! Bad input is an error, never a panic: random texts and random edits of real puzzles, through
//! both readers (text format and f-puzzles JSON).

use proptest::prelude::*;
use satdoku::model::parse::{ParseOptions, parse_document};

/// Texts built from the symbols the readers care about.
fn puzzle_like_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "(rules: [a-z+-]{0,12}\n|size: [0-9]{0,3}\n|boxes: [0-9x]{0,5}\n|givens:\n|even:\n|odd:\n|solution:[ .0-9]{0,20}\n|title: [^\n]{0,10}\n|[.0-9A-Z_|+ #-]{0,40}\n){0,20}",
    )
    .expect("a valid regex")
}

/// One of the bundled puzzles with a few characters replaced, removed or inserted.
fn edited_puzzle() -> impl Strategy<Value = String> {
    let sources = [
        include_str!("../../puzzles/miracle.txt"),
        include_str!("../../puzzles/even-odd-6x6-strange-level.txt"),
        include_str!("../../puzzles/classic-16x16.txt"),
        include_str!("../../puzzles/sqlite-example.txt"),
    ];
    let edits = prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<char>()), 1..6);
    (prop::sample::select(sources.to_vec()), edits).prop_map(|(source, edits)| {
        let mut chars: Vec<char> = source.chars().collect();
        for (at, kind, symbol) in edits {
            let position = at.index(chars.len().max(1)).min(chars.len());
            match kind {
                0 if position < chars.len() => chars[position] = symbol,
                1 if position < chars.len() => {
                    chars.remove(position);
                }
                _ => chars.insert(position, symbol),
            }
        }
        chars.into_iter().collect()
    })
}

/// JSON-ish documents: valid structure with odd values, and broken fragments.
fn fpuzzles_like_text() -> impl Strategy<Value = String> {
    let value = prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        Just("[]".to_string()),
        Just("{}".to_string()),
        (-3i64..40).prop_map(|n| n.to_string()),
        "\"[A-Za-z0-9 ]{0,6}\"".prop_map(|s| s),
        Just("[{\"cell\": \"R1C1\"}]".to_string()),
        Just("[{\"cell\": \"R99C1\"}]".to_string()),
        Just("[[{\"value\": 1, \"given\": true}]]".to_string()),
    ];
    let key = prop::sample::select(vec![
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
    ]);
    prop::collection::vec((key, value), 0..6).prop_map(|members| {
        let body: Vec<String> = members.iter().map(|(k, v)| format!("\"{k}\": {v}")).collect();
        format!("{{{}}}", body.join(", "))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_texts_never_panic(text in puzzle_like_text()) {
        let _ = parse_document(&text, &ParseOptions::new());
    }

    #[test]
    fn edited_puzzles_never_panic_and_parse_only_to_consistent_puzzles(text in edited_puzzle()) {
        for entry in parse_document(&text, &ParseOptions::new()) {
            if let Ok(puzzle) = entry.puzzle {
                let conflicts = satdoku::model::validate::first_conflict(puzzle.rules(), puzzle.givens());
                prop_assert!(conflicts.is_none(), "{conflicts:?}");
            }
        }
    }

    #[test]
    fn fpuzzles_documents_never_panic(text in fpuzzles_like_text()) {
        let _ = parse_document(&text, &ParseOptions::new());
    }
}
