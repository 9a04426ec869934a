//! Benchmark: satdoku against the anchor of the field for classic 9×9, the `sudoku` crate
//! (a jczsolve-style bitset solver, the practical speed limit), in the same run.
//!
//! Run with `cargo bench --features tools --bench anchors [-- PUZZLES] [--solvers]`. Not a test: nothing is
//! asserted, since the times depend on the machine and its load. Workloads, on the public
//! datasets (found through `$SATDOKU_DATASETS`, default `../shared/datasets`):
//!
//! 1. solve + proof of uniqueness of 17-clue puzzles (satdoku: a `Counter` kept across the
//!    inputs, as a batch worker keeps it, counting up to 2; the crate's
//!    `solutions_count_up_to(2)`), parsing included on both sides; with `--solvers`, also each
//!    solver choice (fresh per puzzle, reused and renewed every 25, 100 or 1,000 puzzles)
//!    and the one-shot `count_up_to`;
//! 2. the same on puzzles of Sudoku Explainer rating 11 or more;
//! 3. minimising full grids (satdoku: a `Minimiser` kept across the inputs, random order; with
//!    `--solvers`, also a new one per grid; the crate's `generate_from`, which removes clues
//!    from a solved grid until every clue is needed).
//!
//! Times are the thread's CPU time (not wall time, which on a shared machine also counts
//! other processes). Both sides run on the same inputs, interleaved in rounds (satdoku, then
//! the crate, on each input in turn), `ROUNDS` times; each input's time is its median over the rounds, and the
//! table shows the median and mean per input and their ratio. One thread, in process, so
//! neither side pays for process start-up.

use std::hint::black_box;
use std::path::PathBuf;

use satdoku::engine::count::CountOptions;
use satdoku::engine::counter::{Counter, Solvers};
use satdoku::engine::minimise::{MinimiseOptions, Minimiser};
use satdoku::{Limits, Puzzle, count_up_to};
use sudoku::Sudoku;

/// Rounds of each workload (each input is timed once per round and side).
const ROUNDS: usize = 5;

fn main() {
    let limit: usize = std::env::args().skip(1).find_map(|arg| arg.parse().ok()).unwrap_or(2000);
    let solvers = std::env::args().any(|arg| arg == "--solvers");
    let Some(dir) = datasets() else {
        println!("SKIPPED: no datasets (set SATDOKU_DATASETS to their folder)");
        return;
    };
    println!("satdoku against the sudoku crate, {ROUNDS} interleaved rounds, one thread");
    println!(
        "{:<34} {:>6} {:>14} {:>14} {:>14} {:>14} {:>8}",
        "workload",
        "inputs",
        "satdoku med µs",
        "crate med µs",
        "satdoku mean",
        "crate mean",
        "ratio"
    );
    let clue17 = lines(&dir.join("17clue-49158.txt"), limit);
    let hardest = lines(&dir.join("forum-hardest-1905-se11plus-48766.txt"), limit);
    for (name, inputs) in [("17-clue", &clue17), ("SE 11+", &hardest)] {
        let row = format!("{name}, solve + unique");
        report(&row, inputs, &mut satdoku_unique(Solvers::default()), &mut crate_unique);
        if solvers {
            for (label, choice) in SOLVERS {
                let row = format!("  {name}, {label}");
                report(&row, inputs, &mut satdoku_unique(choice), &mut crate_unique);
            }
            let row = format!("  {name}, one-shot count_up_to");
            report(&row, inputs, &mut satdoku_one_shot, &mut crate_unique);
        }
    }
    let grids = lines(&dir.join("kaggle1m-rows1-10000.solutions.txt"), limit.min(200));
    let mut minimiser = Minimiser::new(&Limits::new());
    let mut kept = |line: &str| satdoku_minimise(&mut minimiser, line);
    report("minimise full grids", &grids, &mut kept, &mut crate_minimise);
    if solvers {
        let mut one_shot = |line: &str| satdoku_minimise(&mut Minimiser::new(&Limits::new()), line);
        report("  minimise, one-shot", &grids, &mut one_shot, &mut crate_minimise);
    }
}

/// The solver choices `--solvers` compares (the pre-pass runs first in each).
const SOLVERS: [(&str, Solvers); 4] = [
    ("fresh solver per puzzle", Solvers::Fresh),
    ("reused, renewed every 25", Solvers::Reused { renew_every: 25 }),
    ("reused, renewed every 100", Solvers::Reused { renew_every: 100 }),
    ("reused, renewed every 1000", Solvers::Reused { renew_every: 1000 }),
];

/// `$SATDOKU_DATASETS`, or `../shared/datasets` beside the crate, when it exists.
fn datasets() -> Option<PathBuf> {
    let dir = std::env::var_os("SATDOKU_DATASETS").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datasets"))
    });
    dir.is_dir().then_some(dir)
}

/// The first `limit` lines of a dataset file.
fn lines(path: &std::path::Path, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).take(limit).map(str::to_string).collect()
}

/// satdoku's count up to 2 through one [`Counter`] kept across the inputs, as a batch worker
/// keeps it.
fn satdoku_unique(solvers: Solvers) -> impl FnMut(&str) -> usize {
    let mut counter = Counter::new(&Limits::new()).solvers(solvers);
    move |line| {
        let puzzle: Puzzle = line.parse().expect("a dataset line parses");
        counter.count(&puzzle, &CountOptions::up_to(2)).expect("the solver runs").count()
    }
}

/// satdoku's one-shot count up to 2: the rule set compiled for this puzzle alone.
fn satdoku_one_shot(line: &str) -> usize {
    let puzzle: Puzzle = line.parse().expect("a dataset line parses");
    count_up_to(&puzzle, 2).expect("the solver runs").count()
}

fn crate_unique(line: &str) -> usize {
    Sudoku::from_str_line(line).expect("a dataset line parses").solutions_count_up_to(2)
}

/// satdoku's minimise of a full grid, in random order, with `minimiser`'s compiled rule set
/// and session.
fn satdoku_minimise(minimiser: &mut Minimiser, line: &str) -> usize {
    let puzzle: Puzzle = line.parse().expect("a dataset line parses");
    let options = MinimiseOptions::new();
    let minimal = minimiser.minimise(&puzzle, &options).expect("a full grid is unique");
    minimal.puzzle.givens().filled_count()
}

fn crate_minimise(line: &str) -> usize {
    let grid = Sudoku::from_str_line(line).expect("a dataset line parses");
    usize::from(Sudoku::generate_from(grid).n_clues())
}

/// Times both sides on every input, interleaved, and prints one row.
fn report(
    name: &str,
    inputs: &[String],
    ours: &mut dyn FnMut(&str) -> usize,
    theirs: &mut dyn FnMut(&str) -> usize,
) {
    let mut times = vec![(Vec::new(), Vec::new()); inputs.len()];
    for _ in 0..ROUNDS {
        for (input, (our_times, their_times)) in inputs.iter().zip(&mut times) {
            our_times.push(time(|| ours(input)));
            their_times.push(time(|| theirs(input)));
        }
    }
    let ours: Vec<f64> = times.iter().map(|(t, _)| median(t)).collect();
    let theirs: Vec<f64> = times.iter().map(|(_, t)| median(t)).collect();
    let (our_median, their_median) = (median(&ours), median(&theirs));
    let mean = |t: &[f64]| t.iter().sum::<f64>() / t.len().max(1) as f64;
    println!(
        "{name:<34} {:>6} {our_median:>14.1} {their_median:>14.1} {:>14.1} {:>14.1} {:>7.1}x",
        inputs.len(),
        mean(&ours),
        mean(&theirs),
        our_median / their_median
    );
}

/// Microseconds of this thread's CPU time `work` takes: on a shared machine, wall time also
/// counts the time other processes hold the core (a 4 ms minimise then reads as 20 ms).
fn time(work: impl FnOnce() -> usize) -> f64 {
    let start = thread_cpu_micros();
    black_box(work());
    thread_cpu_micros() - start
}

/// This thread's CPU time so far, in microseconds.
fn thread_cpu_micros() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec for the call to write; the clock id is a constant.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread CPU clock is available");
    now.tv_sec as f64 * 1e6 + now.tv_nsec as f64 / 1e3
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}
