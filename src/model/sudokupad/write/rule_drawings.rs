//! Which drawing each rule becomes: the dispatch over [`Rule`], with the drawings of a few
//! lines each (diagonals, global rules, cages, thermometers, converted f-puzzles clues) and
//! the rest left to the sibling modules.

use serde_json::{Value, json};

use super::edge_marks::edge_dot;
use super::{Writer, centre, centres, pairs};
use crate::model::fpuzzles::WriteError;
use crate::model::look_and_say::{is_full_diagonal, write_clue};
use crate::model::rule::{Dot, Rule};
use crate::model::sudokupad::converted;

impl Writer {
    /// Draws `rule`.
    ///
    /// # Errors
    /// A rule this writer cannot draw.
    pub(super) fn rule(&mut self, rule: &Rule) -> Result<(), WriteError> {
        let n = self.n;
        match rule {
            Rule::MainDiagonal => self.push("lines", diagonal([[0, 0], [n, n]])),
            Rule::AntiDiagonal => self.push("lines", diagonal([[0, n], [n, 0]])),
            Rule::AntiKing | Rule::AntiKnight | Rule::NonConsecutive | Rule::DisjointGroups => {
                let name = match rule {
                    Rule::AntiKing => "antiking",
                    Rule::AntiKnight => "antiknight",
                    Rule::NonConsecutive => "nonconsecutive",
                    _ => "disjoint",
                };
                self.push("global", json!(name));
            }
            Rule::AntiLeaper(_) | Rule::AntiTaxicab => self.sentence(&chess_sentence(rule)),
            Rule::Even(cells) | Rule::Odd(cells) => {
                self.parity_marks(cells, matches!(rule, Rule::Odd(_)))
            }
            // Written in the cell's own fields (`cells`).
            Rule::Candidates { .. } => self.sentence(
                "Given pencil marks: a cell with centre marks at the start holds one of those digits.",
            ),
            Rule::Killer { cells, sum } => {
                let mut cage = json!({"cells": pairs(cells), "unique": true});
                match sum {
                    Some(sum) => cage["value"] = json!(sum),
                    None => self.sentence("Digits cannot repeat in cages."),
                }
                self.sentence(
                    "Killer cages: digits in a cage do not repeat and add up to its total.",
                );
                self.push("cages", cage);
            }
            // Red, so that killer cages (black) may join them: the reader tells them apart
            // by the colour this sentence gives.
            Rule::Rellik { cells, sum } => {
                self.push(
                    "cages",
                    json!({"cells": pairs(cells), "value": sum, "unique": true,
                    "outlineC": "#E04040"}),
                );
                self.sentence(
                    "Rellik cages: digits in a red cage do not repeat, and no set of them adds \
                     up to the cage's total.",
                );
            }
            Rule::ExtraRegion(cells) => self.push(
                "cages",
                json!({"cells": pairs(cells),
                "unique": true, "style": "extraregion"}),
            ),
            Rule::Thermo { cells, slow } => {
                let style = if *slow { "slow-thermo" } else { "thermo" };
                let colour = self.style(style, n);
                self.push("underlays", json!({"center": centre(cells[0]), "width": 0.85,
                    "height": 0.85, "rounded": true, "backgroundColor": colour, "borderColor": colour}));
                self.push(
                    "lines",
                    json!({"color": colour, "thickness": 21, "wayPoints": centres(cells)}),
                );
            }
            Rule::Arrow { pill, line } => self.arrow(pill, line),
            Rule::Dot { cells, dot } => self.dot(*cells, *dot),
            // One sentence for each family, written once all rules are (see `negatives`).
            Rule::Negative(dot) if Dot::ALL.contains(dot) => {}
            Rule::Negative(dot) => {
                let (kind, number) = (dot.kind(), dot.number());
                return Err(WriteError::in_sudokupad(format!("negative {kind} dots of {number}")));
            }
            Rule::Whispers { line, gap } => {
                let colour = self.style("whispers", *gap);
                self.push(
                    "lines",
                    json!({"color": colour, "thickness": 10, "wayPoints": centres(line)}),
                );
            }
            Rule::Renban(cells) => self.strokes("renban", cells)?,
            Rule::Palindrome(line) => self.line("palindrome", line),
            Rule::RegionSum(cells) => self.strokes("region-sum", cells)?,
            Rule::Between(line) => {
                self.line("between", line);
                self.end_circles("between", line);
            }
            Rule::DoubleArrow(line) => {
                self.line("double-arrow", line);
                self.end_circles("double-arrow", line);
            }
            Rule::Entropic(line) => self.line("entropic", line),
            Rule::Modular(line) => self.line("modular", line),
            Rule::Zipper(line) => self.line("zipper", line),
            Rule::Sequence(line) => self.line("sequence", line),
            Rule::ParityLine(line) => self.line("parity", line),
            Rule::SumLine { line, sum, closed } => self.sum_line(line, *sum, *closed),
            Rule::Lockout { line, gap } => self.lockout(line, *gap),
            Rule::DifferencesCount(line) => self.line("differences-count", line),
            Rule::LittleKiller { cells, sum } => self.little_killer(cells, *sum),
            Rule::LookAndSay { cells, counts } if is_full_diagonal(cells, n) => {
                self.look_and_say_diagonal(cells, &write_clue(counts))
            }
            // The clue as text, so that a count of 0 first keeps its digit.
            Rule::LookAndSay { cells, counts } => {
                self.push("cages", json!({"cells": pairs(cells), "value": write_clue(counts)}));
                self.sentence(
                    "Look-and-say cages: the digits in a cage's corner, read in pairs \"count, \
                     digit\", say how many of its cells hold each digit named (2314: exactly two \
                     3s and exactly one 4); a digit may appear more than once in these cages.",
                );
            }
            Rule::EqualTotals { lines, total } => self.equal_totals(lines, *total),
            Rule::Sandwich { cells, sum }
            | Rule::XSum { cells, sum }
            | Rule::Skyscraper { cells, count: sum }
            | Rule::NumberedRoom { cells, digit: sum } => self.outside_clue(rule, cells, *sum),
            Rule::CountingCircles(cells) => self.counting_circles(cells),
            Rule::Greater([high, low]) => self.chevron(*high, *low),
            // The rules text's first sentence states it, with the digits.
            Rule::SameDigits if self.digits > n => {}
            Rule::Extremum { cell, maximum } => {
                let (square, arrows) = converted::extremum_drawing(*cell, *maximum);
                self.push("underlays", square);
                for arrow in arrows {
                    self.push("arrows", arrow);
                }
                self.sentence(
                    "Maximum cells (marks pointing out on all four sides) hold a digit greater \
                     than each orthogonal neighbour; minimum cells (pointing in), a lower one.",
                );
            }
            Rule::Quadruple { cells, digits } => {
                for shape in converted::quadruple_drawing(cells, digits) {
                    self.push("overlays", shape);
                }
                self.sentence(
                    "Quadruples: the digits in a circle on a grid corner appear in the four cells \
                     around it.",
                );
            }
            Rule::CombinedDot { cells, relation } => {
                let colour = self.relation_colour(relation)?;
                self.push("overlays", edge_dot(*cells, &colour));
            }
            // Named by its dots' colour, once all rules are written (see `negatives`).
            Rule::NegativeCombined(_) => {}
            Rule::Clone { cells, copy } => self.clone_group(cells, copy)?,
            Rule::Indexer { cells, columns } => self.indexer(cells, *columns)?,
            Rule::SameDigits => {
                return Err(WriteError::in_sudokupad(format!("{} rules", rule.name())));
            }
        }
        Ok(())
    }
}

/// The sentence stating a chess rule beyond the king and the knight, opening with its rule
/// name (`Anti-camel: ...`), which the rules text reader reads back.
fn chess_sentence(rule: &Rule) -> String {
    let name = rule.global_name();
    let what = match rule {
        Rule::AntiLeaper([a, b]) => format!(
            "identical digits cannot be a leap of {a} rows and {b} columns (or {b} rows and {a} \
             columns) apart"
        ),
        _ => "a digit D cannot be D orthogonal steps (taxicab distance) from another D".into(),
    };
    format!("A{}: {what}.", &name[1..])
}

/// The line along a whole diagonal, as SudokuPad's converter draws it.
fn diagonal(points: [[usize; 2]; 2]) -> Value {
    json!({"color": "#34BBE6", "thickness": 2, "wayPoints": points})
}
