//! `satdoku count`: the number of solutions of each puzzle, up to `--max`; with `--proof`, a
//! certificate that an exact count is exact.

use crate::cli::ExitStatus;
use crate::cli::args::{CountArgs, GlobalArgs};
use crate::cli::certificate::{Request, answer_each};
use crate::cli::output::emit;

/// Counts every puzzle's solutions; exit 1 when one has none or several.
pub fn run(args: &CountArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let max = usize::try_from(args.max).unwrap_or(usize::MAX);
    let args = &args.answer;
    let request = Request::from_args(args, false)?;
    answer_each(args, global, request, max, |answer, _, suffix| {
        emit(&format!("{}{suffix}\n", answer.count_text()))
    })
}
