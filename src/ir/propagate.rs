//! Propagation: cheap deductions over candidate bitsets (naked and hidden singles, exclusions,
//! table supports, bounds of linear sums) before any clause is written. It often finds the whole answer, and it finds
//! many contradictions; everything it removes gets no SAT variable.

use std::fmt;

use itertools::Itertools;

use super::{Constraint, Ir, Placement, Relation};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry};
use crate::model::grid::Grid;

/// The digits each cell may still hold.
#[derive(Clone, PartialEq, Eq)]
pub struct Candidates {
    geometry: Geometry,
    sets: Vec<DigitSet>,
}

impl Candidates {
    /// Every digit in every cell.
    pub fn all(geometry: Geometry) -> Candidates {
        Candidates { geometry, sets: vec![DigitSet::full(geometry.size()); geometry.cell_count()] }
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The digits `cell` may hold.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[self.geometry.index(cell)]
    }

    /// Whether `digit` is still possible in `cell`.
    pub fn allows(&self, placement: Placement) -> bool {
        self.get(placement.cell).contains(placement.digit)
    }

    /// The placements still possible, cells in reading order, digits ascending.
    pub fn placements(&self) -> impl Iterator<Item = Placement> + '_ {
        self.geometry.cells().flat_map(move |cell| {
            self.get(cell).iter().map(move |digit| Placement::new(cell, digit))
        })
    }

    /// The grid of the cells with a single candidate.
    pub fn singles(&self) -> Grid {
        let mut grid = Grid::empty(self.geometry);
        for cell in self.geometry.cells() {
            grid.set(cell, self.get(cell).single_digit());
        }
        grid
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.sets).finish()
    }
}

/// Propagation proved the puzzle has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    reason: String,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Runs the deductions to a fixed point, from the IR's domains and `givens`.
///
/// # Errors
/// A [`Contradiction`] when a cell runs out of candidates, a digit runs out of places in a
/// house, or a table runs out of tuples: then the puzzle has no solution.
pub fn propagate(ir: &Ir, givens: &Grid) -> Result<Candidates, Contradiction> {
    Propagator::new(ir).run(givens)
}

/// The IR arranged for propagation: what each placement excludes, full houses, tables.
struct Propagator<'a> {
    ir: &'a Ir,
    size: usize,
    /// For each cell, the cells sharing a house with it (no digit repeats between them).
    peers: Vec<Vec<Cell>>,
    /// For each placement slot, the placements its `Exclude` constraints rule out.
    excluded_by: Vec<Vec<Placement>>,
    full_houses: Vec<&'a [Cell]>,
    tables: Vec<(&'a [Cell], Vec<Vec<Digit>>)>,
    linears: Vec<Linear<'a>>,
}

/// A linear sum's terms, relation and bound, as the IR holds them.
type Linear<'a> = (&'a [(Cell, i32)], Relation, i32);

impl<'a> Propagator<'a> {
    fn new(ir: &'a Ir) -> Propagator<'a> {
        let geometry = ir.geometry();
        let size = geometry.size();
        let mut peers = vec![Vec::new(); geometry.cell_count()];
        let mut excluded_by = vec![Vec::new(); geometry.slot_count()];
        let slot = |p: Placement| geometry.slot(p.cell, p.digit);
        let mut full_houses = Vec::new();
        let mut tables = Vec::new();
        let mut linears = Vec::new();
        for constraint in ir.constraints() {
            match constraint {
                Constraint::House(cells) => {
                    if cells.len() == size {
                        full_houses.push(cells.as_slice());
                    }
                    for &a in cells {
                        peers[geometry.index(a)].extend(cells.iter().filter(|&&b| b != a));
                    }
                }
                Constraint::Exclude(a, b) => {
                    excluded_by[slot(*a)].push(*b);
                    excluded_by[slot(*b)].push(*a);
                }
                Constraint::Domain(..) => {}
                Constraint::Linear { terms, relation, bound } => {
                    linears.push((terms.as_slice(), *relation, *bound));
                }
                table => tables.extend(table.tuples(size)),
            }
        }
        for list in &mut peers {
            list.sort();
            list.dedup();
        }
        Propagator { ir, size, peers, excluded_by, full_houses, tables, linears }
    }

    fn run(&self, givens: &Grid) -> Result<Candidates, Contradiction> {
        let geometry = self.ir.geometry();
        let mut state = State { candidates: Candidates::all(geometry), queue: Vec::new() };
        for constraint in self.ir.constraints() {
            if let Constraint::Domain(cell, digits) = constraint {
                state.restrict(*cell, *digits)?;
            }
        }
        for (cell, digit) in givens.filled() {
            state.restrict(cell, DigitSet::single(digit))?;
        }
        for cell in geometry.cells() {
            if state.candidates.get(cell).len() == 1 {
                state.queue.push(cell);
            }
        }
        loop {
            while let Some(cell) = state.queue.pop() {
                let digit =
                    state.candidates.get(cell).single_digit().expect("queued cells are single");
                for &peer in &self.peers[geometry.index(cell)] {
                    state.eliminate(Placement::new(peer, digit))?;
                }
                let slot = geometry.slot(cell, digit);
                for &other in &self.excluded_by[slot] {
                    state.eliminate(other)?;
                }
            }
            let mut progress = false;
            for cells in &self.full_houses {
                progress |= self.hidden_singles(cells, &mut state)?;
            }
            for (cells, tuples) in &self.tables {
                progress |= self.table_supports(cells, tuples, &mut state)?;
            }
            for &(terms, relation, bound) in &self.linears {
                progress |= linear_bounds(terms, relation, bound, &mut state)?;
            }
            if !progress && state.queue.is_empty() {
                return Ok(state.candidates);
            }
        }
    }

    /// Places each digit that has one cell left in a house; says whether anything changed.
    fn hidden_singles(&self, cells: &[Cell], state: &mut State) -> Result<bool, Contradiction> {
        let mut progress = false;
        for digit in (0..self.size).map(Digit::from_index) {
            let mut places = cells.iter().filter(|&&c| state.candidates.get(c).contains(digit));
            match (places.next(), places.next()) {
                (None, _) => {
                    let reason = format!("digit {digit} has no place left among {cells:?}");
                    return Err(Contradiction { reason });
                }
                (Some(&cell), None) if state.candidates.get(cell).len() > 1 => {
                    state.restrict(cell, DigitSet::single(digit))?;
                    progress = true;
                }
                _ => {}
            }
        }
        Ok(progress)
    }

    /// Keeps only the digits some still-possible tuple supports; says whether anything changed.
    fn table_supports(
        &self,
        cells: &[Cell],
        tuples: &[Vec<Digit>],
        state: &mut State,
    ) -> Result<bool, Contradiction> {
        let alive = tuples.iter().filter(|tuple| {
            cells.iter().zip(tuple.iter()).all(|(&c, &d)| state.candidates.get(c).contains(d))
        });
        let mut supported = vec![DigitSet::EMPTY; cells.len()];
        for tuple in alive {
            tuple.iter().zip(&mut supported).for_each(|(&digit, set)| set.insert(digit));
        }
        let mut progress = false;
        for (&cell, &support) in cells.iter().zip(&supported) {
            progress |= state.restrict(cell, support)?;
        }
        Ok(progress)
    }
}

/// Bounds reasoning on `Σ a·digit(cell) relation bound`: removes each digit that puts the sum
/// out of reach whatever the other cells hold (for `≠`, the one digit that would make the sum
/// equal once every other cell is fixed); says whether anything changed.
///
/// # Errors
/// A [`Contradiction`] when the candidates cannot satisfy the relation at all.
fn linear_bounds(
    terms: &[(Cell, i32)],
    relation: Relation,
    bound: i32,
    state: &mut State,
) -> Result<bool, Contradiction> {
    let bound = i64::from(bound);
    let value = |a: i32, digit: Digit| i64::from(a) * digit.value() as i64;
    let ranges: Vec<(i64, i64)> = terms
        .iter()
        .map(|&(cell, a)| {
            let values = state.candidates.get(cell).iter().map(|d| value(a, d));
            values.minmax().into_option().unwrap_or((0, 0))
        })
        .collect();
    let low: i64 = ranges.iter().map(|r| r.0).sum();
    let high: i64 = ranges.iter().map(|r| r.1).sum();
    let open = ranges.iter().filter(|r| r.0 != r.1).count();
    let impossible = match relation {
        Relation::Equal => bound < low || bound > high,
        Relation::AtMost => low > bound,
        Relation::NotEqual => low == high && low == bound,
    };
    if impossible {
        let reason = format!("the sum over {terms:?} cannot be {relation:?} {bound}");
        return Err(Contradiction { reason });
    }
    let mut progress = false;
    for (&(cell, a), &(least, most)) in terms.iter().zip(&ranges) {
        // The room the other terms leave this one.
        let (others_low, others_high) = (low - least, high - most);
        let keep = |digit: Digit| {
            let v = value(a, digit);
            match relation {
                Relation::Equal => others_low + v <= bound && others_high + v >= bound,
                Relation::AtMost => others_low + v <= bound,
                Relation::NotEqual => !(open == 1 && least != most && others_low + v == bound),
            }
        };
        let allowed: DigitSet = state.candidates.get(cell).iter().filter(|&d| keep(d)).collect();
        progress |= state.restrict(cell, allowed)?;
    }
    Ok(progress)
}

/// The candidates being narrowed, and the cells that became single and still have to be
/// propagated.
struct State {
    candidates: Candidates,
    queue: Vec<Cell>,
}

impl State {
    /// Narrows `cell` to `allowed`; says whether anything was removed.
    fn restrict(&mut self, cell: Cell, allowed: DigitSet) -> Result<bool, Contradiction> {
        let index = self.candidates.geometry.index(cell);
        let before = self.candidates.sets[index];
        let after = before.intersection(allowed);
        if after == before {
            return Ok(false);
        }
        self.candidates.sets[index] = after;
        match after.len() {
            0 => Err(Contradiction { reason: format!("{cell:?} has no candidate left") }),
            1 => {
                self.queue.push(cell);
                Ok(true)
            }
            _ => Ok(true),
        }
    }

    fn eliminate(&mut self, placement: Placement) -> Result<bool, Contradiction> {
        let mut allowed = DigitSet::full(self.candidates.geometry.size());
        allowed.remove(placement.digit);
        self.restrict(placement.cell, allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::puzzle::Puzzle;

    fn candidates(text: &str) -> Result<Candidates, Contradiction> {
        let puzzle: Puzzle = text.parse().unwrap();
        propagate(&Ir::lower(&puzzle), puzzle.givens())
    }

    #[test]
    fn singles_solve_an_easy_puzzle() {
        let line =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
        let solved = candidates(line).unwrap().singles();
        assert!(solved.is_complete(), "{solved:?}");
        assert_eq!(&solved.to_line()[..9], "864371259");
    }

    #[test]
    fn an_empty_grid_keeps_every_candidate() {
        let all = candidates(&".".repeat(16)).unwrap();
        assert_eq!(all.placements().count(), 64);
    }

    #[test]
    fn contradictions_are_found() {
        // r1c1..r1c3 leave only 4 for r1c4, which column 4 already holds.
        assert!(candidates("123.............\n").is_ok());
        assert!(candidates("123............4").is_err());
    }

    #[test]
    fn sums_prune_by_support() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let mut builder = crate::ir::IrBuilder::new(geometry);
        let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
        builder.push(Constraint::Sum { cells, total: 3, distinct: true });
        let found = propagate(&builder.build(), &Grid::empty(geometry)).unwrap();
        let allowed: DigitSet = [1, 2].into_iter().filter_map(Digit::new).collect();
        assert_eq!(found.get(Cell::new(0, 0)), allowed);
        assert_eq!(found.get(Cell::new(0, 2)).len(), 4);
    }
}
