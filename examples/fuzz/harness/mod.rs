//! A fuzzer that runs on stable Rust: each target is a function of bytes that must not panic
//! and must keep its reader's invariants; inputs come from a structured generator (valid-ish
//! puzzles of every form) and from byte mutations of a seed corpus and of generated inputs.
//! There is no coverage feedback (cargo-fuzz and AFL need nightly or their own toolchain): the
//! generator supplies the depth, mutation the breadth.
//!
//! Shared by `examples/fuzz` (long runs, `scripts/fuzz`) and the test suite (a smoke run of
//! every target and the replay of every input that once failed).

pub mod generate;
pub mod lz;
pub mod mutate;
pub mod targets;

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use targets::{TARGETS, Target};

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Inputs the target ran on.
    pub executions: u64,
    /// Puzzles the readers accepted (each one checked by the round trip).
    pub puzzles: u64,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// Inputs that made the target panic (broke an invariant), with the panic message.
    pub failures: Vec<(Vec<u8>, String)>,
}

impl Report {
    /// Executions per second.
    pub fn rate(&self) -> f64 {
        self.executions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// How long a run lasts: a time (long runs) or a number of executions (the test suite's smoke
/// run, the same inputs on any machine however loaded).
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// Until this much time has passed.
    Time(Duration),
    /// Until this many inputs have run (rounded up to a whole batch of 64).
    // Used by the test suite's smoke run (tests/suite/fuzz.rs), not by the example's CLI.
    #[allow(dead_code)]
    Executions(u64),
}

impl Budget {
    /// Whether a run that started at `start` and ran `executions` inputs is over.
    fn spent(self, start: Instant, executions: u64) -> bool {
        match self {
            Budget::Time(duration) => start.elapsed() >= duration,
            Budget::Executions(limit) => executions >= limit,
        }
    }
}

/// The directory of `target`'s seed corpus: `fuzz/corpus/<name>/`.
pub fn corpus_dir(root: &Path, target: &Target) -> PathBuf {
    root.join("fuzz").join("corpus").join(target.name)
}

/// The directory of `target`'s regression inputs (inputs that once failed): `fuzz/regressions/<name>/`.
pub fn regressions_dir(root: &Path, target: &Target) -> PathBuf {
    root.join("fuzz").join("regressions").join(target.name)
}

/// Every file of `dir` (none when it does not exist), sorted by name.
pub fn read_inputs(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    paths.into_iter().filter_map(|p| std::fs::read(&p).ok().map(|bytes| (p, bytes))).collect()
}

/// Runs `target` on one input: the puzzles it read, or the panic message.
pub fn execute(target: &Target, input: &[u8]) -> Result<usize, String> {
    panic::catch_unwind(AssertUnwindSafe(|| (target.check)(input))).map_err(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic without a message".to_string())
    })
}

/// Runs `target` within `budget` from `seed` over `corpus`: each input is generated, a mutated
/// corpus entry, or a mutated generated input, in equal shares. Panic messages are silenced
/// during the run; failures are returned, at most `keep` of them.
pub fn run(target: &Target, corpus: &[Vec<u8>], budget: Budget, seed: u64, keep: usize) -> Report {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = Report::default();
    let start = Instant::now();
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    while !budget.spent(start, report.executions) {
        for _ in 0..64 {
            let input = match rng.random_range(0..3) {
                0 => (target.generate)(&mut rng),
                1 if !corpus.is_empty() => {
                    let seed_input = &corpus[rng.random_range(0..corpus.len())];
                    mutate::mutate(seed_input, corpus, &mut rng)
                }
                _ => mutate::mutate(&(target.generate)(&mut rng), corpus, &mut rng),
            };
            report.executions += 1;
            match execute(target, &input) {
                Ok(puzzles) => report.puzzles += puzzles as u64,
                Err(message) if report.failures.len() < keep => {
                    report.failures.push((input, message));
                }
                Err(_) => {}
            }
        }
    }
    panic::set_hook(hook);
    report.elapsed = start.elapsed();
    report
}
