//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_json};

/// Checks every puzzle for a unique solution.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, 2, args.conflicts),
        |answer, position| {
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line | Format::Pretty => emit(&format!("{}\n", answer.verdict()))?,
            }
            Ok(answer.status())
        },
    )
}
