//! The command-line front end: arguments become library types, each subcommand runs one
//! engine over every puzzle of the input, and results go to stdout in the chosen format.

mod answer;
pub mod args;
mod certificate;
pub mod commands;
mod files;
pub mod guard;
mod input;
mod limits;
mod output;
mod progress;
mod resolve;
pub mod sources;

use std::process::ExitCode;

use args::{Args, Command};

/// How a run ended, as the process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExitStatus {
    /// Everything asked for was found (for `check`: every puzzle is unique).
    Success = 0,
    /// The answer is "no" (for `check`: a puzzle has no solution or several).
    Failure = 1,
    /// Bad input or a failure to run.
    Error = 2,
    /// An internal check failed (see [`guard`]): a bug, reported with the puzzle saved.
    Internal = 3,
    /// A limit (`--timeout`) stopped the run; the results printed are partial and say so.
    TimedOut = 4,
    /// Ctrl-C stopped the run; the results printed are partial and say so.
    Interrupted = 130,
}

impl From<ExitStatus> for ExitCode {
    fn from(status: ExitStatus) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// Runs the subcommand `args` names.
pub fn run(args: Args) -> anyhow::Result<ExitStatus> {
    let global = args.global;
    match args.command {
        Command::Solve(command) => commands::solve::run(&command, &global),
        Command::Count(command) => commands::count::run(&command, &global),
        Command::Check(command) => commands::check::run(&command, &global),
        Command::Encode(command) => commands::encode::run(&command, &global),
        Command::Candidates(command) => commands::candidates::run(&command, &global),
        Command::Minimise(command) => commands::minimise::run(&command, &global),
        Command::Complete(command) => commands::complete::run(&command, &global),
        Command::Generate(command) => commands::generate::run(&command, &global),
        Command::Serve(command) => commands::serve::run(&command),
        Command::Rules => commands::rules::run(),
        Command::Explain(command) => commands::explain::run(&command, &global),
        Command::Rate(command) => commands::rate::run(&command, &global),
        Command::Link(command) => commands::link::run(&command, &global),
        Command::Render(command) => commands::render::run(&command, &global),
        Command::Verify(command) => commands::verify::run(&command),
        Command::Puzzles => commands::puzzles::run(),
        Command::Bench(command) => commands::bench::run(&command, &global),
    }
}

/// The exit status of a run that failed with `error`: 3 for an internal error, else 2.
pub fn failure_status(error: &anyhow::Error) -> ExitStatus {
    if guard::is_internal(error) { ExitStatus::Internal } else { ExitStatus::Error }
}

/// Whether the failure is stdout closing early (`satdoku ... | head`): not an error.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
