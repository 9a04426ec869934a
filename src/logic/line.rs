//! Lines as a solver sees them: the cells of a thermo, whispers, renban, palindrome, between,
//! entropic, modular, parity or lockout line, of a chain of dots, or of inequality signs and
//! minimum or maximum cells (a cell greater than neighbours that see each other exceeds as
//! many different digits), gathered back from the
//! IR's tables, exclusions and houses (by the rule that lowered them and the cells they share),
//! ordered along the line and named by their whole extent (`the thermo from r3c1 (bulb) to
//! r3c6`). Lines of one rule that share a cell are one line here (two thermos from one bulb),
//! and dots of every kind that touch form one chain.

use crate::ir::{Constraint, Ir};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// A line of the puzzle with the tables over its cells.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// Its cells, in the order the rule lists them (from the bulb, for a thermo).
    pub cells: Vec<Cell>,
    /// The tables over its cells.
    pub relations: Vec<Relation>,
    /// The family of rules it comes from (`thermo`, `renban`, `dots`, ...).
    pub family: &'static str,
    /// What a solver calls it: `the thermo from r3c1 (bulb) to r3c6`, `the renban r1c1-r1c4`.
    pub name: String,
}

/// A table of two or three cells of a line, as the digits its last cell allows after each
/// choice of the others.
#[derive(Clone, Debug)]
pub(crate) struct Relation {
    /// The positions of its cells in [`Line::cells`], in the table's order.
    pub positions: Vec<usize>,
    /// Per choice of the digits before the last (digit indices read as a number in base N),
    /// the last cell's allowed digits.
    allowed: Vec<DigitSet>,
    /// The grid size N.
    size: usize,
}

impl Relation {
    /// The table `tuples` over the cells at `positions`, on an N×N grid.
    fn new(positions: Vec<usize>, tuples: &[Vec<Digit>], size: usize) -> Relation {
        let mut allowed = vec![DigitSet::EMPTY; size.pow(positions.len() as u32 - 1)];
        for tuple in tuples {
            let (last, before) = tuple.split_last().expect("a table has cells");
            allowed[key(before.iter().copied(), size)].insert(*last);
        }
        Relation { positions, allowed, size }
    }

    /// Whether the digits at its positions (`digit_at` of each) form an allowed tuple.
    pub fn allows(&self, digit_at: impl Fn(usize) -> Digit) -> bool {
        let (last, before) = self.positions.split_last().expect("a table has cells");
        let index = key(before.iter().map(|&p| digit_at(p)), self.size);
        self.allowed[index].contains(digit_at(*last))
    }
}

/// The digits (all but a table's last) as one index: their 0-based values in base `size`.
fn key(digits: impl Iterator<Item = Digit>, size: usize) -> usize {
    digits.fold(0, |key, digit| key * size + digit.index())
}

/// The tables of more cells than this are no line's (sums are the sums' business).
const MAX_ARITY: usize = 3;

/// The family of lines a rule's constraints build, or `None` for rules that are no lines.
pub(crate) fn family(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "thermo" => "thermo",
        "slow-thermo" => "slow thermo",
        "whispers" => "whispers",
        "renban" => "renban",
        "palindrome" => "palindrome",
        "between" => "between line",
        "entropic" => "entropic line",
        "modular" => "modular line",
        "parity-line" => "parity line",
        "lockout" => "lockout line",
        "sequence" => "sequence line",
        "kropki-white" | "kropki-black" | "x" | "v" | "difference" | "ratio" | "sum"
        | "combined-dot" => "dots",
        "greater" | "extremum" => "inequalities",
        _ => return None,
    })
}

/// A constraint of a line rule: its family, cells, and tuples when it is a table.
struct Piece {
    family: &'static str,
    cells: Vec<Cell>,
    tuples: Option<Vec<Vec<Digit>>>,
}

/// The lines of `ir`, in the order their rules come.
pub(crate) fn lines(ir: &Ir) -> Vec<Line> {
    let size = ir.geometry().digits();
    let mut pieces: Vec<Piece> = Vec::new();
    let mut seen_pairs = std::collections::HashSet::new();
    for (index, constraint) in ir.constraints().iter().enumerate() {
        let Some(family) = ir.origin(index).and_then(family) else { continue };
        let (cells, tuples) = match constraint {
            Constraint::Exclude(a, b) if a.cell != b.cell => {
                if !seen_pairs.insert((family, a.cell, b.cell)) {
                    continue;
                }
                (vec![a.cell, b.cell], None)
            }
            Constraint::House(cells) => (cells.clone(), None),
            table => match table.tuples(size) {
                Some((cells, tuples)) if cells.len() <= MAX_ARITY => (cells.to_vec(), Some(tuples)),
                _ => continue,
            },
        };
        pieces.push(Piece { family, cells, tuples });
    }
    components(&pieces).into_iter().map(|members| line(&pieces, &members, size)).collect()
}

/// The most cells lines of one family that share a cell are joined into (a single line
/// longer than this stays whole): a solver reads two thermos from one bulb together, not a
/// lattice of crossing lines.
const MAX_JOINED_CELLS: usize = 12;

/// The pieces grouped into lines (indices into `pieces`, each group in order): first each
/// rule's own (the constraints of one line come one after another in the IR, each within the
/// line so far, or starting on it and touching the constraint before it), then those of one family sharing a cell, while the joined line stays
/// within [`MAX_JOINED_CELLS`].
fn components(pieces: &[Piece]) -> Vec<Vec<usize>> {
    let mut runs: Vec<(&'static str, Vec<Cell>, Vec<usize>)> = Vec::new();
    for (index, piece) in pieces.iter().enumerate() {
        match runs.last_mut() {
            Some((family, cells, members))
                if *family == piece.family
                    && (piece.cells.iter().all(|c| cells.contains(c))
                        || (cells.contains(&piece.cells[0])
                            && piece
                                .cells
                                .iter()
                                .any(|c| pieces[index - 1].cells.contains(c)))) =>
            {
                cells.extend(piece.cells.iter().filter(|c| !cells.contains(c)).collect::<Vec<_>>());
                members.push(index);
            }
            _ => runs.push((piece.family, piece.cells.clone(), vec![index])),
        }
    }
    let mut groups: Vec<(&'static str, Vec<Cell>, Vec<usize>)> = Vec::new();
    for run in runs {
        let joins = |group: &(&'static str, Vec<Cell>, Vec<usize>)| {
            group.0 == run.0
                && run.1.iter().any(|c| group.1.contains(c))
                && group.1.len() + run.1.iter().filter(|c| !group.1.contains(c)).count()
                    <= MAX_JOINED_CELLS
        };
        match groups.iter_mut().find(|group| joins(group)) {
            Some(group) => {
                group.1.extend(run.1.iter().filter(|c| !group.1.contains(c)).collect::<Vec<_>>());
                group.2.extend(run.2);
                group.2.sort_unstable();
            }
            None => groups.push(run),
        }
    }
    groups.into_iter().map(|(_, _, members)| members).collect()
}

/// The line of the pieces `members` (in order): cells by first appearance, the tables, the name.
fn line(pieces: &[Piece], members: &[usize], size: usize) -> Line {
    let mut cells: Vec<Cell> = Vec::new();
    for &m in members {
        for &cell in &pieces[m].cells {
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
    }
    let position = |cell: &Cell| cells.iter().position(|c| c == cell).expect("a line cell");
    let relations: Vec<Relation> = members
        .iter()
        .filter_map(|&m| {
            let tuples = pieces[m].tuples.as_ref()?;
            Some(Relation::new(pieces[m].cells.iter().map(position).collect(), tuples, size))
        })
        .collect();
    let family = pieces[members[0]].family;
    let name = name(family, &cells, &relations);
    Line { cells, relations, family, name }
}

/// A line's name: a thermo from its bulb, the rest by their whole extent.
fn name(family: &'static str, cells: &[Cell], relations: &[Relation]) -> String {
    let extent = crate::logic::step::cell_extent(cells);
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let one_path = relations.len() + 1 == cells.len()
        && relations.iter().enumerate().all(|(i, r)| r.positions == [i, i + 1]);
    let step = |a: Cell, b: Cell| {
        (b.row() as isize - a.row() as isize, b.column() as isize - a.column() as isize)
    };
    let straight = cells.windows(2).all(|w| {
        let (rows, columns) = step(w[0], w[1]);
        rows.abs() <= 1 && columns.abs() <= 1 && (rows, columns) == step(cells[0], cells[1])
    });
    match family {
        "thermo" | "slow thermo" if one_path && straight => {
            format!("the {family} from {first:?} (bulb) to {last:?}")
        }
        "thermo" | "slow thermo" if one_path => format!("the {family} {extent} (bulb {first:?})"),
        "thermo" | "slow thermo" => format!("the {family}s {extent}"),
        "dots" if cells.len() == 2 => format!("the dot {extent}"),
        "dots" => format!("the chain of dots {extent}"),
        _ => format!("the {family} {extent}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of an empty 9×9 grid with `rules` (text-format lines).
    fn lines_of(rules: &str) -> Vec<Line> {
        let text = format!("{rules}\n{}", ".".repeat(81));
        let puzzle: crate::Puzzle = text.parse().expect("a puzzle");
        lines(&Ir::lower(&puzzle))
    }

    #[test]
    fn lines_are_named_by_their_whole_extent() {
        let names: Vec<String> = lines_of(
            "thermo: r3c1 r3c2 r3c3 r3c4 r3c5 r3c6\nrenban: r1c1 r1c2 r1c3 r2c3\n\
             thermo: r5c5 r6c5 r6c6\nthermo: r8c8 r7c8\nkropki-white: r9c1 r9c2\nkropki-black: r9c2 r9c3",
        )
        .into_iter()
        .map(|line| line.name)
        .collect();
        assert_eq!(
            names,
            [
                "the thermo from r3c1 (bulb) to r3c6",
                "the thermo r5c5,r6c5,r6c6 (bulb r5c5)",
                "the thermo from r8c8 (bulb) to r7c8",
                "the chain of dots r9c1-r9c3",
                "the renban r1c1-r1c3,r2c3",
            ]
        );
    }

    #[test]
    fn two_thermos_from_one_bulb_are_one_line_with_both_tables() {
        let lines = lines_of("thermo: r1c1 r1c2 r1c3\nthermo: r1c1 r2c1 r3c1");
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].cells.len(), 5);
        assert_eq!(lines[0].relations.len(), 4);
        assert_eq!(lines[0].name, "the thermos r1c1-r1c3,r2c1,r3c1");
        let digit = |v: usize| Digit::from_index(v - 1);
        let rise = &lines[0].relations[0];
        assert!(rise.allows(|p| digit([1, 2, 9, 9, 9][p])));
        assert!(!rise.allows(|p| digit([2, 2, 9, 9, 9][p])));
    }
}
