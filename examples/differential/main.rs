//! `cargo run --release --features tools --example differential --
//! [--cases N] [--seed S] [--sizes 4,6,9]`:
//! draws N random puzzles (sizes in turn; global rules, rules with cells, irregular regions,
//! false clues and wrong givens), compares the SAT engine alone, the default path,
//! backtracking, dancing links, the textbook solver, brute force where the classic grids are
//! few, and the logic engine's verdict, and prints a summary; exit 1 on the first
//! disagreement, with the puzzle. The test suite runs a short version of the same.

mod harness;

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use harness::{Logic, Verdict};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::Puzzle;

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

/// What the cases came to, for the summary.
#[derive(Default)]
struct Tally {
    agreed: u64,
    with_cells: u64,
    jigsaw: u64,
    exact: u64,
    brute: u64,
    skipped: u64,
    /// Agreed cases by solutions: none, one, several.
    by_solutions: [u64; 3],
    /// Agreed cases by how the logic engine ended.
    by_logic: BTreeMap<Logic, u64>,
    /// Every rule name drawn, with the cases it is in.
    rules: BTreeMap<&'static str, u64>,
}

impl Tally {
    fn add(&mut self, puzzle: &Puzzle, verdict: Verdict) {
        let mut names: Vec<&'static str> = puzzle.rules().iter().map(|r| r.name()).collect();
        names.sort();
        names.dedup();
        for name in names {
            *self.rules.entry(name).or_default() += 1;
        }
        self.with_cells += u64::from(puzzle.rules().iter().any(|r| !r.is_global()));
        self.jigsaw += u64::from(puzzle.geometry().regions().is_some());
        match verdict {
            Verdict::Agreed { solutions, exact, brute, logic } => {
                self.agreed += 1;
                self.exact += u64::from(exact);
                self.brute += u64::from(brute);
                self.by_solutions[solutions.min(2)] += 1;
                *self.by_logic.entry(logic).or_default() += 1;
            }
            Verdict::Skipped => self.skipped += 1,
        }
    }
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut tally = Tally::default();
    let start = Instant::now();
    for case in 0..options.cases {
        let n = options.sizes[case as usize % options.sizes.len()];
        let mut puzzle = harness::draw(n, &mut rng);
        // One case in six also has a look-and-say clue (also left out by `draw`), its counts
        // drawn at random: the puzzle has solutions or not.
        if rng.random_range(0..6) == 0 {
            let mut rules = puzzle.rules().to_vec();
            rules.push(harness::look_and_say::random_look_and_say(&mut rng, n, None));
            puzzle = Puzzle::new(puzzle.givens().clone(), rules);
        }
        match harness::compare(&puzzle) {
            Ok(verdict) => tally.add(&puzzle, verdict),
            Err(message) => {
                println!("case {case} (seed {}): engines disagree: {message}", options.seed);
                return ExitCode::FAILURE;
            }
        }
    }
    let Tally { agreed, with_cells, jigsaw, exact, brute, skipped, by_solutions, .. } = tally;
    println!(
        "{} cases (seed {}, sizes {:?}) in {:.1} s, {with_cells} with rules with cells, {jigsaw} \
         with irregular regions: {agreed} agreed ({exact} exact counts; {} without a solution, \
         {} unique, {} several; {brute} also against brute force), {skipped} skipped (a \
         reference engine took over {} s), 0 disagreements",
        options.cases,
        options.seed,
        options.sizes,
        start.elapsed().as_secs_f64(),
        by_solutions[0],
        by_solutions[1],
        by_solutions[2],
        harness::REFERENCE_TIME.as_secs()
    );
    println!("the logic engine: {:?}", tally.by_logic);
    println!("cases by rule: {:?}", tally.rules);
    ExitCode::SUCCESS
}
