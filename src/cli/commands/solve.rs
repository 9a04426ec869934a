//! `satdoku solve`: a solution for each puzzle, and whether it is the only one; with
//! `--proof`, a certificate of the verdict.

use crate::cli::ExitStatus;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::certificate::{self, Request, Written};
use crate::cli::input::Input;
use crate::cli::output::{emit, emit_block, emit_json};

/// Solves every puzzle; exit 1 when one has no solution or several.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let request = Request::from_args(args, false)?;
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.with_json_errors(args.format == Format::Json).for_each_parallel(
        &args.batch,
        |puzzle| certificate::answer(request.as_ref(), args, puzzle, 2),
        |(answer, proven), position| {
            let written = certificate::write(proven, position.number)?;
            let suffix = Written::suffix_of(written.as_ref());
            let solution = answer.solution();
            answer.warn_about_recorded(position, global.quiet);
            match args.format {
                Format::Json => emit_json(&Written::json(&answer, position, written.as_ref()))?,
                Format::Line => emit(&match solution {
                    None => format!("none{suffix}\n"),
                    Some(grid) if answer.is_unique() => {
                        format!("{} unique{suffix}\n", grid.to_line())
                    }
                    Some(grid) => format!("{} multiple{suffix}\n", grid.to_line()),
                })?,
                Format::Pretty => {
                    let verdict = match (solution, answer.is_unique()) {
                        (None, _) => format!("no solution{suffix}\n"),
                        (Some(grid), true) => {
                            format!("{}unique solution{suffix}\n", grid.to_pretty())
                        }
                        (Some(grid), false) => {
                            format!("{}one of several solutions{suffix}\n", grid.to_pretty())
                        }
                    };
                    emit_block(position, &verdict)?;
                }
            }
            Ok(answer.status())
        },
    )
}
