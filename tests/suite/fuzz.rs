//! The fuzz smoke run: every target of `examples/fuzz` (text, batch, f-puzzles, link, DIMACS,
//! DRAT and regions readers) runs a fixed number of inputs from a fixed seed and must find
//! nothing, and every input that once failed (`fuzz/regressions/<target>/`) must pass. Long
//! runs: `scripts/fuzz TARGET SECONDS` (without arguments, its usage lists the targets).

#[path = "../../examples/fuzz/harness/mod.rs"]
// The example's command-line helpers (target lookup) are not needed here.
#[allow(dead_code)]
mod harness;

use std::path::Path;

use harness::Budget;

/// How many inputs each target runs here: the same inputs on every machine (a time budget ran
/// fewer the busier the machine); under two seconds for the slowest target (link) on a loaded
/// 2-core machine.
const SMOKE: Budget = Budget::Executions(1024);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_target_survives_a_smoke_run() {
    for target in harness::TARGETS {
        let corpus: Vec<Vec<u8>> = harness::read_inputs(&harness::corpus_dir(root(), target))
            .into_iter()
            .map(|(_, bytes)| bytes)
            .collect();
        assert!(!corpus.is_empty(), "{}: no seed corpus", target.name);
        let report = harness::run(target, &corpus, SMOKE, 0, 1);
        assert!(report.executions > 0, "{}: nothing ran", target.name);
        if let Some((input, message)) = report.failures.first() {
            panic!("{}: {message}\ninput: {:?}", target.name, String::from_utf8_lossy(input));
        }
    }
}

#[test]
fn every_input_that_once_failed_passes() {
    let mut replayed = 0;
    for target in harness::TARGETS {
        for (path, input) in harness::read_inputs(&harness::regressions_dir(root(), target)) {
            if let Err(message) = harness::execute(target, &input) {
                panic!("{}: {message}", path.display());
            }
            replayed += 1;
        }
    }
    assert!(replayed > 0, "the regression inputs are missing");
}

#[test]
fn the_seed_corpus_is_read_and_round_trips() {
    for target in harness::TARGETS {
        let inputs = harness::read_inputs(&harness::corpus_dir(root(), target));
        let read: usize = inputs
            .iter()
            .map(|(path, input)| {
                harness::execute(target, input)
                    .unwrap_or_else(|m| panic!("{}: {m}", path.display()))
            })
            .sum();
        assert!(read > 0, "{}: no corpus input is a puzzle", target.name);
    }
}

#[test]
fn the_generators_compressor_writes_what_lz_string_writes() {
    let fpuzzles = harness::targets::target("fpuzzles").unwrap();
    let json =
        std::fs::read_to_string(harness::corpus_dir(root(), fpuzzles).join("peak-sudoku.json"))
            .unwrap();
    let texts = ["", "a", "ab", "ababababab", "héllo ✓ wörld ✓✓", &"a".repeat(5000), &json];
    // The bits must be the same; the padding is not compared: the crate writes one `=` more
    // than LZ-String's own script for some lengths (`Q====` for the empty text, where the
    // script writes `Q===`), and readers ignore it.
    let unpadded = |payload: String| payload.trim_end_matches('=').to_string();
    for text in texts {
        let ours = harness::lz::compress_to_base64(text);
        assert_eq!(ours.len() % 4, 0, "{ours}");
        assert_eq!(unpadded(ours), unpadded(lz_str::compress_to_base64(text)), "{text}");
    }
}
