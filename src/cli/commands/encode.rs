//! `satdoku encode`: the DIMACS CNF of one puzzle, for any SAT solver.

use satdoku::encode::dimacs::write_puzzle_dimacs;

use crate::cli::ExitStatus;
use crate::cli::args::{EncodeArgs, GlobalArgs};
use crate::cli::input::Input;

/// Writes the puzzle's CNF to stdout (nothing at all when the input is bad).
pub fn run(args: &EncodeArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let puzzle = Input::read_one(&args.puzzle, global.quiet)?;
    let mut dimacs = Vec::new();
    write_puzzle_dimacs(&puzzle, &mut dimacs)?;
    crate::cli::output::emit(&String::from_utf8(dimacs)?)?;
    Ok(ExitStatus::Success)
}
