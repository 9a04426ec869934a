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

    /// The relation in words, as [`DotRelation::from_phrase`] reads it back: each term's
    /// phrase (`consecutive`, `differing by 3`, `in a 1:2 ratio`, `summing to 10`, each after
    /// `not ` when negated; `one odd and the other even`, `both odd or both even`), the terms of an
    /// alternative joined by ` and `, several alternatives by `, or ` after `either `:
    /// `either consecutive, or in a 1:2 ratio` for `white|black`.
    pub fn to_phrase(&self) -> String {
        let alternatives: Vec<String> = self
            .alternatives
            .iter()
            .map(|all| all.iter().map(|term| term.phrase()).collect::<Vec<_>>().join(" and "))
            .collect();
        match &alternatives[..] {
            [one] => one.clone(),
            many => format!("either {}", many.join(", or ")),
        }
    }

    /// The relation [`DotRelation::to_phrase`] writes (in any case), or `None` when `phrase`
    /// is not of that form throughout.
    pub fn from_phrase(phrase: &str) -> Option<DotRelation> {
        let lower = phrase.trim().to_lowercase();
        let body = lower.strip_prefix("either ").unwrap_or(&lower);
        let alternatives = body
            .split(", or ")
            .map(|mut all| {
                let mut terms = Vec::new();
                loop {
                    let (term, rest) = Term::from_phrase_start(all)?;
                    terms.push(term);
                    match rest {
                        "" => return Some(terms),
                        rest => all = rest.strip_prefix(" and ")?,
                    }
                }
            })
            .collect::<Option<Vec<Vec<Term>>>>()?;
        Some(DotRelation { alternatives })
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

    /// The term in words (see [`DotRelation::to_phrase`]).
    fn phrase(self) -> String {
        let dot_phrase = |dot: Dot| match dot {
            Dot::Difference(k) => format!("differing by {k}"),
            Dot::Ratio(k) => format!("in a 1:{k} ratio"),
            Dot::Sum(k) => format!("summing to {k}"),
        };
        match self {
            Term::Dot(Dot::WHITE) => "consecutive".to_string(),
            Term::NotDot(Dot::WHITE) => "non-consecutive".to_string(),
            Term::Dot(dot) => dot_phrase(dot),
            Term::NotDot(dot) => format!("not {}", dot_phrase(dot)),
            Term::DifferentParity => PARITY_PHRASES[0].to_string(),
            Term::SameParity => PARITY_PHRASES[1].to_string(),
        }
    }

    /// The term whose phrase opens `text` (lower case), with the text after it.
    fn from_phrase_start(text: &str) -> Option<(Term, &str)> {
        let fixed = [
            ("non-consecutive", Term::NotDot(Dot::WHITE)),
            ("consecutive", Term::Dot(Dot::WHITE)),
            (PARITY_PHRASES[0], Term::DifferentParity),
            (PARITY_PHRASES[1], Term::SameParity),
        ];
        if let Some((rest, term)) =
            fixed.iter().find_map(|(phrase, term)| Some((text.strip_prefix(phrase)?, *term)))
        {
            return Some((term, rest));
        }
        let (negated, text) = match text.strip_prefix("not ") {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let kinds = [("differing by ", "difference", ""), ("in a 1:", "ratio", " ratio")];
        let kinds = kinds.into_iter().chain([("summing to ", "sum", "")]);
        let (kind, after, close) = kinds
            .into_iter()
            .find_map(|(lead, kind, close)| Some((kind, text.strip_prefix(lead)?, close)))?;
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let dot = dot_of(&format!("{kind}-{}", &after[..digits]))?;
        let rest = after[digits..].strip_prefix(close)?;
        Some((if negated { Term::NotDot(dot) } else { Term::Dot(dot) }, rest))
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

/// The phrases of [`Term::DifferentParity`] and [`Term::SameParity`].
const PARITY_PHRASES: [&str; 2] = ["one odd and the other even", "both odd or both even"];

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
    fn relations_are_said_in_words_and_read_back() {
        let said = |name: &str| DotRelation::from_name(name).unwrap().to_phrase();
        assert_eq!(said("white|black"), "either consecutive, or in a 1:2 ratio");
        assert_eq!(
            said("non-consecutive&different-parity"),
            "non-consecutive and one odd and the other even"
        );
        assert_eq!(
            said("not-sum-10&same-parity|difference-3"),
            "either not summing to 10 and both odd or both even, or differing by 3"
        );
        for name in [
            "x|v",
            "white|black",
            "non-consecutive&different-parity",
            "not-sum-10&same-parity|difference-3",
            "not-ratio-3|not-difference-4&ratio-2",
            "same-parity",
        ] {
            let relation = DotRelation::from_name(name).unwrap();
            assert_eq!(DotRelation::from_phrase(&relation.to_phrase()), Some(relation), "{name}");
        }
        for phrase in ["consecutive and", "differing by", "in a 1:2", "either , or x", "odd"] {
            assert_eq!(DotRelation::from_phrase(phrase), None, "{phrase}");
        }
    }

    #[test]
    fn unknown_terms_and_numbers_no_dot_takes_are_refused() {
        for name in ["x|", "white&purple", "ratio-1", "sum-2", "difference-0", "not-", ""] {
            assert_eq!(DotRelation::from_name(name), None, "{name}");
        }
    }
}
