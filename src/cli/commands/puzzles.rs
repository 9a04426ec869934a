//! `satdoku puzzles`: the bundled puzzles, which every command takes by name.

use satdoku::Puzzle;

use crate::cli::ExitStatus;
use crate::cli::output::emit;
use crate::cli::sources::BUNDLED;

/// Lists each bundled puzzle's name, rules and title.
pub fn run() -> anyhow::Result<ExitStatus> {
    let mut text = String::new();
    for (name, source) in BUNDLED {
        let puzzle: Option<Puzzle> = source.parse().ok();
        let rules = puzzle.as_ref().map_or("?".to_string(), Puzzle::rule_names);
        let title = puzzle.as_ref().and_then(|p| {
            p.metadata().iter().find(|(key, _)| key == "title").map(|(_, v)| v.clone())
        });
        text += &format!("{name:<45} {rules:<40} {}\n", title.unwrap_or_default());
    }
    emit(&text)?;
    Ok(ExitStatus::Success)
}
