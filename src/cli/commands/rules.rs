//! `satdoku rules`: the rule names and what each means.

use satdoku::model::rule::RULE_NAMES;

use crate::cli::ExitStatus;
use crate::cli::output::emit;

/// Lists the rule names, then how marks are given.
pub fn run() -> anyhow::Result<ExitStatus> {
    let mut text: String =
        RULE_NAMES.iter().map(|(name, meaning)| format!("{name:<16} {meaning}\n")).collect();
    text += "even, odd        cell marks, not rules of the whole grid: `even:` and `odd:` \
             sections of the text format, or a parity string (`e`, `o`, `.`) after the givens\n";
    emit(&text)?;
    Ok(ExitStatus::Success)
}
