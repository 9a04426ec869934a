//! The `satdoku` command: parse the arguments, run, map the outcome to an exit code.

mod cli;
mod serve;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::args::Args::parse();
    cli::guard::report_panics();
    let outcome = std::panic::catch_unwind(|| cli::run(args));
    match outcome.unwrap_or_else(|payload| Err(cli::guard::panicked(&*payload))) {
        Ok(status) => status.into(),
        Err(error) if cli::is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            report_error(&error);
            cli::failure_status(&error).into()
        }
    }
}

/// Prints `error:` and each cause on stderr, once.
fn report_error(error: &anyhow::Error) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "error: {error}");
    for cause in error.chain().skip(1) {
        let _ = writeln!(stderr, "  cause: {cause}");
    }
}
