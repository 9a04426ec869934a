//! Benchmark: the `satdoku count --format line` command against the library doing the same
//! work, and against the `sudoku` crate's command-line peer, each a process reading the same
//! file and printing the same answers.
//!
//! Run with `cargo bench --features tools --bench cli [-- PUZZLES]` (default 5,000 puzzles of each workload).
//! Not a test: nothing is asserted but that every side prints the same answers, since the
//! times depend on the machine and its load. Workloads, on the public datasets (found through
//! `$SATDOKU_DATASETS`, default `../shared/datasets`): the `anchors` benchmark's solve + proof
//! of uniqueness (a count up to 2) of 17-clue puzzles and of puzzles of Sudoku Explainer
//! rating 11 or more.
//!
//! The sides, each a process of its own:
//! - `library`: this benchmark run again as a small program (`--side library FILE`) that reads
//!   the file, parses each line and counts it through one [`Counter`] kept across the lines,
//!   as the `anchors` benchmark does, writing the answers through a buffer;
//! - `cli, file` and `cli, pipe`: `satdoku count --format line --jobs 1`, given the file, or
//!   fed it through a pipe by this process;
//! - `sudoku crate`: this benchmark run again (`--side crate FILE`) with the crate's
//!   `solutions_count_up_to(2)` for each line;
//! - with `SATDOKU_BEFORE=PATH`, also `before, file` and `before, pipe`: another `satdoku`
//!   binary (the build before a change) in the same rounds.
//!
//! A side's cost is its process's CPU time (user + system, all threads, start-up included),
//! read from `getrusage(RUSAGE_CHILDREN)` around the wait: on a shared machine wall time
//! also counts the time other processes hold the cores. The sides run interleaved in rounds
//! (every side once per round), [`ROUNDS`] times; the table shows each side's median over
//! the rounds, its spread (min–max), and the ratio of the medians to the library's and to
//! the crate's.

use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use satdoku::engine::count::CountOptions;
use satdoku::engine::counter::Counter;
use satdoku::{Limits, Puzzle};
use sudoku::Sudoku;

/// Rounds of each workload (each side runs once per round).
const ROUNDS: usize = 5;

/// The `satdoku` binary the command-line sides run.
const SATDOKU: &str = env!("CARGO_BIN_EXE_satdoku");

/// One process the benchmark runs on the file.
#[derive(Clone)]
enum Side {
    Library,
    /// A `satdoku` binary, given the file or fed it through a pipe.
    Cli {
        program: PathBuf,
        pipe: bool,
        name: String,
    },
    Crate,
}

impl Side {
    fn name(&self) -> &str {
        match self {
            Side::Library => "library",
            Side::Cli { name, .. } => name,
            Side::Crate => "sudoku crate",
        }
    }
}

/// The sides, in the order they run in each round and appear in the table: the library, this
/// build's command from a file and from a pipe, the same for the binary `$SATDOKU_BEFORE`
/// names when it is set (another build, to compare before and after a change), the crate.
fn sides() -> Vec<Side> {
    let cli = |program: &Path, label: &str| {
        [false, true].map(|pipe| {
            let name = format!("{label}, {}", if pipe { "pipe" } else { "file" });
            Side::Cli { program: program.to_path_buf(), pipe, name }
        })
    };
    let before = std::env::var_os("SATDOKU_BEFORE").map(|path| cli(Path::new(&path), "before"));
    let mut sides = vec![Side::Library];
    sides.extend(cli(Path::new(SATDOKU), "cli"));
    sides.extend(before.into_iter().flatten());
    sides.push(Side::Crate);
    sides
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|arg| arg == "--side") {
        let file = Path::new(&args[at + 2]);
        match args[at + 1].as_str() {
            "library" => library_side(file),
            "crate" => crate_side(file),
            other => panic!("unknown side `{other}`"),
        }
        return;
    }
    let limit: usize = args.iter().skip(1).find_map(|arg| arg.parse().ok()).unwrap_or(5000);
    let Some(dir) = datasets() else {
        println!("SKIPPED: no datasets (set SATDOKU_DATASETS to their folder)");
        return;
    };
    println!(
        "satdoku count --format line --jobs 1 against the library and the sudoku crate: CPU \
         time of each process, {ROUNDS} interleaved rounds"
    );
    println!(
        "{:<9} {:>7}  {:<13} {:>10} {:>17} {:>10} {:>11} {:>9}",
        "workload",
        "puzzles",
        "side",
        "median ms",
        "min–max ms",
        "µs/puzzle",
        "vs library",
        "vs crate"
    );
    let workloads =
        [("17-clue", "17clue-49158.txt"), ("SE 11+", "forum-hardest-1905-se11plus-48766.txt")];
    for (name, file) in workloads {
        let puzzles = first_lines(&dir.join(file), limit);
        let path =
            std::env::temp_dir().join(format!("satdoku-bench-cli-{}.txt", std::process::id()));
        std::fs::write(&path, puzzles.concat()).expect("the temporary folder is writable");
        let sides = sides();
        report(name, puzzles.len(), &sides, &measure(&sides, &path));
        let _ = std::fs::remove_file(&path);
    }
}

/// `$SATDOKU_DATASETS`, or `../shared/datasets` beside the crate, when it exists.
fn datasets() -> Option<PathBuf> {
    let dir = std::env::var_os("SATDOKU_DATASETS").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datasets"))
    });
    dir.is_dir().then_some(dir)
}

/// The first `limit` non-blank lines of a dataset file, each with its line break.
fn first_lines(path: &Path, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).take(limit).map(|l| format!("{l}\n")).collect()
}

/// Each side's CPU milliseconds in every round, after checking that all sides print the
/// same answers.
fn measure(sides: &[Side], file: &Path) -> Vec<Vec<f64>> {
    let mut times = vec![Vec::new(); sides.len()];
    let mut answers: Option<Vec<u8>> = None;
    for _ in 0..ROUNDS {
        for (side, times) in sides.iter().zip(&mut times) {
            let (milliseconds, output) = run(side, file);
            let expected = answers.get_or_insert_with(|| output.clone());
            assert!(*expected == output, "{} prints other answers than the library", side.name());
            times.push(milliseconds);
        }
    }
    times
}

/// Runs one side on `file`: its CPU milliseconds and its output.
fn run(side: &Side, file: &Path) -> (f64, Vec<u8>) {
    let own = |name: &str| {
        let mut command = Command::new(std::env::current_exe().expect("the bench's path"));
        command.args(["--side", name]).arg(file);
        command
    };
    let (mut command, piped) = match side {
        Side::Library => (own("library"), false),
        Side::Crate => (own("crate"), false),
        Side::Cli { program, pipe, .. } => {
            let mut command = Command::new(program);
            command.args(["count", "--format", "line", "--jobs", "1"]);
            if !pipe {
                command.arg(file);
            }
            (command, *pipe)
        }
    };
    command.stdin(if piped { Stdio::piped() } else { Stdio::null() });
    command.stdout(Stdio::piped()).stderr(Stdio::inherit());
    let before = children_cpu_ms();
    let mut child = command.spawn().expect("the side starts");
    let feeder = child.stdin.take().map(|mut stdin| {
        let text = std::fs::read(file).expect("the puzzles were written");
        std::thread::spawn(move || stdin.write_all(&text).expect("the command reads its input"))
    });
    let output = child.wait_with_output().expect("the side runs");
    let spent = children_cpu_ms() - before;
    if let Some(feeder) = feeder {
        feeder.join().expect("the feeder finishes");
    }
    assert!(output.status.code().is_some_and(|code| code <= 1), "{} failed", side.name());
    (spent, output.stdout)
}

/// The CPU time of the waited-for child processes so far (user + system), in milliseconds.
fn children_cpu_ms() -> f64 {
    // SAFETY: an all-zero `rusage` is a valid value for the call to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage; RUSAGE_CHILDREN is a constant.
    let status = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(status, 0, "getrusage reports the children's time");
    let ms = |time: libc::timeval| time.tv_sec as f64 * 1e3 + time.tv_usec as f64 / 1e3;
    ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// Prints one row per side: median, spread, per-puzzle cost and the two ratios.
fn report(workload: &str, puzzles: usize, sides: &[Side], times: &[Vec<f64>]) {
    let medians: Vec<f64> = times.iter().map(|t| median(t)).collect();
    let (library, krate) = (medians[0], medians[sides.len() - 1]);
    for ((side, times), median) in sides.iter().zip(times).zip(&medians) {
        let min = times.iter().copied().fold(f64::INFINITY, f64::min);
        let max = times.iter().copied().fold(0.0, f64::max);
        println!(
            "{workload:<9} {puzzles:>7}  {:<13} {median:>10.1} {:>17} {:>10.1} {:>10.2}x {:>8.2}x",
            side.name(),
            format!("{min:.1}–{max:.1}"),
            median * 1e3 / puzzles as f64,
            median / library,
            median / krate
        );
    }
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

/// The library side: every line of `file` parsed and counted up to 2 through one
/// [`Counter`], the answer written as `satdoku count --format line` writes it.
fn library_side(file: &Path) {
    let mut counter = Counter::new(&Limits::new());
    let options = CountOptions::up_to(2);
    answer_lines(file, |line| {
        let puzzle: Puzzle = line.parse().expect("a dataset line parses");
        let count = counter.count(&puzzle, &options).expect("the solver runs");
        (count.count(), count.is_exact())
    });
}

/// The `sudoku` crate's side: every line of `file` parsed and counted up to 2 by the crate.
fn crate_side(file: &Path) {
    answer_lines(file, |line| {
        let sudoku = Sudoku::from_str_line(line).expect("a dataset line parses");
        let count = sudoku.solutions_count_up_to(2);
        (count, count < 2)
    });
}

/// Reads `file` a line at a time and writes each line's count (`0`, `1` or `2+`, from the
/// count and whether it is exact) to a buffered stdout.
fn answer_lines(file: &Path, mut count: impl FnMut(&str) -> (usize, bool)) {
    let input = std::io::BufReader::new(std::fs::File::open(file).expect("the puzzles exist"));
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in input.lines() {
        let line = line.expect("the puzzles read");
        let (count, exact) = count(&line);
        let plus = if exact { "" } else { "+" };
        writeln!(out, "{count}{plus}").expect("stdout takes the answers");
    }
    out.flush().expect("stdout takes the answers");
}
