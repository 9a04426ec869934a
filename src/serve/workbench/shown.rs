//! A puzzle as the workbench shows it: its picture, its givens cell by cell, its text, and
//! the links that open it in f-puzzles and SudokuPad.

use satdoku::Puzzle;
use satdoku::model::fpuzzles::{fpuzzles_link, write_fpuzzles};
use satdoku::model::sudokupad::puzzle_link;
use satdoku::render::{CELL_PIXELS, RenderOptions, render_svg};
use serde_json::Value;

use crate::serve::protocol::Reply;

/// The `puzzle` message of `puzzle`: `svg`, `size`, `cellPixels`, `givens` (N² digits in
/// reading order, 0 for an empty cell), `rules`, `title`, `text`, and `fpuzzles` and
/// `sudokupad` links and the f-puzzles document `fpuzzlesJson` (each `null`, with `linkError`
/// saying why, for a puzzle f-puzzles cannot carry).
pub fn puzzle_reply(puzzle: &Puzzle) -> Reply {
    let geometry = puzzle.geometry();
    let givens: Vec<usize> = geometry
        .cells()
        .map(|cell| puzzle.givens().get(cell).map_or(0, |digit| digit.value()))
        .collect();
    let title = puzzle.metadata().iter().find(|(key, _)| key == "title").map(|(_, title)| title);
    let reply = Reply::new("puzzle")
        .with("svg", render_svg(puzzle, &RenderOptions::new()))
        .with("size", geometry.size())
        .with("cellPixels", CELL_PIXELS)
        .with("givens", givens)
        .with("rules", puzzle.rule_names())
        .with("title", title.cloned())
        .with("text", puzzle.to_text())
        .with("sudokupad", puzzle_link(puzzle).ok());
    match write_fpuzzles(puzzle) {
        Ok(json) => reply.with("fpuzzles", fpuzzles_link(&json)).with("fpuzzlesJson", json),
        Err(error) => reply
            .with("fpuzzles", Value::Null)
            .with("fpuzzlesJson", Value::Null)
            .with("linkError", error.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::workbench::test_util::fields;

    #[test]
    fn a_puzzle_message_draws_the_puzzle_and_links_back_to_it() {
        let puzzle: Puzzle = "1...............".parse().unwrap();
        let message = fields(&puzzle_reply(&puzzle));
        assert!(message["svg"].as_str().unwrap().starts_with("<svg"));
        assert_eq!(message["givens"][0], 1);
        assert_eq!(message["givens"].as_array().unwrap().len(), 16);
        let link = message["fpuzzles"].as_str().unwrap();
        let back = super::super::input::read_puzzle(link).unwrap().puzzle;
        assert_eq!(back.givens(), puzzle.givens());
        assert!(message["sudokupad"].as_str().unwrap().starts_with("https://sudokupad.app/"));
    }
}
