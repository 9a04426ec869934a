//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several;
//! with `--certify`, each answer's certificate checked by the in-tree proof checker.

use crate::cli::ExitStatus;
use crate::cli::args::{CheckArgs, Format, GlobalArgs};
use crate::cli::certificate::{self, Request, Written};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_json};

/// Checks every puzzle for a unique solution.
pub fn run(check: &CheckArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let args = &check.answer;
    let request = Request::from_args(args, check.certify)?;
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| certificate::answer(request.as_ref(), args, puzzle, 2),
        |(answer, proven), position| {
            let written = certificate::write(proven, position.number)?;
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&Written::json(&answer, position, written.as_ref()))?,
                Format::Line | Format::Pretty => emit(&format!(
                    "{}{}\n",
                    answer.verdict(),
                    Written::suffix_of(written.as_ref())
                ))?,
            }
            Ok(answer.status())
        },
    )
}
