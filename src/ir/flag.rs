//! Auxiliary variables of the IR: flags (Booleans defined over placements and earlier flags)
//! and the terms of linear sums that read them.
//!
//! Some rules speak of cells picked by other cells' digits: a sandwich sums the cells between
//! the 1 and the N, an X-sum the first X cells, a skyscraper counts the cells taller than all
//! before them. No fixed list of cells can say this, and the tuples of a whole row are too
//! many. A [`Flag`] names such a condition once ("this cell lies between the 1 and the N"),
//! defined as a disjunction of conjunctions of literals, and a [`Term`] of a linear sum may
//! count a cell's digit only when a flag holds, or count the flag itself (0 or 1). Engines
//! read flags three ways: the encoder writes each as a variable with its definition
//! (Tseitin), the search engines evaluate them exactly on complete grids and in three values
//! (true, false, unknown) on candidates, for their range checks.

use super::Placement;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// An auxiliary Boolean of the IR, by its position in [`super::Ir::flags`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Flag(pub(super) usize);

impl Flag {
    /// The flag's position in [`super::Ir::flags`].
    pub fn index(self) -> usize {
        self.0
    }
}

/// A condition a flag's definition reads: a placement or an earlier flag, or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// The placement holds (`positive`) or does not.
    Placement(Placement, bool),
    /// The flag holds (`positive`) or does not.
    Flag(Flag, bool),
}

impl Flag {
    /// The literal "this flag holds".
    pub fn is(self) -> Literal {
        Literal::Flag(self, true)
    }

    /// The literal "this flag does not hold".
    pub fn is_not(self) -> Literal {
        Literal::Flag(self, false)
    }
}

/// What a flag means: it holds exactly when every literal of some conjunction holds (no
/// conjunction: never; an empty conjunction: always).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagDefinition {
    /// The conjunctions, any one of which makes the flag hold.
    pub any_of: Vec<Vec<Literal>>,
}

/// One term of a linear sum: `coefficient × digit of cell × (1 if the gate holds, else 0)`,
/// where a missing cell counts 1 (the term counts its gate) and a missing gate always holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Term {
    /// The factor.
    pub coefficient: i32,
    /// The cell whose digit is counted, if any.
    pub cell: Option<Cell>,
    /// The flag the term counts under, if any.
    pub gate: Option<Flag>,
}

impl Term {
    /// `coefficient × digit(cell)`: the term of an ordinary sum.
    pub fn digit(cell: Cell, coefficient: i32) -> Term {
        Term { coefficient, cell: Some(cell), gate: None }
    }

    /// `coefficient × digit(cell)` when `gate` holds, else 0.
    pub fn gated(cell: Cell, gate: Flag, coefficient: i32) -> Term {
        Term { coefficient, cell: Some(cell), gate: Some(gate) }
    }

    /// `coefficient` when `flag` holds, else 0: a count of flags.
    pub fn flag(flag: Flag, coefficient: i32) -> Term {
        Term { coefficient, cell: None, gate: Some(flag) }
    }

    /// The term's value when cells hold `digit_of` and flags have the values `flags`.
    pub fn value(&self, digit_of: impl Fn(Cell) -> Digit, flags: &[bool]) -> i64 {
        let open = self.gate.is_none_or(|flag| flags[flag.0]);
        let factor = self.cell.map_or(1, |cell| digit_of(cell).value() as i64);
        if open { i64::from(self.coefficient) * factor } else { 0 }
    }

    /// The least and the most the term can be when cells may hold `candidates_of` and flags
    /// are `flags` (`None`: unknown). An empty cell counts as 0.
    pub fn range(
        &self,
        candidates_of: impl Fn(Cell) -> DigitSet,
        flags: &[Option<bool>],
    ) -> (i64, i64) {
        let a = i64::from(self.coefficient);
        let (low, high) = match self.cell {
            Some(cell) => {
                let set = candidates_of(cell);
                let (least, most) = (set.iter().next(), set.iter().last());
                let scaled = |d: Option<Digit>| d.map_or(0, |d| a * d.value() as i64);
                let (x, y) = (scaled(least), scaled(most));
                (x.min(y), x.max(y))
            }
            None => (a, a),
        };
        match self.gate.map(|flag| flags[flag.0]) {
            None | Some(Some(true)) => (low, high),
            Some(Some(false)) => (0, 0),
            Some(None) => (low.min(0), high.max(0)),
        }
    }
}

/// The value of every flag of `definitions` when cells hold `digit_of`.
pub fn flag_values(definitions: &[FlagDefinition], digit_of: impl Fn(Cell) -> Digit) -> Vec<bool> {
    let mut values: Vec<bool> = Vec::with_capacity(definitions.len());
    for definition in definitions {
        let holds = |literal: &Literal| match *literal {
            Literal::Placement(p, positive) => (digit_of(p.cell) == p.digit) == positive,
            Literal::Flag(flag, positive) => values[flag.0] == positive,
        };
        let value = definition.any_of.iter().any(|all| all.iter().all(holds));
        values.push(value);
    }
    values
}

/// Every flag of `definitions` in three values (Kleene's logic) when cells may hold
/// `candidates_of`: `Some` when the candidates settle it, `None` when they do not. Exact on a
/// complete assignment (every cell one candidate).
pub fn flag_states(
    definitions: &[FlagDefinition],
    candidates_of: impl Fn(Cell) -> DigitSet,
) -> Vec<Option<bool>> {
    let mut states: Vec<Option<bool>> = Vec::with_capacity(definitions.len());
    for definition in definitions {
        let state = flag_state(definition, &candidates_of, &states);
        states.push(state);
    }
    states
}

/// [`flag_states`] for the flags `needed` only (ascending, and holding every flag their
/// definitions read, as [`linear_flags`] gives them), written into `states` (one entry per
/// definition; the others are left as they were): no allocation, for the search engines'
/// range checks on each placement.
pub fn flag_states_of(
    definitions: &[FlagDefinition],
    needed: &[Flag],
    candidates_of: impl Fn(Cell) -> DigitSet,
    states: &mut [Option<bool>],
) {
    for &flag in needed {
        states[flag.0] = flag_state(&definitions[flag.0], &candidates_of, states);
    }
}

/// One flag in three values, reading earlier flags from `states` (none for a flag defined
/// over placements alone).
pub(crate) fn flag_state(
    definition: &FlagDefinition,
    candidates_of: &impl Fn(Cell) -> DigitSet,
    states: &[Option<bool>],
) -> Option<bool> {
    let state = |literal: &Literal| match *literal {
        Literal::Placement(p, positive) => {
            let set = candidates_of(p.cell);
            let holds =
                if !set.contains(p.digit) { Some(false) } else { (set.len() == 1).then_some(true) };
            holds.map(|h| h == positive)
        }
        Literal::Flag(flag, positive) => states[flag.0].map(|h| h == positive),
    };
    // Per conjunction: None = false, Some(true) = true, Some(false) = unknown.
    let conjunction = |all: &Vec<Literal>| {
        all.iter().map(state).try_fold(true, |sure, s| match s {
            Some(false) => None,
            Some(true) => Some(sure),
            None => Some(false),
        })
    };
    let mut unknown = false;
    for result in definition.any_of.iter().map(conjunction) {
        match result {
            Some(true) => return Some(true),
            Some(false) => unknown = true,
            None => {}
        }
    }
    if unknown { None } else { Some(false) }
}

/// Every flag a linear sum of `terms` reads, directly or through other flags' definitions,
/// ascending (so each comes after the flags its definition reads).
pub fn linear_flags(definitions: &[FlagDefinition], terms: &[Term]) -> Vec<Flag> {
    let mut pending: Vec<Flag> = terms.iter().filter_map(|t| t.gate).collect();
    let mut seen = vec![false; definitions.len()];
    while let Some(flag) = pending.pop() {
        if std::mem::replace(&mut seen[flag.0], true) {
            continue;
        }
        for literal in definitions[flag.0].any_of.iter().flatten() {
            if let Literal::Flag(earlier, _) = *literal {
                pending.push(earlier);
            }
        }
    }
    seen.iter().enumerate().filter(|&(_, &seen)| seen).map(|(index, _)| Flag(index)).collect()
}

/// The flags of `needed` (ascending, as [`linear_flags`] gives them) whose value depends on
/// `cell`'s digit, directly or through the flags they read, ascending: the ones to evaluate
/// again when only that cell's candidates change.
pub(crate) fn flags_reading(
    definitions: &[FlagDefinition],
    needed: &[Flag],
    cell: Cell,
) -> Vec<Flag> {
    let mut touched: Vec<Flag> = Vec::new();
    for &flag in needed {
        let reads = definitions[flag.0].any_of.iter().flatten().any(|literal| match *literal {
            Literal::Placement(p, _) => p.cell == cell,
            Literal::Flag(earlier, _) => touched.binary_search(&earlier).is_ok(),
        });
        if reads {
            touched.push(flag);
        }
    }
    touched
}

/// Every cell a linear sum of `terms` reads, directly or through its flags' definitions,
/// sorted: once these are filled, the sum's value is known.
pub fn linear_cells(definitions: &[FlagDefinition], terms: &[Term]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = terms.iter().filter_map(|t| t.cell).collect();
    for flag in linear_flags(definitions, terms) {
        for literal in definitions[flag.0].any_of.iter().flatten() {
            if let Literal::Placement(p, _) = *literal {
                cells.push(p.cell);
            }
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// Whether a linear sum of `terms` in `relation` to `bound` can still hold on the candidates
/// `candidates_of` with flags `states`: the range check of the search engines.
pub fn linear_reachable(
    terms: &[Term],
    relation: super::Relation,
    bound: i64,
    candidates_of: impl Fn(Cell) -> DigitSet + Copy,
    states: &[Option<bool>],
) -> bool {
    let (low, high) = terms.iter().fold((0, 0), |(low, high), term| {
        let (a, b) = term.range(candidates_of, states);
        (low + a, high + b)
    });
    relation.reachable(low, high, bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(row: usize, value: usize) -> Placement {
        Placement::new(Cell::new(row, 0), Digit::new(value).unwrap())
    }

    #[test]
    fn the_flags_reading_a_cell_include_those_reading_them() {
        // f0 = r1c1 is 1; f1 = r2c1 is 2; f2 = f0 and r3c1 is 3; f3 = f1.
        let placement = |p| vec![vec![Literal::Placement(p, true)]];
        let definitions = vec![
            FlagDefinition { any_of: placement(at(0, 1)) },
            FlagDefinition { any_of: placement(at(1, 2)) },
            FlagDefinition { any_of: vec![vec![Flag(0).is(), Literal::Placement(at(2, 3), true)]] },
            FlagDefinition { any_of: vec![vec![Flag(1).is()]] },
        ];
        let needed = [Flag(0), Flag(1), Flag(2), Flag(3)];
        assert_eq!(flags_reading(&definitions, &needed, Cell::new(0, 0)), [Flag(0), Flag(2)]);
        assert_eq!(flags_reading(&definitions, &needed, Cell::new(1, 0)), [Flag(1), Flag(3)]);
        assert_eq!(flags_reading(&definitions, &needed, Cell::new(2, 0)), [Flag(2)]);
    }

    #[test]
    fn three_valued_flags_agree_with_exact_ones_once_cells_are_fixed() {
        // f0 = r1c1 is 1 or r2c1 is 2; f1 = f0 and not r3c1 is 3.
        let definitions = vec![
            FlagDefinition {
                any_of: vec![
                    vec![Literal::Placement(at(0, 1), true)],
                    vec![Literal::Placement(at(1, 2), true)],
                ],
            },
            FlagDefinition {
                any_of: vec![vec![Flag(0).is(), Literal::Placement(at(2, 3), false)]],
            },
        ];
        let open = |_: Cell| DigitSet::full(4);
        assert_eq!(flag_states(&definitions, open), vec![None, None]);
        let grid = [1, 4, 3];
        let digit_of = |cell: Cell| Digit::new(grid[cell.row()]).unwrap();
        let fixed = |cell: Cell| DigitSet::single(digit_of(cell));
        assert_eq!(flag_values(&definitions, digit_of), vec![true, false]);
        assert_eq!(flag_states(&definitions, fixed), vec![Some(true), Some(false)]);
    }
}
