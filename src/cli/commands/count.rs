//! `satdoku count`: the number of solutions of each puzzle, up to `--max`.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{CountArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_json};

/// Counts every puzzle's solutions; exit 1 when one has none or several.
pub fn run(args: &CountArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    let args = &args.answer;
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, max, args.conflicts),
        |answer, position| {
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line | Format::Pretty => emit(&format!("{}\n", answer.count_text()))?,
            }
            Ok(answer.status())
        },
    )
}
