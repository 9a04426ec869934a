//! Clones and indexers: the cells of each drawn as whole-cell shadings in a colour of its own
//! ([`GROUP_COLOURS`]), and a sentence listing them with the colour spelt out, which the
//! reader parses back exactly ([`crate::model::sudokupad::text`]'s listed rules). SudokuPad's
//! f-puzzles converter shades every clone cell alike, which does not say which cells pair,
//! and draws no indexers: the sentence says it.

use serde_json::json;

use super::{Writer, centre};
use crate::model::fpuzzles::WriteError;
use crate::model::geometry::Cell;
use crate::model::sudokupad::colour::Colour;

/// The shading colours of clone groups and indexers, one per rule in the order drawn: light
/// enough for the digits on them, each spelt out in its sentence.
const GROUP_COLOURS: [&str; 12] = [
    "#F0E68C", "#ADD8E6", "#F4A6A6", "#B4E6B4", "#D2B4F0", "#F5C890", "#A0E0E0", "#E6B4D2",
    "#C8C8A0", "#B0C4F0", "#F0D0B0", "#C0F0D0",
];

impl Writer {
    /// A clone: its cells and its copy shaded in the group's colour, and the sentence pairing
    /// them cell for cell.
    ///
    /// # Errors
    /// More clone groups and indexers than [`GROUP_COLOURS`].
    pub(super) fn clone_group(&mut self, cells: &[Cell], copy: &[Cell]) -> Result<(), WriteError> {
        let named = self.shade_group(&[cells, copy].concat())?;
        self.sentence(&format!(
            "Clones: the digits in the {named} cells {} are those in {}, cell for cell.",
            list(cells),
            list(copy)
        ));
        Ok(())
    }

    /// An indexer: its cells shaded in the group's colour, and the sentence stating it
    /// (`columns`: a column indexer).
    ///
    /// # Errors
    /// More clone groups and indexers than [`GROUP_COLOURS`].
    pub(super) fn indexer(&mut self, cells: &[Cell], columns: bool) -> Result<(), WriteError> {
        let named = self.shade_group(cells)?;
        let (kind, rule) = match columns {
            true => ("Column", "puts C in rRcX"),
            false => ("Row", "puts R in rXcC"),
        };
        self.sentence(&format!(
            "{kind} indexers: in the {named} cells {}, a digit X in rRcC {rule}.",
            list(cells)
        ));
        Ok(())
    }

    /// Shades `cells` in the next group colour, and names it (`yellow (#F0E68C)`).
    fn shade_group(&mut self, cells: &[Cell]) -> Result<String, WriteError> {
        let Some(&hex) = GROUP_COLOURS.get(self.groups) else {
            return Err(WriteError::in_sudokupad(format!(
                "more than {} clone and indexer rules (each is shaded in a colour of its own)",
                GROUP_COLOURS.len()
            )));
        };
        self.groups += 1;
        for cell in cells {
            self.push(
                "underlays",
                json!({"center": centre(*cell), "width": 1, "height": 1, "rounded": false,
                "backgroundColor": hex}),
            );
        }
        let family = Colour::parse(hex).expect("a colour").name();
        Ok(format!("{family} ({hex})"))
    }
}

/// Cells by name, apart at spaces.
fn list(cells: &[Cell]) -> String {
    cells.iter().map(|cell| format!("{cell:?}")).collect::<Vec<_>>().join(" ")
}
