//! Writing a puzzle back in the text format, so that reading it gives the puzzle back.

use crate::model::grid::draw;
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

/// Writes `puzzle` in the text format.
pub(crate) fn write_text(puzzle: &Puzzle) -> String {
    let geometry = puzzle.geometry();
    let mut text = String::new();
    for (key, value) in puzzle.metadata() {
        text += &format!("{key}: {value}\n");
    }
    text += &format!("rules: {}\n", puzzle.rule_names());
    text += &format!("size: {}\n", geometry.size());
    text += &format!("boxes: {}x{}\n", geometry.box_rows(), geometry.box_columns());
    text += &format!("givens:\n{}", puzzle.givens().to_pretty());
    for rule in puzzle.rules() {
        if let Rule::Even(cells) | Rule::Odd(cells) = rule {
            let drawn = draw(geometry, |cell| if cells.contains(&cell) { 'x' } else { '.' });
            text += &format!("{}:\n{drawn}", rule.name());
        }
    }
    if let Some(solution) = puzzle.solution() {
        text += &format!("solution:\n{}", solution.to_pretty());
    }
    text
}
