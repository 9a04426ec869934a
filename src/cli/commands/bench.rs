//! `satdoku bench`: the engines timed on the same puzzles in the same run, reported as ratios
//! against the first engine, with a check that they agree on every answer.
//!
//! Each puzzle is counted up to 2 (unique or not) by every engine in turn, `--repeat` times,
//! keeping the fastest time; engines are interleaved puzzle by puzzle so that a noisy machine
//! slows them alike. Times include lowering, propagation and encoding, not parsing.

use anyhow::bail;
use satdoku::Limits;
use satdoku::engine::counter::Counter;
use serde_json::json;

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{BenchArgs, Engine, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{diagnose, emit, emit_json};

/// The times of one engine over the batch, in milliseconds, one per puzzle.
struct Timing {
    engine: Engine,
    times: Vec<f64>,
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
        .map(|&engine| Timing { engine, times: Vec::new(), counter: counter() })
        .collect();
    let mut disagreements = 0;
    let status = Input::read(&args.puzzles, global.quiet)?.for_each(|puzzle, position| {
        let mut verdicts = Vec::new();
        for timing in &mut timings {
            let mut fastest = f64::INFINITY;
            for _ in 0..args.repeat {
                let answer = Answer::count(timing.engine, &mut timing.counter, puzzle, 2, false)?;
                fastest = fastest.min(answer.time_ms());
                // Several solutions may come in any order: only a unique one is compared.
                let solution = answer.is_unique().then(|| answer.solution().cloned()).flatten();
                verdicts.push((timing.engine, answer.count_text(), solution));
            }
            timing.times.push(fastest);
        }
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
        let base_total = timings[0].total().max(f64::MIN_POSITIVE);
        report(args.format, &timings, baseline, base_total)?;
    }
    Ok(if disagreements > 0 { ExitStatus::Failure.max(status) } else { status })
}

fn report(
    format: Format,
    timings: &[Timing],
    baseline: Engine,
    base_total: f64,
) -> anyhow::Result<()> {
    let mut text = String::new();
    // The engine column fits the longest name in the run (`textbook-implications` is long).
    let width = timings.iter().map(|t| t.engine.name().len()).max().unwrap_or(0).max(10);
    if format == Format::Pretty {
        text += &format!(
            "{:<width$} {:>8} {:>12} {:>11} {:>10} {:>10}\n",
            "engine", "puzzles", "total ms", "median ms", "max ms", "vs first"
        );
    }
    for timing in timings {
        let ratio = timing.total() / base_total;
        let (total, median, max) = (timing.total(), timing.median(), timing.max());
        match format {
            Format::Json => emit_json(&json!({
                "engine": timing.engine.name(),
                "baseline": baseline.name(),
                "puzzles": timing.times.len(),
                "total_ms": total,
                "median_ms": median,
                "max_ms": max,
                "ratio": ratio,
            }))?,
            Format::Line => {
                text += &format!(
                    "{}\t{}\t{total:.3}\t{median:.3}\t{max:.3}\t{ratio:.3}\n",
                    timing.engine.name(),
                    timing.times.len()
                );
            }
            Format::Pretty => {
                text += &format!(
                    "{:<width$} {:>8} {total:>12.1} {median:>11.3} {max:>10.1} {ratio:>9.2}x\n",
                    timing.engine.name(),
                    timing.times.len()
                );
            }
        }
    }
    emit(&text)
}
