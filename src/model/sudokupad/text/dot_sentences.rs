//! The rules text's sentences on dots: what the number on a dot of a colour is, the relation
//! dots of a colour have ("The green dots are either X or V"), and whether every dot of a
//! family is given.

use super::{RulesText, has_word, quote};
use crate::model::dot_relation::DotRelation;
use crate::model::rule::{Dot, Rule};
use crate::model::sudokupad::colour::Colour;

/// A kind of dot, by the number on it: [`Dot::Difference`], [`Dot::Ratio`] or [`Dot::Sum`].
pub type DotKind = fn(usize) -> Dot;

impl RulesText {
    /// What the number on a dot of a colour (`colour_words`) is, by the sentence speaking of
    /// dots of that colour (or of dots of no colour) and a number: a difference ("digits
    /// separated by a white dot differ by the number on it"), a ratio or a sum, as the dot of
    /// that kind, with the sentence. When a sentence names dots of several colours, only the
    /// clause naming this one counts ("white dots: the difference is the number; black dots:
    /// the ratio"). `None` when no sentence says, or the one that speaks names no kind or
    /// more than one.
    pub fn numbered_dot(&self, colour_words: &[&str]) -> Option<(DotKind, String)> {
        let kinds: [(&[&str], DotKind); 3] = [
            (&["differ", "difference"], Dot::Difference),
            (&["ratio", "times", "multiple"], Dot::Ratio),
            (&["sum", "add", "added", "total"], Dot::Sum),
        ];
        self.sentences.iter().find_map(|sentence| {
            let lower = sentence.to_lowercase();
            let named = |text: &str| colour_words.iter().any(|word| has_word(text, word));
            let colours = Colour::families_in(&lower);
            let clause = match colours.len() {
                0 => lower.as_str(),
                1 if named(&lower) => lower.as_str(),
                _ => lower.split([',', ';']).find(|clause| named(clause))?,
            };
            let numbered = ["number", "value", "indicated", "written"]
                .iter()
                .any(|word| clause.contains(word));
            if !has_word(clause, "dot") || !numbered {
                return None;
            }
            let said: Vec<DotKind> = kinds
                .iter()
                .filter(|(words, _)| words.iter().any(|word| has_word(clause, word)))
                .map(|(_, kind)| *kind)
                .collect();
            let [kind] = said[..] else { return None };
            Some((kind, quote(sentence)))
        })
    }

    /// The relation the text gives dots of a colour (its words), with the sentence: one naming
    /// the colour and a dot, square or circle, and the relations it joins ("non-consecutive",
    /// "consecutive", "1:2", "X", "V", "sum to 7", "one even digit and one odd digit"), with
    /// "or" (any of them) or else "and" (all of them): "The green dots are either X or V"
    /// gives `x|v`.
    pub fn dot_relation(&self, colour_words: &[&str]) -> Option<(DotRelation, String)> {
        self.sentences.iter().find_map(|sentence| {
            let lower = sentence.to_lowercase();
            let coloured = colour_words.iter().any(|word| has_word(&lower, word));
            let shapes = ["dot", "square", "circle"];
            if !coloured || !shapes.iter().any(|shape| has_word(&lower, shape)) {
                return None;
            }
            let relation = relation_in(&lower)?;
            Some((relation, quote(sentence)))
        })
    }

    /// Whether every dot of a family is given (a negative constraint), with the sentence; a
    /// sentence speaking of "such" dots or pairs comes with the one before it, which names
    /// them ("Digits joined by a V sum to 5. All such pairs are given.").
    pub fn all_dots_given(&self, family: &[&str]) -> Option<String> {
        self.all_given(|s| family.iter().any(|word| has_word(s, word)))
    }

    /// Whether every dot is given, by a sentence naming dots (or kropki dots) and no colour but
    /// white and black ("All dots are given"), as [`RulesText::all_dots_given`]: dots of
    /// another colour are those of a colour's relation, which a sentence naming that colour
    /// covers.
    pub fn all_plain_dots_given(&self) -> Option<String> {
        let plain = |s: &str| {
            let kropki = |family: &&str| matches!(*family, "white" | "black");
            Colour::families_in(s).iter().all(kropki)
        };
        let dots = |s: &str| ["dot", "dots", "kropki"].iter().any(|word| has_word(s, word));
        self.all_given(|s| dots(s) && plain(s))
    }

    /// The first sentence saying every one of something is given, where `names_family`
    /// accepts the sentence (lower case), or with a sentence on "such" dots, the one before it.
    fn all_given(&self, names_family: impl Fn(&str) -> bool) -> Option<String> {
        self.sentences.iter().enumerate().find_map(|(at, sentence)| {
            let s = sentence.to_lowercase();
            let all_given = !s.contains("not all")
                && s.contains("all")
                && (s.contains("given") || s.contains("shown") || s.contains("marked"));
            if !all_given {
                return None;
            }
            if names_family(&s) {
                return Some(quote(sentence));
            }
            let before = self.sentences.get(at.checked_sub(1)?)?;
            (has_word(&s, "such") && names_family(&before.to_lowercase()))
                .then(|| format!("{} {}", quote(before), quote(sentence)))
        })
    }

    /// Whether a sentence (lower case) states the relation of combined dots that were read
    /// (among `rules`): its words ("non-consecutive", "odd") are that relation's, not global
    /// rules or marks.
    pub(super) fn is_combined_dot_sentence(&self, lower: &str, rules: &[Rule]) -> bool {
        let combined = |relation: &DotRelation| {
            rules.iter().any(
                |rule| matches!(rule, Rule::CombinedDot { relation: read, .. } if read == relation),
            )
        };
        let dots = ["dot", "square", "circle"].iter().any(|shape| has_word(lower, shape));
        dots && relation_in(lower).is_some_and(|relation| combined(&relation))
    }
}

/// The relation a sentence (lower case) about dots states, if it names any: the terms it
/// names, joined by `|` when it says "or", else by `&`.
fn relation_in(lower: &str) -> Option<DotRelation> {
    if let Some(relation) = stated_relation(lower) {
        return Some(relation);
    }
    let mut terms: Vec<String> = Vec::new();
    let negated = ["non-consecutive", "nonconsecutive", "not consecutive"];
    if negated.iter().any(|word| lower.contains(word)) {
        terms.push("non-consecutive".into());
    } else if has_word(lower, "consecutive") {
        terms.push("white".into());
    }
    if lower.contains("1:2") || has_word(lower, "double") || has_word(lower, "ratio") {
        terms.push("black".into());
    }
    terms.extend(["x", "v"].iter().filter(|letter| has_word(lower, letter)).map(|l| l.to_string()));
    let parity = ["different parity", "opposite parity"].iter().any(|w| lower.contains(w));
    if parity || has_word(lower, "one even") && has_word(lower, "one odd") {
        terms.push("different-parity".into());
    }
    let total = ["sum to ", "add up to ", "adds up to ", "total "].iter().find_map(|lead| {
        let after = lower.split_once(lead)?.1;
        after.chars().take_while(char::is_ascii_digit).collect::<String>().parse::<usize>().ok()
    });
    terms.extend(total.map(|sum| format!("sum-{sum}")));
    if terms.is_empty() {
        return None;
    }
    let join = if has_word(lower, "or") || has_word(lower, "either") { "|" } else { "&" };
    DotRelation::from_name(&terms.join(join))
}

/// The relation a sentence (lower case) in the SudokuPad writer's form states exactly:
/// "digits joined by a red dot are either consecutive, or in a 1:2 ratio."
/// ([`DotRelation::to_phrase`]).
fn stated_relation(lower: &str) -> Option<DotRelation> {
    let (_, phrase) = lower.split_once(" dot are ")?;
    DotRelation::from_phrase(phrase.trim_end_matches(['.', '!']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numbered_dot_kind_is_a_word_not_part_of_one() {
        let kind = |text: &str| RulesText::new(text).numbered_dot(&["white"]).map(|(k, _)| k(3));
        let difference = "Digits joined by a white dot with a number differ by that number.";
        assert_eq!(kind(difference), Some(Dot::Difference(3)));
        // "sometimes" holds "times", "additional" holds "add": neither names a kind.
        let said =
            "The number on a white dot is sometimes additional information: they differ by it.";
        assert_eq!(kind(said), Some(Dot::Difference(3)));
        assert_eq!(
            kind("A white dot's number is the ratio; one is that many times the other."),
            Some(Dot::Ratio(3))
        );
    }
}
