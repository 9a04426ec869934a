//! satdoku's own commands, beyond the f-puzzles protocol, for the workbench page.

use super::job::{Handler, Job};
use super::protocol::{Invalid, Reply};

/// satdoku's extension commands, by name.
pub(crate) const COMMANDS: &[(&str, Handler)] = &[("version", version)];

/// `version` → `{type: "version", version}`: which satdoku answers.
fn version(_job: &mut Job<'_>) -> Result<Reply, Invalid> {
    Ok(Reply::new("version").with("version", env!("CARGO_PKG_VERSION")))
}
