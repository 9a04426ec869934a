//! Marks on cells: odd and even circles and squares, counting circles, and minimum and
//! maximum cells as SudokuPad's f-puzzles converter draws them.

use itertools::Itertools;

use super::{Drawings, Reading};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;
use crate::model::sudokupad::converted;
use crate::model::sudokupad::elements::cells_name;

impl Reading<'_> {
    /// Grey circles and squares on cells: odd and even marks when the rules text names them.
    pub(super) fn cell_marks(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        let odd = self.text.mentions("odd");
        let even = self.text.mentions("even");
        let circles = self.text.parity_of("circles").or_else(|| self.text.parity_of("circle"));
        let squares = self.text.parity_of("squares").or_else(|| self.text.parity_of("square"));
        let (mut odds, mut evens) = (Vec::new(), Vec::new());
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let Some(cell) = shape.cell(n) else { continue };
            let mark = shape.text.is_empty() && (0.4..0.95).contains(&shape.extent());
            let said = if shape.rounded { circles } else { squares };
            match (mark, shape.rounded, said) {
                (true, _, Some(true)) => odds.push(cell),
                (true, _, Some(false)) => evens.push(cell),
                (true, true, None) if odd && (!even || shape.fill.name() == "grey") => {
                    odds.push(cell)
                }
                (true, false, None) if even => evens.push(cell),
                _ => continue,
            }
            *used = true;
        }
        if !odds.is_empty() {
            self.notes.push(format!(
                "read the circles on {} as odd marks (the rules text names odd digits)",
                cells_name(&odds)
            ));
            self.rules.push(Rule::Odd(odds));
        }
        if !evens.is_empty() {
            self.notes.push(format!(
                "read the squares on {} as even marks (the rules text names even digits)",
                cells_name(&evens)
            ));
            self.rules.push(Rule::Even(evens));
        }
    }

    /// Circles on cells when the rules text states counting circles: one rule over them all.
    pub(super) fn counting_circles(&mut self, drawings: &mut Drawings) {
        let Some(sentence) = self.text.counting_circles() else { return };
        let n = self.n;
        let mut circles = Vec::new();
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let Some(cell) = shape.cell(n) else { continue };
            if shape.rounded && shape.text.is_empty() && shape.extent() >= 0.5 {
                circles.push(cell);
                *used = true;
            }
        }
        if !circles.is_empty() {
            self.notes.push(format!(
                "read the circles on {} as counting circles (rules text: \"{sentence}\")",
                cells_name(&circles)
            ));
            self.rules.push(Rule::CountingCircles(circles));
        }
    }

    /// Minimum and maximum cells as SudokuPad's f-puzzles converter draws them: four short
    /// arrows on a cell, all pointing out (a maximum) or all in (a minimum), over a grey
    /// square ([`converted::extremum_arrow`]).
    pub(super) fn extrema(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        let arrows: Vec<(usize, Cell, bool)> = (0..drawings.lines.len())
            .filter(|&i| !drawings.lines[i].1)
            .filter_map(|i| {
                let (cell, out) = converted::extremum_arrow(&drawings.lines[i].0, n)?;
                Some((i, cell, out))
            })
            .collect();
        let cells: Vec<Cell> = arrows.iter().map(|(_, cell, _)| *cell).unique().collect();
        let mut found: Vec<(Cell, bool)> = Vec::new();
        for cell in cells {
            let on: Vec<&(usize, Cell, bool)> = arrows.iter().filter(|a| a.1 == cell).collect();
            let maximum = on[0].2;
            if on.len() != 4 || on.iter().any(|a| a.2 != maximum) {
                continue;
            }
            for (index, _, _) in on {
                drawings.lines[*index].1 = true;
            }
            for (shape, used) in &mut drawings.shapes {
                if shape.cell(n) == Some(cell) && !shape.rounded && shape.extent() >= 0.95 {
                    *used |= shape.text.is_empty();
                }
            }
            found.push((cell, maximum));
            self.rules.push(Rule::Extremum { cell, maximum });
        }
        for (maximum, name) in [(true, "maximum"), (false, "minimum")] {
            let cells: Vec<Cell> = found.iter().filter(|f| f.1 == maximum).map(|f| f.0).collect();
            if !cells.is_empty() {
                self.notes.push(format!(
                    "the four arrows pointing {} on {} read as {name} cells (SudokuPad's drawing \
                     of f-puzzles' {name})",
                    if maximum { "out" } else { "in" },
                    cells_name(&cells)
                ));
            }
        }
    }
}
