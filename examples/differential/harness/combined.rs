//! Random combined dots (`x|v`), their negative rules and sequence lines: drawn apart from
//! [`draw::cells::random_rule`] so that the seeded cases drawn with it stay the same (the
//! suite's rules and logic tests and `examples/differential` draw these on purpose).

use itertools::Itertools;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use satdoku::Rule;
use satdoku::model::dot_relation::DotRelation;

use super::draw::cells::{random_dot, random_pair, walk};

/// A random combined dot, negative combined rule or sequence line (of 2 to 4 cells) on an
/// N×N grid.
pub fn random_combined_rule(rng: &mut ChaCha8Rng, n: usize) -> Rule {
    match rng.random_range(0..3) {
        0 => Rule::NegativeCombined(random_relation(rng, n)),
        1 => Rule::CombinedDot { cells: random_pair(rng, n), relation: random_relation(rng, n) },
        _ => {
            let mut line = walk(rng, n, 4);
            if line.len() < 2 {
                line.push(line[0].offset(0, 1, n).or(line[0].offset(0, -1, n)).expect("a row"));
            }
            Rule::Sequence(line)
        }
    }
}

/// A random combined relation that some two digits of 1 to N fail: one or two alternatives
/// of one or two terms each, a term a random dot, its negation, or a parity relation.
fn random_relation(rng: &mut ChaCha8Rng, n: usize) -> DotRelation {
    let term = |rng: &mut ChaCha8Rng| match rng.random_range(0..4) {
        0 => "different-parity".to_string(),
        1 => "same-parity".to_string(),
        negated => {
            let dot = random_dot(rng, n);
            let not = if negated == 2 { "not-" } else { "" };
            format!("{not}{}-{}", dot.kind(), dot.number())
        }
    };
    // A relation every pair of digits meets (`same-parity|different-parity`) says nothing: draw
    // again.
    loop {
        let alternatives: Vec<String> = (0..rng.random_range(1..=2))
            .map(|_| (0..rng.random_range(1..=2)).map(|_| term(rng)).join("&"))
            .collect();
        let relation =
            DotRelation::from_name(&alternatives.join("|")).expect("a relation of known terms");
        if !itertools::iproduct!(1..=n, 1..=n).all(|(a, b)| relation.holds(a, b)) {
            return relation;
        }
    }
}
