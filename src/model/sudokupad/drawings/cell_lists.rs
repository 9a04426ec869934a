//! Clones and indexers the rules text lists cell by cell (in the SudokuPad writer's form),
//! read when every listed cell is shaded whole in the colour the sentence spells out; the
//! shadings are then part of the rule. A listed cell without its shading refuses the puzzle:
//! the drawing and the text would disagree.

use super::{Drawings, Reading};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;
use crate::model::sudokupad::elements::cells_name;

impl Reading<'_> {
    /// Reads the listed clones and indexers, with a note each.
    ///
    /// # Errors
    /// A listed cell without a shading of its sentence's colour.
    pub(super) fn listed_cells(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        for listed in self.text.listed_rules() {
            let (cells, what): (Vec<Cell>, &str) = match &listed.rule {
                Rule::Clone { cells, copy } => ([&cells[..], copy].concat(), "clones"),
                Rule::Indexer { cells, columns: true } => (cells.clone(), "column indexers"),
                Rule::Indexer { cells, .. } => (cells.clone(), "row indexers"),
                _ => continue,
            };
            let colour = listed.colour;
            let sentence = &listed.sentence;
            for cell in &cells {
                let shading = drawings.shapes.iter().position(|(shape, used)| {
                    !used
                        && shape.cell(n) == Some(*cell)
                        && !shape.rounded
                        && shape.extent() >= 0.95
                        && shape.text.is_empty()
                        && shape.fill.rgb == colour.rgb
                });
                let Some(shading) = shading else {
                    return Err(format!(
                        "the rules text lists {cell} among {what} (\"{sentence}\"), and no {} \
                         shading is drawn on it",
                        colour.name()
                    ));
                };
                drawings.shapes[shading].1 = true;
            }
            self.notes.push(format!(
                "the {} cells {} read as {what} (rules text: \"{sentence}\")",
                colour.name(),
                cells_name(&cells)
            ));
            self.rules.push(listed.rule);
        }
        Ok(())
    }
}
