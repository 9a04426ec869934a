//! `cargo run --release --features tools --example fuzz -- TARGET SECONDS [SEED]`: runs one fuzz target (or
//! `all`) for a time, on its seed corpus (`fuzz/corpus/TARGET/`) and its generator, prints the
//! executions and their rate, and saves every failing input to `fuzz/crashes/TARGET/` (to be
//! fixed, then moved to `fuzz/regressions/TARGET/`, which the test suite replays). Exit 1 when
//! an input failed. `scripts/fuzz` is the short way to call it.

mod harness;

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use harness::{Budget, TARGETS, Target};

/// Failing inputs kept per run.
const KEEP: usize = 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(name), Some(seconds)) = (args.first(), args.get(1).and_then(|s| s.parse().ok()))
    else {
        eprintln!("usage: fuzz TARGET|all SECONDS [SEED]; targets: {}", names());
        return ExitCode::from(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let targets: Vec<&Target> = match name.as_str() {
        "all" => TARGETS.iter().collect(),
        name => match harness::targets::target(name) {
            Some(target) => vec![target],
            None => {
                eprintln!("error: unknown target `{name}`, expected all or one of {}", names());
                return ExitCode::from(2);
            }
        },
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failed = false;
    for target in targets {
        failed |= fuzz(root, target, Duration::from_secs_f64(seconds), seed);
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn names() -> String {
    TARGETS.iter().map(|target| target.name).collect::<Vec<_>>().join(", ")
}

/// Runs `target`, prints its report, saves its failures; whether any input failed.
fn fuzz(root: &Path, target: &Target, duration: Duration, seed: u64) -> bool {
    let corpus: Vec<Vec<u8>> = harness::read_inputs(&harness::corpus_dir(root, target))
        .into_iter()
        .map(|(_, bytes)| bytes)
        .collect();
    for (path, input) in harness::read_inputs(&harness::regressions_dir(root, target)) {
        if let Err(message) = harness::execute(target, &input) {
            println!("{}: regression {} fails again: {message}", target.name, path.display());
            return true;
        }
    }
    let report = harness::run(target, &corpus, Budget::Time(duration), seed, KEEP);
    println!(
        "{}: {} executions in {:.1} s ({:.0}/s), {} puzzles read, corpus {} inputs, seed {seed}, {} failing",
        target.name,
        report.executions,
        report.elapsed.as_secs_f64(),
        report.rate(),
        report.puzzles,
        corpus.len(),
        report.failures.len()
    );
    let crashes = root.join("fuzz").join("crashes").join(target.name);
    for (index, (input, message)) in report.failures.iter().enumerate() {
        let path = crashes.join(format!("seed{seed}-{index}"));
        let saved = std::fs::create_dir_all(&crashes).and_then(|()| std::fs::write(&path, input));
        match saved {
            Ok(()) => println!("  {}: {}", path.display(), message.lines().next().unwrap_or("")),
            Err(error) => eprintln!("error: cannot save {}: {error}", path.display()),
        }
    }
    !report.failures.is_empty()
}
