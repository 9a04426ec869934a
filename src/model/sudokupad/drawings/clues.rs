//! Clues off the cells' centres: quadruples (a circle on a grid corner with digits),
//! inequality signs (chevrons on an edge), and numbers outside the grid as the one
//! outside-clue rule the rules text names.

use itertools::Itertools;

use super::{Drawings, Reading};
use crate::model::parse::constraints::outside_line;
use crate::model::rule::Rule;
use crate::model::sudokupad::converted;
use crate::model::sudokupad::elements::{cell_at, cells_name, is_half};

impl Reading<'_> {
    /// Quadruples as SudokuPad's f-puzzles converter draws them: a circle on a grid corner with
    /// the digits written over it ([`converted::quadruple_corner`]).
    pub(super) fn quadruples(&mut self, drawings: &mut Drawings) {
        let n = self.n;
        for index in 0..drawings.shapes.len() {
            let (circle, used) = &drawings.shapes[index];
            let Some(corner) = converted::quadruple_corner(circle, n).filter(|_| !used) else {
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
                    let digits = converted::quadruple_digits(&shape.text)?;
                    Some((shape.center.0, at, digits))
                })
                .collect();
            texts.sort_by(|a, b| a.0.total_cmp(&b.0));
            let digits: Vec<usize> = texts.iter().flat_map(|t| t.2.clone()).collect();
            let fits = digits.iter().all(|&d| (1..=self.geometry.digits()).contains(&d));
            if digits.is_empty() || digits.len() > 4 || !fits {
                continue;
            }
            let cells = converted::around(corner);
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

    /// Small chevrons on the middle of an edge, pointing at the lower digit, when the rules
    /// text speaks of inequalities or of greater or lesser digits.
    pub(super) fn inequalities(&mut self, drawings: &mut Drawings) {
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

    /// Numbers just outside the grid, as the one outside-clue rule the text names.
    pub(super) fn outside_clues(&mut self, drawings: &mut Drawings) -> Result<(), String> {
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
}
