//! `satdoku solve`: a solution for each puzzle, and whether it is the only one; with
//! `--proof`, a certificate of the verdict.

use crate::cli::ExitStatus;
use crate::cli::answer::Answer;
use crate::cli::args::{AnswerArgs, Format, GlobalArgs};
use crate::cli::certificate::{Request, answer_each};
use crate::cli::output::{emit, emit_block};

/// Solves every puzzle; exit 1 when one has no solution or several.
pub fn run(args: &AnswerArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let request = Request::from_args(args, false)?;
    answer_each(args, global, request, 2, |answer, position, suffix| {
        if args.format == Format::Line {
            emit(&format!("{}{suffix}\n", line(answer)))
        } else {
            emit_block(position, &format!("{}{suffix}\n", pretty(answer)))
        }
    })
}

/// `SOLUTION unique`, `SOLUTION multiple` or `none`.
fn line(answer: &Answer) -> String {
    match answer.solution() {
        None => "none".to_string(),
        Some(grid) if answer.is_unique() => format!("{} unique", grid.to_line()),
        Some(grid) => format!("{} multiple", grid.to_line()),
    }
}

/// The solution drawn, then `unique solution` or `one of several solutions`; or `no solution`.
fn pretty(answer: &Answer) -> String {
    match answer.solution() {
        None => "no solution".to_string(),
        Some(grid) if answer.is_unique() => format!("{}unique solution", grid.to_pretty()),
        Some(grid) => format!("{}one of several solutions", grid.to_pretty()),
    }
}
