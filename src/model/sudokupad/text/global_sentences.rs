//! The rules text's sentences on what holds everywhere: global rules ("Identical digits
//! cannot be a knight's move apart"), diagonals of equal totals, and the digits `1..=M` of a
//! same-subset puzzle.

use super::{RulesText, has_word, quote};
use crate::model::equal_totals::Total;
use crate::model::rule::Rule;
use crate::model::sudokupad::digits::stated_range;

impl RulesText {
    /// The global rules the text states, each with a note (`rules` are those read so far;
    /// [`RulesText::check_rules_known`] has refused unknown rules before).
    ///
    /// # Errors
    /// A sentence naming a rule satdoku does not read, or one whose rule is not drawn.
    pub fn global_rules(
        &self,
        rules: &[Rule],
        notes: &mut Vec<String>,
    ) -> Result<Vec<Rule>, String> {
        let mut found = Vec::new();
        for sentence in &self.sentences {
            let lower = sentence.to_lowercase();
            if self.is_combined_dot_sentence(&lower, rules) {
                continue;
            }
            let forbids_repeats = [
                "cannot",
                "can't",
                "can not",
                "may not",
                "must not",
                "never",
                "not contain",
                "different",
            ]
            .iter()
            .any(|w| lower.contains(w))
                && ["same", "identical", "repeat", "equal", "different"]
                    .iter()
                    .any(|w| lower.contains(w));
            let mut global = |rule: Rule, what: &str, found: &mut Vec<Rule>| {
                notes.push(format!("read {what} from the rules text: \"{}\"", quote(sentence)));
                found.push(rule);
            };
            if lower.contains("anti-knight")
                || lower.contains("antiknight")
                || has_word(&lower, "knight's move") && forbids_repeats
            {
                global(Rule::AntiKnight, "anti-knight", &mut found);
            }
            if lower.contains("anti-king")
                || lower.contains("antiking")
                || has_word(&lower, "king's move") && forbids_repeats
            {
                global(Rule::AntiKing, "anti-king", &mut found);
            }
            if lower.contains("non-consecutive") || lower.contains("nonconsecutive") {
                global(Rule::NonConsecutive, "non-consecutive", &mut found);
            }
            if lower.contains("disjoint") {
                global(Rule::DisjointGroups, "disjoint groups", &mut found);
            }
            if let Some(rule) = chess_rule(&lower) {
                let what = rule.global_name();
                global(rule, &what, &mut found);
            }
            let diagonals =
                rules.iter().any(|r| matches!(r, Rule::MainDiagonal | Rule::AntiDiagonal));
            if has_word(&lower, "diagonal")
                && forbids_repeats
                && !diagonals
                && !lower.contains("little killer")
            {
                return Err(format!(
                    "the rules text names diagonals on which digits do not repeat, and no \
                     diagonal is drawn: \"{}\"; add --rules diagonal if both diagonals are meant",
                    quote(sentence)
                ));
            }
        }
        Ok(found)
    }

    /// The total the text gives lines of equal totals, with the sentence: one naming
    /// diagonals that have the same (or equal) sum, or product ("Every indicated diagonal has
    /// the same product."). `None` without one, or when it names both.
    pub fn equal_totals(&self) -> Option<(Total, String)> {
        self.sentences.iter().find_map(|sentence| {
            let total = equal_totals_in(&sentence.to_lowercase())?;
            Some((total, quote(sentence)))
        })
    }

    /// The digits `1..=M` (M past `n`, the grid's size) a sentence asks to be the same in
    /// every house, with that sentence: "Place the same 4-digit subset from the digits 1 – 9
    /// in each row, column and 2 x 2 box" gives 9. Only this statement sets the digits: any
    /// other range past N is refused ([`RulesText::check_rules_known`]), since the rules around
    /// it (48's "six different digits", 79's "the set of digits in each row is unique") are
    /// others satdoku does not read.
    pub fn same_subset(&self, n: usize) -> Option<(usize, &str)> {
        self.sentences.iter().find_map(|sentence| {
            let lower = sentence.to_lowercase();
            let same = has_word(&lower, "same") && has_word(&lower, "subset");
            let houses = ["row", "column", "box"].iter().all(|house| lower.contains(house));
            let (first, last) = stated_range(&lower)?;
            let fits = first == 1 && last > n && last <= crate::model::digit::MAX_SIZE;
            (same && houses && fits).then_some((last, sentence.as_str()))
        })
    }

    /// The digits `1..=M` the text sets on an N×N grid (`n`), with the note that reads them
    /// and the rule same-digits from a sentence asking for the same subset in every house
    /// ([`RulesText::same_subset`]); `(n, None)` without one.
    pub fn stated_digits(&self, n: usize) -> (usize, Option<String>) {
        match self.same_subset(n) {
            Some((digits, sentence)) => {
                let note = format!(
                    "read the digits as 1 to {digits} and the rule same-digits (rules text: \"{}\")",
                    quote(sentence)
                );
                (digits, Some(note))
            }
            None => (n, None),
        }
    }
}

/// The total a sentence (lower case) gives diagonals that all have the same one, if it
/// names diagonals, "same" or "equal", and a sum or a product (not both).
pub(super) fn equal_totals_in(lower: &str) -> Option<Total> {
    let same = has_word(lower, "same") || has_word(lower, "equal");
    if !has_word(lower, "diagonal") || !same {
        return None;
    }
    match (has_word(lower, "sum") || has_word(lower, "total"), has_word(lower, "product")) {
        (true, false) => Some(Total::Sum),
        (false, true) => Some(Total::Product),
        _ => None,
    }
}

/// The chess rule beyond the king and the knight a sentence names by its rule name
/// (`anti-camel`, `anti-zebra`, `anti-giraffe`, `anti-leaper-A-B`, `anti-taxicab`), if any.
pub(super) fn chess_rule(lower: &str) -> Option<Rule> {
    lower.split(|c: char| !(c.is_alphanumeric() || c == '-')).find_map(
        |word| match Rule::from_name(word)?.as_slice() {
            [rule @ (Rule::AntiLeaper(_) | Rule::AntiTaxicab)] => Some(rule.clone()),
            _ => None,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::equal_totals::Total;

    #[test]
    fn equal_diagonal_totals_are_read_from_their_sentence() {
        let product =
            RulesText::new("Normal rules.\nEvery indicated diagonal has the same product.");
        assert_eq!(product.equal_totals().map(|t| t.0), Some(Total::Product));
        assert_eq!(product.check_rules_known(6, 6), Ok(()));
        let sum = RulesText::new("Both indicated diagonals have the same sum.");
        assert_eq!(sum.equal_totals().map(|t| t.0), Some(Total::Sum));
        let both = RulesText::new("Each diagonal has the same sum and product.");
        assert_eq!(both.equal_totals(), None);
        assert!(both.check_rules_known(6, 6).unwrap_err().contains("(`product`)"));
    }

    #[test]
    fn chess_rules_are_read_by_their_names_and_refused_without_them() {
        let mut notes = Vec::new();
        let named = RulesText::new("Anti-camel: identical digits cannot be a camel's leap apart.");
        assert_eq!(named.global_rules(&[], &mut notes), Ok(vec![Rule::AntiLeaper([1, 3])]));
        assert!(notes[0].contains("read anti-camel from the rules text"), "{notes:?}");
        let unnamed = RulesText::new("Digits a camel's move apart cannot repeat.");
        let error = unnamed.check_rules_known(9, 9).unwrap_err();
        assert!(error.contains("(`camel`)"), "{error}");
    }
}
