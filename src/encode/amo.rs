//! At-most-one encodings: pairwise for short lists, the sequential counter (Sinz 2005,
//! "Towards an optimal CNF encoding of Boolean cardinality constraints") for long ones.

use varisat::{Lit, Var};

/// Clauses saying at most one of `lits` is true, pairwise: n(n−1)/2 binary clauses.
pub fn pairwise(lits: &[Lit]) -> Vec<Vec<Lit>> {
    let mut clauses = Vec::new();
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            clauses.push(vec![!a, !b]);
        }
    }
    clauses
}

/// Clauses saying at most one of `lits` is true, with a sequential counter: n−1 auxiliary
/// variables from `new_aux` and 3n−4 binary clauses.
pub fn sequential(lits: &[Lit], mut new_aux: impl FnMut() -> Var) -> Vec<Vec<Lit>> {
    let n = lits.len();
    if n < 2 {
        return Vec::new();
    }
    let seen: Vec<Lit> = (0..n - 1).map(|_| new_aux().positive()).collect();
    let mut clauses = vec![vec![!lits[0], seen[0]]];
    for i in 1..n - 1 {
        clauses.push(vec![!lits[i], seen[i]]);
        clauses.push(vec![!seen[i - 1], seen[i]]);
        clauses.push(vec![!lits[i], !seen[i - 1]]);
    }
    clauses.push(vec![!lits[n - 1], !seen[n - 2]]);
    clauses
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The assignments of `n` inputs (auxiliaries free) that satisfy `clauses`, brute force.
    fn models(n: usize, total_vars: usize, clauses: &[Vec<Lit>]) -> Vec<usize> {
        let satisfied = |bits: usize| {
            clauses.iter().all(|clause| {
                clause.iter().any(|lit| (bits >> lit.index() & 1 == 1) == lit.is_positive())
            })
        };
        let mut inputs: Vec<usize> = (0..1 << total_vars)
            .filter(|&bits| satisfied(bits))
            .map(|bits| bits & ((1 << n) - 1))
            .collect();
        inputs.sort();
        inputs.dedup();
        inputs
    }

    #[test]
    fn both_encodings_allow_exactly_the_at_most_one_assignments() {
        for n in 1..=6 {
            let lits: Vec<Lit> = (0..n).map(|i| Var::from_index(i).positive()).collect();
            let expected: Vec<usize> = std::iter::once(0).chain((0..n).map(|i| 1 << i)).collect();
            let mut expected = expected;
            expected.sort();
            assert_eq!(models(n, n, &pairwise(&lits)), expected);
            let mut next = n;
            let clauses = sequential(&lits, || {
                next += 1;
                Var::from_index(next - 1)
            });
            assert_eq!(models(n, next, &clauses), expected, "sequential, n = {n}");
        }
    }
}
