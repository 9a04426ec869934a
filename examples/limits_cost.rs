//! Measures what a limited session costs against an unlimited one (the proof sink that lets a
//! deadline stop varisat mid-call): counts every puzzle of a file up to 2, both ways.
//!
//! `cargo run --release --features tools --example limits_cost -- FILE [REPEAT]`

use std::time::{Duration, Instant};

use satdoku::engine::count::{CountOptions, try_count};
use satdoku::{Limits, Puzzle};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().ok_or("usage: limits_cost FILE [REPEAT]")?;
    let repeat: usize = args.next().map_or(Ok(3), |text| text.parse())?;
    let text = std::fs::read_to_string(&path)?;
    let puzzles: Vec<Puzzle> = text.lines().map(str::parse).collect::<Result<_, _>>()?;
    let far = Limits::new().timeout(Duration::from_secs(86_400));
    for round in 0..repeat {
        let free = time(&puzzles, &Limits::new())?;
        let limited = time(&puzzles, &far)?;
        println!(
            "round {round}: unlimited {free:.3} s, limited {limited:.3} s, ratio {:.3}",
            limited / free
        );
    }
    Ok(())
}

/// Seconds to count every puzzle up to 2 under `limits`.
fn time(puzzles: &[Puzzle], limits: &Limits) -> Result<f64, satdoku::Error> {
    let start = Instant::now();
    for puzzle in puzzles {
        assert!(try_count(puzzle, &CountOptions::up_to(2), limits)?.is_unique());
    }
    Ok(start.elapsed().as_secs_f64())
}
