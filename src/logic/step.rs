//! A step of a logical solve: what it places and removes, which technique, which cells and
//! digits justify it, and the sentence a solver would say.

use std::fmt;

use super::technique::Technique;
use crate::ir::Placement;
use crate::model::digit::DigitSet;
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

    /// What the step does, in the user form: `r4c7=4`, or `r5c2,r5c3≠3; r6c1≠5` (removals
    /// grouped by digit).
    pub fn effect(&self) -> String {
        let mut parts: Vec<String> = self.placements.iter().map(|p| format!("{p:?}")).collect();
        if let [first, rest @ ..] = self.eliminations.as_slice() {
            if rest.iter().all(|p| p.cell == first.cell) {
                let digits: DigitSet = self.eliminations.iter().map(|p| p.digit).collect();
                let list: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                parts.push(format!("{:?}≠{}", first.cell, list.join(",")));
                return parts.join("; ");
            }
        }
        let mut digits: Vec<_> = self.eliminations.iter().map(|p| p.digit).collect();
        digits.sort();
        digits.dedup();
        for digit in digits {
            let mut cells: Vec<Cell> =
                self.eliminations.iter().filter(|p| p.digit == digit).map(|p| p.cell).collect();
            cells.sort();
            let names: Vec<String> = cells.iter().map(|c| format!("{c:?}")).collect();
            parts.push(format!("{}≠{digit}", names.join(",")));
        }
        parts.join("; ")
    }
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

/// `{1,2,3}` written `123` (digits are single symbols).
pub(crate) fn digit_list(digits: DigitSet) -> String {
    digits.iter().map(|d| d.to_char()).collect()
}
