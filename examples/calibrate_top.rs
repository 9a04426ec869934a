//! Calibrates the top rating ([`satdoku::logic::rate_top`]) against Sudoku Explainer: rates
//! the rated datasets (the Sudoku Exchange sample, SE 2.5 to 9.3; every Nth puzzle of the SE 11+
//! list, counted as 11.0, the least SE it can have; the eight named puzzles with their
//! published SE; every Nth puzzle of magictour-top1465 and forum-hardest-1106, which have no
//! SE, for their scores only) and prints the Spearman rank correlations (overall, within SE 9 and up, on
//! the named puzzles), the table by SE band, how the SE 11+ list and SE 9.x separate, and the
//! CPU time per puzzle (one thread, so that a loaded machine's figures hold). `--tsv FILE` writes every puzzle's figures.
//! `--rated FILE` adds puzzles rated by SE one by one (a line is the puzzle, then its SE
//! rating as `serate` prints it, `ER/EP/ED` or a number, then anything), and reports how the
//! top of SE (10.3 and up, with the named puzzles) is ordered: Spearman, and how often an
//! SE 11+ puzzle scores above an SE 10.5-10.9 one.
//!
//! ```text
//! cargo run --release --features tools --example calibrate_top -- [--se11-every N] [--exchange-every N] \
//!     [--unrated-every N] [--rated FILE] [--tsv FILE]
//! ```
//! The datasets are read from `$SATDOKU_DATASETS` or `../shared/datasets`.

use std::io::Write;

use satdoku::Puzzle;
use satdoku::logic::{ExplainOptions, TopRating, rate_top};

#[path = "shared/stats.rs"]
mod stats;
use stats::{quantile, spearman};

/// The named puzzles of `puzzles/` and their published SE ratings.
const NAMED: [(&str, f64); 8] = [
    ("ai-escargot", 10.5),
    ("platinum-blonde", 10.6),
    ("inkala-2010", 10.7),
    ("fata-morgana", 10.8),
    ("red-dwarf", 10.9),
    ("cheese", 11.3),
    ("easter-monster", 11.6),
    ("golden-nugget", 11.9),
];

/// Which puzzles a line of the report keeps.
type Keep<'a> = &'a dyn Fn(&Rated) -> bool;

/// One rated puzzle: its set, name, SE rating, top rating and time.
struct Rated {
    set: &'static str,
    name: String,
    se: f64,
    rating: TopRating,
    seconds: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let every = |name: &str, default: usize| {
        option(name).map_or(default, |n| n.parse().expect("a whole number"))
    };
    let datasets = std::env::var("SATDOKU_DATASETS").unwrap_or("../shared/datasets".into());
    let read = |name: &str| {
        let path = format!("{datasets}/{name}");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let mut inputs: Vec<(&'static str, String, String, f64)> = Vec::new();
    let (sample, ratings) = (
        read("sudoku-exchange-rated-sample.txt"),
        read("sudoku-exchange-rated-sample.ratings.txt"),
    );
    let exchange_every = every("--exchange-every", 1);
    for (i, (line, se)) in sample.lines().zip(ratings.lines()).enumerate() {
        if i % exchange_every == 0 {
            let se = se.trim().parse().expect("a rating");
            inputs.push(("exchange", format!("exchange:{}", i + 1), line.into(), se));
        }
    }
    let se11 = read("forum-hardest-1905-se11plus-48766.txt");
    for (i, line) in se11.lines().enumerate().step_by(every("--se11-every", 250)) {
        inputs.push(("se11+", format!("se11:{}", i + 1), line.into(), 11.0));
    }
    // Hard lists with no per-puzzle SE: their scores only.
    let unrated_every = every("--unrated-every", 10);
    for (set, file) in
        [("top1465", "magictour-top1465.txt"), ("forum1106", "forum-hardest-1106-375.txt")]
    {
        for (i, line) in read(file).lines().enumerate().step_by(unrated_every) {
            inputs.push((set, format!("{set}:{}", i + 1), line.into(), f64::NAN));
        }
    }
    if let Some(path) = option("--rated") {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let mut fields = line.split_whitespace();
            let (puzzle, se) =
                (fields.next().unwrap_or_default(), fields.next().unwrap_or_default());
            let se = se.split('/').next().unwrap_or_default().parse();
            let se =
                se.unwrap_or_else(|_| panic!("{path}:{}: expected a puzzle and its SE", i + 1));
            inputs.push(("rated", format!("rated:{}", i + 1), puzzle.into(), se));
        }
    }
    for (name, se) in NAMED {
        let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        inputs.push(("named", name.into(), text, se));
    }
    let rated: Vec<Rated> = inputs
        .into_iter()
        .map(|(set, name, text, se)| {
            let puzzle: Puzzle = text.parse().expect("a puzzle");
            // Uniqueness techniques where the SAT solver proves the puzzle unique (all are).
            let unique = satdoku::count_up_to(&puzzle, 2).expect("the solver runs").is_unique();
            let start = thread_cpu_seconds();
            let rating = rate_top(&puzzle, &ExplainOptions::new().unique(unique));
            Rated { set, name, se, rating, seconds: thread_cpu_seconds() - start }
        })
        .collect();
    if let Some(path) = option("--tsv") {
        write_tsv(&path, &rated).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    report(&rated);
}

/// The CPU time this thread has used, in seconds.
fn thread_cpu_seconds() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec for the call to write.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread's CPU clock is readable");
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// The Spearman correlations, the separation of the top, the times and the table by band.
fn report(rated: &[Rated]) {
    let correlation = |keep: Keep| {
        let kept: Vec<&Rated> = rated.iter().filter(|r| keep(r)).collect();
        let se: Vec<f64> = kept.iter().map(|r| r.se).collect();
        let score: Vec<f64> = kept.iter().map(|r| r.rating.score()).collect();
        (kept.len(), spearman(&se, &score))
    };
    for (what, keep) in [
        ("overall", &(|r: &Rated| r.se.is_finite()) as Keep),
        ("within SE >= 9", &|r: &Rated| r.se >= 9.0),
        ("named", &|r: &Rated| r.set == "named"),
        ("SE-rated top (SE >= 10.3, with the named)", &|r: &Rated| {
            (r.set == "rated" || r.set == "named") && r.se >= 10.3
        }),
        ("exchange only (today's calibration set)", &|r: &Rated| r.set == "exchange"),
    ] {
        let (n, rho) = correlation(keep);
        println!("Spearman {what}: {rho:.3} ({n} puzzles)");
    }
    let scores = |keep: Keep| -> Vec<f64> {
        rated.iter().filter(|r| keep(r)).map(|r| r.rating.score()).collect()
    };
    let nine = scores(&|r| r.set == "exchange" && r.se >= 9.0);
    let top = scores(&|r| r.set == "se11+");
    println!(
        "SE 11+ list: median {:.2}; SE 9.0-9.9: 90th percentile {:.2}",
        quantile(&top, 0.5),
        quantile(&nine, 0.9)
    );
    let rated_top = |low: f64, high: f64| {
        scores(&|r| (r.set == "rated" || r.set == "named") && (low..high).contains(&r.se))
    };
    let (below, above) = (rated_top(10.5, 11.0), rated_top(11.0, 20.0));
    let pairs = below.len() * above.len();
    let ordered: f64 = (below.iter())
        .flat_map(|b| {
            above
                .iter()
                .map(move |a| f64::from(u8::from(a > b)) + f64::from(u8::from(a == b)) / 2.0)
        })
        .sum();
    println!(
        "SE-rated: SE 11+ above SE 10.5-10.9 in {:.1}% of {pairs} pairs (ties half)",
        100.0 * ordered / pairs.max(1) as f64
    );
    for set in ["exchange", "se11+", "named", "top1465", "forum1106", "rated"] {
        let times: Vec<f64> = rated.iter().filter(|r| r.set == set).map(|r| r.seconds).collect();
        println!(
            "CPU time {set}: median {:.3} s, 90th percentile {:.3} s, max {:.3} s",
            quantile(&times, 0.5),
            quantile(&times, 0.9),
            quantile(&times, 1.0)
        );
    }
    for r in rated.iter().filter(|r| r.set == "named") {
        println!("{}: SE {} top {:.2}", r.name, r.se, r.rating.score());
    }
    println!("| SE band | puzzles | min | 10% | median | 90% | max | stuck at depth 1 |");
    println!("|---|---|---|---|---|---|---|---|");
    let bands: [(&str, Keep); 14] = [
        ("2.0-4.9", &|r| r.se < 5.0),
        ("5.0-6.9", &|r| (5.0..7.0).contains(&r.se)),
        ("7.0-7.9", &|r| (7.0..8.0).contains(&r.se)),
        ("8.0-8.9", &|r| (8.0..9.0).contains(&r.se)),
        ("9.0-9.9", &|r| (9.0..10.0).contains(&r.se)),
        ("10.5-10.9 (named)", &|r| r.set == "named" && r.se < 11.0),
        ("11.3-11.9 (named)", &|r| r.set == "named" && r.se >= 11.0),
        ("11.0+ (SE 11+ list)", &|r| r.set == "se11+"),
        ("SE-rated 9.0-10.4", &|r| r.set == "rated" && (9.0..10.5).contains(&r.se)),
        ("SE-rated 10.5-10.9", &|r| r.set == "rated" && (10.5..11.0).contains(&r.se)),
        ("SE-rated 11.0-11.4", &|r| r.set == "rated" && (11.0..11.5).contains(&r.se)),
        ("SE-rated 11.5+", &|r| r.set == "rated" && r.se >= 11.5),
        ("magictour top1465 (no SE)", &|r| r.set == "top1465"),
        ("forum hardest 1106 (no SE)", &|r| r.set == "forum1106"),
    ];
    for (band, keep) in bands {
        let kept: Vec<&Rated> = rated.iter().filter(|r| keep(r)).collect();
        let values: Vec<f64> = kept.iter().map(|r| r.rating.score()).collect();
        let stuck = kept.iter().filter(|r| !r.rating.stuck().is_empty()).count();
        let q = |q| quantile(&values, q);
        println!(
            "| {band} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0}% |",
            kept.len(),
            q(0.0),
            q(0.1),
            q(0.5),
            q(0.9),
            q(1.0),
            100.0 * stuck as f64 / kept.len().max(1) as f64
        );
    }
}

/// Every puzzle's set, name, SE, scores, time and the figures of its stuck states.
fn write_tsv(path: &str, rated: &[Rated]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(
        out,
        "set\tname\tse\ttop\tcheap\tsolved\tseconds\tstuck (open,level,refuted,sizes...)"
    )?;
    for r in rated {
        let stuck: Vec<String> = (r.rating.stuck().iter())
            .map(|p| {
                let sizes: Vec<String> = p.sizes.iter().map(|s| s.to_string()).collect();
                format!("{},{},{},{}", p.open, p.level, p.refuted.len(), sizes.join(","))
            })
            .collect();
        writeln!(
            out,
            "{}\t{}\t{}\t{:.2}\t{:.1}\t{}\t{:.4}\t{}",
            r.set,
            r.name,
            r.se,
            r.rating.score(),
            r.rating.cheap().score(),
            r.rating.is_solved(),
            r.seconds,
            stuck.join(";")
        )?;
    }
    Ok(())
}
