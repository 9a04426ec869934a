//! A step of a logical solve: what it places and removes, which technique, which cells and
//! digits justify it, and the sentence a solver would say.

use std::fmt;

use super::technique::Technique;
use crate::ir::Placement;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// One deduction: digits placed or candidates removed, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub(crate) technique: Technique,
    pub(crate) rating: f64,
    /// How far the step's length goes into the tenth of its length penalty, 0 up to (not
    /// including) 1 (bifurcations: their contradiction's work); 0 for other steps.
    pub(crate) finer: f64,
    pub(crate) placements: Vec<Placement>,
    pub(crate) eliminations: Vec<Placement>,
    pub(crate) cells: Vec<Cell>,
    pub(crate) digits: DigitSet,
    pub(crate) reason: String,
}

impl Step {
    /// A step of `technique` rated at its base cost, with no effect yet.
    pub(crate) fn new(technique: Technique, reason: String) -> Step {
        Step {
            technique,
            rating: technique.cost(),
            finer: 0.0,
            placements: Vec::new(),
            eliminations: Vec::new(),
            cells: Vec::new(),
            digits: DigitSet::EMPTY,
            reason,
        }
    }

    /// A step of `technique` that places `placement`, justified by `cells` (the house or cell
    /// it reads).
    pub(crate) fn placing(
        technique: Technique,
        reason: String,
        placement: Placement,
        cells: Vec<Cell>,
    ) -> Step {
        let mut step = Step::new(technique, reason);
        step.placements.push(placement);
        step.cells = cells;
        step.digits.insert(placement.digit);
        step
    }

    /// The technique that found it.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// Its difficulty on the Sudoku Explainer-like scale: the technique's cost, plus a length
    /// penalty for chains and bifurcations.
    pub fn rating(&self) -> f64 {
        self.rating
    }

    /// The digits it places.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The candidates it removes.
    pub fn eliminations(&self) -> &[Placement] {
        &self.eliminations
    }

    /// The cells that justify it (the house's places, the subset, the chain, ...).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The digits that justify it.
    pub fn digits(&self) -> DigitSet {
        self.digits
    }

    /// The reason, in a solver's words (what follows the colon in the step's line).
    pub fn reason(&self) -> &str {
        &self.reason
    }

    /// What the step does, in the user form: `r4c7=4`, or `r5c2,r5c3≠3–9; r6c1≠5` (removals
    /// grouped by the cells that lose them, digits as ranges).
    pub fn effect(&self) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|p| format!("{p:?}")).collect();
        parts.extend(eliminations_said(&self.eliminations));
        parts.join("; ")
    }
}

/// `eliminations` as a solver writes them, the cells that lose the same digits together and
/// the digits as ranges: `r4c2,r4c3≠3–9`, one part per group.
pub(crate) fn eliminations_said(eliminations: &[Placement]) -> Vec<String> {
    let mut digits: Vec<_> = eliminations.iter().map(|p| p.digit).collect();
    digits.sort();
    digits.dedup();
    let mut groups: Vec<(Vec<Cell>, DigitSet)> = Vec::new();
    for digit in digits {
        let mut cells: Vec<Cell> =
            eliminations.iter().filter(|p| p.digit == digit).map(|p| p.cell).collect();
        cells.sort();
        match groups.iter_mut().find(|(others, _)| *others == cells) {
            Some((_, set)) => set.insert(digit),
            None => groups.push((cells, DigitSet::single(digit))),
        }
    }
    let said = |(cells, digits): (Vec<Cell>, DigitSet)| {
        format!("{}≠{}", cell_list(&cells), digit_ranges(digits))
    };
    groups.into_iter().map(said).collect()
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.effect(), self.reason)
    }
}

/// The cells of `placements`, sorted, without repeats.
pub(crate) fn cells_of(placements: &[Placement]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = placements.iter().map(|p| p.cell).collect();
    cells.sort();
    cells.dedup();
    cells
}

/// `r1c1,r1c2`.
pub(crate) fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| format!("{c:?}")).collect();
    names.join(",")
}

/// The cells in a solver's short form, in the given order: runs of neighbours along a row or
/// a column written by their ends (`r7c2-r7c4,r8c2`, `r1c1-r3c1`), the rest one by one.
pub(crate) fn cell_extent(cells: &[Cell]) -> String {
    let step = |a: Cell, b: Cell| {
        (b.row() as isize - a.row() as isize, b.column() as isize - a.column() as isize)
    };
    let mut parts = Vec::new();
    let mut start = 0;
    while start < cells.len() {
        let mut end = start;
        if start + 1 < cells.len() {
            let first = step(cells[start], cells[start + 1]);
            if matches!(first, (0, 1) | (1, 0)) {
                while end + 1 < cells.len() && step(cells[end], cells[end + 1]) == first {
                    end += 1;
                }
            }
        }
        parts.push(match end - start {
            0 => format!("{:?}", cells[start]),
            1 => format!("{:?},{:?}", cells[start], cells[end]),
            _ => format!("{:?}-{:?}", cells[start], cells[end]),
        });
        start = end + 1;
    }
    parts.join(",")
}

/// A solver's digit list: runs of three or more as ranges, `1–6,8`; `1,2`.
pub(crate) fn digit_ranges(digits: DigitSet) -> String {
    let list: Vec<Digit> = digits.iter().collect();
    let mut parts = Vec::new();
    let mut start = 0;
    while start < list.len() {
        let mut end = start;
        while end + 1 < list.len() && list[end + 1].index() == list[end].index() + 1 {
            end += 1;
        }
        if end - start >= 2 {
            parts.push(format!("{}–{}", list[start].to_char(), list[end].to_char()));
        } else {
            parts.extend(list[start..=end].iter().map(|d| d.to_char().to_string()));
        }
        start = end + 1;
    }
    parts.join(",")
}

/// `{1,2,3}` written `123` (digits are single symbols).
pub(crate) fn digit_list(digits: DigitSet) -> String {
    digits.iter().map(|d| d.to_char()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_written_as_runs_and_digits_as_ranges() {
        let cells =
            [(6, 1), (6, 2), (6, 3), (7, 1), (0, 0), (1, 0), (4, 4)].map(|(r, c)| Cell::new(r, c));
        assert_eq!(cell_extent(&cells), "r7c2-r7c4,r8c2,r1c1,r2c1,r5c5");
        let digits = |list: &[usize]| list.iter().map(|&d| Digit::from_index(d - 1)).collect();
        assert_eq!(digit_ranges(digits(&[1, 2, 3, 4, 5, 6, 8])), "1–6,8");
        assert_eq!(digit_ranges(digits(&[1, 2, 5, 7, 8, 9])), "1,2,5,7–9");
    }
}
