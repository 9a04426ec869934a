//! `satdoku bench`: the engines timed on the same puzzles in the same run, reported as ratios
//! against the first engine, with a check that they agree on every answer.
//!
//! Each puzzle is counted up to 2 (unique or not) by every engine in turn, `--repeat` rounds
//! of all the engines; engines are interleaved puzzle by puzzle so that a noisy machine slows
//! them alike. The times shown are each puzzle's fastest, and `vs first` the ratio of their
//! total to the first engine's: the steadiest figure, as the fastest of a few rounds drops
//! most of the time other processes took. Beside it, the ratios of the single rounds (each
//! round's total time over the first engine's in that round): their median and spread
//! (min–max), how far one run can stray on this machine. Times include lowering, propagation
//! and encoding, not parsing.

use anyhow::bail;
use satdoku::Limits;
use satdoku::engine::counter::Counter;
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{BenchArgs, Engine, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{diagnose, emit, emit_json};

/// The times of one engine over the batch, in milliseconds.
struct Timing {
    engine: Engine,
    /// The fastest time of each puzzle.
    times: Vec<f64>,
    /// The total time of each round.
    rounds: Vec<f64>,
    /// The SAT engine's counter, kept from puzzle to puzzle as `solve` keeps it.
    counter: Counter,
}

impl Timing {
    fn total(&self) -> f64 {
        self.times.iter().sum()
    }

    fn median(&self) -> f64 {
        let mut sorted = self.times.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
    }

    fn max(&self) -> f64 {
        self.times.iter().copied().fold(0.0, f64::max)
    }

    /// The ratios of this engine's round totals to `baseline`'s: median, min and max.
    fn ratios(&self, baseline: &Timing) -> Spread {
        let mut ratios: Vec<f64> = (self.rounds.iter().zip(&baseline.rounds))
            .map(|(time, base)| time / base.max(f64::MIN_POSITIVE))
            .collect();
        ratios.sort_by(f64::total_cmp);
        let at = |index: usize| ratios.get(index).copied().unwrap_or(0.0);
        Spread { median: at(ratios.len() / 2), min: at(0), max: at(ratios.len().saturating_sub(1)) }
    }
}

/// A ratio over the rounds: its median and its range.
struct Spread {
    median: f64,
    min: f64,
    max: f64,
}

fn counter() -> Counter {
    Counter::new(&Limits::new())
}

/// Times every engine on every puzzle; exit 1 when two engines disagree.
pub fn run(args: &BenchArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let Some(&baseline) = args.engines.first() else { bail!("expected at least one engine") };
    let mut timings: Vec<Timing> = args
        .engines
        .iter()
        .map(|&engine| Timing {
            engine,
            times: Vec::new(),
            rounds: vec![0.0; usize::try_from(args.repeat).expect("at most 1000 rounds")],
            counter: counter(),
        })
        .collect();
    let mut disagreements = 0;
    let status = Input::read(&args.puzzles, global.quiet)?.for_each(|puzzle, position| {
        let mut verdicts = Vec::new();
        let mut fastest = vec![f64::INFINITY; timings.len()];
        for round in 0..timings[0].rounds.len() {
            for (timing, fastest) in timings.iter_mut().zip(&mut fastest) {
                let answer = Answer::count(timing.engine, &mut timing.counter, puzzle, 2, false)?;
                *fastest = fastest.min(answer.time_ms());
                timing.rounds[round] += answer.time_ms();
                // Several solutions may come in any order: only a unique one is compared.
                let solution = answer.is_unique().then(|| answer.solution().cloned()).flatten();
                verdicts.push((timing.engine, answer.count_text(), solution));
            }
        }
        timings.iter_mut().zip(fastest).for_each(|(timing, fastest)| timing.times.push(fastest));
        if verdicts.windows(2).any(|pair| (&pair[0].1, &pair[0].2) != (&pair[1].1, &pair[1].2)) {
            disagreements += 1;
            let said: Vec<_> =
                verdicts.iter().map(|(e, count, _)| format!("{} {count}", e.name())).collect();
            diagnose(&format!(
                "error: puzzle {}: the engines disagree: {}",
                position.number,
                said.join(", ")
            ));
        }
        Ok(ExitStatus::Success)
    })?;
    if timings.iter().any(|timing| !timing.times.is_empty()) {
        report(args.format, &timings, baseline)?;
    }
    Ok(if disagreements > 0 { ExitStatus::Failure.max(status) } else { status })
}

fn report(format: Format, timings: &[Timing], baseline: Engine) -> anyhow::Result<()> {
    let mut text = String::new();
    // The engine column fits the longest name in the run (`textbook-implications` is long).
    let width = timings.iter().map(|t| t.engine.name().len()).max().unwrap_or(0).max(10);
    if format == Format::Pretty {
        text += &format!(
            "{:<width$} {:>8} {:>12} {:>11} {:>10} {:>10} {:>15} {:>15}\n",
            "engine",
            "puzzles",
            "total ms",
            "median ms",
            "max ms",
            "vs first",
            "rounds: median",
            "min–max"
        );
    }
    let base_total = timings[0].total().max(f64::MIN_POSITIVE);
    for timing in timings {
        let (total, fastest_ratio) = (timing.total(), timing.total() / base_total);
        let ratio = timing.ratios(&timings[0]);
        let (median, max) = (timing.median(), timing.max());
        match format {
            Format::Json => emit_json(&json!({
                "engine": timing.engine.name(),
                "baseline": baseline.name(),
                "puzzles": timing.times.len(),
                "rounds": timing.rounds.len(),
                "total_ms": total,
                "median_ms": median,
                "max_ms": max,
                "ratio": fastest_ratio,
                "round_ratio_median": ratio.median,
                "round_ratio_min": ratio.min,
                "round_ratio_max": ratio.max,
            }))?,
            Format::Line => {
                text += &format!(
                    "{}\t{}\t{total:.3}\t{median:.3}\t{max:.3}\t{fastest_ratio:.3}\t{:.3}\t{:.3}\t{:.3}\n",
                    timing.engine.name(),
                    timing.times.len(),
                    ratio.median,
                    ratio.min,
                    ratio.max
                );
            }
            Format::Pretty => {
                let spread = format!("{:.2}–{:.2}x", ratio.min, ratio.max);
                text += &format!(
                    "{:<width$} {:>8} {total:>12.1} {median:>11.3} {max:>10.1} {fastest_ratio:>9.2}x {:>14.2}x {spread:>15}\n",
                    timing.engine.name(),
                    timing.times.len(),
                    ratio.median
                );
            }
        }
    }
    emit(&text)
}
