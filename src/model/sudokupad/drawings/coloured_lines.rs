//! Lines: along a whole diagonal (the diagonal rule), with a bulb (thermometers), and by
//! colour (the user's `--line`, the rules text's sentence, or the text's one line rule), with
//! the shapes that belong to a line's drawing (end circles, diamonds, a zipper's centre).

use itertools::Itertools;

use super::{Drawings, Reading};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;
use crate::model::sudokupad::colour::{Colour, by_family_words};
use crate::model::sudokupad::elements::cells_name;
use crate::model::sudokupad::lines::{LINE_NAMES, LineRule};

impl Reading<'_> {
    /// Lines along a whole diagonal, when the rules text names diagonals or the line is
    /// corner to corner (as SudokuPad's converter draws them).
    pub(super) fn diagonals(&mut self, drawings: &mut Drawings) {
        let n = self.n as f64;
        for (line, used) in drawings.lines.iter_mut().filter(|(line, used)| !*used && !line.arrow) {
            let on = |test: &dyn Fn(f64, f64) -> bool| line.points.iter().all(|&(r, c)| test(r, c));
            let rows = line.points.iter().map(|p| p.0);
            let span = rows.clone().fold(f64::MAX, f64::min) <= 0.5
                && rows.fold(f64::MIN, f64::max) >= n - 0.5;
            let corner_to_corner =
                line.points.iter().any(|&(r, c)| r.min(c) <= 0.0 || r.max(c) >= n);
            if !span || !(corner_to_corner || self.text.mentions("diagonal")) {
                continue;
            }
            let rule = if on(&|r, c| (r - c).abs() < 0.05) {
                Rule::MainDiagonal
            } else if on(&|r, c| (r + c - n).abs() < 0.05) {
                Rule::AntiDiagonal
            } else {
                continue;
            };
            let name = if rule == Rule::MainDiagonal { "main" } else { "anti-" };
            self.notes.push(format!(
                "the {} line along the {name}diagonal read as: digits do not repeat on it",
                line.colour.name()
            ));
            self.rules.push(rule);
            *used = true;
        }
    }

    /// Lines with a bulb (a circle without text on a cell) at one end.
    pub(super) fn thermometers(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        let global_slow = self.text.slow_thermos();
        for index in 0..drawings.lines.len() {
            let (line, used) = &drawings.lines[index];
            if *used || line.arrow || !line.on_centres() {
                continue;
            }
            let named = self.named_rule(line.colour);
            let slow = match &named {
                Some((LineRule::Thermo { slow: true }, sentence)) => Some(sentence.clone()),
                Some((LineRule::Thermo { slow: false }, _)) => None,
                Some(_) => continue,
                None => global_slow.clone(),
            };
            let ends = [line.points[0], line.points[line.points.len() - 1]];
            let bulb_at = |point: (f64, f64)| {
                drawings.shapes.iter().position(|(shape, _)| {
                    shape.rounded
                        && shape.text.is_empty()
                        && shape.extent() >= 0.5
                        && shape.cell(n).is_some()
                        && shape.center == point
                })
            };
            let (bulb, reversed) = match (bulb_at(ends[0]), bulb_at(ends[1])) {
                (Some(bulb), None) => (bulb, false),
                (None, Some(bulb)) => (bulb, true),
                _ => continue,
            };
            let mut cells = line.cells(n);
            if reversed {
                cells.reverse();
            }
            let how = match &slow {
                Some(sentence) => format!("a slow thermometer (rules text: \"{sentence}\")"),
                None => "a thermometer".to_string(),
            };
            self.notes.push(format!(
                "the {} line {} with a bulb at {} read as {how}",
                line.colour.name(),
                cells_name(&cells),
                cells[0]
            ));
            drawings.shapes[bulb].1 = true;
            drawings.lines[index].1 = true;
            self.rules.push(Rule::Thermo { cells, slow: slow.is_some() });
        }
    }

    /// Lines by colour: the user's `--line`, else the rules text's sentence naming the
    /// colour, else the one line rule the text names when one colour of lines is left.
    pub(super) fn coloured_lines(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        let left: Vec<usize> = (0..drawings.lines.len())
            .filter(|&i| !drawings.lines[i].1 && !drawings.lines[i].0.arrow)
            .collect();
        let colours: Vec<&str> =
            left.iter().map(|&i| drawings.lines[i].0.colour.name()).unique().collect();
        let named_rules = self.text.line_rules();
        let mut branchable = Vec::new();
        for index in left {
            let line = drawings.lines[index].0.clone();
            let colour = line.colour.name();
            let cells = line.cells(n);
            let place = cells_name(&cells);
            let (rule, why) = if let Some(rule) = self.options.line_meaning(colour) {
                (rule, format!("--line {colour}"))
            } else if let Some((rule, sentence)) = self.named_rule(line.colour) {
                (rule, format!("rules text: \"{sentence}\""))
            } else if colours.len() == 1
                && named_rules.len() == 1
                && !matches!(named_rules[0].0, LineRule::Thermo { .. })
            {
                let (rule, sentence) = named_rules[0].clone();
                (rule, format!("the only line rule of the rules text: \"{sentence}\""))
            } else {
                continue;
            };
            if !line.on_centres() && rule != LineRule::Decoration {
                return Err(format!(
                    "the {colour} line {place} does not run through cell centres, so it is not \
                     {rule}; say what it means with --line {colour}=RULE ({LINE_NAMES})"
                ));
            }
            drawings.lines[index].1 = true;
            if line.closed() && cells.len() > 2 {
                let cells = &cells[..cells.len() - 1];
                let Some(rules) = rule.loop_rules(cells, self.geometry) else {
                    return Err(format!(
                        "the {colour} line {place} is a closed loop, and {rule} has no reading on \
                         a loop (it needs two ends); say what it means with --line {colour}=RULE \
                         ({LINE_NAMES})"
                    ));
                };
                self.notes.push(format!(
                    "the {colour} closed loop {place} read as {rule} all the way round ({why})"
                ));
                self.rules.extend(rules);
                continue;
            }
            self.notes.push(format!("the {colour} line {place} read as {rule} ({why})"));
            if matches!(rule, LineRule::Renban | LineRule::RegionSum) {
                branchable.push((colour, rule, cells));
                continue;
            }
            if let Some(rule) = rule.rule(cells.clone(), n) {
                match rule {
                    Rule::Zipper(_) => mark_centre_dot(drawings, &cells, n),
                    Rule::Between(_) | Rule::DoubleArrow(_) => {
                        mark_end_shapes(drawings, &cells, n, true)
                    }
                    Rule::Lockout { .. } => mark_end_shapes(drawings, &cells, n, false),
                    _ => {}
                }
                self.rules.push(rule);
            }
        }
        self.branched(branchable)
    }

    /// Renban and region-sum lines: a line crossing itself names a cell once, and a branch
    /// leaving another line of its colour and rule joins it ([`crate::model::sudokupad::branches`]).
    fn branched(&mut self, lines: Vec<(&'static str, LineRule, Vec<Cell>)>) -> Result<(), String> {
        let (rules, notes) = crate::model::sudokupad::branches::gather(lines, self.geometry)?;
        self.rules.extend(rules);
        self.notes.extend(notes);
        Ok(())
    }

    /// The rule the rules text gives lines of a colour: by a sentence spelling the colour
    /// out, else by the colour's own words, else by those of the family next to it (a cyan
    /// line the text calls blue).
    fn named_rule(&self, colour: Colour) -> Option<(LineRule, String)> {
        let by_words = || by_family_words(colour.name(), |words| self.text.line_rule(words));
        self.text.exact_line_rule(colour).or_else(by_words)
    }
}

/// Marks the plain shapes on a line's end cells as read: circles (`rounded`) on a between line
/// or a double arrow, diamonds on a lockout line, as SudokuPad draws them.
fn mark_end_shapes(drawings: &mut Drawings, cells: &[Cell], n: usize, rounded: bool) {
    let ends = [cells[0], cells[cells.len() - 1]];
    for (shape, used) in &mut drawings.shapes {
        let on_end = shape.cell(n).is_some_and(|cell| ends.contains(&cell));
        let plain = matches!(shape.fill.name(), "white" | "none") && shape.text.is_empty();
        if on_end && plain && shape.rounded == rounded && shape.extent() >= 0.5 {
            *used = true;
        }
    }
}

/// Marks the small shape on a zipper line's centre (its middle cell, or the edge between its
/// two middle cells) as read.
fn mark_centre_dot(drawings: &mut Drawings, cells: &[Cell], n: usize) {
    let middle = cells[cells.len() / 2];
    let before = cells[(cells.len() - 1) / 2];
    for (shape, used) in &mut drawings.shapes {
        let centre = match shape.edge(n) {
            Some([a, b]) => [a, b] == [before, middle] || [b, a] == [before, middle],
            None => cells.len() % 2 == 1 && shape.cell(n) == Some(middle),
        };
        if centre && shape.extent() <= 0.5 && shape.text.is_empty() {
            *used = true;
        }
    }
}
