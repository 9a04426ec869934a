//! Linear sums (`Σ aᵢ·xᵢ = / ≤ / ≠ k`) as a multi-valued decision diagram over partial sums,
//! written as clauses without enumerating tuples (Abío, Nieuwenhuis, Oliveras,
//! Rodríguez-Carbonell, "BDDs for pseudo-Boolean constraints", 2012; here with one layer per
//! cell and one edge per candidate digit).
//!
//! Layer `i` holds the partial sums `s = Σ_{j<i} aⱼ·xⱼ` that some assignment of the first `i`
//! cells reaches *and* from which some assignment of the rest satisfies the relation; equal
//! partial sums share a node, so a 9-cell cage has at most 46 nodes per layer. Partial sums
//! that satisfy the relation whatever the rest holds (`≤` and `≠` once the remaining range
//! rules the bound out) merge into one node, `Done`. Each node of layers 1..n−1 is a
//! variable ("the partial sum is s"); the root and the last layer are constants. Clauses:
//!
//! - edge: `node ∧ x(cell, d) → child(node, d)`, or `¬node ∨ ¬x(cell, d)` when `d` leads
//!   nowhere: with the root true, the digits pick one path, which must end well;
//! - parent and child: a node holds only if some parent in the layer above does, and some
//!   child it has a live edge to in the layer below;
//! - support: `x(cell, d)` holds only if some node of its layer has a live edge on `d`, so unit
//!   propagation removes digits no partial sum can use;
//! - layer: exactly one node per layer.
//!
//! Sound and complete: any solution sets the nodes on its path and satisfies every clause, and
//! in any model the edge clauses force a path from the root to the accepting end.

use varisat::Lit;

use super::{ClauseFamily, Writer};
use crate::ir::Relation;

/// A node of the diagram: a partial sum, or `Done` (the relation holds whatever comes next).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    Sum(i64),
    Done,
}

/// One term as the diagram sees it: its coefficient and its options (value, literal), exactly
/// one of which holds (see `flag.rs`).
struct Term {
    coefficient: i64,
    digits: Vec<(i64, Lit)>,
}

/// The diagram: the live nodes of each layer, and for each node and each digit of its term
/// the index of the child in the next layer (`None`: the digit leads nowhere).
struct Diagram {
    layers: Vec<Vec<Node>>,
    edges: Vec<Vec<Vec<Option<usize>>>>,
}

impl Writer {
    /// Writes `Σ terms relation bound` over the candidates of the cells and the flags.
    pub(super) fn linear(&mut self, terms: &[crate::ir::Term], relation: Relation, bound: i32) {
        let terms: Vec<Term> = terms
            .iter()
            .map(|term| Term {
                coefficient: i64::from(term.coefficient),
                digits: self.term_options(term),
            })
            .collect();
        let Some(diagram) = Diagram::build(&terms, relation, i64::from(bound)) else {
            self.push(ClauseFamily::Table, &[]);
            return;
        };
        let nodes: Vec<Vec<Option<Lit>>> = diagram
            .layers
            .iter()
            .enumerate()
            .map(|(i, layer)| {
                let constant = i == 0 || i == terms.len() || layer.len() == 1;
                layer
                    .iter()
                    .map(|_| (!constant).then(|| self.var_map.new_aux().positive()))
                    .collect()
            })
            .collect();
        for (i, term) in terms.iter().enumerate() {
            self.linear_layer(term, &diagram.edges[i], &nodes[i], &nodes[i + 1]);
        }
        for layer in nodes.iter().take(terms.len()).skip(1) {
            let lits: Vec<Lit> = layer.iter().flatten().copied().collect();
            if lits.len() > 1 {
                self.push(ClauseFamily::Table, &lits);
                self.at_most_one(ClauseFamily::Table, &lits);
            }
        }
    }

    /// The edge, parent and support clauses between one layer (`above`) and the next.
    fn linear_layer(
        &mut self,
        term: &Term,
        edges: &[Vec<Option<usize>>],
        above: &[Option<Lit>],
        below: &[Option<Lit>],
    ) {
        let mut parents: Vec<Vec<Option<Lit>>> = vec![Vec::new(); below.len()];
        let mut supports: Vec<Vec<Option<Lit>>> = vec![Vec::new(); term.digits.len()];
        for (node, children) in above.iter().zip(edges) {
            if let Some(node) = node {
                let live: Vec<Option<Lit>> = children.iter().flatten().map(|&c| below[c]).collect();
                self.implied_by_one_of(*node, &live);
            }
            for (t, (&child, &(_, x))) in children.iter().zip(&term.digits).enumerate() {
                let mut clause: Vec<Lit> = node.iter().map(|&n| !n).chain([!x]).collect();
                if let Some(child) = child {
                    parents[child].push(*node);
                    supports[t].push(*node);
                    match below[child] {
                        Some(lit) => clause.push(lit),
                        None => continue,
                    }
                }
                self.push(ClauseFamily::Table, &clause);
            }
        }
        for (child, from) in below.iter().zip(&parents) {
            if let Some(child) = child {
                self.implied_by_one_of(*child, from);
            }
        }
        for (&(_, x), from) in term.digits.iter().zip(&supports) {
            self.implied_by_one_of(x, from);
        }
    }

    /// `lit → one of from` (where `None` is a constant true, which satisfies it): a digit
    /// needs a node to take it, a node a parent, and a node a live child.
    fn implied_by_one_of(&mut self, lit: Lit, from: &[Option<Lit>]) {
        if from.iter().any(Option::is_none) {
            return;
        }
        let clause: Vec<Lit> = [!lit].into_iter().chain(from.iter().flatten().copied()).collect();
        self.push(ClauseFamily::Table, &clause);
    }
}

impl Diagram {
    /// The diagram of `Σ terms relation bound`, or `None` when no assignment satisfies it.
    fn build(terms: &[Term], relation: Relation, bound: i64) -> Option<Diagram> {
        let n = terms.len();
        // The least and greatest value of the terms from i on.
        let mut least = vec![0i64; n + 1];
        let mut most = vec![0i64; n + 1];
        for i in (0..n).rev() {
            let values = terms[i].digits.iter().map(|&(v, _)| v * terms[i].coefficient);
            least[i] = least[i + 1] + values.clone().min()?;
            most[i] = most[i + 1] + values.max()?;
        }
        let classify = |i: usize, sum: i64| -> Option<Node> {
            let (low, high) = (sum + least[i], sum + most[i]);
            match relation {
                Relation::Equal => (low <= bound && bound <= high).then_some(Node::Sum(sum)),
                Relation::AtMost if high <= bound => Some(Node::Done),
                Relation::AtMost => (low <= bound).then_some(Node::Sum(sum)),
                Relation::NotEqual if low > bound || high < bound => Some(Node::Done),
                Relation::NotEqual => (low != high).then_some(Node::Sum(sum)),
            }
            .map(|node| if i == n { Node::Done } else { node })
        };
        let mut layers = vec![vec![classify(0, 0)?]];
        let mut edges = Vec::new();
        for (i, term) in terms.iter().enumerate() {
            let mut next: Vec<Node> = Vec::new();
            let mut layer_edges = Vec::new();
            for &node in &layers[i] {
                let children = term.digits.iter().map(|&(value, _)| {
                    let child = match node {
                        Node::Done => Some(Node::Done),
                        Node::Sum(sum) => classify(i + 1, sum + term.coefficient * value),
                    }?;
                    Some(next.iter().position(|&c| c == child).unwrap_or_else(|| {
                        next.push(child);
                        next.len() - 1
                    }))
                });
                layer_edges.push(children.collect());
            }
            layers.push(next);
            edges.push(layer_edges);
        }
        Diagram { layers, edges }.pruned()
    }

    /// The diagram without nodes from which the last layer cannot be reached (bounds say a
    /// total is in range, not that the coefficients can hit it), or `None` if the root is one.
    fn pruned(mut self) -> Option<Diagram> {
        let n = self.edges.len();
        let mut alive: Vec<bool> = vec![true; self.layers[n].len()];
        for i in (0..n).rev() {
            let renumber: Vec<Option<usize>> = alive
                .iter()
                .scan(0, |next, &live| {
                    let index = live.then_some(*next);
                    *next += usize::from(live);
                    Some(index)
                })
                .collect();
            for children in &mut self.edges[i] {
                for child in children.iter_mut() {
                    *child = child.and_then(|c| renumber[c]);
                }
            }
            let mut kept = alive.iter();
            self.layers[i + 1].retain(|_| *kept.next().expect("one flag per node"));
            alive = self.edges[i].iter().map(|c| c.iter().any(Option::is_some)).collect();
            let mut kept = alive.iter();
            self.edges[i].retain(|_| *kept.next().expect("one flag per node"));
        }
        alive[0].then_some(self)
    }
}
