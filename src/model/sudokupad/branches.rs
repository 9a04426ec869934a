//! Lines of a SudokuPad drawing that branch off one another, gathered into one rule: SudokuPad
//! draws a branched renban (a fish) or region-sum line (a shell) as several lines of one
//! colour, each branch starting or ending on a cell inside a line drawn before it; those are
//! one renban over the set of their cells, or one region-sum line whose branch runs join the
//! run they leave. A line starting where another ends is a line of its own (two region-sum
//! lines from one cell, Sudoku-Bench 68), with a note. Lines that cross (a shared cell inside
//! the later line) or meet twice are refused.

use itertools::Itertools;

use super::elements::cells_name;
use super::lines::LineRule;
use crate::model::geometry::{Cell, Geometry};
use crate::model::layout::strokes;
use crate::model::rule::Rule;

/// A rule's lines being gathered: colour, rule, cells (each after the first next to one
/// before it, a branch listed from where it leaves), and each line's cells.
struct Gathered {
    colour: &'static str,
    rule: LineRule,
    cells: Vec<Cell>,
    lines: Vec<Vec<Cell>>,
}

/// The rules of `lines` (colour, renban or region-sum, cells; in drawing order) on a grid of
/// `geometry`, with a note for each made of several lines.
///
/// # Errors
/// A line that crosses one drawn before it, or meets lines of its kind at more than one cell;
/// a region-sum branch whose segment its cells cannot say.
pub(super) fn gather(
    lines: Vec<(&'static str, LineRule, Vec<Cell>)>,
    geometry: Geometry,
) -> Result<(Vec<Rule>, Vec<String>), String> {
    let mut gathered: Vec<Gathered> = Vec::new();
    let mut notes = Vec::new();
    for (colour, rule, line) in lines {
        let line: Vec<Cell> = line.into_iter().unique().collect();
        let kin = |g: &Gathered| g.colour == colour && g.rule == rule;
        let shared: Vec<(usize, Cell)> = gathered
            .iter()
            .enumerate()
            .filter(|(_, g)| kin(g))
            .flat_map(|(at, g)| g.cells.iter().filter(|c| line.contains(c)).map(move |&c| (at, c)))
            .collect();
        let end = |cell: Cell| cell == line[0] || cell == line[line.len() - 1];
        let inside = |at: usize, cell: Cell| {
            let within =
                |other: &Vec<Cell>| other.len() > 2 && other[1..other.len() - 1].contains(&cell);
            gathered[at].lines.iter().any(within)
        };
        match shared[..] {
            [(at, cell)] if end(cell) && inside(at, cell) => {
                let mut from_start = line.clone();
                if cell != line[0] {
                    from_start.reverse();
                }
                let g = &mut gathered[at];
                g.cells.extend(&from_start[1..]);
                g.lines.push(line);
                // A region-sum line's cells say where a branch leaves by the first earlier cell
                // next to it: a drawing that the cells would read another way is refused.
                if rule == LineRule::RegionSum && !joins_as_drawn(&g.cells, cell, geometry) {
                    return Err(format!(
                        "the {colour} region-sum line {} branches off at {cell}, next to other \
                         cells of the line: which segment it joins cannot be told; list it in \
                         the text format",
                        cells_name(&g.lines[g.lines.len() - 1]),
                    ));
                }
            }
            [] | [(_, _)] if shared.iter().all(|&(_, cell)| end(cell)) => {
                if let Some(&(_, cell)) = shared.first() {
                    notes.push(format!(
                        "the {colour} {} line {} starts where another ends ({cell}): read as a \
                         line of its own",
                        name(rule),
                        cells_name(&line)
                    ));
                }
                gathered.push(Gathered { colour, rule, cells: line.clone(), lines: vec![line] });
            }
            _ => {
                let (at, cell) = shared[0];
                return Err(format!(
                    "the {colour} {} lines {} and {} meet at {cell}{}: one branched line or \
                     several, the drawing does not say",
                    name(rule),
                    cells_name(&gathered[at].lines[0]),
                    cells_name(&line),
                    if shared.len() > 1 { " and more" } else { ", inside the second" }
                ));
            }
        }
    }
    notes.extend(gathered.iter().filter(|g| g.lines.len() > 1).map(|g| {
        let lines = g.lines.iter().map(|line| cells_name(line)).join(" and ");
        format!(
            "the {} {} lines {lines} branch off one another: read as one over {}",
            g.colour,
            name(g.rule),
            g.cells.iter().join(",")
        )
    }));
    let rules = gathered.into_iter().map(|g| match g.rule {
        LineRule::Renban => Rule::Renban(g.cells),
        _ => Rule::RegionSum(g.cells),
    });
    Ok((rules.collect(), notes))
}

/// Whether the branch just listed at the end of a region-sum line's `cells`, drawn leaving
/// the cell `leaves`, joins the segment the drawing gives it: [`strokes`] reads it as leaving
/// the first earlier cell next to its own first cell, which is the same reading when that is
/// `leaves`, or when neither shares a box with the branch's first cell (the branch then starts
/// a segment of its own either way).
fn joins_as_drawn(cells: &[Cell], leaves: Cell, geometry: Geometry) -> bool {
    let strokes = strokes(cells);
    let Some(branch) = strokes.last().filter(|stroke| stroke.len() > 1) else { return false };
    let (read, first) = (branch[0], branch[1]);
    let apart = |cell: Cell| geometry.box_of(cell) != geometry.box_of(first);
    read == leaves || (apart(read) && apart(leaves))
}

/// The rule's name in a message.
fn name(rule: LineRule) -> &'static str {
    if rule == LineRule::Renban { "renban" } else { "region-sum" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine() -> Geometry {
        Geometry::with_usual_boxes(9).unwrap()
    }

    #[test]
    fn a_branch_leaving_a_line_is_one_rule_with_it() {
        let fish = vec![
            ("pink", LineRule::Renban, Cell::list("r3c9 r2c8 r3c7 r2c6 r1c7 r2c8")),
            ("pink", LineRule::Renban, Cell::list("r1c9 r2c8")),
            ("pink", LineRule::Renban, Cell::list("r8c1 r8c2")),
            ("blue", LineRule::RegionSum, Cell::list("r7c8 r7c7 r7c6 r7c5")),
            ("blue", LineRule::RegionSum, Cell::list("r7c6 r6c7")),
            ("blue", LineRule::RegionSum, Cell::list("r7c8 r8c9")),
        ];
        let (rules, notes) = gather(fish, nine()).unwrap();
        assert_eq!(
            rules,
            [
                Rule::Renban(Cell::list("r3c9 r2c8 r3c7 r2c6 r1c7 r1c9")),
                Rule::Renban(Cell::list("r8c1 r8c2")),
                Rule::RegionSum(Cell::list("r7c8 r7c7 r7c6 r7c5 r6c7")),
                Rule::RegionSum(Cell::list("r7c8 r8c9")),
            ]
        );
        assert_eq!(notes.len(), 3);
        assert!(notes[0].contains("starts where another ends (r7c8)"), "{}", notes[0]);
        assert!(notes[1].ends_with("over r3c9,r2c8,r3c7,r2c6,r1c7,r1c9"), "{}", notes[1]);
    }

    #[test]
    fn a_region_sum_branch_whose_segment_the_cells_cannot_say_is_refused() {
        // Leaving r5c4 straight down, next to r5c3 (box 4) listed before it: the cells would
        // join r6c4,r7c4 to r5c3's segment, not to r5c4's.
        let shell = vec![
            ("blue", LineRule::RegionSum, Cell::list("r5c1 r5c2 r5c3 r5c4 r5c5 r5c6")),
            ("blue", LineRule::RegionSum, Cell::list("r5c4 r6c4 r7c4")),
        ];
        let message = gather(shell, nine()).unwrap_err();
        assert!(message.contains("branches off at r5c4"), "{message}");
    }

    #[test]
    fn a_line_within_one_cell_is_no_line_to_branch_from() {
        let stub = vec![
            ("pink", LineRule::Renban, Cell::list("r1c1")),
            ("pink", LineRule::Renban, Cell::list("r1c2 r1c1")),
        ];
        let (rules, _) = gather(stub, nine()).unwrap();
        assert_eq!(rules.len(), 2);
    }

    #[test]
    fn lines_that_cross_are_refused() {
        let cross = vec![
            ("pink", LineRule::Renban, Cell::list("r1c1 r2c2 r3c3")),
            ("pink", LineRule::Renban, Cell::list("r1c3 r2c2 r3c1")),
        ];
        let message = gather(cross, nine()).unwrap_err();
        assert!(message.contains("meet at r2c2, inside the second"), "{message}");
        let other_colours = vec![
            ("pink", LineRule::Renban, Cell::list("r1c1 r2c2")),
            ("green", LineRule::Renban, Cell::list("r2c2 r3c3")),
        ];
        assert_eq!(gather(other_colours, nine()).unwrap().0.len(), 2);
    }
}
