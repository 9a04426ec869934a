//! `satdoku count`: the number of solutions of each puzzle, up to `--max`; with `--proof`, a
//! certificate that an exact count is exact.

use crate::cli::ExitStatus;
use crate::cli::args::{CountArgs, Format, GlobalArgs};
use crate::cli::certificate::{self, Request, Written};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_json};

/// Counts every puzzle's solutions; exit 1 when one has none or several.
pub fn run(args: &CountArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    let args = &args.answer;
    let request = Request::from_args(args, false)?;
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| certificate::answer(request.as_ref(), args, puzzle, max),
        |(answer, proven), position| {
            let written = certificate::write(proven, position.number)?;
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&Written::json(&answer, position, written.as_ref()))?,
                Format::Line | Format::Pretty => emit(&format!(
                    "{}{}\n",
                    answer.count_text(),
                    Written::suffix_of(written.as_ref())
                ))?,
            }
            Ok(answer.status())
        },
    )
}
