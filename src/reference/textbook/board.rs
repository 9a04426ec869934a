//! The board of the course's solver: the grid being filled, the digits of each row, column and
//! box as bitsets, the placements each digit forbids, and the implications pass.

use std::cell::RefCell;

use crate::ir::{
    Constraint, Flag, Ir, Relation, Term, flag_states_of, linear_cells, linear_flags,
    linear_reachable,
};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Geometry, HouseKind};
use crate::model::grid::Grid;

/// A linear sum: terms, relation, bound, and the flags it reads (see [`linear_flags`]).
type IndexedLinear = (Vec<Term>, Relation, i64, Vec<Flag>);

/// The grid being filled, with what the validity check and the implications read.
pub(super) struct Board {
    geometry: Geometry,
    size: usize,
    /// M, the largest digit (N unless the puzzle declares more).
    pub(super) digits: usize,
    /// The digit index plus one in each cell, 0 when empty.
    pub(super) values: Vec<u8>,
    /// The digits placed in each row, column and box, as bitsets.
    row_digits: Vec<u64>,
    column_digits: Vec<u64>,
    box_digits: Vec<u64>,
    box_of: Vec<usize>,
    /// The cells of each box in reading order, boxes in the course's order (down each stack).
    boxes: Vec<Vec<usize>>,
    /// For each placement slot, how many placed digits (or domains) forbid it.
    blocked: Vec<u32>,
    /// For each placement slot, the slots it forbids (house partners and exclusions).
    excluded_by: Vec<Vec<usize>>,
    /// Each table or sum: its cells and the tuples it allows; and the tables of each cell.
    tables: Vec<(Vec<usize>, Vec<Vec<Digit>>)>,
    tables_of: Vec<Vec<usize>>,
    /// Each linear sum: its terms, relation and bound; and those that read each cell.
    linears: Vec<IndexedLinear>,
    linears_of: Vec<Vec<usize>>,
    /// The IR's flags, which linear sums may read.
    flags: Vec<crate::ir::FlagDefinition>,
    /// The flags' three-valued states, reused by each range check (only the flags the sum
    /// reads are written and read).
    flag_states: RefCell<Vec<Option<bool>>>,
    /// The cells placed, in order, so that a tried digit and its implications undo together.
    pub(super) trail: Vec<usize>,
}

impl Board {
    pub(super) fn new(ir: &Ir) -> Board {
        let geometry = ir.geometry();
        let size = geometry.size();
        let cells = geometry.cell_count();
        let mut board = Board {
            geometry,
            size,
            digits: geometry.digits(),
            values: vec![0; cells],
            row_digits: vec![0; size],
            column_digits: vec![0; size],
            box_digits: vec![0; size],
            box_of: geometry.cells().map(|cell| geometry.box_of(cell)).collect(),
            boxes: course_box_order(geometry),
            blocked: vec![0; geometry.slot_count()],
            excluded_by: vec![Vec::new(); geometry.slot_count()],
            tables: Vec::new(),
            tables_of: vec![Vec::new(); cells],
            linears: Vec::new(),
            linears_of: vec![Vec::new(); cells],
            flags: ir.flags().to_vec(),
            flag_states: RefCell::new(vec![None; ir.flags().len()]),
            trail: Vec::new(),
        };
        for constraint in ir.constraints() {
            board.add_constraint(ir, constraint);
        }
        for partners in &mut board.excluded_by {
            partners.sort_unstable();
            partners.dedup();
        }
        board
    }

    fn add_constraint(&mut self, ir: &Ir, constraint: &Constraint) {
        let geometry = ir.geometry();
        match constraint {
            Constraint::House(cells) => {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        for digit in (0..self.digits).map(Digit::from_index) {
                            let (sa, sb) = (geometry.slot(a, digit), geometry.slot(b, digit));
                            self.excluded_by[sa].push(sb);
                            self.excluded_by[sb].push(sa);
                        }
                    }
                }
            }
            Constraint::Exclude(a, b) => {
                let (sa, sb) = (geometry.slot(a.cell, a.digit), geometry.slot(b.cell, b.digit));
                self.excluded_by[sa].push(sb);
                self.excluded_by[sb].push(sa);
            }
            Constraint::Domain(cell, allowed) => {
                for digit in (0..self.digits).map(Digit::from_index) {
                    if !allowed.contains(digit) {
                        self.blocked[geometry.slot(*cell, digit)] += 1;
                    }
                }
            }
            Constraint::Table { .. } | Constraint::Sum { .. } => {
                let (cells, tuples) = constraint.tuples(self.digits).expect("a table or a sum");
                let cells: Vec<usize> = cells.iter().map(|&c| geometry.index(c)).collect();
                for &cell in &cells {
                    self.tables_of[cell].push(self.tables.len());
                }
                self.tables.push((cells, tuples));
            }
            Constraint::Linear { terms, relation, bound } => {
                for cell in linear_cells(ir.flags(), terms) {
                    self.linears_of[geometry.index(cell)].push(self.linears.len());
                }
                let flags = linear_flags(ir.flags(), terms);
                self.linears.push((terms.clone(), *relation, i64::from(*bound), flags));
            }
        }
    }

    /// Places the givens in reading order; `false` when they break a constraint.
    pub(super) fn place_givens(&mut self, givens: &Grid) -> bool {
        let geometry = givens.geometry();
        givens.filled().all(|(cell, digit)| {
            let index = geometry.index(cell);
            let valid = self.is_valid(index, digit.index());
            if valid {
                self.place(index, digit.index());
            }
            valid
        })
    }

    /// Whether `digit` may go in the empty `cell` next to the digits placed so far.
    pub(super) fn is_valid(&self, cell: usize, digit: usize) -> bool {
        self.blocked[cell * self.digits + digit] == 0
            && self.tables_of[cell].iter().all(|&table| self.table_allows(table, cell, digit))
            && self.linears_of[cell].iter().all(|&linear| self.linear_allows(linear, cell, digit))
    }

    /// Whether linear sum `linear` can still hold with the placed digits and `digit` in `cell`
    /// (each empty cell may hold any digit; flags in three values).
    fn linear_allows(&self, linear: usize, cell: usize, digit: usize) -> bool {
        let (terms, relation, bound, flags) = &self.linears[linear];
        let candidates_of = |c| {
            let index = self.geometry.index(c);
            match (index == cell, self.values[index]) {
                (true, _) => DigitSet::single(Digit::from_index(digit)),
                (false, 0) => DigitSet::full(self.digits),
                (false, v) => DigitSet::single(Digit::from_index(usize::from(v) - 1)),
            }
        };
        let mut states = self.flag_states.borrow_mut();
        flag_states_of(&self.flags, flags, candidates_of, &mut states);
        linear_reachable(terms, *relation, *bound, candidates_of, &states)
    }

    /// Whether some tuple of `table` agrees with the placed digits and `digit` in `cell`.
    fn table_allows(&self, table: usize, cell: usize, digit: usize) -> bool {
        let (cells, tuples) = &self.tables[table];
        tuples.iter().any(|tuple| {
            cells.iter().zip(tuple).all(|(&c, d)| match c == cell {
                true => d.index() == digit,
                false => self.values[c] == 0 || usize::from(self.values[c]) == d.index() + 1,
            })
        })
    }

    pub(super) fn place(&mut self, cell: usize, digit: usize) {
        self.values[cell] = u8::try_from(digit + 1).expect("at most 35 digits");
        self.toggle_digit_sets(cell, digit);
        for &slot in &self.excluded_by[cell * self.digits + digit] {
            self.blocked[slot] += 1;
        }
        self.trail.push(cell);
    }

    /// Empties the cells placed since the trail was `mark` long.
    pub(super) fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let cell = self.trail.pop().expect("longer than the mark");
            let digit = usize::from(self.values[cell]) - 1;
            self.values[cell] = 0;
            self.toggle_digit_sets(cell, digit);
            for &slot in &self.excluded_by[cell * self.digits + digit] {
                self.blocked[slot] -= 1;
            }
        }
    }

    fn toggle_digit_sets(&mut self, cell: usize, digit: usize) {
        let bit = 1u64 << digit;
        self.row_digits[cell / self.size] ^= bit;
        self.column_digits[cell % self.size] ^= bit;
        self.box_digits[self.box_of[cell]] ^= bit;
    }

    /// One pass of implications over the boxes (see the module doc); says whether it placed.
    pub(super) fn implication_pass(&mut self) -> bool {
        let full = DigitSet::full(self.digits).bits();
        let mut placed = false;
        for b in 0..self.boxes.len() {
            // The box's missing digits as the visit starts; a cell of the box is filled only at
            // its own turn, so "empty now" is "empty when the visit started".
            let missing = full & !self.box_digits[self.box_of[self.boxes[b][0]]];
            for i in 0..self.boxes[b].len() {
                let cell = self.boxes[b][i];
                if self.values[cell] != 0 {
                    continue;
                }
                let seen = self.row_digits[cell / self.size] | self.column_digits[cell % self.size];
                let left = missing & !seen;
                let digit = left.trailing_zeros() as usize;
                if left.count_ones() == 1 && self.is_valid(cell, digit) {
                    self.place(cell, digit);
                    placed = true;
                }
            }
        }
        placed
    }

    pub(super) fn to_grid(&self) -> Grid {
        let mut grid = Grid::empty(self.geometry);
        for (index, &value) in self.values.iter().enumerate() {
            let digit = (value > 0).then(|| Digit::from_index(usize::from(value) - 1));
            grid.set(self.geometry.cell(index), digit);
        }
        grid
    }
}

/// The cells of each box in reading order, the boxes down each stack in turn (the course lists
/// its 3×3 `sectors` column of boxes by column of boxes).
fn course_box_order(geometry: Geometry) -> Vec<Vec<usize>> {
    let mut boxes: Vec<(usize, Vec<usize>)> = geometry
        .houses()
        .into_iter()
        .filter(|house| house.kind == HouseKind::Box)
        .map(|house| {
            let cells: Vec<usize> = house.cells.iter().map(|&c| geometry.index(c)).collect();
            (house.cells[0].column() * geometry.size() + house.cells[0].row(), cells)
        })
        .collect();
    boxes.sort_by_key(|(column_major, _)| *column_major);
    boxes.into_iter().map(|(_, cells)| cells).collect()
}
