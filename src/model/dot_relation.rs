//! Dots whose relation is built from known ones: "either X or V" (`x|v`), "non-consecutive
//! and of different parity" (`non-consecutive&different-parity`), "consecutive or 1:2"
//! (`white|black`).
//!
//! A relation is written as alternatives apart at `|`, each of terms apart at `&` (`&` binds
//! tighter). A term is a dot's relation (`white` or `consecutive`, `black`, `x`, `v`,
//! `difference-K`, `ratio-K`, `sum-K`), its negation (`not-` before the name;
//! `non-consecutive` for `not-white`), or `different-parity` / `same-parity`.

use std::fmt;

use super::geometry::Cell;
use super::rule::{Dot, Rule};

/// A relation between two neighbours' digits: any of its alternatives, each all of its terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DotRelation {
    alternatives: Vec<Vec<Term>>,
}

/// One pair relation of a [`DotRelation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Term {
    /// The dot's relation holds.
    Dot(Dot),
    /// The dot's relation does not hold.
    NotDot(Dot),
    /// One digit is even and the other odd.
    DifferentParity,
    /// Both digits are even, or both odd.
    SameParity,
}

/// The names a relation is built from, for messages.
pub const TERM_NAMES: &str = "white (consecutive), black, x, v, difference-K, ratio-K, sum-K, \
    different-parity, same-parity, each negated by `not-` (non-consecutive); joined by | (or) \
    and & (and)";

impl DotRelation {
    /// The relation `name` spells (`x|v`, `non-consecutive&different-parity`, or a single
    /// dot such as `white`), or `None` when a term is unknown or empty.
    pub fn from_name(name: &str) -> Option<DotRelation> {
        let alternatives = name
            .split('|')
            .map(|all| all.split('&').map(|term| Term::from_name(term.trim())).collect())
            .collect::<Option<Vec<Vec<Term>>>>()?;
        Some(DotRelation { alternatives })
    }

    /// The relation of `dot` alone.
    pub fn of(dot: Dot) -> DotRelation {
        DotRelation { alternatives: vec![vec![Term::Dot(dot)]] }
    }

    /// The dot, when the relation is a single dot's.
    pub fn dot(&self) -> Option<Dot> {
        match self.alternatives[..] {
            [ref all] => match all[..] {
                [Term::Dot(dot)] => Some(dot),
                _ => None,
            },
            _ => None,
        }
    }

    /// Whether digits of values `a` and `b` satisfy the relation.
    pub fn holds(&self, a: usize, b: usize) -> bool {
        self.alternatives.iter().any(|all| all.iter().all(|term| term.holds(a, b)))
    }

    /// The rule of a dot of this relation between `cells`: a [`Rule::Dot`] for a single dot,
    /// else a [`Rule::CombinedDot`].
    pub fn rule(&self, cells: [Cell; 2]) -> Rule {
        match self.dot() {
            Some(dot) => Rule::Dot { cells, dot },
            None => Rule::CombinedDot { cells, relation: self.clone() },
        }
    }

    /// Whether the relation says a dot of `dot`'s family may hold (an `x|v` dot is an XV
    /// dot), so that under a negative rule of that family the pair it marks is exempt.
    pub fn marks_family(&self, dot: Dot) -> bool {
        let mut terms = self.alternatives.iter().flatten();
        terms.any(|term| matches!(term, Term::Dot(own) if own.same_family(dot)))
    }

    /// The dots whose numbers the relation names, each checked against a grid's digits.
    pub fn dots(&self) -> impl Iterator<Item = Dot> + '_ {
        self.alternatives.iter().flatten().filter_map(|term| match *term {
            Term::Dot(dot) | Term::NotDot(dot) => Some(dot),
            _ => None,
        })
    }
}

impl Term {
    /// The term a name spells.
    fn from_name(name: &str) -> Option<Term> {
        let lower = name.to_ascii_lowercase();
        Some(match lower.as_str() {
            "different-parity" => Term::DifferentParity,
            "same-parity" => Term::SameParity,
            "non-consecutive" | "nonconsecutive" => Term::NotDot(Dot::WHITE),
            other => match other.strip_prefix("not-") {
                Some(dot) => Term::NotDot(dot_of(dot)?),
                None => Term::Dot(dot_of(other)?),
            },
        })
    }

    /// Whether digits of values `a` and `b` satisfy the term.
    fn holds(self, a: usize, b: usize) -> bool {
        match self {
            Term::Dot(dot) => dot.holds(a, b),
            Term::NotDot(dot) => !dot.holds(a, b),
            Term::DifferentParity => a % 2 != b % 2,
            Term::SameParity => a % 2 == b % 2,
        }
    }
}

/// The dot a term names: `white` (or `consecutive`, `kropki-white`), `black`, `x`, `v`,
/// `difference-K`, `ratio-K`, `sum-K`.
fn dot_of(name: &str) -> Option<Dot> {
    match name {
        "white" | "kropki-white" | "consecutive" => Some(Dot::WHITE),
        "black" | "kropki-black" => Some(Dot::BLACK),
        "x" => Some(Dot::X),
        "v" => Some(Dot::V),
        _ => {
            let (kind, number) = name.rsplit_once('-')?;
            let dot = Dot::from_key(kind, Some(number.parse().ok()?))?;
            (dot.number() >= dot.least()).then_some(dot)
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dot_name = |dot: Dot| match dot {
            Dot::WHITE => "white".to_string(),
            Dot::BLACK => "black".to_string(),
            Dot::X | Dot::V => dot.name().to_string(),
            _ => format!("{}-{}", dot.kind(), dot.number()),
        };
        match *self {
            Term::Dot(dot) => f.write_str(&dot_name(dot)),
            Term::NotDot(Dot::WHITE) => f.write_str("non-consecutive"),
            Term::NotDot(dot) => write!(f, "not-{}", dot_name(dot)),
            Term::DifferentParity => f.write_str("different-parity"),
            Term::SameParity => f.write_str("same-parity"),
        }
    }
}

impl fmt::Display for DotRelation {
    /// The relation as [`DotRelation::from_name`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let alternatives: Vec<String> = self
            .alternatives
            .iter()
            .map(|all| all.iter().map(Term::to_string).collect::<Vec<_>>().join("&"))
            .collect();
        f.write_str(&alternatives.join("|"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_are_read_held_and_written_back() {
        let xv = DotRelation::from_name("x|v").unwrap();
        assert!(xv.holds(3, 7) && xv.holds(1, 4) && !xv.holds(2, 4));
        let red = DotRelation::from_name("non-consecutive&different-parity").unwrap();
        assert!(red.holds(1, 4) && !red.holds(1, 2) && !red.holds(1, 3));
        let grey = DotRelation::from_name("consecutive|black").unwrap();
        assert!(grey.holds(1, 2) && grey.holds(3, 6) && !grey.holds(3, 5));
        for relation in [&xv, &red, &grey] {
            assert_eq!(DotRelation::from_name(&relation.to_string()).as_ref(), Some(relation));
        }
        assert_eq!(grey.to_string(), "white|black");
        assert_eq!(DotRelation::from_name("sum-7").unwrap().dot(), Some(Dot::Sum(7)));
        assert_eq!(DotRelation::from_name("not-ratio-3").unwrap().to_string(), "not-ratio-3");
        assert!(xv.marks_family(Dot::X) && !xv.marks_family(Dot::WHITE));
        assert!(!red.marks_family(Dot::WHITE));
    }

    #[test]
    fn unknown_terms_and_numbers_no_dot_takes_are_refused() {
        for name in ["x|", "white&purple", "ratio-1", "sum-2", "difference-0", "not-", ""] {
            assert_eq!(DotRelation::from_name(name), None, "{name}");
        }
    }
}
