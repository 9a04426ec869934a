//! `satdoku check`: exit 0 when every puzzle is unique, 1 when one has no solution or several;
//! with `--certify`, each answer's certificate checked by the in-tree proof checker.

use crate::cli::ExitStatus;
use crate::cli::args::{CheckArgs, GlobalArgs};
use crate::cli::certificate::{Request, answer_each};
use crate::cli::output::emit;

/// Checks every puzzle for a unique solution.
pub fn run(check: &CheckArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let args = &check.answer;
    let request = Request::from_args(args, check.certify)?;
    answer_each(args, global, request, 2, |answer, _, suffix| {
        emit(&format!("{}{suffix}\n", answer.verdict()))
    })
}
