//! Numbers and arrows outside the grid: little killer clues and their arrows, look-and-say
//! clues on diagonals, the arrows of diagonals of equal totals, and sandwich, X-sum,
//! skyscraper and numbered room clues.

use serde_json::json;

use super::Writer;
use crate::model::equal_totals::Total;
use crate::model::geometry::Cell;
use crate::model::layout::diagonal_clue;
use crate::model::rule::Rule;

impl Writer {
    /// A small arrow outside the grid pointing along a diagonal (given by its cells, from the
    /// clue inwards), as SudokuPad's converter draws a little killer's; the clue's spot.
    fn diagonal_arrow(&mut self, cells: &[Cell]) -> (f64, f64) {
        let ((r, c), (dr, dc)) = diagonal_clue(cells, self.n);
        let at = (r as f64 + 0.5, c as f64 + 0.5);
        let step = (dr as f64, dc as f64);
        self.push(
            "arrows",
            json!({"color": "#000000", "thickness": 2, "headLength": 0.3,
            "wayPoints": [[at.0 + 0.3 * step.0, at.1 + 0.3 * step.1],
                          [at.0 + 0.48 * step.0, at.1 + 0.48 * step.1]]}),
        );
        at
    }

    /// A little killer: its arrow along the diagonal and its total at the arrow's tail.
    pub(super) fn little_killer(&mut self, cells: &[Cell], sum: usize) {
        let at = self.diagonal_arrow(cells);
        self.push(
            "overlays",
            json!({"center": [at.0, at.1], "width": 0.25, "height": 0.25,
            "text": sum, "fontSize": 28}),
        );
        self.sentence("Little killers: a number outside the grid is the sum of the digits along its arrow's diagonal.");
    }

    /// A look-and-say clue on a diagonal: its arrow and the clue's digits at the arrow's tail,
    /// as a little killer's, and the sentence that reads them in pairs.
    pub(super) fn look_and_say_diagonal(&mut self, cells: &[Cell], clue: &str) {
        let at = self.diagonal_arrow(cells);
        self.push(
            "overlays",
            json!({"center": [at.0, at.1], "width": 0.25, "height": 0.25,
            "text": clue, "fontSize": 28}),
        );
        self.sentence(
            "Look-and-say diagonals: the digits of a number outside the grid, read in pairs \"count, digit\", say how many cells along its arrow's diagonal hold each digit named (2314: exactly two 3s and exactly one 4).",
        );
    }

    /// Diagonals of equal totals: an arrow without a number on each, and the sentence.
    pub(super) fn equal_totals(&mut self, lines: &[Vec<Cell>], total: Total) {
        for line in lines {
            self.diagonal_arrow(line);
        }
        self.sentence(&format!("Every indicated diagonal has the same {}.", total.word()));
    }

    /// A sandwich, X-sum, skyscraper or numbered room clue (`rule`): its number (`sum`) just
    /// outside the grid before the first of its `cells`, and the sentence of its kind.
    pub(super) fn outside_clue(&mut self, rule: &Rule, cells: &[Cell], sum: usize) {
        let sentence = match rule {
            Rule::Sandwich { .. } => {
                "Sandwich sums: a number outside the grid is the sum of the digits between the 1 and the 9 of its row or column."
            }
            Rule::NumberedRoom { .. } => {
                "Numbered rooms: a number outside the grid is the digit in the Xth cell of its row or column seen from it, X the first digit."
            }
            Rule::XSum { .. } => {
                "X-sums: a number outside the grid is the sum of the first X digits of its row or column, X the first digit."
            }
            _ => {
                "Skyscrapers: a number outside the grid counts the digits seen from it, taller ones hiding lower ones."
            }
        };
        let first = cells[0];
        let (dr, dc) = (
            cells[1].row() as f64 - first.row() as f64,
            cells[1].column() as f64 - first.column() as f64,
        );
        let at = (first.row() as f64 + 0.5 - dr, first.column() as f64 + 0.5 - dc);
        self.push("overlays", json!({"center": [at.0, at.1], "width": 0.8, "height": 0.8, "text": sum, "fontSize": 28}));
        self.sentence(sentence);
    }
}
