//! The IR arranged for deductions: named houses, which placements see which (and why), and
//! the tables with their tuples. Built once per puzzle; every technique reads it.

use std::sync::OnceLock;

use super::link::Link;
use crate::ir::{Constraint, Ir, Placement};
use crate::model::digit::{Digit, DigitSet};
use crate::model::geometry::{Cell, Geometry, HouseKind};

/// A house of the IR (its cells all differ), with the name a solver calls it by.
#[derive(Clone, Debug)]
pub(crate) struct House {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// Its cells' reading-order indices (for the propagation core).
    pub indices: Vec<usize>,
    /// `row 4`, `box 7`, `the main diagonal`, ... (shared, so a contradiction can name it
    /// without copying).
    pub name: std::sync::Arc<str>,
    /// Its kind, when it is a row, column, box or diagonal of the geometry.
    pub kind: Option<HouseKind>,
    /// Whether it holds every digit (a cell per digit: N cells, and M = N), so each digit has
    /// a place in it: what hidden singles, fish and the rule of 45 need.
    pub full: bool,
    /// The rule that lowered it (`None` for the classic houses): houses of one kind and rule
    /// form a family, which fish take their base and cover houses from.
    pub rule: Option<&'static str>,
}

/// A table (or an enumerated sum) with the rule it comes from.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    /// The cells, in the order of the tuples.
    pub cells: Vec<Cell>,
    /// The allowed tuples.
    pub tuples: Vec<Vec<Digit>>,
    /// The rule that lowered it, for the explanation.
    pub origin: &'static str,
    /// The line it is part of (an index into [`Board::lines`]), if any.
    pub line: Option<usize>,
}

/// A linear sum of digits (`Σ aᵢ·digit(cellᵢ)` in `relation` to `bound`) with the rule it
/// comes from; sums whose terms read flags are [`GatedSum`]s.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    /// The cells and their coefficients.
    pub terms: Vec<(Cell, i64)>,
    /// How the sum compares with the bound.
    pub relation: crate::ir::Relation,
    /// The right-hand side.
    pub bound: i64,
    /// The rule that lowered it (`rule of 45` for a derived sum).
    pub origin: &'static str,
    /// What a solver calls it: `the 16 cage r7c2-r7c4,r8c2`, `the arrow from r1c1 (circle)
    /// along r2c2-r2c4`, `the innies r3c4,r2c5 of rows 1-3 (12 by the rule of 45)`.
    pub name: String,
    /// Whether the rule of 45 derived it from the full houses and the cages (innies and
    /// outies), rather than a rule of the puzzle lowering it.
    pub derived: bool,
}

impl Linear {
    /// The puzzle's sum `terms` in `relation` to `bound`, lowered by the rule `origin`, named
    /// the way a solver names it.
    pub fn lowered(
        terms: Vec<(Cell, i64)>,
        relation: crate::ir::Relation,
        bound: i64,
        origin: &'static str,
    ) -> Linear {
        let name = sum_name(&terms, relation, bound, origin);
        Linear { terms, relation, bound, origin, name, derived: false }
    }

    /// The cells, in the order of the terms.
    pub fn cells(&self) -> Vec<Cell> {
        self.terms.iter().map(|&(cell, _)| cell).collect()
    }
}

/// A sum's name: a cage or a little killer by its total and its cells (`the 16 cage
/// r7c2-r7c4,r8c2`), an arrow by its circle and its line, anything else by its rule and cells.
fn sum_name(
    terms: &[(Cell, i64)],
    relation: crate::ir::Relation,
    bound: i64,
    origin: &'static str,
) -> String {
    use super::step::cell_extent;
    let with = |sign: i64| -> Vec<Cell> {
        terms.iter().filter(|&&(_, a)| a.signum() == sign).map(|&(c, _)| c).collect()
    };
    let (plus, minus) = (with(1), with(-1));
    let all_ones = terms.iter().all(|&(_, a)| a == 1);
    match (origin, relation) {
        (_, crate::ir::Relation::Equal) if all_ones => {
            format!("the {bound} {origin} {}", cell_extent(&plus))
        }
        ("arrow", _) => {
            format!("the arrow from {} (circle) along {}", cell_extent(&minus), cell_extent(&plus))
        }
        _ => {
            let cells: Vec<Cell> = terms.iter().map(|&(c, _)| c).collect();
            format!("the {origin} over {}", cell_extent(&cells))
        }
    }
}

/// A linear sum that reads flags (a sandwich, an X-sum, a skyscraper): which cells it counts
/// depends on other cells' digits, so it is checked by its range with the flags in three
/// values ([`crate::ir::flag_states`]).
#[derive(Clone, Debug)]
pub(crate) struct GatedSum {
    /// The terms, as the IR has them.
    pub terms: Vec<crate::ir::Term>,
    /// How the sum compares with the bound.
    pub relation: crate::ir::Relation,
    /// The right-hand side.
    pub bound: i64,
    /// Every cell the sum reads, directly or through its flags.
    pub cells: Vec<Cell>,
    /// Every flag the sum reads, directly or through other flags, ascending.
    pub flags: Vec<crate::ir::Flag>,
    /// For each of [`GatedSum::cells`], the flags of [`GatedSum::flags`] that depend on it.
    pub touched: Vec<Vec<crate::ir::Flag>>,
    /// The rule that lowered it, for the explanation.
    pub origin: &'static str,
}

impl GatedSum {
    /// The sum of `terms` in `relation` to `bound` over the flags `definitions`, lowered by
    /// `origin`.
    fn new(
        definitions: &[crate::ir::FlagDefinition],
        terms: &[crate::ir::Term],
        relation: crate::ir::Relation,
        bound: i64,
        origin: &'static str,
    ) -> GatedSum {
        let cells = crate::ir::linear_cells(definitions, terms);
        let flags = crate::ir::linear_flags(definitions, terms);
        let touched =
            cells.iter().map(|&cell| crate::ir::flags_reading(definitions, &flags, cell)).collect();
        GatedSum { terms: terms.to_vec(), relation, bound, cells, flags, touched, origin }
    }
}

/// Two full houses crossing in two cells or more, as reading-order indices: a digit of the
/// crossing with no other place in one house has none in the rest of the other (pointing and
/// claiming, on masks).
#[derive(Clone, Debug)]
pub(crate) struct Crossing {
    /// The two houses (indices into [`Board::houses`]).
    pub houses: [usize; 2],
    /// The cells the two houses share.
    pub shared: Vec<usize>,
    /// The rest of each house.
    pub rests: [Vec<usize>; 2],
}

/// The IR arranged for the logic engine.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// The grid shape.
    pub geometry: Geometry,
    /// The houses, classic ones first.
    pub houses: Vec<House>,
    /// For each cell (reading order), the houses holding it.
    pub houses_of: Vec<Vec<usize>>,
    /// For each cell (reading order), the indices of the cells sharing a house with it.
    pub peers: Vec<Vec<usize>>,
    /// Cell × cell: whether the two share a house.
    shares_house: Vec<bool>,
    /// For each placement slot, the placements its `Exclude` constraints rule out, sorted by
    /// slot, with the rule that lowered each.
    pub excluded_by: Vec<Vec<(Placement, &'static str)>>,
    /// The same as [`Board::excluded_by`] for the propagation core: per placement slot, the
    /// cells (reading-order indices) and the digits to remove from each.
    pub exclusions: Vec<Vec<(usize, DigitSet)>>,
    /// Pairs of full houses crossing in two cells or more (a box and a row, say), for
    /// locked candidates in the search; made on first need (see [`Board::crossings`]).
    crossings: OnceLock<Vec<Crossing>>,
    /// What each placement excludes, as bitsets, for common exclusions (in the search and the
    /// logic engine) and chains; made on first need (see [`Board::exclusion_sets`]).
    exclusion_sets: OnceLock<Option<super::exclusion_sets::ExclusionSets>>,
    /// The houses grouped in families for fish; made on first need (see
    /// [`Board::fish_families`]).
    fish_families: OnceLock<Vec<super::technique::fish::Family>>,
    /// What the sums say of parities, and the houses they are counted in, for the parity
    /// technique; made on first need (see [`Board::parities`]).
    parities: OnceLock<super::technique::parity::Parities>,
    /// Per crossing sum, the crossing sums it meets; made on first need (see
    /// [`Board::sum_meetings`]).
    sum_meetings: OnceLock<Vec<super::technique::sum_pairs::Meeting>>,
    /// The cells outside a sum that rules tie to two of its cells or more; made on first
    /// need (see [`Board::sum_neighbours`]).
    sum_neighbours: OnceLock<Vec<super::technique::sum_neighbour::Neighbour>>,
    /// The tables and sums.
    pub tables: Vec<Table>,
    /// Per cell (reading order): the tables holding it (indices into [`Board::tables`]).
    pub tables_of: Vec<Vec<usize>>,
    /// The linear sums over digits (cages, arrows, little killers, ...).
    pub linears: Vec<Linear>,
    /// The lines (thermos, whispers, renbans, chains of dots, ...), gathered from the tables,
    /// exclusions and houses of their rules.
    pub lines: Vec<super::line::Line>,
    /// Per line, its fill search's tables; made on first need (see [`Board::line_search`]).
    line_searches: Vec<OnceLock<super::technique::line_search::LineSearch>>,
    /// What the fill search found on the lines, by candidates.
    pub line_memo: super::scratch::Scratch<super::fill_memo::Memo>,
    /// What the fill search found on the sums (indices into [`Board::linears`]), by
    /// candidates.
    pub sum_memo: super::scratch::Scratch<super::fill_memo::Memo>,
    /// Every fill of a crossing sum, by the sum's index, the search's budget and the most
    /// fills listed, and by candidates (see [`super::technique::fill::Fills::every_remembered`]).
    pub sum_fill_lists: super::scratch::Scratch<super::fill_memo::SumFillLists>,
    /// What two crossing sums searched together remove, by their indices and candidates
    /// (see [`super::technique::sum_pairs`]).
    pub sum_pair_eliminations: super::scratch::Scratch<super::fill_memo::SumPairEliminations>,
    /// The first pair a crossing sum makes with the sums it meets that removes something, by
    /// the sum's index and the candidates of all their cells (see
    /// [`super::technique::sum_pairs`]).
    pub sum_pair_steps: super::scratch::Scratch<super::fill_memo::SumPairSteps>,
    /// What a sum and a cell tied to it, searched together, remove, by the neighbour's index
    /// and candidates (see [`super::technique::sum_neighbour`]).
    pub sum_neighbour_eliminations:
        super::scratch::Scratch<super::fill_memo::SumNeighbourEliminations>,
    /// The links the tables and sums imply at the last state asked (see
    /// [`super::rule_links::of`]).
    pub rule_links: super::scratch::Scratch<super::rule_links::Cache>,
    /// The linear sums that read flags, and the IR's flag definitions they read.
    pub gated: Vec<GatedSum>,
    /// The IR's flag definitions, in order.
    pub flags: Vec<crate::ir::FlagDefinition>,
    /// The groups of lines of equal totals ([`crate::ir::Ir::total_groups`]).
    pub total_groups: Vec<crate::ir::TotalGroup>,
    /// The groups of flags counted 0 or one number ([`crate::ir::Ir::count_groups`]).
    pub count_groups: Vec<crate::ir::CountGroup>,
    /// The sum lines ([`crate::ir::Ir::sum_lines`]).
    pub sum_lines: Vec<crate::ir::SumLine>,
    /// Per cell (reading order): whether a table, sum or linear constraint involves it, so
    /// changing its digit may break something beyond houses and exclusions.
    pub in_relation: Vec<bool>,
    /// Whether the puzzle is known to have exactly one solution, which uniqueness techniques
    /// (unique rectangles, BUG) assume; `false` unless the caller proved it.
    pub unique: bool,
    /// Whether the rule `same-digits` binds the grid's rows, columns and boxes (only when the
    /// digits 1..=M outnumber their N cells: with M = N the rule lowers to nothing).
    same_digits: bool,
}

impl Board {
    /// Arranges `ir`.
    pub fn new(ir: &Ir) -> Board {
        let geometry = ir.geometry();
        let cells = geometry.cell_count();
        let named = geometry.houses();
        let mut board = Board {
            geometry,
            houses: Vec::new(),
            houses_of: vec![Vec::new(); cells],
            peers: vec![Vec::new(); cells],
            shares_house: vec![false; cells * cells],
            excluded_by: vec![Vec::new(); geometry.slot_count()],
            exclusions: Vec::new(),
            crossings: OnceLock::new(),
            exclusion_sets: OnceLock::new(),
            fish_families: OnceLock::new(),
            parities: OnceLock::new(),
            sum_meetings: OnceLock::new(),
            sum_neighbours: OnceLock::new(),
            tables: Vec::new(),
            tables_of: vec![Vec::new(); cells],
            linears: Vec::new(),
            lines: Vec::new(),
            line_searches: Vec::new(),
            line_memo: Default::default(),
            sum_memo: Default::default(),
            sum_fill_lists: Default::default(),
            sum_pair_eliminations: Default::default(),
            sum_pair_steps: Default::default(),
            sum_neighbour_eliminations: Default::default(),
            rule_links: Default::default(),
            gated: Vec::new(),
            flags: ir.flags().to_vec(),
            total_groups: ir.total_groups().to_vec(),
            count_groups: ir.count_groups().to_vec(),
            sum_lines: ir.sum_lines().to_vec(),
            in_relation: vec![false; cells],
            unique: false,
            same_digits: false,
        };
        for (index, constraint) in ir.constraints().iter().enumerate() {
            let origin = ir.origin(index);
            match constraint {
                Constraint::House(cells) => board.add_house(cells, &named, origin),
                Constraint::Exclude(a, b) => {
                    let rule = origin.unwrap_or("exclusion");
                    board.excluded_by[geometry.slot(a.cell, a.digit)].push((*b, rule));
                    board.excluded_by[geometry.slot(b.cell, b.digit)].push((*a, rule));
                }
                Constraint::Domain(..) => {}
                Constraint::Linear { terms, relation, bound } => {
                    let cells = crate::ir::linear_cells(ir.flags(), terms);
                    for &cell in &cells {
                        board.in_relation[geometry.index(cell)] = true;
                    }
                    let plain: Option<Vec<(Cell, i64)>> = terms
                        .iter()
                        .map(|t| {
                            Some((t.cell.filter(|_| t.gate.is_none())?, i64::from(t.coefficient)))
                        })
                        .collect();
                    let origin = origin.unwrap_or("linear sum");
                    let (relation, bound) = (*relation, i64::from(*bound));
                    match plain {
                        Some(terms) => {
                            board.linears.push(Linear::lowered(terms, relation, bound, origin))
                        }
                        None => board.gated.push(GatedSum::new(
                            ir.flags(),
                            terms,
                            relation,
                            bound,
                            origin,
                        )),
                    }
                }
                table => {
                    if let Some((cells, tuples)) = table.tuples(geometry.digits()) {
                        let origin = origin.unwrap_or("table");
                        cells.iter().for_each(|c| board.in_relation[geometry.index(*c)] = true);
                        let cells = cells.to_vec();
                        board.tables.push(Table { cells, tuples, origin, line: None });
                    }
                }
            }
        }
        let slot = |p: &Placement| geometry.slot(p.cell, p.digit);
        for list in &mut board.excluded_by {
            list.sort_by_key(|(p, _)| slot(p));
            list.dedup_by_key(|(p, _)| slot(p));
        }
        for list in &mut board.peers {
            list.sort_unstable();
            list.dedup();
        }
        board.exclusions =
            board.excluded_by.iter().map(|list| exclusions(geometry, list)).collect();
        board.lines = super::line::lines(ir);
        board.line_searches = board.lines.iter().map(|_| OnceLock::new()).collect();
        for table in &mut board.tables {
            let on = |line: &super::line::Line| {
                super::line::family(table.origin) == Some(line.family)
                    && table.cells.iter().all(|cell| line.cells.contains(cell))
            };
            table.line = board.lines.iter().position(on);
        }
        for (index, table) in board.tables.iter().enumerate() {
            for &cell in &table.cells {
                board.tables_of[geometry.index(cell)].push(index);
            }
        }
        let same_digits = crate::model::rule::Rule::SameDigits.name();
        board.same_digits = board.gated.iter().any(|sum| sum.origin == same_digits);
        let derived = super::technique::rule_of_45::derive(&board);
        board.linears.extend(derived);
        board
    }

    /// The houses the rule `same-digits` binds to the same digits (the grid's rows, columns and
    /// boxes or regions); none without the rule.
    pub fn same_digit_houses(&self) -> impl Iterator<Item = &House> {
        let bound = self.same_digits;
        self.houses.iter().filter(move |house| bound && house.rule.is_none())
    }

    fn add_house(
        &mut self,
        cells: &[Cell],
        named: &[crate::model::geometry::House],
        rule: Option<&'static str>,
    ) {
        let geometry = self.geometry;
        let known = named.iter().find(|house| house.cells == cells);
        let n = geometry.size();
        let diagonal = if cells.iter().enumerate().all(|(i, c)| *c == Cell::new(i, i)) {
            Some(HouseKind::MainDiagonal)
        } else if cells.iter().enumerate().all(|(i, c)| *c == Cell::new(n - 1 - i, i)) {
            Some(HouseKind::AntiDiagonal)
        } else {
            None
        };
        let (name, kind) = match (known, diagonal) {
            (Some(house), _) => (house.to_string(), Some(house.kind)),
            (None, Some(HouseKind::MainDiagonal)) => ("the main diagonal".into(), diagonal),
            (None, Some(_)) => ("the anti-diagonal".into(), diagonal),
            (None, None) => {
                let extent = super::step::cell_extent(cells);
                (format!("the {} {extent}", rule.unwrap_or("house")), None)
            }
        };
        let index = self.houses.len();
        for &a in cells {
            let a_index = geometry.index(a);
            self.houses_of[a_index].push(index);
            for &b in cells.iter().filter(|&&b| b != a) {
                self.peers[a_index].push(geometry.index(b));
                self.shares_house[a_index * geometry.cell_count() + geometry.index(b)] = true;
            }
        }
        // A house holds every digit only with a cell per digit (never when M > N).
        let full = cells.len() == geometry.digits();
        let indices = cells.iter().map(|&cell| geometry.index(cell)).collect();
        let cells = cells.to_vec();
        self.houses.push(House { cells, indices, name: name.into(), kind, full, rule });
    }

    /// Pairs of full houses crossing in two cells or more, made on first need: only the search
    /// uses them, and a board made to rate one puzzle need not pay for them.
    pub fn crossings(&self) -> &[Crossing] {
        self.crossings.get_or_init(|| crossings(&self.houses))
    }

    /// What each placement excludes, as bitsets (grids up to 16×16; `None` above), made on
    /// first need like [`Board::crossings`].
    pub fn exclusion_sets(&self) -> Option<&super::exclusion_sets::ExclusionSets> {
        self.exclusion_sets.get_or_init(|| super::exclusion_sets::ExclusionSets::of(self)).as_ref()
    }

    /// The houses grouped in families (rows, columns, boxes, each rule's houses) for fish,
    /// made on first need: fish look for them at every step of a solve.
    pub(in crate::logic) fn fish_families(&self) -> &[super::technique::fish::Family] {
        self.fish_families.get_or_init(|| super::technique::fish::families(self))
    }

    /// What the sums say of parities (each sum's cells of odd coefficient and whether they
    /// hold an odd number of odd digits), and the full houses they are counted in, made on
    /// first need like [`Board::fish_families`].
    pub(in crate::logic) fn parities(&self) -> &super::technique::parity::Parities {
        self.parities.get_or_init(|| super::technique::parity::Parities::of(self))
    }

    /// Per crossing sum (in the order of [`Board::crossing_sums`]) that meets another, the
    /// sums it meets, made on first need.
    pub(in crate::logic) fn sum_meetings(&self) -> &[super::technique::sum_pairs::Meeting] {
        self.sum_meetings.get_or_init(|| super::technique::sum_pairs::Meeting::all(self))
    }

    /// The cells outside a sum that rules tie to two of its cells or more, made on first
    /// need.
    pub(in crate::logic) fn sum_neighbours(&self) -> &[super::technique::sum_neighbour::Neighbour] {
        self.sum_neighbours.get_or_init(|| super::technique::sum_neighbour::Neighbour::all(self))
    }

    /// The fill search of line `index` (of [`Board::lines`]), made on first need: what each
    /// placement on the line excludes from its other cells, whatever the candidates.
    pub(in crate::logic) fn line_search(
        &self,
        index: usize,
    ) -> &super::technique::line_search::LineSearch {
        let made = || super::technique::line_search::LineSearch::new(self, &self.lines[index]);
        self.line_searches[index].get_or_init(made)
    }

    /// Whether `a` and `b` are different cells sharing a house.
    pub fn share_house(&self, a: Cell, b: Cell) -> bool {
        let geometry = self.geometry;
        self.shares_house[geometry.index(a) * geometry.cell_count() + geometry.index(b)]
    }

    /// Whether `sum` reads like a cage: every cell counted once, and every two of its cells
    /// in a house, so that its digits all differ.
    pub fn is_cage_like(&self, sum: &Linear) -> bool {
        let cells = sum.cells();
        sum.terms.iter().all(|&(_, a)| a == 1)
            && cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|&b| self.share_house(a, b)))
    }

    /// The sums that cross houses, with their indices in [`Board::linears`]: every `Equal`
    /// sum that is not cage-like, whose digits may repeat (arrows, little killers, the rule of
    /// 45's unions, ...).
    pub fn crossing_sums(&self) -> impl Iterator<Item = (usize, &Linear)> {
        (self.linears.iter().enumerate())
            .filter(|(_, l)| l.relation == crate::ir::Relation::Equal && !self.is_cage_like(l))
    }

    /// The slot of a placement, for tables indexed by placement.
    pub fn slot(&self, p: Placement) -> usize {
        self.geometry.slot(p.cell, p.digit)
    }

    /// The placement of a slot (the inverse of [`Board::slot`]).
    pub fn placement(&self, slot: usize) -> Placement {
        let digits = self.geometry.digits();
        Placement::new(self.geometry.cell(slot / digits), Digit::from_index(slot % digits))
    }

    /// Why `a` and `b` cannot both hold, or `None` when they can: the same cell, a shared house
    /// (same digit), or an `Exclude` of some rule.
    pub fn sees(&self, a: Placement, b: Placement) -> Option<Link> {
        if a == b {
            return None;
        }
        if a.cell == b.cell {
            return Some(Link::Cell);
        }
        if a.digit == b.digit && self.share_house(a.cell, b.cell) {
            let house = self.houses_of[self.geometry.index(a.cell)]
                .iter()
                .copied()
                .find(|&h| self.houses[h].cells.contains(&b.cell))?;
            return Some(Link::House(house));
        }
        let list = &self.excluded_by[self.slot(a)];
        let target = self.slot(b);
        list.binary_search_by_key(&target, |(p, _)| self.slot(*p))
            .ok()
            .map(|i| Link::Rule(list[i].1))
    }

    /// Whether `a` and `b` cannot both hold (as [`Board::sees`], without the reason).
    pub fn excludes(&self, a: Placement, b: Placement) -> bool {
        if a == b {
            return false;
        }
        if a.cell == b.cell || (a.digit == b.digit && self.share_house(a.cell, b.cell)) {
            return true;
        }
        let target = self.slot(b);
        self.excluded_by[self.slot(a)].binary_search_by_key(&target, |(p, _)| self.slot(*p)).is_ok()
    }

    /// Every placement `p` excludes, candidates or not: the other digits of its cell, its digit
    /// in the cell's peers, and its `Exclude` partners.
    pub fn excluded(&self, p: Placement) -> impl Iterator<Item = Placement> + '_ {
        let same_cell = (0..self.geometry.digits())
            .map(Digit::from_index)
            .filter(move |&d| d != p.digit)
            .map(move |d| Placement::new(p.cell, d));
        let peers = self.peers[self.geometry.index(p.cell)]
            .iter()
            .map(move |&c| Placement::new(self.geometry.cell(c), p.digit));
        same_cell.chain(peers).chain(self.excluded_by[self.slot(p)].iter().map(|(q, _)| *q))
    }
}

/// The placements of `excluded` (sorted by slot) grouped by cell: each cell's index with the
/// digits to remove from it.
fn exclusions(
    geometry: Geometry,
    excluded: &[(Placement, &'static str)],
) -> Vec<(usize, DigitSet)> {
    let mut grouped: Vec<(usize, DigitSet)> = Vec::new();
    for (placement, _) in excluded {
        let index = geometry.index(placement.cell);
        match grouped.last_mut() {
            Some((last, digits)) if *last == index => digits.insert(placement.digit),
            _ => grouped.push((index, DigitSet::single(placement.digit))),
        }
    }
    grouped
}

/// The crossings of every two full houses sharing two cells or more.
fn crossings(houses: &[House]) -> Vec<Crossing> {
    let full: Vec<usize> = (0..houses.len()).filter(|&h| houses[h].full).collect();
    let mut crossings = Vec::new();
    for (i, &a) in full.iter().enumerate() {
        for &b in &full[i + 1..] {
            let (a_cells, b_cells) = (&houses[a].indices, &houses[b].indices);
            let (shared, rest_a): (Vec<usize>, Vec<usize>) =
                a_cells.iter().partition(|index| b_cells.contains(index));
            if shared.len() >= 2 {
                let rest_b = b_cells.iter().copied().filter(|i| !shared.contains(i)).collect();
                crossings.push(Crossing { houses: [a, b], shared, rests: [rest_a, rest_b] });
            }
        }
    }
    crossings
}
