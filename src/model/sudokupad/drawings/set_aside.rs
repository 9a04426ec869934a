//! Drawings that carry no rule, set aside with a note: invisible ones, lines outlining the
//! regions, a line's outline drawn under it, shadings; and the refusal of the first drawing
//! nothing read, with its place and the flag that says what it means.

use super::{Drawings, Reading};
use crate::model::sudokupad::elements::cells_name;
use crate::model::sudokupad::lines::LINE_NAMES;
use crate::model::sudokupad::meaning::DOT_NAMES;

impl Reading<'_> {
    /// Sets aside drawings no one can see.
    pub(super) fn set_aside_invisible(&mut self, drawings: &mut Drawings) {
        for (line, used) in &mut drawings.lines {
            *used |= !line.colour.visible();
        }
        for (shape, used) in &mut drawings.shapes {
            *used |= !shape.fill.visible() && !shape.border.visible() && shape.text.is_empty();
        }
    }

    /// Lines along the grid lines between regions (or on the grid's rim): the regions'
    /// outlines, which the regions read say already.
    pub(super) fn set_aside_borders(&mut self, drawings: &mut Drawings) {
        let mut count = 0;
        for (line, used) in drawings.lines.iter_mut().filter(|(line, used)| !*used && !line.arrow) {
            if crate::model::sudokupad::borders::outlines_regions(line, self.geometry) {
                *used = true;
                count += 1;
            }
        }
        if count > 0 {
            self.notes.push(format!(
                "set aside {count} lines along cell edges: they outline the regions read"
            ));
        }
    }

    /// Lines drawn under a thinner line of another colour on the same way points: that line's
    /// outline (a white line edged in grey), which the line read says already.
    pub(super) fn set_aside_outlines(&mut self, drawings: &mut Drawings) {
        for index in 0..drawings.lines.len() {
            let (line, used) = &drawings.lines[index];
            let inside = drawings.lines.iter().find(|(other, _)| {
                other.points == line.points
                    && other.thickness < line.thickness
                    && other.colour.name() != line.colour.name()
                    && other.arrow == line.arrow
            });
            if let (false, Some((inside, _))) = (*used, inside) {
                self.notes.push(format!(
                    "the {} line {} set aside: the outline of the {} line drawn over it",
                    line.colour.name(),
                    cells_name(&line.cells(self.n)),
                    inside.colour.name()
                ));
                drawings.lines[index].1 = true;
            }
        }
    }

    /// Shapes that only colour whole cells (or paint white on white): set aside, counted.
    pub(super) fn shadings(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        let mut count = 0;
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let whole_cell = !shape.rounded && shape.extent() >= 0.95 && shape.cell(n).is_some();
            let white = shape.fill.name() == "white" && !shape.border.visible();
            if shape.text.is_empty() && (whole_cell || white) {
                *used = true;
                count += 1;
            }
        }
        if count > 0 {
            self.notes.push(format!("set aside {count} cell shadings (colour only, no rule)"));
        }
    }

    /// Refuses the first drawing nothing read.
    pub(super) fn refuse_the_rest(&self, drawings: &Drawings) -> Result<(), String> {
        let n = self.n;
        if let Some((line, _)) = drawings.lines.iter().find(|(_, used)| !used) {
            let colour = line.colour.name();
            let kind = if line.arrow { "arrow" } else { "line" };
            let cells = line.cells(n);
            return Err(format!(
                "the {colour} {kind} {} cannot be read: the rules text names no rule for {colour} \
                 {kind}s; say what it means with --line {colour}=RULE ({LINE_NAMES})",
                if cells.is_empty() { "outside the cells".to_string() } else { cells_name(&cells) }
            ));
        }
        if let Some((shape, _)) = drawings.shapes.iter().find(|(_, used)| !used) {
            let (place, advice) = match (shape.cell(n), shape.edge(n)) {
                (Some(cell), _) => (
                    format!("on {cell}"),
                    "satdoku reads shapes on cells as thermometer bulbs, arrow circles, odd or \
                     even marks and counting circles, when the rules text names them"
                        .to_string(),
                ),
                (None, Some([a, b])) => (
                    format!("between {a} and {b}"),
                    format!(
                        "if it is a dot, say what it means with --dot {}=DOT ({DOT_NAMES})",
                        shape.fill.name()
                    ),
                ),
                _ => (
                    format!(
                        "at row {:.2}, column {:.2} (in cells from the top-left corner)",
                        shape.center.0, shape.center.1
                    ),
                    "satdoku reads numbers outside the grid as sandwich, X-sum, skyscraper or \
                     numbered room clues, when the rules text names one of them"
                        .to_string(),
                ),
            };
            return Err(format!(
                "the {shape} {place} cannot be read: no rule satdoku knows draws it this way; \
                 {advice}"
            ));
        }
        Ok(())
    }
}
