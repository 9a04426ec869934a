//! Benchmark: the satdoku minimiser and generator against a naive baseline.
//!
//! Run with `cargo bench --bench minimise`. Not a test: nothing about timings is asserted,
//! since the numbers depend on the machine and its load. Every figure is a median over
//! several repetitions, and both methods are timed in the same run, interleaved, so that the
//! ratio between them stays meaningful on a noisy machine.
//!
//! The naive baseline minimises by brute force: for each given in reading order, build the
//! puzzle without it, count its solutions up to 2 with the pre-pass and a fresh SAT solver
//! (`count` with the guess-and-propagate search off), and
//! keep the removal when the count is one. The satdoku minimiser is run in the same reading
//! order (`Order::Given`) in part 1, so both make the same kind of greedy pass.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use satdoku::engine::count::{Count, CountOptions, count};
use satdoku::engine::generate::{GenerateOptions, generate};
use satdoku::engine::minimise::{MinimiseOptions, Order, minimise};
use satdoku::{Geometry, Grid, Puzzle, Rule};

/// A count up to `max` by the pre-pass and a fresh SAT solver (no search): the naive
/// baseline's question, and the check of both sides' results by another path than the
/// minimiser's.
fn count_up_to(puzzle: &Puzzle, max: usize) -> Result<Count, satdoku::session::SolveError> {
    count(puzzle, &CountOptions::up_to(max).search(false))
}

/// Where the shared datasets live, next to the crate.
const DATASETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datasets");

/// Repetitions per input for the fast satdoku side and the slow naive side.
const SATDOKU_REPS: usize = 5;
const NAIVE_REPS: usize = 3;

fn main() {
    let start = Instant::now();
    println!("satdoku minimise/generate benchmark (medians over repetitions; ratios, not asserts)");
    println!(
        "satdoku: {SATDOKU_REPS} reps per input, naive: {NAIVE_REPS} reps per input; \
         speed-up = median over inputs of (naive median / satdoku median)\n"
    );

    let mut minimise_rows = Vec::new();
    match read_lines("kaggle1m-rows1-10000.txt", 20) {
        Some(lines) => {
            minimise_rows.push(bench_minimise("classic (kaggle 1-20)", &parse_all(&lines)))
        }
        None => skipped("kaggle1m-rows1-10000.txt"),
    }
    match read_lines("magictour-top95.txt", 5) {
        Some(lines) => {
            minimise_rows.push(bench_minimise("classic (top95 1-5)", &parse_all(&lines)))
        }
        None => skipped("magictour-top95.txt"),
    }
    let nine = Geometry::classic();
    minimise_rows
        .push(bench_minimise("diagonal full grid", &full_grids(&template(nine, "diagonal"), 8)));
    minimise_rows
        .push(bench_minimise("miracle full grid", &full_grids(&template(nine, "miracle"), 8)));
    print_minimise_table(&minimise_rows);

    let sixteen = Geometry::with_usual_boxes(16).expect("16x16 has boxes");
    let six = Geometry::with_usual_boxes(6).expect("6x6 has boxes");
    let generate_rows = vec![
        bench_generate("classic 9x9", &template(nine, "classic"), 10, SATDOKU_REPS, NAIVE_REPS),
        bench_generate("diagonal 9x9", &template(nine, "diagonal"), 10, SATDOKU_REPS, NAIVE_REPS),
        bench_generate("miracle 9x9", &template(nine, "miracle"), 6, SATDOKU_REPS, NAIVE_REPS),
        bench_generate(
            "anti-knight 9x9",
            &template(nine, "anti-knight"),
            10,
            SATDOKU_REPS,
            NAIVE_REPS,
        ),
        bench_generate("classic 6x6", &template(six, "classic"), 20, SATDOKU_REPS, NAIVE_REPS),
        bench_generate("classic 16x16", &template(sixteen, "classic"), 2, 3, 1),
    ];
    print_generate_table(&generate_rows);
    println!("\ntotal run time: {:.1} s", start.elapsed().as_secs_f64());
}

// ---------------------------------------------------------------------------------------------
// The naive baseline.

/// Greedy minimisation in reading order, one fresh `count_up_to(_, 2)` per given.
fn naive_minimise(puzzle: &Puzzle) -> Puzzle {
    let mut givens = puzzle.givens().clone();
    let filled: Vec<_> = givens.filled().collect();
    for (cell, digit) in filled {
        givens.set(cell, None);
        let count = count_up_to(&puzzle.with_givens(givens.clone()), 2).expect("the solver works");
        if !count.is_unique() {
            givens.set(cell, Some(digit));
        }
    }
    puzzle.with_givens(givens)
}

// ---------------------------------------------------------------------------------------------
// Inputs.

fn skipped(file: &str) {
    println!("(skipped: {DATASETS}/{file} not found)\n");
}

fn read_lines(file: &str, take: usize) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(Path::new(DATASETS).join(file)).ok()?;
    Some(
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(take)
            .map(String::from)
            .collect(),
    )
}

fn parse_all(lines: &[String]) -> Vec<Puzzle> {
    lines.iter().map(|line| line.parse().expect("a dataset line is a puzzle")).collect()
}

/// An empty puzzle of this geometry under the named rules.
fn template(geometry: Geometry, rules: &str) -> Puzzle {
    Puzzle::new(Grid::empty(geometry), Rule::from_name(rules).expect("a known rule name"))
}

/// `count` complete solution grids of the template's rules, as puzzles whose givens are the
/// whole grid (the hard case for a minimiser).
fn full_grids(template: &Puzzle, count: u64) -> Vec<Puzzle> {
    (0..count).map(|i| template.with_givens(solution_of(template, i).clone())).collect()
}

fn solution_of(template: &Puzzle, index: u64) -> Grid {
    let made = generate(template, index, &GenerateOptions::new().seed(2024)).expect("grids exist");
    made.puzzle.solution().expect("a generated puzzle records its solution").clone()
}

// ---------------------------------------------------------------------------------------------
// Checks (untimed).

/// Panics unless `minimal` is unique with `solution` and every given is needed.
fn check_minimal(what: &str, minimal: &Puzzle, solution: &Grid) {
    let count = count_up_to(minimal, 2).expect("the solver works");
    assert!(count.is_unique(), "{what}: result not unique");
    assert_eq!(&count.first_solutions()[0], solution, "{what}: result has another solution");
    let filled: Vec<_> = minimal.givens().filled().collect();
    for (cell, _) in filled {
        let mut fewer = minimal.givens().clone();
        fewer.set(cell, None);
        let count = count_up_to(&minimal.with_givens(fewer), 2).expect("the solver works");
        assert!(
            !count.is_unique(),
            "{what}: given at {cell} is redundant, so the result is not minimal"
        );
    }
}

fn unique_solution(puzzle: &Puzzle) -> Grid {
    let count = count_up_to(puzzle, 2).expect("the solver works");
    assert!(count.is_unique(), "a benchmark input must be unique");
    count.first_solutions()[0].clone()
}

// ---------------------------------------------------------------------------------------------
// Timing.

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

fn time_ms<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = black_box(f());
    (start.elapsed().as_secs_f64() * 1e3, out)
}

/// Per-input medians of the satdoku method, the naive one and optionally a third satdoku
/// measurement, timed interleaved.
fn time_methods<A, B, C>(
    satdoku_reps: usize,
    naive_reps: usize,
    mut satdoku: impl FnMut() -> A,
    mut naive: impl FnMut() -> B,
    mut extra: Option<impl FnMut() -> C>,
) -> Timing {
    let (mut s, mut n, mut e) = (Vec::new(), Vec::new(), Vec::new());
    for rep in 0..satdoku_reps.max(naive_reps) {
        if rep < satdoku_reps {
            s.push(time_ms(&mut satdoku).0);
            if let Some(extra) = extra.as_mut() {
                e.push(time_ms(extra).0);
            }
        }
        if rep < naive_reps {
            n.push(time_ms(&mut naive).0);
        }
    }
    let extra = (!e.is_empty()).then(|| median(&mut e));
    Timing { satdoku: median(&mut s), naive: median(&mut n), extra }
}

/// The medians of one input, in ms.
struct Timing {
    satdoku: f64,
    naive: f64,
    extra: Option<f64>,
}

struct Row {
    name: String,
    n: usize,
    givens_in: f64,
    givens_satdoku: f64,
    givens_naive: f64,
    satdoku_ms: f64,
    naive_ms: f64,
    speed_up: f64,
    /// Median of the third measurement (part 2: satdoku minimise of the same full grid).
    extra_ms: Option<f64>,
}

impl Row {
    fn new(name: &str, per_input: &[Timing], givens: [Vec<f64>; 3]) -> Row {
        let [mut g_in, mut g_s, mut g_n] = givens;
        let mut s: Vec<f64> = per_input.iter().map(|t| t.satdoku).collect();
        let mut n: Vec<f64> = per_input.iter().map(|t| t.naive).collect();
        let mut e: Vec<f64> = per_input.iter().filter_map(|t| t.extra).collect();
        let mut ratios: Vec<f64> = per_input.iter().map(|t| t.naive / t.satdoku).collect();
        Row {
            name: name.to_string(),
            n: per_input.len(),
            givens_in: median(&mut g_in),
            givens_satdoku: median(&mut g_s),
            givens_naive: median(&mut g_n),
            satdoku_ms: median(&mut s),
            naive_ms: median(&mut n),
            speed_up: median(&mut ratios),
            extra_ms: (!e.is_empty()).then(|| median(&mut e)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Part 1: minimise.

fn bench_minimise(name: &str, puzzles: &[Puzzle]) -> Row {
    eprintln!("minimise: {name} ({} inputs)...", puzzles.len());
    let options = MinimiseOptions::new().order(Order::Given);
    let mut per_input = Vec::new();
    let mut givens: [Vec<f64>; 3] = Default::default();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let solution = unique_solution(puzzle);
        let ours = minimise(puzzle, &options).expect("a unique input minimises").puzzle;
        let theirs = naive_minimise(puzzle);
        check_minimal(&format!("{name} #{i} satdoku"), &ours, &solution);
        check_minimal(&format!("{name} #{i} naive"), &theirs, &solution);
        givens[0].push(puzzle.givens().filled_count() as f64);
        givens[1].push(ours.givens().filled_count() as f64);
        givens[2].push(theirs.givens().filled_count() as f64);
        per_input.push(time_methods(
            SATDOKU_REPS,
            NAIVE_REPS,
            || minimise(puzzle, &options).expect("a unique input minimises"),
            || naive_minimise(puzzle),
            None::<fn()>,
        ));
    }
    Row::new(name, &per_input, givens)
}

fn print_minimise_table(rows: &[Row]) {
    println!(
        "1. minimise (satdoku minimise, reading order, vs naive pre-pass + fresh SAT count per given)"
    );
    println!(
        "   givens: median over inputs, in -> satdoku / naive; both checked unique and minimal"
    );
    println!(
        "{:<22} {:>3} {:>18} {:>12} {:>12} {:>9}",
        "rule set", "n", "givens", "satdoku ms", "naive ms", "speed-up"
    );
    for row in rows {
        let givens =
            format!("{:.0} -> {:.1} / {:.1}", row.givens_in, row.givens_satdoku, row.givens_naive);
        println!(
            "{:<22} {:>3} {:>18} {:>12.2} {:>12.2} {:>8.1}x",
            row.name, row.n, givens, row.satdoku_ms, row.naive_ms, row.speed_up
        );
    }
    println!();
}

// ---------------------------------------------------------------------------------------------
// Part 2: generate.

fn bench_generate(
    name: &str,
    template: &Puzzle,
    count: u64,
    satdoku_reps: usize,
    naive_reps: usize,
) -> Row {
    eprintln!("generate: {name} ({count} puzzles)...");
    let options = GenerateOptions::new().seed(7);
    let in_order = MinimiseOptions::new().order(Order::Given);
    let mut per_input = Vec::new();
    let mut givens: [Vec<f64>; 3] = Default::default();
    for index in 0..count {
        let made = generate(template, index, &options).expect("grids exist").puzzle;
        let solution = made.solution().expect("a generated puzzle records its solution").clone();
        let full = template.with_givens(solution.clone());
        let theirs = naive_minimise(&full);
        check_minimal(&format!("{name} #{index} satdoku"), &made, &solution);
        check_minimal(&format!("{name} #{index} naive"), &theirs, &solution);
        givens[0].push(full.givens().filled_count() as f64);
        givens[1].push(made.givens().filled_count() as f64);
        givens[2].push(theirs.givens().filled_count() as f64);
        per_input.push(time_methods(
            satdoku_reps,
            naive_reps,
            || generate(template, index, &options).expect("grids exist"),
            || naive_minimise(&full),
            Some(|| minimise(&full, &in_order).expect("a full grid minimises")),
        ));
    }
    Row::new(name, &per_input, givens)
}

fn print_generate_table(rows: &[Row]) {
    println!(
        "2. generate (satdoku generate: random grid + minimise, vs naive minimise of the same grid;"
    );
    println!(
        "   the naive side is not charged for making the grid); rate = 1000 / median ms; givens: satdoku / naive;"
    );
    println!("   'min ms' = satdoku minimise alone (reading order) of the same full grid");
    println!(
        "{:<16} {:>3} {:>13} {:>11} {:>9} {:>10} {:>11} {:>9} {:>9}",
        "rule set",
        "n",
        "givens",
        "satdoku ms",
        "min ms",
        "naive ms",
        "satdoku /s",
        "naive /s",
        "speed-up"
    );
    for row in rows {
        let givens = format!("{:.1} / {:.1}", row.givens_satdoku, row.givens_naive);
        println!(
            "{:<16} {:>3} {:>13} {:>11.2} {:>9.2} {:>10.2} {:>11.1} {:>9.2} {:>8.1}x",
            row.name,
            row.n,
            givens,
            row.satdoku_ms,
            row.extra_ms.unwrap_or(f64::NAN),
            row.naive_ms,
            1e3 / row.satdoku_ms,
            1e3 / row.naive_ms,
            row.speed_up
        );
    }
}
