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
