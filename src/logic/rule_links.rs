//! Links from the rules' tables and sums, for chains and forcing chains: a weak link where two
//! placements of a table's cells appear together in none of its tuples (a white dot's r1c1=1
//! and r1c2=5; a thermo's r2c1=7 and r2c2=3) or of a cage's combinations (the 10 cage's 1 and 9
//! when the cage has three cells), a strong link where every tuple holds one of two placements
//! (a black dot whose cells are down to 1 and 2: r1c1 is 1 or r1c2 is 1) or every combination
//! of a cage holds a digit with two places in it, and an implication where every tuple holding
//! one placement holds another (a palindrome's r1c1=3 makes its mirror cell 3; a white dot
//! whose cells are down to 1,2 and 2,3: r1c1=1 makes r1c2 2). A sum with few enough fills (an
//! arrow, a pill, a little killer, a region sum, a small cage) is read as a table of its fills:
//! the circle of an arrow of two cells or more excludes its own digit on the line, and two line
//! digits adding up past the circle's largest candidate exclude each other. Derived from the
//! tables and sums the board holds, for every rule alike, restricted to the state's candidates
//! (a link true there stays true after any sound removal); cached for the last state asked.

use std::sync::{Arc, Mutex};

use super::board::Board;
use super::required::Requirements;
use super::state::State;
use crate::ir::Placement;
use crate::ir::propagate::Candidates;
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::Cell;

/// Where a link comes from: a table, a sum or a line of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// An index into [`Board::tables`].
    Table(usize),
    /// An index into [`Board::linears`].
    Sum(usize),
    /// An index into [`Board::lines`].
    Line(usize),
}

impl Source {
    /// What a solver calls it: the line it belongs to (`the thermo from r3c1 (bulb) to
    /// r3c6`), the cage (`the 16 cage r7c2-r7c4,r8c2`), or the rule and cells of a table.
    pub fn describe(self, board: &Board) -> String {
        match self {
            Source::Table(index) => {
                let table = &board.tables[index];
                match table.line {
                    Some(line) => board.lines[line].name.clone(),
                    None => {
                        let extent = super::step::cell_extent(&table.cells);
                        format!("the {} {extent}", table.origin)
                    }
                }
            }
            Source::Sum(index) => board.linears[index].name.clone(),
            Source::Line(index) => board.lines[index].name.clone(),
        }
    }
}

/// The links the tables and sums imply at one state, by placement slot.
#[derive(Debug, Default)]
pub(crate) struct RuleLinks {
    /// Per slot: the slots it excludes (beyond its cell, its houses and the `Exclude`s), and
    /// why.
    pub weak: Vec<Vec<(u32, Source)>>,
    /// Per slot: the slots that must hold when it does not, and why.
    pub strong: Vec<Vec<(u32, Source)>>,
    /// Per slot: the slots of other cells that must hold when it does, and why.
    pub implied: Vec<Vec<(u32, Source)>>,
    /// The digits the lines, cages and tables hold in every fill, with their places.
    pub required: Requirements,
}

/// The links of the last state asked, by its candidates.
#[derive(Default)]
pub(crate) struct Cache(Mutex<Option<(Candidates, Arc<RuleLinks>)>>);

/// The most tuples or combinations of one table or sum looked at: bigger ones give no links.
const MAX_TUPLES: usize = 4096;

/// The links `board`'s tables and sums imply at `state` (from the cache when the state's
/// candidates are those of the last call, or the board has no tables or sums: no links at
/// any state).
pub(crate) fn of(board: &Board, state: &State) -> Arc<RuleLinks> {
    let none = board.tables.is_empty() && board.linears.is_empty();
    let mut cache = board.rule_links.0.lock().expect("no panic holds the cache");
    if let Some((known, links)) = cache.as_ref()
        && (none || *known == state.candidates)
    {
        return Arc::clone(links);
    }
    let links = Arc::new(derive(board, state));
    *cache = Some((state.candidates.clone(), Arc::clone(&links)));
    links
}

/// The links of every table and sum at `state`.
fn derive(board: &Board, state: &State) -> RuleLinks {
    let slots = board.geometry.slot_count();
    let none = || vec![Vec::new(); slots];
    let required = Requirements::derive(board, state);
    let mut links = RuleLinks { weak: none(), strong: none(), implied: none(), required };
    for (index, table) in board.tables.iter().enumerate() {
        let tuples: Vec<&[Digit]> = (table.tuples.iter())
            .filter(|tuple| {
                table.cells.iter().zip(tuple.iter()).all(|(&c, &d)| state.get(c).contains(d))
            })
            .map(|tuple| tuple.as_slice())
            .take(MAX_TUPLES + 1)
            .collect();
        if tuples.len() <= MAX_TUPLES {
            links.add(board, state, &table.cells, &tuples, Source::Table(index));
        }
    }
    for (index, sum) in board.linears.iter().enumerate() {
        if sum.relation != crate::ir::Relation::Equal {
            continue;
        }
        if let Some((cells, fills)) = fills(board, state, sum) {
            let tuples: Vec<&[Digit]> = fills.iter().map(Vec::as_slice).collect();
            links.add(board, state, &cells, &tuples, Source::Sum(index));
            continue;
        }
        let Some(cells) = cage_cells(board, sum) else { continue };
        let Some(combinations) = combinations(state, &cells, sum.bound) else { continue };
        links.add_cage(board, state, &cells, &combinations, Source::Sum(index));
    }
    let lists = links.weak.iter_mut().chain(links.strong.iter_mut());
    for list in lists.chain(links.implied.iter_mut()) {
        list.sort_unstable_by_key(|&(slot, _)| slot);
        list.dedup_by_key(|&mut (slot, _)| slot);
    }
    links
}

impl RuleLinks {
    /// The links of a table over `cells` whose tuples (on the state's candidates) are `tuples`.
    fn add(
        &mut self,
        board: &Board,
        state: &State,
        cells: &[Cell],
        tuples: &[&[Digit]],
        source: Source,
    ) {
        let placements: Vec<Placement> = (cells.iter())
            .flat_map(|&cell| state.get(cell).iter().map(move |digit| Placement::new(cell, digit)))
            .collect();
        if placements.len() > 64 {
            return;
        }
        // Per position, its cell's first bit and candidates: a digit's bit is the first plus
        // the candidates below it.
        let mut first = Vec::with_capacity(cells.len());
        let mut bits = 0;
        for &cell in cells {
            first.push((bits, state.get(cell).bits()));
            bits += state.get(cell).len();
        }
        let bit = |position: usize, digit: Digit| {
            let (first, candidates) = first[position];
            first + (candidates & ((1 << digit.index()) - 1)).count_ones() as usize
        };
        // Per tuple, the placements it makes (as bits over `placements`).
        let masks: Vec<u64> = (tuples.iter())
            .map(|tuple| tuple.iter().enumerate().fold(0u64, |mask, (i, &d)| mask | 1 << bit(i, d)))
            .collect();
        let together: Vec<u64> = (0..placements.len())
            .map(|p| masks.iter().filter(|&&m| m >> p & 1 == 1).fold(0, |all, &m| all | m))
            .collect();
        for (i, &p) in placements.iter().enumerate() {
            for (j, &q) in placements.iter().enumerate() {
                if p.cell != q.cell && together[i] >> j & 1 == 0 && !board.excludes(p, q) {
                    self.weak[board.slot(p)].push((board.slot(q) as u32, source));
                }
            }
            // What every tuple without p holds: each of those placements is p's strong partner;
            // what every tuple with p holds, in a cell still open, is implied by p.
            let (with, without): (Vec<u64>, Vec<u64>) =
                masks.iter().partition(|&&m| m >> i & 1 == 1);
            let every = |tuples: Vec<u64>| tuples.into_iter().reduce(|all, m| all & m).unwrap_or(0);
            let partners = |always: u64| {
                let held =
                    move |&(j, q): &(usize, &Placement)| always >> j & 1 == 1 && q.cell != p.cell;
                placements.iter().enumerate().filter(held).map(|(_, &q)| q)
            };
            for q in partners(every(without)) {
                self.strong[board.slot(p)].push((board.slot(q) as u32, source));
            }
            for q in partners(every(with)).filter(|q| !state.get(q.cell).is_single()) {
                self.implied[board.slot(p)].push((board.slot(q) as u32, source));
            }
        }
    }

    /// The links of a cage over `cells` (all different digits) whose digit sets are
    /// `combinations`: two digits no combination holds together exclude each other in any two
    /// of its cells; a digit every combination holds, with two places in the cage, links them
    /// strongly.
    fn add_cage(
        &mut self,
        board: &Board,
        state: &State,
        cells: &[Cell],
        combinations: &[DigitSet],
        source: Source,
    ) {
        let every = combinations
            .iter()
            .fold(DigitSet::full(board.geometry.digits()), |all, &c| all.intersection(c));
        for &a in cells {
            for x in state.get(a).iter() {
                let p = Placement::new(a, x);
                let with_x: DigitSet = (combinations.iter())
                    .filter(|c| c.contains(x))
                    .fold(DigitSet::EMPTY, |all, &c| all.union(c));
                for &b in cells.iter().filter(|&&b| b != a) {
                    for y in state.get(b).difference(with_x).iter() {
                        let q = Placement::new(b, y);
                        if !board.excludes(p, q) {
                            self.weak[board.slot(p)].push((board.slot(q) as u32, source));
                        }
                    }
                }
            }
        }
        for digit in every.iter() {
            let places: Vec<Cell> =
                cells.iter().copied().filter(|&c| state.get(c).contains(digit)).collect();
            if let [a, b] = places[..] {
                let (p, q) =
                    (board.slot(Placement::new(a, digit)), board.slot(Placement::new(b, digit)));
                self.strong[p].push((q as u32, source));
                self.strong[q].push((p as u32, source));
            }
        }
    }
}

/// The nodes the search for a sum's fills may visit before it gives up (the sum then gives
/// no links, or its cage's combinations').
const FILL_BUDGET: usize = 50_000;

/// The cells of the equality `sum` and every fill of them at `state` (digits from their
/// candidates, different wherever two cells exclude each other, adding up): the tuples of an
/// arrow, a little killer, a region sum or a small cage, read as a table's. `None` when a
/// cell appears twice, the cells have more than 64 candidates (too many for links) or the
/// fills pass [`MAX_TUPLES`] or the search's budget.
fn fills(
    board: &Board,
    state: &State,
    sum: &super::board::Linear,
) -> Option<(Vec<Cell>, Vec<Vec<Digit>>)> {
    let cells = sum.cells();
    let repeated = cells.iter().enumerate().any(|(i, c)| cells[i + 1..].contains(c));
    let candidates: usize = cells.iter().map(|&c| state.get(c).len()).sum();
    if repeated || candidates > 64 {
        return None;
    }
    let fills = super::technique::fill::Fills::of_sum(board, state, sum, FILL_BUDGET);
    Some((cells, fills.every(MAX_TUPLES)?))
}

/// The cells of `sum` when it is a cage: every coefficient 1, equal to its bound, every two
/// cells in a house (so its digits all differ), no cell placed or open beyond its candidates.
pub(super) fn cage_cells(board: &Board, sum: &super::board::Linear) -> Option<Vec<Cell>> {
    let cage = sum.relation == crate::ir::Relation::Equal && board.is_cage_like(sum);
    cage.then(|| sum.cells())
}

/// The digit sets of `cells.len()` different digits, each a candidate of some cell, adding
/// up to `total` with each cell able to take one of them; `None` past [`MAX_TUPLES`].
pub(super) fn combinations(state: &State, cells: &[Cell], total: i64) -> Option<Vec<DigitSet>> {
    let union = cells.iter().fold(DigitSet::EMPTY, |all, &c| all.union(state.get(c)));
    let fits = |set: DigitSet| cells.iter().all(|&c| !state.get(c).intersection(set).is_empty());
    super::technique::fill::digit_sets(union, cells.len(), total, MAX_TUPLES, &fits)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::test_util;

    #[test]
    fn the_links_at_every_state_of_the_test_solves_keep_the_solution() {
        // Weak: never both in the solution; strong: one of the two always is; implied: the
        // second is whenever the first is.
        let (mut weak, mut strong, mut implied) = (0, 0, 0);
        for (board, states, solution) in test_util::states() {
            let holds = |slot: usize| {
                let p = board.placement(slot);
                solution.get(p.cell) == Some(p.digit)
            };
            for state in states {
                let links = super::of(board, state);
                for slot in 0..board.geometry.slot_count() {
                    for &(other, source) in &links.weak[slot] {
                        let both = holds(slot) && holds(other as usize);
                        assert!(!both, "weak link {slot}-{other} of {source:?}");
                        weak += 1;
                    }
                    for &(other, source) in &links.strong[slot] {
                        let either = holds(slot) || holds(other as usize);
                        assert!(either, "strong link {slot}-{other} of {source:?}");
                        strong += 1;
                    }
                    for &(other, source) in &links.implied[slot] {
                        let kept = !holds(slot) || holds(other as usize);
                        assert!(kept, "implication {slot}-{other} of {source:?}");
                        implied += 1;
                    }
                }
            }
        }
        assert!(weak > 10_000 && strong > 1_000, "{weak} weak and {strong} strong links");
        assert!(implied > 100, "{implied} implications");
    }

    #[test]
    fn arrows_and_little_killers_give_links_that_keep_the_solution() {
        // Sums that are no cage (a circle on its line, a diagonal crossing boxes) read as the
        // table of their fills: weak and strong links of each kind, checked as above.
        let mut counts = std::collections::BTreeMap::new();
        for (board, states, solution) in test_util::states() {
            let holds = |slot: u32| {
                let p = board.placement(slot as usize);
                solution.get(p.cell) == Some(p.digit)
            };
            for state in states {
                let links = super::of(board, state);
                for slot in 0..board.geometry.slot_count() as u32 {
                    let pairs = (links.weak[slot as usize].iter().map(|l| (l, true)))
                        .chain(links.strong[slot as usize].iter().map(|l| (l, false)));
                    for (&(other, source), weak) in pairs {
                        let super::Source::Sum(index) = source else { continue };
                        let origin = board.linears[index].origin;
                        *counts.entry((origin, weak)).or_insert(0) += 1;
                        match weak {
                            true => assert!(!(holds(slot) && holds(other)), "{source:?}"),
                            false => assert!(holds(slot) || holds(other), "{source:?}"),
                        }
                    }
                }
            }
        }
        // The test solves' arrows (eddies) give no strong links: their fills are many.
        for kind in [("arrow", true), ("little-killer", true), ("little-killer", false)] {
            let count = counts.get(&kind).copied().unwrap_or(0);
            assert!(count > 1_000, "{count} links of {kind:?}: {counts:?}");
        }
    }
}
