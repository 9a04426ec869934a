//! The fill search of a line: forward checking with the fewest candidates first. Placing a
//! digit removes from the line's other cells what it excludes (one house, a rule's `Exclude`,
//! a two-cell table of the line), looked up in a table made once per line and board; a table
//! of three cells (entropic, modular, between lines) left one open cell narrows that cell to
//! the digits that complete a tuple. Lines are long (an entropic line of 14 cells) and their
//! cells far apart, so the pruning of the sums' plain depth-first fill, which checks each cell
//! against those before it, is not enough.
//!
//! The domains are changed in place and the changes undone on the way back (a trail), and
//! each placement lists only the cells it changes: a node costs what it removes, not the
//! line's length.

use super::fill::Answer;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::line::{Line, Relation};
use crate::model::digit::{Digit, DigitSet};

/// A line's cells ready to be filled, whatever their candidates.
#[derive(Clone, Debug)]
pub(in crate::logic) struct LineSearch {
    /// The number of cells.
    cells: usize,
    /// The number of digits.
    digits: usize,
    /// Per placement (cell i, digit d) at `i·digits + d`: where its list of
    /// [`LineSearch::excluded`] starts (it ends where the next one starts).
    starts: Vec<usize>,
    /// The other cells of the line a placement removes digits from, and those digits.
    excluded: Vec<(usize, DigitSet)>,
    /// The tables of three cells.
    triples: Vec<Relation>,
    /// Per cell, the tables of three cells holding it (indices into `triples`).
    triples_of: Vec<Vec<usize>>,
}

impl LineSearch {
    /// The search of `line` on `board`.
    pub fn new(board: &Board, line: &Line) -> LineSearch {
        let (cells, digits) = (line.cells.len(), board.geometry.digits());
        let mut position = vec![None; board.geometry.cell_count()];
        for (i, &cell) in line.cells.iter().enumerate() {
            position[board.geometry.index(cell)] = Some(i);
        }
        // (i·digits + d)·cells + j: the digits of cell j that digit d in cell i excludes.
        let mut conflicts = vec![DigitSet::EMPTY; cells * digits * cells];
        let all = || (0..digits).map(Digit::from_index);
        for (i, &cell) in line.cells.iter().enumerate() {
            let peers: Vec<usize> =
                (0..cells).filter(|&j| board.share_house(cell, line.cells[j])).collect();
            for d in all() {
                let row = (i * digits + d.index()) * cells;
                for &j in &peers {
                    conflicts[row + j].insert(d);
                }
                for (excluded, _) in &board.excluded_by[board.slot(Placement::new(cell, d))] {
                    match position[board.geometry.index(excluded.cell)] {
                        Some(j) if j != i => conflicts[row + j].insert(excluded.digit),
                        _ => {}
                    }
                }
            }
        }
        for relation in line.relations.iter().filter(|r| r.positions.len() == 2) {
            let [i, j] = [relation.positions[0], relation.positions[1]];
            for (d, e) in all().flat_map(|d| all().map(move |e| (d, e))) {
                if !relation.allows(|p| if p == i { d } else { e }) {
                    conflicts[(i * digits + d.index()) * cells + j].insert(e);
                    conflicts[(j * digits + e.index()) * cells + i].insert(d);
                }
            }
        }
        let (mut starts, mut excluded) = (Vec::with_capacity(cells * digits + 1), Vec::new());
        for (row, lost) in conflicts.chunks(cells.max(1)).enumerate().take(cells * digits) {
            starts.push(excluded.len());
            let i = row / digits;
            let changed = lost.iter().enumerate().filter(|&(j, set)| j != i && !set.is_empty());
            excluded.extend(changed.map(|(j, &set)| (j, set)));
        }
        starts.push(excluded.len());
        let triples: Vec<Relation> =
            line.relations.iter().filter(|r| r.positions.len() > 2).cloned().collect();
        let mut triples_of = vec![Vec::new(); cells];
        for (index, relation) in triples.iter().enumerate() {
            for &p in &relation.positions {
                triples_of[p].push(index);
            }
        }
        LineSearch { cells, digits, starts, excluded, triples, triples_of }
    }

    /// A fill with digits from `sets` (one per cell, none empty), within `budget` nodes.
    pub(super) fn search(&self, sets: &[DigitSet], budget: usize) -> Answer {
        let mut open = vec![0u64; self.cells.div_ceil(64)];
        (0..self.cells).for_each(|i| open[i / 64] |= 1 << (i % 64));
        let mut walk = Walk {
            search: self,
            domains: sets.to_vec(),
            lens: sets.iter().map(|set| set.len()).collect(),
            fill: vec![None; self.cells],
            open,
            trail: Vec::new(),
            budget,
        };
        match walk.extend() {
            Some(true) => Answer::Fill(walk.fill.into_iter().map(|d| d.expect("filled")).collect()),
            Some(false) => Answer::None,
            None => Answer::GaveUp,
        }
    }
}

/// One question's search: the open cells' domains, the digits filled so far, and the changes
/// to undo.
struct Walk<'s> {
    search: &'s LineSearch,
    /// Per cell, the digits left (meaningful for open cells).
    domains: Vec<DigitSet>,
    /// Per cell, how many digits its domain holds.
    lens: Vec<usize>,
    /// Per cell, its digit once filled.
    fill: Vec<Option<Digit>>,
    /// The open cells, as bits (bit `i % 64` of word `i / 64`).
    open: Vec<u64>,
    /// The domains changed, with what they were and their sizes, in the order they changed.
    trail: Vec<(usize, DigitSet, usize)>,
    /// The nodes left.
    budget: usize,
}

impl Walk<'_> {
    /// Fills the open cell with the fewest candidates (the first among equals), then the rest;
    /// `None` when the budget runs out.
    fn extend(&mut self) -> Option<bool> {
        self.budget = self.budget.checked_sub(1)?;
        let Some(cell) = self.fewest() else { return Some(true) };
        self.open[cell / 64] &= !(1 << (cell % 64));
        for digit in self.domains[cell].iter() {
            let mark = self.trail.len();
            if self.forward(cell, digit) {
                self.fill[cell] = Some(digit);
                if self.narrow_triples(cell) && self.extend()? {
                    return Some(true);
                }
                self.fill[cell] = None;
            }
            self.undo(mark);
        }
        self.open[cell / 64] |= 1 << (cell % 64);
        Some(false)
    }

    /// The open cell with the fewest digits left, the first in line order among equals.
    fn fewest(&self) -> Option<usize> {
        let mut fewest: Option<(usize, usize)> = None;
        for (w, &word) in self.open.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if fewest.is_none_or(|(_, least)| self.lens[i] < least) {
                    fewest = Some((i, self.lens[i]));
                }
            }
        }
        fewest.map(|(i, _)| i)
    }

    /// Whether cell `j` is open.
    fn is_open(&self, j: usize) -> bool {
        self.open[j / 64] & (1 << (j % 64)) != 0
    }

    /// Removes from the open cells what `digit` in `cell` excludes; `false` when a cell is
    /// left no digit.
    fn forward(&mut self, cell: usize, digit: Digit) -> bool {
        let search = self.search;
        let row = cell * search.digits + digit.index();
        for &(j, lost) in &search.excluded[search.starts[row]..search.starts[row + 1]] {
            if self.is_open(j) && !self.narrow(j, self.domains[j].difference(lost)) {
                return false;
            }
        }
        true
    }

    /// Narrows the domain of cell `j` to `domain` (a subset), keeping the old one on the
    /// trail; `false` when it is empty.
    fn narrow(&mut self, j: usize, domain: DigitSet) -> bool {
        if domain != self.domains[j] {
            self.trail.push((j, self.domains[j], self.lens[j]));
            self.domains[j] = domain;
            self.lens[j] = domain.len();
        }
        !domain.is_empty()
    }

    /// Puts back the domains changed since the trail held `mark` changes.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (j, domain, len) = self.trail.pop().expect("above the mark");
            self.domains[j] = domain;
            self.lens[j] = len;
        }
    }

    /// After `cell` is filled: each table of three cells holding it with one cell left open
    /// keeps, in that cell's domain, the digits that complete a tuple; `false` when one is
    /// left none (or a full table breaks).
    fn narrow_triples(&mut self, cell: usize) -> bool {
        let search = self.search;
        for &index in &search.triples_of[cell] {
            let relation = &search.triples[index];
            let fill = &self.fill;
            let mut open = relation.positions.iter().filter(|&&p| fill[p].is_none());
            let Some(&last) = open.next() else {
                if relation.allows(|p| fill[p].expect("filled")) {
                    continue;
                }
                return false;
            };
            if open.next().is_some() {
                continue;
            }
            let mut allowed = DigitSet::EMPTY;
            for digit in self.domains[last].iter() {
                let digit_at = |p: usize| if p == last { digit } else { fill[p].expect("filled") };
                if relation.allows(digit_at) {
                    allowed.insert(digit);
                }
            }
            if !self.narrow(last, allowed) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::logic::technique::test_util::start;

    /// Whether `fill` meets every rule on `line`: no two of its placements exclude each
    /// other (cell by cell, as the board says), and every table of the line allows it.
    fn meets(board: &Board, line: &Line, fill: &[Digit]) -> bool {
        let placed = |i: usize| Placement::new(line.cells[i], fill[i]);
        let pairs = (0..fill.len()).flat_map(|i| (i + 1..fill.len()).map(move |j| (i, j)));
        pairs.into_iter().all(|(i, j)| !board.excludes(placed(i), placed(j)))
            && line.relations.iter().all(|relation| relation.allows(|p| fill[p]))
    }

    /// Every fill of `line` with digits from `sets`, listed by brute force.
    fn listed(board: &Board, line: &Line, sets: &[DigitSet]) -> Vec<Vec<Digit>> {
        let mut fills: Vec<Vec<Digit>> = vec![Vec::new()];
        for set in sets {
            fills =
                fills.iter().flat_map(|f| set.iter().map(|d| [&f[..], &[d]].concat())).collect();
        }
        fills.into_iter().filter(|fill| meets(board, line, fill)).collect()
    }

    #[test]
    fn the_search_finds_a_fill_exactly_when_brute_force_lists_one() {
        // Lines of each kind of table (pairs, triples, houses, a rule's exclusions), their
        // candidates cut at random to about half.
        let lines = [
            "entropic: r1c1 r1c2 r2c2 r3c2 r3c3 r3c4",
            "modular: r5c1 r5c2 r5c3 r6c3 r7c3",
            "between: r1c5 r2c6 r3c6 r4c5",
            "whispers: r9c1 r8c2 r7c3 r6c4 r5c5",
            "thermo: r4c9 r5c9 r6c9 r6c8 r6c7\nthermo: r4c9 r4c8",
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let (mut fills, mut none) = (0, 0);
        for rules in lines {
            let (board, _) = start(&format!("rules: anti-knight\n{rules}"));
            let line = &board.lines[0];
            let search = LineSearch::new(&board, line);
            for _ in 0..40 {
                let sets: Vec<DigitSet> = (0..line.cells.len())
                    .map(|_| {
                        let digits = (0..9).filter(|_| rng.random_bool(0.5)).map(Digit::from_index);
                        let set: DigitSet = digits.collect();
                        if set.is_empty() { DigitSet::full(9) } else { set }
                    })
                    .collect();
                let every = listed(&board, line, &sets);
                match search.search(&sets, usize::MAX) {
                    Answer::Fill(fill) => {
                        assert!(every.contains(&fill), "{rules}: {fill:?} is no fill");
                        fills += 1;
                    }
                    Answer::None => {
                        assert!(every.is_empty(), "{rules}: {:?} was missed", every[0]);
                        none += 1;
                    }
                    Answer::GaveUp => panic!("no budget to run out"),
                }
            }
        }
        assert!(fills >= 20 && none >= 20, "{fills} fills, {none} with none");
    }

    #[test]
    fn the_search_gives_up_past_its_budget() {
        let (board, _) = start("entropic: r1c1 r1c2 r2c2 r3c2 r3c3 r3c4");
        let search = LineSearch::new(&board, &board.lines[0]);
        let sets = vec![DigitSet::full(9); 6];
        assert!(matches!(search.search(&sets, 3), Answer::GaveUp));
        assert!(matches!(search.search(&sets, 1_000), Answer::Fill(_)));
    }
}
