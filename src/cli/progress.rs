//! Progress on stderr for long runs: only when a person watches stderr while the results go
//! elsewhere (stdout redirected), never with `--quiet`, and never in CI or pipes.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar over `count` items with `unit` as their name, hidden unless stderr is a terminal,
/// stdout is not, and the run is not quiet.
pub fn progress_bar(count: u64, unit: &str, quiet: bool) -> ProgressBar {
    let watched = std::io::stderr().is_terminal() && !std::io::stdout().is_terminal();
    if quiet || !watched || count < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count);
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{per_sec}}, eta {{eta}}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}
