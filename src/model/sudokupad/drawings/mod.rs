//! Which SudokuPad drawings carry which rule. First the conventions SudokuPad's own
//! f-puzzles converter and setters share: a line from a bulb is a thermometer, an arrow from a
//! circle an arrow, small white and black circles on an edge kropki dots, `X` and `V` on an
//! edge XV clues, lines along a whole diagonal the diagonal rule, an arrow from a number
//! outside the grid a little killer; then lines by their colour, named by the rules text (or
//! `--line COLOUR=RULE`), odd and even marks by the rules text, clues outside the grid as
//! the one outside-clue rule the text names. Every inference is a note; what is left is
//! refused with the element, its place and the flag that says what it means. Invisible
//! drawings, and shadings that only colour cells, are set aside with a note.
//!
//! The reading is split by what is drawn: [`set_aside`] (drawings that carry no rule, and the
//! refusal of what nothing read), [`arrows`] (arrows from circles, little killers, diagonals
//! of equal totals), [`coloured_lines`] (diagonals, thermometers, lines by colour),
//! [`edge_dots`] (dots and letters on an edge), [`cell_marks`] (odd and even marks, counting
//! circles, minimum and maximum cells) and [`clues`] (quadruples, inequality signs, numbers
//! outside the grid).

use serde_json::{Map, Value};

use super::elements::{Line, Shape};
use super::text::RulesText;
use crate::model::geometry::{Cell, Geometry};
use crate::model::parse::ParseOptions;
use crate::model::rule::Rule;

mod arrows;
mod cell_marks;
mod clues;
mod coloured_lines;
mod edge_dots;
mod set_aside;

/// The drawings of a document, each marked once read.
pub struct Drawings {
    lines: Vec<(Line, bool)>,
    shapes: Vec<(Shape, bool)>,
}

impl Drawings {
    /// The lines, arrows, overlays and underlays of a document.
    pub fn from_document(object: &Map<String, Value>) -> Drawings {
        let (lines, shapes) = super::read::lines_and_shapes(object);
        Drawings {
            lines: lines.into_iter().map(|line| (line, false)).collect(),
            shapes: shapes.into_iter().map(|shape| (shape, false)).collect(),
        }
    }
}

/// The context of a reading: the grid, the rules text, the user's meanings, the notes.
struct Reading<'a> {
    n: usize,
    geometry: Geometry,
    text: &'a RulesText,
    options: &'a ParseOptions,
    notes: &'a mut Vec<String>,
    rules: Vec<Rule>,
    /// The colour families of the lines and arrows read.
    line_colours: Vec<&'static str>,
    /// The arrows outside the grid along a diagonal without a number: each arrow's index
    /// and its diagonal, from the arrow inwards (lines of equal totals, when the text says).
    unnumbered: Vec<(usize, Vec<Cell>)>,
}

/// The rules the drawings carry (see the module documentation), and the colour families of
/// the lines read.
///
/// # Errors
/// The first drawing whose meaning is not certain, with its place and the flag to use.
pub fn interpret(
    mut drawings: Drawings,
    geometry: Geometry,
    text: &RulesText,
    options: &ParseOptions,
    notes: &mut Vec<String>,
) -> Result<(Vec<Rule>, Vec<&'static str>), String> {
    let mut reading = Reading {
        n: geometry.size(),
        geometry,
        text,
        options,
        notes,
        rules: Vec::new(),
        line_colours: Vec::new(),
        unnumbered: Vec::new(),
    };
    reading.set_aside_invisible(&mut drawings);
    reading.set_aside_borders(&mut drawings);
    reading.set_aside_outlines(&mut drawings);
    reading.diagonals(&mut drawings);
    reading.extrema(&mut drawings);
    reading.quadruples(&mut drawings);
    reading.arrows(&mut drawings)?;
    reading.equal_totals(&mut drawings)?;
    reading.drawn_arrowheads(&mut drawings);
    reading.inequalities(&mut drawings);
    reading.thermometers(&mut drawings);
    reading.coloured_lines(&mut drawings)?;
    reading.dots(&mut drawings)?;
    reading.counting_circles(&mut drawings);
    reading.cell_marks(&mut drawings);
    reading.outside_clues(&mut drawings)?;
    reading.shadings(&mut drawings);
    reading.refuse_the_rest(&drawings)?;
    for (line, used) in &drawings.lines {
        if *used && line.colour.visible() {
            reading.line_colours.push(line.colour.name());
        }
    }
    Ok((reading.rules, reading.line_colours))
}
