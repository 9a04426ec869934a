//! A zipper line's centre mark: the small shape setters draw on its middle cell (odd length)
//! or on the edge between its two middle cells (even length), in the line's own colour: a
//! lavender circle on a lavender line (Sudoku-Bench 32), a thistle circle or diamond on a
//! thistle line (91). SudokuPad's f-puzzles converter draws no zippers, so this convention is
//! the setters'. A shape of another colour there is no centre mark: it is left to the readers
//! of dots and cell marks, so that a kropki dot on a zipper's middle edge stays a kropki dot.
//! A shape of the line's colour that also reads as a rule (a white or black circle on an edge,
//! a dot of a colour the rules text gives a relation, a circle or square the text gives a
//! parity or counts) is refused with its place, unless `--dot` says what its colour means.

use super::{Drawings, Reading};
use crate::model::geometry::Cell;
use crate::model::sudokupad::colour::Colour;
use crate::model::sudokupad::elements::{Line, Shape, cells_name};
use crate::model::sudokupad::meaning::DOT_NAMES;

impl Reading<'_> {
    /// Marks the centre mark of the zipper `line` through `cells` as read, with a note.
    ///
    /// # Errors
    /// A shape of the line's colour on its centre that may also be a rule's, with its place.
    pub(super) fn zipper_centre(
        &mut self,
        drawings: &mut Drawings,
        line: &Line,
        cells: &[Cell],
    ) -> Result<(), String> {
        let n = self.n;
        let middle = cells[cells.len() / 2];
        let before = cells[(cells.len() - 1) / 2];
        let place = cells_name(cells);
        for (shape, used) in &mut drawings.shapes {
            let edge = shape.edge(n);
            let centre = match edge {
                Some([a, b]) => [a, b] == [before, middle] || [b, a] == [before, middle],
                None => cells.len() % 2 == 1 && shape.cell(n) == Some(middle),
            };
            let colour = mark_colour(shape);
            let small = shape.extent() <= 0.5 && shape.text.is_empty();
            if *used || !centre || !small || colour.name() != line.colour.name() {
                continue;
            }
            let name = colour.name();
            let said = self.options.dot_meaning(name).is_some()
                || self.options.combined_meaning(name).is_some();
            if said && edge.is_some() {
                // The user says what dots of this colour mean: the dots reader reads it.
                continue;
            }
            let at = match edge {
                Some([a, b]) => format!("between {a} and {b}"),
                None => format!("on {middle}"),
            };
            let kind = if shape.rounded { "circle" } else { "square" };
            if let Some(rule) = self.rule_look(shape, colour) {
                return Err(format!(
                    "the {name} {kind} {at}, on the centre of the {name} zipper line {place}, may \
                     be the line's centre mark or {rule}; {}",
                    match edge {
                        Some(_) => format!(
                            "say what {name} dots mean with --dot {name}=DOT ({DOT_NAMES}; \
                             `none` if it only marks the centre)"
                        ),
                        None => "draw the centre mark in another colour or size".to_string(),
                    }
                ));
            }
            *used = true;
            self.notes.push(format!(
                "the {name} {kind} {at} set aside: the centre mark of the zipper line {place}"
            ));
        }
        Ok(())
    }

    /// The rule a small shape of `colour` would also carry, if any (see the module
    /// documentation), for a refusal.
    fn rule_look(&self, shape: &Shape, colour: Colour) -> Option<String> {
        let name = colour.name();
        if shape.edge(self.n).is_some() {
            if shape.rounded && matches!(name, "white" | "black") {
                return Some(format!("a {name} kropki dot"));
            }
            return self
                .relation_of(colour)
                .map(|(relation, why)| format!("a dot of {relation} ({why})"));
        }
        let shapes = if shape.rounded { ["circle", "circles"] } else { ["square", "squares"] };
        if shapes.iter().any(|shape| self.text.parity_of(shape).is_some()) {
            return Some(format!(
                "an odd or even mark (the rules text gives {} a parity)",
                shapes[1]
            ));
        }
        (shape.rounded && self.text.counting_circles().is_some())
            .then(|| "a counting circle (the rules text names counting circles)".to_string())
    }
}

/// The colour a mark is seen in: its fill, or its border when it is hollow.
fn mark_colour(shape: &Shape) -> Colour {
    if shape.fill.visible() { shape.fill } else { shape.border }
}
