//! Which SudokuPad drawings carry which rule. First the conventions SudokuPad's own
//! f-puzzles converter and setters share: a line from a bulb is a thermometer, an arrow from a
//! circle an arrow, small white and black circles on an edge kropki dots, `X` and `V` on an
//! edge XV clues, lines along a whole diagonal the diagonal rule, an arrow from a number
//! outside the grid a little killer; then lines by their colour, named by the rules text (or
//! `--line COLOUR=RULE`), odd and even marks by the rules text, clues outside the grid as
//! the one outside-clue rule the text names. Every inference is a note; what is left is
//! refused with the element, its place and the flag that says what it means. Invisible
//! drawings, and shadings that only colour cells, are set aside with a note.

use itertools::Itertools;
use serde_json::{Map, Value};

use super::colour::{Colour, by_family_words};
use super::elements::{Line, Shape, cell_at, cells_name, is_half};
use super::lines::{LINE_NAMES, LineRule};
use super::meaning::DOT_NAMES;
use super::text::RulesText;
use crate::model::dot_relation::DotRelation;
use crate::model::geometry::{Cell, Geometry};
use crate::model::parse::ParseOptions;
use crate::model::parse::constraints::outside_line;
use crate::model::rule::{Dot, Rule};

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

impl Reading<'_> {
    /// Sets aside drawings no one can see.
    fn set_aside_invisible(&mut self, drawings: &mut Drawings) {
        for (line, used) in &mut drawings.lines {
            *used |= !line.colour.visible();
        }
        for (shape, used) in &mut drawings.shapes {
            *used |= !shape.fill.visible() && !shape.border.visible() && shape.text.is_empty();
        }
    }

    /// Lines along the grid lines between regions (or on the grid's rim): the regions'
    /// outlines, which the regions read say already.
    fn set_aside_borders(&mut self, drawings: &mut Drawings) {
        let mut count = 0;
        for (line, used) in drawings.lines.iter_mut().filter(|(line, used)| !*used && !line.arrow) {
            if super::borders::outlines_regions(line, self.geometry) {
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
    fn set_aside_outlines(&mut self, drawings: &mut Drawings) {
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

    /// Lines from a circle whose other end carries an arrowhead drawn as a small chevron (as
    /// Sudoku Maker draws arrows), when the rules text names arrows.
    fn drawn_arrowheads(&mut self, drawings: &mut Drawings) {
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

    /// Small chevrons on the middle of an edge, pointing at the lower digit, when the rules
    /// text speaks of inequalities or of greater or lesser digits.
    fn inequalities(&mut self, drawings: &mut Drawings) {
        let words = ["inequalit", "greater", "less", "smaller", "larger"];
        if !words.iter().any(|word| self.text.mentions(word)) {
            return;
        }
        let n = self.n;
        let mut signs = Vec::new();
        for (line, used) in drawings.lines.iter_mut().filter(|(_, used)| !*used) {
            let Some(((r, c), (dr, dc))) = line.chevron(0.3) else { continue };
            let (edge_row, edge_column) =
                ((r - r.round()).abs() < 0.15, (c - c.round()).abs() < 0.15);
            let (low, high) = match (edge_row, edge_column) {
                // On a vertical edge, pointing left or right.
                (false, true) if is_half(r) && dc.abs() > dr.abs() => {
                    let left = ((r, c.round() - 0.5), (r, c.round() + 0.5));
                    if dc < 0.0 { left } else { (left.1, left.0) }
                }
                // On a horizontal edge, pointing up or down.
                (true, false) if is_half(c) && dr.abs() > dc.abs() => {
                    let up = ((r.round() - 0.5, c), (r.round() + 0.5, c));
                    if dr < 0.0 { up } else { (up.1, up.0) }
                }
                _ => continue,
            };
            let (Some(low), Some(high)) = (cell_at(low, n), cell_at(high, n)) else { continue };
            *used = true;
            signs.push(Rule::Greater([high, low]));
        }
        if !signs.is_empty() {
            self.notes.push(format!(
                "read {} chevrons on cell edges as inequality signs, each pointing at the lower digit",
                signs.len()
            ));
            self.rules.extend(signs);
        }
    }

    /// Lines along a whole diagonal, when the rules text names diagonals or the line is
    /// corner to corner (as SudokuPad's converter draws them).
    fn diagonals(&mut self, drawings: &mut Drawings) {
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

    /// Minimum and maximum cells as SudokuPad's f-puzzles converter draws them: four short
    /// arrows on a cell, all pointing out (a maximum) or all in (a minimum), over a grey
    /// square ([`super::converted::extremum_arrow`]).
    fn extrema(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        let arrows: Vec<(usize, Cell, bool)> = (0..drawings.lines.len())
            .filter(|&i| !drawings.lines[i].1)
            .filter_map(|i| {
                let (cell, out) = super::converted::extremum_arrow(&drawings.lines[i].0, n)?;
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

    /// Quadruples as SudokuPad's f-puzzles converter draws them: a circle on a grid corner with
    /// the digits written over it ([`super::converted::quadruple_corner`]).
    fn quadruples(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        for index in 0..drawings.shapes.len() {
            let (circle, used) = &drawings.shapes[index];
            let Some(corner) = super::converted::quadruple_corner(circle, n).filter(|_| !used)
            else {
                continue;
            };
            let centre = circle.center;
            let mut texts: Vec<(f64, usize, Vec<usize>)> = drawings
                .shapes
                .iter()
                .enumerate()
                .filter(|(_, (shape, used))| {
                    !used
                        && (shape.center.0 - centre.0).abs() < 0.35
                        && (shape.center.1 - centre.1).abs() < 0.1
                })
                .filter_map(|(at, (shape, _))| {
                    let digits = super::converted::quadruple_digits(&shape.text)?;
                    Some((shape.center.0, at, digits))
                })
                .collect();
            texts.sort_by(|a, b| a.0.total_cmp(&b.0));
            let digits: Vec<usize> = texts.iter().flat_map(|t| t.2.clone()).collect();
            let fits = digits.iter().all(|&d| (1..=self.geometry.digits()).contains(&d));
            if digits.is_empty() || digits.len() > 4 || !fits {
                continue;
            }
            let cells = super::converted::around(corner);
            drawings.shapes[index].1 = true;
            for (_, at, _) in &texts {
                drawings.shapes[*at].1 = true;
            }
            let shown: Vec<String> = digits.iter().map(usize::to_string).collect();
            self.notes.push(format!(
                "the circle with {} on the corner of {} read as a quadruple (SudokuPad's drawing \
                 of f-puzzles' quadruple)",
                shown.join(","),
                cells_name(&cells)
            ));
            self.rules.push(Rule::Quadruple { cells, digits });
        }
    }

    /// Arrows from a circle (the sum's cells) and arrows from a number outside the grid
    /// (little killers).
    fn arrows(&mut self, drawings: &mut Drawings) -> Result<(), String> {
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
        let sum: usize = drawings.shapes[clue].0.text.parse().expect("checked a number");
        self.notes.push(format!(
            "the arrow with {sum} outside the grid read as a little killer along {}",
            cells_name(&cells)
        ));
        drawings.shapes[clue].1 = true;
        drawings.lines[index].1 = true;
        self.rules.push(Rule::LittleKiller { cells, sum });
        Ok(())
    }

    /// Arrows outside the grid along a diagonal without a number, when a sentence of the rules
    /// text says the diagonals indicated have the same sum (or product): lines of equal
    /// totals. Fewer than two such arrows, or arrows of two colours, are refused.
    fn equal_totals(&mut self, drawings: &mut Drawings) -> Result<(), String> {
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

    /// Lines with a bulb (a circle without text on a cell) at one end.
    fn thermometers(&mut self, drawings: &mut Drawings) {
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
    fn coloured_lines(&mut self, drawings: &mut Drawings) -> Result<(), String> {
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
    /// leaving another line of its colour and rule joins it ([`super::branches`]).
    fn branched(&mut self, lines: Vec<(&'static str, LineRule, Vec<Cell>)>) -> Result<(), String> {
        let (rules, notes) = super::branches::gather(lines, self.geometry)?;
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

    /// Dots and letters on the middle of an edge: kropki (white, black), XV.
    fn dots(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        let mut counts: Vec<(Dot, usize)> = Vec::new();
        let mut related: Vec<(&'static str, DotRelation, String, usize)> = Vec::new();
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let Some(cells) = shape.edge(n) else { continue };
            if shape.extent() > 0.5 {
                continue;
            }
            let fill = shape.fill.name();
            if shape.text.is_empty()
                && let Some((relation, why)) = self.relation_of(shape.fill)
            {
                *used = true;
                self.rules.push(relation.rule(cells));
                match related.iter_mut().find(|(colour, ..)| *colour == fill) {
                    Some((.., count)) => *count += 1,
                    None => related.push((fill, relation, why, 1)),
                }
                continue;
            }
            let dot = match (shape.text.to_ascii_uppercase().as_str(), fill) {
                ("X", "white" | "none") => Dot::X,
                ("V", "white" | "none") => Dot::V,
                ("", _) if self.options.dot_meaning(fill).is_some() => {
                    match self.options.dot_meaning(fill).flatten() {
                        Some(dot) => dot,
                        None => {
                            *used = true;
                            continue;
                        }
                    }
                }
                // A number on a dot (a difference, a ratio or a sum of that number, as the rules
                // text says): read as the user's `--dot` for its colour when that names the number.
                (text, fill)
                    if text.parse::<usize>().is_ok()
                        && self.options.dot_meaning(fill).is_some() =>
                {
                    match self.options.dot_meaning(fill).flatten() {
                        None => {
                            *used = true;
                            continue;
                        }
                        Some(dot) if text.parse() == Ok(dot.number()) => dot,
                        Some(dot) => {
                            return Err(format!(
                                "the `{text}` on a {fill} dot between {} and {} does not fit --dot \
                                 {fill}={}-{}: a dot of this colour with another number needs a \
                                 colour of its own",
                                cells[0],
                                cells[1],
                                dot.kind(),
                                dot.number()
                            ));
                        }
                    }
                }
                ("", "white") | ("", "none") if shape.rounded && shape.border.visible() => {
                    Dot::WHITE
                }
                ("", "white") if shape.rounded => Dot::WHITE,
                ("", "black") if shape.rounded => Dot::BLACK,
                (text, _) => self.numbered_dot(text, shape.fill, cells)?,
            };
            *used = true;
            match counts.iter_mut().find(|(counted, _)| *counted == dot) {
                Some((_, count)) => *count += 1,
                None => counts.push((dot, 1)),
            }
            self.rules.push(Rule::Dot { cells, dot });
        }
        for (dot, count) in counts {
            let name = match dot.is_classic() {
                true => dot.name().to_string(),
                false => format!("{}-{}", dot.kind(), dot.number()),
            };
            self.notes.push(format!("read {count} {} on cell edges as {name}", plural(dot, count)));
        }
        let mut all_dots = self.text.all_plain_dots_given();
        for (colour, relation, why, count) in related {
            let dots = if count == 1 { "dot" } else { "dots" };
            self.notes
                .push(format!("read {count} {colour} {dots} on cell edges as {relation} ({why})"));
            all_dots = self.related_negative(colour, &relation, all_dots);
        }
        if let Some(sentence) = all_dots {
            self.notes.push(format!("read negative kropki (rules text: \"{sentence}\")"));
            self.negatives(&sentence, [(Dot::WHITE, "white"), (Dot::BLACK, "black")]);
        }
        if let Some(sentence) = self.text.all_dots_given(&["x", "v", "xv", "xs", "vs"]) {
            self.notes.push(format!("read negative XV (rules text: \"{sentence}\")"));
            self.negatives(&sentence, [(Dot::X, "x"), (Dot::V, "v")]);
        }
        Ok(())
    }

    /// The dot a number on a dot of `colour` between `cells` is, by the rules text
    /// ([`RulesText::numbered_dot`]), with a note the first time for each colour.
    ///
    /// # Errors
    /// A dot the text does not explain (or whose number no two digits fit), with its place
    /// and the `--dot` that says what it means.
    fn numbered_dot(
        &mut self,
        text: &str,
        colour: Colour,
        cells: [Cell; 2],
    ) -> Result<Dot, String> {
        let ([a, b], fill) = (cells, colour.name());
        let Ok(k) = text.parse::<usize>() else {
            let what = if text.is_empty() {
                format!("{fill} dot")
            } else {
                format!("`{text}` on a {fill} dot")
            };
            return Err(format!(
                "the {what} between {a} and {b} cannot be read: satdoku reads white and black \
                 kropki dots, X and V, and numbers on dots the rules text explains; say what a \
                 dot of this colour means with --dot {fill}=DOT ({DOT_NAMES})"
            ));
        };
        let digits = self.geometry.digits();
        let Some((kind, sentence)) = self.text.numbered_dot(colour.words()) else {
            return Err(format!(
                "the `{text}` on a {fill} dot between {a} and {b} cannot be read: the rules text \
                 does not say what the number on a {fill} dot is; say it with --dot \
                 {fill}=DOT ({})",
                fitting_dots(k, digits)
            ));
        };
        let dot = kind(k);
        if !dot.numbers(digits).contains(&k) {
            return Err(format!(
                "the `{text}` on a {fill} dot between {a} and {b} is read as a {} (rules text: \
                 \"{sentence}\"), and no two of the digits 1 to {digits} have a {} of {k}",
                dot.kind(),
                dot.kind()
            ));
        }
        let note = format!(
            "read the numbers on {fill} dots as {}s (rules text: \"{sentence}\")",
            dot.kind()
        );
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
        Ok(dot)
    }

    /// The relation dots of `colour` have when the user or the rules text gives one, with
    /// where it comes from: `--dot` (a combined relation; a single dot is read below), else
    /// a sentence naming the colour (white and black dots aside, which are kropki's).
    fn relation_of(&self, colour: Colour) -> Option<(DotRelation, String)> {
        let name = colour.name();
        if let Some(relation) = self.options.combined_meaning(name) {
            return Some((relation.clone(), format!("--dot {name}={relation}")));
        }
        if self.options.dot_meaning(name).is_some() || matches!(name, "white" | "black" | "none") {
            return None;
        }
        let (relation, sentence) = by_family_words(name, |words| self.text.dot_relation(words))?;
        Some((relation, format!("rules text: \"{sentence}\"")))
    }

    /// The negative rule of dots of `colour` and `relation` when the text gives all of them
    /// ("All blue squares are given"), or for a combined relation when it gives all dots
    /// (`all_dots`, which it then takes, unless it names kropki dots); gives back `all_dots`
    /// when it is left for kropki.
    fn related_negative(
        &mut self,
        colour: &str,
        relation: &DotRelation,
        all_dots: Option<String>,
    ) -> Option<String> {
        let kropki =
            |s: &String| ["white", "black", "kropki"].iter().any(|w| s.to_lowercase().contains(w));
        let given = by_family_words(colour, |words| self.text.all_dots_given(words));
        let (sentence, rest) = match given {
            Some(sentence) => (sentence, all_dots),
            None if relation.dot().is_none() && all_dots.as_ref().is_some_and(|s| !kropki(s)) => {
                (all_dots.expect("checked"), None)
            }
            None => return all_dots,
        };
        self.notes.push(format!(
            "read negative {relation}: no other neighbours' digits are {relation} (rules text: \"{sentence}\")"
        ));
        self.rules.push(match relation.dot() {
            Some(dot) => Rule::Negative(dot),
            None => Rule::NegativeCombined(relation.clone()),
        });
        rest
    }

    /// The negative dots a sentence gives: those it names; when it names neither ("All
    /// possible dots are given."), those the whole text names, or both when it names neither.
    fn negatives(&mut self, sentence: &str, family: [(Dot, &str); 2]) {
        let lower = sentence.to_lowercase();
        let mut named = family.map(|(_, word)| super::text::has_word(&lower, word));
        if named == [false, false] {
            named = family.map(|(_, word)| self.text.names(word));
        }
        for ((dot, _), says) in family.into_iter().zip(named) {
            if says || named == [false, false] {
                self.rules.push(Rule::Negative(dot));
            }
        }
    }

    /// Circles on cells when the rules text states counting circles: one rule over them all.
    fn counting_circles(&mut self, drawings: &mut Drawings) {
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

    /// Grey circles and squares on cells: odd and even marks when the rules text names them.
    fn cell_marks(&mut self, drawings: &mut Drawings) {
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

    /// Numbers just outside the grid, as the one outside-clue rule the text names.
    fn outside_clues(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        let kinds =
            [("sandwich", 0), ("x-sum", 1), ("x sum", 1), ("skyscraper", 2), ("numbered room", 3)];
        let named: Vec<usize> = kinds
            .iter()
            .filter(|(word, _)| self.text.mentions(word))
            .map(|(_, kind)| *kind)
            .unique()
            .collect();
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let (r, c) = shape.center;
            let Ok(number) = shape.text.parse::<usize>() else { continue };
            if !is_half(r) || !is_half(c) || cell_at((r, c), n).is_some() {
                continue;
            }
            let position = ((r + 1.0).floor() as usize, (c + 1.0).floor() as usize);
            let Some(cells) =
                (r >= -1.0 && c >= -1.0).then(|| outside_line(position.0, position.1, n)).flatten()
            else {
                continue;
            };
            let [kind] = named[..] else {
                return Err(format!(
                    "the number {number} outside the grid by {} cannot be read: the rules text \
                     names {} of sandwich, X-sum, skyscraper and numbered room clues",
                    cells[0],
                    if named.is_empty() { "none" } else { "more than one" }
                ));
            };
            let (rule, name) = match kind {
                0 => (Rule::Sandwich { cells, sum: number }, "a sandwich clue"),
                1 => (Rule::XSum { cells, sum: number }, "an X-sum clue"),
                3 => (Rule::NumberedRoom { cells, digit: number }, "a numbered room clue"),
                _ => (Rule::Skyscraper { cells, count: number }, "a skyscraper clue"),
            };
            self.notes.push(format!("the number {number} outside the grid read as {name}"));
            self.rules.push(rule);
            *used = true;
        }
        Ok(())
    }

    /// Shapes that only colour whole cells (or paint white on white): set aside, counted.
    fn shadings(&mut self, drawings: &mut Drawings) {
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
    fn refuse_the_rest(&self, drawings: &Drawings) -> Result<(), String> {
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

fn plural(dot: Dot, count: usize) -> String {
    let s = if count == 1 { "" } else { "s" };
    match dot {
        Dot::WHITE => format!("white dot{s}"),
        Dot::BLACK => format!("black dot{s}"),
        Dot::X => format!("X{s}"),
        Dot::V => format!("V{s}"),
        other => format!("{} dot{s} of {}", other.kind(), other.number()),
    }
}

/// The `--dot` names of the dots numbered `k` that some two of the digits 1 to `digits` fit
/// (for a 1, only `difference-1`), for advice.
fn fitting_dots(k: usize, digits: usize) -> String {
    let kinds = [Dot::Difference(k), Dot::Ratio(k), Dot::Sum(k)];
    let fitting = kinds.iter().filter(|dot| dot.numbers(digits).contains(&k));
    let names: Vec<String> = fitting.map(|dot| format!("{}-{k}", dot.kind())).collect();
    match names.as_slice() {
        [] => format!("no two digits have a difference, ratio or sum of {k}"),
        [one] => one.clone(),
        [first @ .., last] => format!("{} or {last}", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::fitting_dots;

    #[test]
    fn the_advice_names_only_the_dots_some_two_digits_fit() {
        assert_eq!(fitting_dots(1, 9), "difference-1");
        assert_eq!(fitting_dots(3, 9), "difference-3, ratio-3 or sum-3");
        assert_eq!(fitting_dots(7, 4), "sum-7");
        assert_eq!(fitting_dots(8, 4), "no two digits have a difference, ratio or sum of 8");
    }
}
