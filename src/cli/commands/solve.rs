//! `satdoku solve`: a solution for each puzzle, and whether it is the only one.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_block, emit_json};

/// Solves every puzzle; exit 1 when one has no solution or several.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| Answer::count(args.engine, puzzle, 2, args.conflicts),
        |answer, position| {
            let solution = answer.solution();
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&answer.to_json(position))?,
                Format::Line => emit(&match solution {
                    None => "none\n".to_string(),
                    Some(grid) if answer.is_unique() => format!("{} unique\n", grid.to_line()),
                    Some(grid) => format!("{} multiple\n", grid.to_line()),
                })?,
                Format::Pretty => {
                    let verdict = match (solution, answer.is_unique()) {
                        (None, _) => "no solution\n".to_string(),
                        (Some(grid), true) => format!("{}unique solution\n", grid.to_pretty()),
                        (Some(grid), false) => {
                            format!("{}one of several solutions\n", grid.to_pretty())
                        }
                    };
                    emit_block(position, &verdict)?;
                }
            }
            Ok(answer.status())
        },
    )
}
