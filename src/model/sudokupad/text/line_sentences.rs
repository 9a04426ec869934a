//! The rules text's sentences on lines: the rule of a line's colour ("Adjacent digits along a
//! green line differ by at least 5"), the line rules the text names, slow thermometers.

use super::{RulesText, has_word, quote};
use crate::model::sudokupad::colour::Colour;
use crate::model::sudokupad::lines::LineRule;

impl RulesText {
    /// The rule the text gives lines of a colour (its words), with the sentence that says so:
    /// one naming the colour and the rule, or one naming the colour followed by one naming
    /// the rule and no colour ("Box borders separate blue lines into segments. Digits on each
    /// segment of the same line sum to the same value.").
    /// A sentence about "coloured lines" gives its rule to lines of every colour no sentence
    /// names.
    /// A sentence spelling out a colour ([`RulesText::exact_line_rule`]) speaks of that colour
    /// only.
    pub fn line_rule(&self, colour_words: &[&str]) -> Option<(LineRule, String)> {
        let named = |lower: &str| {
            colour_words.iter().any(|word| has_word(lower, word))
                && Colour::written_in(lower).is_empty()
        };
        self.line_rule_of(named).or_else(|| {
            self.line_rule_of(|lower| {
                has_word(lower, "coloured line") || has_word(lower, "colored line")
            })
        })
    }

    /// The rule the text gives lines of exactly `colour`, by a sentence spelling it out ("a
    /// grey (#808080) line"), as the SudokuPad writer tells apart lines of two rules whose
    /// colours one word names.
    pub fn exact_line_rule(&self, colour: Colour) -> Option<(LineRule, String)> {
        self.line_rule_of(|lower| {
            Colour::written_in(lower).iter().any(|written| written.rgb == colour.rgb)
        })
    }

    /// The rule of the first sentence `coloured` accepts (as [`RulesText::line_rule`]).
    fn line_rule_of(&self, coloured: impl Fn(&str) -> bool) -> Option<(LineRule, String)> {
        self.sentences.iter().enumerate().find_map(|(at, sentence)| {
            let lower = sentence.to_lowercase();
            if !coloured(&lower) || !lower.contains("line") && !lower.contains("thermo") {
                return None;
            }
            if let Some(rule) = LineRule::from_sentence(&lower) {
                return Some((rule, quote(sentence)));
            }
            let next = self.sentences.get(at + 1)?;
            let both = format!("{lower} {}", next.to_lowercase());
            let uncoloured = Colour::families_in(&next.to_lowercase()).is_empty();
            let rule = LineRule::from_sentence(&both).filter(|_| uncoloured)?;
            Some((rule, format!("{}\" \"{}", quote(sentence), quote(next))))
        })
    }

    /// The line rules the whole text names, with the sentence naming each.
    pub fn line_rules(&self) -> Vec<(LineRule, String)> {
        let mut found: Vec<(LineRule, String)> = Vec::new();
        for sentence in &self.sentences {
            let lower = sentence.to_lowercase();
            if let Some(rule) = LineRule::from_sentence(&lower)
                && !found.iter().any(|(seen, _)| *seen == rule)
            {
                found.push((rule, quote(sentence)));
            }
        }
        found
    }

    /// Whether thermometers are slow ("may stay the same", "slow thermo"), with the sentence.
    pub fn slow_thermos(&self) -> Option<String> {
        self.quoted_about("thermo", &["slow", "stay the same", "remain the same"])
    }
}
