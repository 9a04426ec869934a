//! Progress on stderr for long runs: only when stderr is a terminal (a person watches), never
//! with `--quiet`, and never in CI or pipes. Results written while the bar shows go through
//! [`ProgressBar::suspend`], so the bar never cuts a line of output.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `count` items with `unit` as their name, hidden unless stderr is a terminal and
/// the run is not quiet.
pub fn progress_bar(count: u64, unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() || count < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{per_sec}}, eta {{eta}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A counter of `unit`s for a run whose length is not known in advance (a stream), hidden
/// unless stderr is a terminal and the run is not quiet.
pub fn progress_counter(unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    let template = format!("{{spinner}} {{pos}} {unit}, {{per_sec}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// A bar over `count` searches whose message says how the current one goes (set it with
/// [`ProgressBar::set_message`]); shown even for one search, since each may take long. Hidden
/// unless stderr is a terminal and the run is not quiet.
pub fn search_bar(count: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count);
    if let Ok(style) = ProgressStyle::with_template("{pos}/{len} puzzles, {elapsed}: {msg}") {
        bar.set_style(style);
    }
    bar
}
