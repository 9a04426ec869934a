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
use crate::model::geometry::Cell;
use crate::model::rule::Rule;

/// A rule's lines being gathered: colour, rule, cells (each after the first next to one
/// before it, a branch listed from where it leaves), and each line's cells.
struct Gathered {
    colour: &'static str,
    rule: LineRule,
    cells: Vec<Cell>,
    lines: Vec<Vec<Cell>>,
}

/// The rules of `lines` (colour, renban or region-sum, cells; in drawing order), with a note
/// for each made of several lines.
///
/// # Errors
/// A line that crosses one drawn before it, or meets lines of its kind at more than one cell.
pub(super) fn gather(
    lines: Vec<(&'static str, LineRule, Vec<Cell>)>,
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
            gathered[at].lines.iter().any(|other| other[1..other.len() - 1].contains(&cell))
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

/// The rule's name in a message.
fn name(rule: LineRule) -> &'static str {
    if rule == LineRule::Renban { "renban" } else { "region-sum" }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let (rules, notes) = gather(fish).unwrap();
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
    fn lines_that_cross_are_refused() {
        let cross = vec![
            ("pink", LineRule::Renban, Cell::list("r1c1 r2c2 r3c3")),
            ("pink", LineRule::Renban, Cell::list("r1c3 r2c2 r3c1")),
        ];
        let message = gather(cross).unwrap_err();
        assert!(message.contains("meet at r2c2, inside the second"), "{message}");
        let other_colours = vec![
            ("pink", LineRule::Renban, Cell::list("r1c1 r2c2")),
            ("green", LineRule::Renban, Cell::list("r2c2 r3c3")),
        ];
        assert_eq!(gather(other_colours).unwrap().0.len(), 2);
    }
}
