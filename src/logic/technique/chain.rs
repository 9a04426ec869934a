//! Chains: alternating inference chains (AICs). A strong link says "if this candidate is out,
//! that one is in" (the two candidates of a bivalue cell, the two places of a digit in a
//! house); a weak link says "if this one is in, that one is out" (any exclusion: one cell, one
//! house, any rule's `Exclude`). A chain that starts and ends with strong links proves one of
//! its ends holds, so every candidate both ends exclude goes; a chain from a candidate's
//! absence back to its presence places it. The search is breadth first, so each chain found is
//! a shortest one from its start, and the shortest over all starts is reported.
//!
//! Restricted to one digit and house links these are X-chains (turbot fish, skyscrapers,
//! simple colouring's traps; cost 4.6 for four candidates, 0.3 more per further candidate);
//! through bivalue cells only, XY-chains (5.8 for four candidates, 0.15 more per further one);
//! a bivalue cell, a strong link and a bivalue cell with the same digits is a W-wing (6.0);
//! anything else is an AIC (as XY-chains). The costs were fitted to Sudoku Explainer ratings
//! (see the README's Difficulty section). See <http://sudopedia.enjoysudoku.com/AIC.html>.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;

/// The longest chain looked for, in candidates.
pub(super) const MAX_NODES: usize = 16;

/// What each candidate of a chain beyond the fourth adds to its rating: X-chains, then the
/// other chains (W-wings are rated at their cost).
const PER_NODE: [f64; 2] = [0.3, 0.15];

/// The shortest chain of at most `max_nodes` candidates that removes or places something (on
/// one digit when `x_only`).
pub(super) fn find(board: &Board, state: &State, x_only: bool, max_nodes: usize) -> Option<Step> {
    let graph = Graph::new(board, state, x_only);
    let mut marks = Marks::new(graph.nodes.len() * 2);
    let mut best: Option<Found> = None;
    for start in 0..graph.nodes.len() {
        let limit = best.as_ref().map_or(max_nodes, |b| b.path.len() - 1);
        if let Some(found) = graph.search(start, limit, &mut marks) {
            best = Some(found);
        }
    }
    best.map(|found| graph.step(x_only, found))
}

/// The candidates of the open cells and their strong and weak links, by node number.
struct Graph {
    nodes: Vec<Placement>,
    strong: Vec<Vec<u32>>,
    /// Sorted, so that two lists intersect in one pass.
    weak: Vec<Vec<u32>>,
    /// Per node: whether its strong links are its cell's other candidate (by bit per link).
    bivalue: Vec<bool>,
}

/// A chain found: its nodes, start (off) to end (on), and what it removes or places.
struct Found {
    path: Vec<u32>,
    eliminations: Vec<Placement>,
    placement: Option<Placement>,
}

impl Graph {
    fn new(board: &Board, state: &State, x_only: bool) -> Graph {
        let geometry = board.geometry;
        let mut id = vec![u32::MAX; geometry.slot_count()];
        let mut nodes = Vec::new();
        for cell in geometry.cells().filter(|&c| !state.is_placed(board, c)) {
            for digit in state.get(cell).iter() {
                let p = Placement::new(cell, digit);
                id[board.slot(p)] = nodes.len() as u32;
                nodes.push(p);
            }
        }
        let node = |p: Placement| Some(id[board.slot(p)]).filter(|&i| i != u32::MAX);
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut bivalue = vec![false; nodes.len()];
        for (i, &p) in nodes.iter().enumerate() {
            let cell = state.get(p.cell);
            if !x_only && cell.len() == 2 {
                let other = cell.iter().find(|&d| d != p.digit).expect("a pair");
                strong[i].extend(node(Placement::new(p.cell, other)));
                bivalue[i] = true;
            }
            for &h in &board.houses_of[geometry.index(p.cell)] {
                let house = &board.houses[h];
                if !house.full {
                    continue;
                }
                let mut places =
                    house.cells.iter().filter(|&&c| state.allows(Placement::new(c, p.digit)));
                if let (Some(&a), Some(&b), None) = (places.next(), places.next(), places.next()) {
                    let other = if a == p.cell { b } else { a };
                    strong[i].extend(node(Placement::new(other, p.digit)));
                }
            }
            strong[i].sort_unstable();
            strong[i].dedup();
        }
        let mut weak = match Graph::weak_from_sets(board, state, &nodes, &id, x_only) {
            Some(weak) => weak,
            None => Graph::weak_links(board, &nodes, x_only, node),
        };
        Graph::add_rule_links(board, state, &nodes, x_only, &id, &mut strong, &mut weak);
        Graph { nodes, strong, weak, bivalue }
    }

    /// Each node's weak links from the board's bitsets (grids up to 16×16), in slot order,
    /// which is node order.
    fn weak_from_sets(
        board: &Board,
        state: &State,
        nodes: &[Placement],
        id: &[u32],
        x_only: bool,
    ) -> Option<Vec<Vec<u32>>> {
        let sets = board.exclusion_sets()?;
        let alive = sets.alive(state);
        let digits = board.geometry.digits();
        let same_digit = |slot: usize, p: Placement| !x_only || slot % digits == p.digit.index();
        let weak = (nodes.iter())
            .map(|&p| {
                (sets.excluded_among(board.slot(p), &alive))
                    .filter(|&slot| same_digit(slot, p))
                    .map(|slot| id[slot])
                    .filter(|&i| i != u32::MAX)
                    .collect()
            })
            .collect();
        Some(weak)
    }

    /// Adds the links the rules' tables and sums imply at `state` (see
    /// [`crate::logic::rule_links`]), on one digit when `x_only`; keeps the lists sorted.
    fn add_rule_links(
        board: &Board,
        state: &State,
        nodes: &[Placement],
        x_only: bool,
        id: &[u32],
        strong: &mut [Vec<u32>],
        weak: &mut [Vec<u32>],
    ) {
        let links = crate::logic::rule_links::of(board, state);
        let digits = board.geometry.digits();
        for (i, &p) in nodes.iter().enumerate() {
            let slot = board.slot(p);
            for (lists, rule) in
                [(&mut *strong, &links.strong[slot]), (&mut *weak, &links.weak[slot])]
            {
                let before = lists[i].len();
                let partners = rule.iter().map(|&(q, _)| q as usize);
                let partners = partners.filter(|&q| !x_only || q % digits == p.digit.index());
                lists[i].extend(partners.map(|q| id[q]).filter(|&n| n != u32::MAX));
                if lists[i].len() > before {
                    lists[i].sort_unstable();
                    lists[i].dedup();
                }
            }
        }
    }

    /// Each node's weak links (the nodes it excludes), sorted, from the board's lists.
    fn weak_links(
        board: &Board,
        nodes: &[Placement],
        x_only: bool,
        node: impl Fn(Placement) -> Option<u32>,
    ) -> Vec<Vec<u32>> {
        nodes
            .iter()
            .map(|&p| {
                let mut list: Vec<u32> = board
                    .excluded(p)
                    .filter(|q| !x_only || q.digit == p.digit)
                    .filter_map(&node)
                    .collect();
                list.sort_unstable();
                list.dedup();
                list
            })
            .collect()
    }

    /// The shortest chain from `start` (assumed out) of at most `limit` nodes that proves
    /// something.
    fn search(&self, start: usize, limit: usize, marks: &mut Marks) -> Option<Found> {
        marks.clear();
        let first = start * 2;
        marks.reach(first, first, 1);
        let mut next_in_queue = 0;
        while let Some(&at) = marks.reached.get(next_in_queue) {
            next_in_queue += 1;
            let (at, node, on) = (at as usize, at as usize / 2, at % 2 == 1);
            if on {
                if let Some(found) = self.conclude(start, at, &marks.parent) {
                    return Some(found);
                }
            }
            let depth = marks.depth[at];
            if usize::from(depth) >= limit {
                continue;
            }
            let (links, next_on) = if on { (&self.weak[node], 0) } else { (&self.strong[node], 1) };
            for &next in links {
                let state = next as usize * 2 + next_on;
                if marks.parent[state] == u32::MAX {
                    marks.reach(state, at, depth + 1);
                }
            }
        }
        None
    }

    /// What the chain from `start` (out) to the state `end` (in) proves, if anything.
    fn conclude(&self, start: usize, end: usize, parent: &[u32]) -> Option<Found> {
        let last = end / 2;
        let path = || {
            let mut path = vec![end as u32];
            let mut at = end;
            while parent[at] as usize != at {
                at = parent[at] as usize;
                path.push(at as u32);
            }
            path.reverse();
            path.into_iter().map(|s| s / 2).collect::<Vec<u32>>()
        };
        if last == start {
            let placement = Some(self.nodes[start]);
            return Some(Found { path: path(), eliminations: Vec::new(), placement });
        }
        let eliminations = intersect(&self.weak[start], &self.weak[last])
            .filter(|&n| n as usize != start && n as usize != last)
            .map(|n| self.nodes[n as usize])
            .collect::<Vec<_>>();
        (!eliminations.is_empty()).then(|| Found { path: path(), eliminations, placement: None })
    }

    /// The step of a chain, named by its shape.
    fn step(&self, x_only: bool, found: Found) -> Step {
        let nodes: Vec<Placement> = found.path.iter().map(|&n| self.nodes[n as usize]).collect();
        let strong_links: Vec<usize> = (0..nodes.len() - 1).step_by(2).collect();
        let all_bivalue = strong_links.iter().all(|&i| nodes[i].cell == nodes[i + 1].cell);
        let w_wing = nodes.len() == 6
            && nodes[0].cell == nodes[1].cell
            && nodes[4].cell == nodes[5].cell
            && nodes[0].digit == nodes[5].digit
            && nodes[2].cell != nodes[3].cell
            && self.bivalue[found.path[0] as usize];
        let technique = match () {
            _ if x_only => Technique::XChain,
            _ if w_wing => Technique::WWing,
            _ if all_bivalue => Technique::XyChain,
            _ => Technique::Aic,
        };
        let mut text = String::new();
        for (i, p) in nodes.iter().enumerate() {
            if i > 0 {
                text.push(if i % 2 == 1 { '=' } else { '-' });
            }
            text += &format!("({}){:?}", p.digit, p.cell);
        }
        let conclusion = if found.placement.is_some() {
            "its start cannot be out, so it is in".to_string()
        } else {
            "one end holds, and both ends exclude what goes".to_string()
        };
        let mut step = Step::new(technique, format!("{} {text}: {conclusion}", technique.name()));
        if technique != Technique::WWing {
            let per_node = if technique == Technique::XChain { PER_NODE[0] } else { PER_NODE[1] };
            step.rating += per_node * nodes.len().saturating_sub(4) as f64;
        }
        step.eliminations = found.eliminations;
        step.placements.extend(found.placement);
        step.cells = nodes.iter().map(|p| p.cell).collect();
        step.digits = nodes.iter().map(|p| p.digit).collect();
        step
    }
}

/// What a breadth-first search marks on the states (node, in or out) it reaches: the state it
/// came from and its depth, in candidates. The reached states, in the order they were reached,
/// are the search's queue and say what to clear before the next start, so that one allocation
/// serves every start.
struct Marks {
    parent: Vec<u32>,
    depth: Vec<u8>,
    reached: Vec<u32>,
}

impl Marks {
    /// Marks for `states` states, none reached.
    fn new(states: usize) -> Marks {
        Marks { parent: vec![u32::MAX; states], depth: vec![0; states], reached: Vec::new() }
    }

    /// Forgets every state reached.
    fn clear(&mut self) {
        for &state in &self.reached {
            self.parent[state as usize] = u32::MAX;
        }
        self.reached.clear();
    }

    /// Marks `state` reached from `parent` at `depth`.
    fn reach(&mut self, state: usize, parent: usize, depth: u8) {
        self.parent[state] = parent as u32;
        self.depth[state] = depth;
        self.reached.push(state as u32);
    }
}

/// The common items of two sorted lists.
fn intersect<'a>(a: &'a [u32], b: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                    return Some(a[i - 1]);
                }
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn x_chains_are_sound() {
        test_util::assert_sound(Finder::XChain(4));
        test_util::assert_sound(Finder::XChain(8));
    }

    #[test]
    fn aics_are_sound() {
        test_util::assert_sound(Finder::Aic);
    }

    #[test]
    fn weak_links_from_the_bitsets_are_those_of_the_board_lists() {
        // Grids up to 16×16 take the bitsets; larger ones the lists, which must agree.
        let mut compared = 0;
        for (board, states, _) in test_util::states() {
            assert!(board.exclusion_sets().is_some());
            for state in states.iter().step_by(5) {
                for x_only in [true, false] {
                    let graph = super::Graph::new(board, state, x_only);
                    let node = |p: crate::ir::Placement| {
                        graph.nodes.iter().position(|&q| q == p).map(|i| i as u32)
                    };
                    let mut id = vec![u32::MAX; board.geometry.slot_count()];
                    for (i, &p) in graph.nodes.iter().enumerate() {
                        id[board.slot(p)] = i as u32;
                    }
                    let sets =
                        super::Graph::weak_from_sets(board, state, &graph.nodes, &id, x_only);
                    let lists = super::Graph::weak_links(board, &graph.nodes, x_only, node);
                    assert_eq!(sets, Some(lists));
                    compared += 1;
                }
            }
        }
        assert!(compared > 20, "{compared}");
    }
}
