//! `satdoku link`: each puzzle as an f-puzzles link (the f-puzzles JSON LZ-String-compressed)
//! or a SudokuPad `scl` link, so any puzzle opens in the browser tools setters use.

use satdoku::model::fpuzzles::{fpuzzles_link, write_fpuzzles};
use satdoku::model::sudokupad::puzzle_link;

use crate::cli::ExitStatus;
use crate::cli::args::{GlobalArgs, LinkArgs};
use crate::cli::input::Input;
use crate::cli::output::emit;

/// Prints one link per puzzle; a puzzle f-puzzles cannot carry (an inequality sign, a grid past
/// 16×16) is an error naming what.
pub fn run(args: &LinkArgs, global: &GlobalArgs) -> anyhow::Result<ExitStatus> {
    let input = Input::read(&args.puzzles, global.quiet)?;
    input.for_each(|puzzle, _| {
        let link = if args.sudokupad {
            puzzle_link(puzzle)?
        } else {
            fpuzzles_link(&write_fpuzzles(puzzle)?)
        };
        emit(&format!("{link}\n"))?;
        Ok(ExitStatus::Success)
    })
}
