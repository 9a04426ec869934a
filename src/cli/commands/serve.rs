//! `satdoku serve`: the arguments become the server's options; the server does the rest.

use crate::cli::ExitStatus;
use crate::cli::args::ServeArgs;
use crate::serve;

/// Runs the server until Ctrl-C.
pub fn run(args: &ServeArgs) -> anyhow::Result<ExitStatus> {
    let options =
        serve::Options { host: args.host, port: args.port, timeout: args.timeout, open: args.open };
    serve::run(options)?;
    Ok(ExitStatus::Success)
}
