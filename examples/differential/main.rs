//! `cargo run --release --example differential -- [--cases N] [--seed S] [--sizes 4,6,9]`:
//! draws N random puzzles (sizes in turn, every rule set), compares the SAT engine,
//! backtracking, dancing links and, on 4×4, brute force, and prints a summary; exit 1 on the
//! first disagreement, with the puzzle. The test suite runs a short version of the same.

mod harness;

use std::process::ExitCode;
use std::time::Instant;

use harness::Verdict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The command line: `--cases`, `--seed`, `--sizes`.
struct Options {
    cases: u64,
    seed: u64,
    sizes: Vec<usize>,
}

fn options() -> Result<Options, String> {
    let mut options = Options { cases: 1000, seed: 0, sizes: vec![4, 6, 9] };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |_| format!("expected a number after {flag}, found `{value}`");
        match flag.as_str() {
            "--cases" => options.cases = value.parse().map_err(bad)?,
            "--seed" => options.seed = value.parse().map_err(bad)?,
            "--sizes" => {
                options.sizes =
                    value.split(',').map(str::parse).collect::<Result<_, _>>().map_err(bad)?;
                if let Some(size) = options.sizes.iter().find(|&&n| ![4, 6, 9].contains(&n)) {
                    return Err(format!("expected sizes among 4, 6, 9, found {size}"));
                }
            }
            _ => return Err(format!("unknown flag {flag}: expected --cases, --seed or --sizes")),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let grids = harness::classic_4x4_grids();
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let (mut agreed, mut exact, mut brute, mut skipped) = (0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for case in 0..options.cases {
        let n = options.sizes[case as usize % options.sizes.len()];
        let puzzle = harness::draw(n, &mut rng);
        let all = (n == 4).then_some(grids.as_slice());
        match harness::compare(&puzzle, all) {
            Ok(Verdict::Agreed { exact: is_exact, brute: by_brute, .. }) => {
                agreed += 1;
                exact += u64::from(is_exact);
                brute += u64::from(by_brute);
            }
            Ok(Verdict::Skipped) => skipped += 1,
            Err(message) => {
                println!("case {case} (seed {}): engines disagree: {message}", options.seed);
                return ExitCode::FAILURE;
            }
        }
    }
    println!(
        "{} cases (seed {}, sizes {:?}) in {:.1} s: {agreed} agreed ({exact} exact counts, {brute} \
         also against brute force), {skipped} skipped (a reference engine took over {} s), 0 disagreements",
        options.cases,
        options.seed,
        options.sizes,
        start.elapsed().as_secs_f64(),
        harness::REFERENCE_TIME.as_secs()
    );
    ExitCode::SUCCESS
}
