//! Arrows: from a circle (an arrow's sum), from a circle with an arrowhead drawn as lines
//! (as Sudoku Maker draws them), from a number outside the grid (a little killer, or a
//! look-and-say clue when the rules text says so), and without a number along diagonals of
//! equal totals.

use itertools::Itertools;

use super::{Drawings, Reading};
use crate::model::geometry::Cell;
use crate::model::look_and_say::read_clue;
use crate::model::rule::Rule;
use crate::model::sudokupad::elements::{cell_at, cells_name};

impl Reading<'_> {
    /// Arrows from a circle (the sum's cells) and arrows from a number outside the grid
    /// (little killers).
    pub(super) fn arrows(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        for index in 0..drawings.lines.len() {
            let (line, used) = &drawings.lines[index];
            if *used || !line.arrow {
                continue;
            }
            let start = line.points[0];
            let bulb = drawings.shapes.iter().position(|(shape, _)| {
                shape.rounded
                    && shape.text.is_empty()
                    && (shape.center.0 - start.0).abs() <= shape.size.1 / 2.0 + 0.15
                    && (shape.center.1 - start.1).abs() <= shape.size.0 / 2.0 + 0.15
                    && !shape.covered(n).is_empty()
            });
            if let Some(bulb) = bulb {
                let pill = drawings.shapes[bulb].0.covered(n);
                let cells: Vec<Cell> =
                    line.cells(n).into_iter().filter(|cell| !pill.contains(cell)).collect();
                drawings.shapes[bulb].1 = true;
                drawings.lines[index].1 = true;
                self.rules.push(Rule::Arrow { pill, line: cells });
                continue;
            }
            if cell_at(start, n).is_none() {
                self.little_killer(drawings, index)?;
            }
        }
        Ok(())
    }

    /// An arrow from outside the grid along a diagonal, with a number at its tail.
    fn little_killer(&mut self, drawings: &mut Drawings, index: usize) -> Result<(), String> {
        let n = self.n;
        let line = &drawings.lines[index].0;
        let (start, end) = (line.points[0], line.points[line.points.len() - 1]);
        let step = ((end.0 - start.0).signum() as isize, (end.1 - start.1).signum() as isize);
        if step.0 == 0 || step.1 == 0 {
            return Ok(());
        }
        let clue = drawings.shapes.iter().position(|(shape, used)| {
            !used
                && shape.text.parse::<usize>().is_ok()
                && (shape.center.0 - start.0).abs() < 0.75
                && (shape.center.1 - start.1).abs() < 0.75
        });
        // The cells the clue (or the arrow's tail) looks into: on from its outside cell.
        let outside = clue.map_or(start, |clue| drawings.shapes[clue].0.center);
        let (r, c) = (outside.0.floor() as isize + step.0, outside.1.floor() as isize + step.1);
        let mut cells = Vec::new();
        let (mut r, mut c) = (r, c);
        while (0..n as isize).contains(&r) && (0..n as isize).contains(&c) {
            cells.push(Cell::new(r as usize, c as usize));
            r += step.0;
            c += step.1;
        }
        let Some(clue) = clue.filter(|_| !cells.is_empty()) else {
            if !cells.is_empty() {
                self.unnumbered.push((index, cells));
            }
            return Ok(());
        };
        drawings.shapes[clue].1 = true;
        drawings.lines[index].1 = true;
        if let Some((sentence, _)) = self.text.look_and_say("diagonal") {
            let text = drawings.shapes[clue].0.text.clone();
            return self.look_and_say_diagonal(cells, &text, &sentence);
        }
        let sum: usize = drawings.shapes[clue].0.text.parse().expect("checked a number");
        self.notes.push(format!(
            "the arrow with {sum} outside the grid read as a little killer along {}",
            cells_name(&cells)
        ));
        self.rules.push(Rule::LittleKiller { cells, sum });
        Ok(())
    }

    /// The arrow with `clue` outside the grid along `cells`, when the rules text's `sentence`
    /// says that indicated diagonals carry look-and-say clues (refused when the text also
    /// names little killers, whose numbers are drawn the same way).
    fn look_and_say_diagonal(
        &mut self,
        cells: Vec<Cell>,
        clue: &str,
        sentence: &str,
    ) -> Result<(), String> {
        let place = format!("the arrow with {clue} outside the grid along {}", cells_name(&cells));
        if self.text.names("little killer") {
            return Err(format!(
                "{place} cannot be read: the rules text names both little killers and \
                 look-and-say diagonals (\"{sentence}\")"
            ));
        }
        let counts = read_clue(clue).map_err(|why| {
            format!("{place} cannot be read as a look-and-say clue (\"{sentence}\"): {why}")
        })?;
        self.notes
            .push(format!("{place} read as a look-and-say clue (rules text: \"{sentence}\")"));
        self.rules.push(Rule::LookAndSay { cells, counts });
        Ok(())
    }

    /// Arrows outside the grid along a diagonal without a number, when a sentence of the rules
    /// text says the diagonals indicated have the same sum (or product): lines of equal
    /// totals. Fewer than two such arrows, or arrows of two colours, are refused.
    pub(super) fn equal_totals(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let Some((total, sentence)) = self.text.equal_totals() else { return Ok(()) };
        let arrows = std::mem::take(&mut self.unnumbered);
        let colours: Vec<&str> =
            arrows.iter().map(|(i, _)| drawings.lines[*i].0.colour.name()).unique().collect();
        let word = total.word();
        if arrows.len() < 2 || colours.len() > 1 {
            let drawn: Vec<String> = arrows.iter().map(|(_, cells)| cells_name(cells)).collect();
            return Err(format!(
                "the rules text says the indicated diagonals have the same {word} (\"{sentence}\"), \
                 and {} arrows without a number outside the grid indicate diagonals ({}){}: which \
                 diagonals share one {word} cannot be told",
                arrows.len(),
                if drawn.is_empty() { "none".to_string() } else { drawn.join(", ") },
                if colours.len() > 1 {
                    format!(" in {}", colours.join(" and "))
                } else {
                    String::new()
                }
            ));
        }
        for (index, _) in &arrows {
            drawings.lines[*index].1 = true;
        }
        let lines: Vec<Vec<Cell>> = arrows.into_iter().map(|(_, cells)| cells).collect();
        let named: Vec<String> = lines.iter().map(|cells| cells_name(cells)).collect();
        self.notes.push(format!(
            "the {} arrows without a number outside the grid read as diagonals of one {word} \
             along {} (rules text: \"{sentence}\")",
            lines.len(),
            named.join(", ")
        ));
        self.rules.push(Rule::EqualTotals { lines, total });
        Ok(())
    }

    /// Lines from a circle whose other end carries an arrowhead drawn as a small chevron (as
    /// Sudoku Maker draws arrows), when the rules text names arrows.
    pub(super) fn drawn_arrowheads(&mut self, drawings: &mut Drawings) {
        if !self.text.mentions("arrow") {
            return;
        }
        let n = self.n;
        for index in 0..drawings.lines.len() {
            let (line, used) = &drawings.lines[index];
            if *used || line.arrow || !line.on_centres() || line.points.len() < 2 {
                continue;
            }
            let [start, end] = [line.points[0], line.points[line.points.len() - 1]];
            let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1) < 0.05;
            let head = drawings.lines.iter().position(|(other, used)| {
                !used && other.chevron(0.5).is_some_and(|(tip, _)| near(tip, end))
            });
            let bulb = drawings.shapes.iter().position(|(shape, used)| {
                !used
                    && shape.rounded
                    && shape.text.is_empty()
                    && shape.extent() >= 0.5
                    && near(shape.center, start)
            });
            let (Some(head), Some(bulb)) = (head, bulb) else { continue };
            let Some(pill) = drawings.shapes[bulb].0.cell(n) else { continue };
            let cells: Vec<Cell> =
                drawings.lines[index].0.cells(n).into_iter().filter(|c| *c != pill).collect();
            self.notes.push(format!(
                "the line from the circle on {pill} along {} with an arrowhead drawn as lines \
                 read as an arrow",
                cells_name(&cells)
            ));
            for at in [index, head] {
                drawings.lines[at].1 = true;
            }
            drawings.shapes[bulb].1 = true;
            self.rules.push(Rule::Arrow { pill: vec![pill], line: cells });
        }
    }
}
