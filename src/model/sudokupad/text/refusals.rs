//! The checks of a rules text both ways: a sentence naming a rule satdoku does not read (or
//! digits other than 1 to M) refuses the puzzle, and so does one naming a drawn rule that no
//! drawing carries.

use super::cell_lists::listed_rule;
use super::global_sentences::{chess_rule, equal_totals_in};
use super::{RulesText, has_word, quote};
use crate::model::equal_totals::Total;
use crate::model::rule::{Dot, Rule};
use crate::model::sudokupad::colour::{Colour, near_family};
use crate::model::sudokupad::digits::stated_range;
use crate::model::sudokupad::lines::LineRule;

/// Words that name rules satdoku does not read: a sentence with one refuses the puzzle.
const UNKNOWN_RULES: [&str; 57] = [
    "nosferatu",
    "error sudoku",
    "prime",
    "kingdom",
    "sunburn",
    "fibonacci",
    "index line",
    "lockout",
    "parity",
    "nabner",
    "negator",
    "wrogn",
    "yin yang",
    "yin-yang",
    "shade",
    "shading",
    "loop",
    "fog",
    "star battle",
    "doubler",
    "chaos",
    "masyu",
    "shikaku",
    "nurikabe",
    "snake",
    "galaxy",
    "galaxies",
    "cipher",
    "letters",
    "hidden",
    "unknown",
    "broken",
    "wrong",
    "lie",
    "liar",
    "fake",
    "modifier",
    "decrement",
    "product",
    "multiply",
    "ten line",
    "10 line",
    "roman numeral",
    "indexer",
    "camel",
    "zebra",
    "giraffe",
    "taxicab",
    "magic",
    "first two",
    "euler",
    "colors",
    "colours",
    "path",
    "teleport",
    "portal",
    "bishop",
];

/// The word of a sentence giving arrows another relation than a sum ("digits on an arrow
/// have the difference of the digit in the circle"): drawn arrows are read as sums, so such
/// a sentence refuses the puzzle rather than let its arrows be misread.
fn other_arrow(lower: &str) -> Option<&'static str> {
    let arrow = has_word(lower, "arrow") && !has_word(lower, "double arrow");
    ["difference", "differ"].into_iter().find(|word| arrow && has_word(lower, word))
}

/// The [`UNKNOWN_RULES`] words a sentence naming a chess rule by its rule name uses
/// ("anti-camel": a camel's leap), read there by [`chess_rule`].
const CHESS_WORDS: [&str; 4] = ["camel", "zebra", "giraffe", "taxicab"];

impl RulesText {
    /// Refuses a text with a sentence naming a rule satdoku does not read (a word of
    /// [`UNKNOWN_RULES`] that no line rule of the sentence explains, outside the clone and
    /// indexer sentences of the writer's form), or stating digits beyond
    /// 1 to `digits` (from 0, or past the digits the reader set: N on an N×N grid, or M from
    /// [`RulesText::same_subset`]).
    ///
    /// # Errors
    /// The word (or the digits) and the sentence.
    pub fn check_rules_known(&self, n: usize, digits: usize) -> Result<(), String> {
        for sentence in &self.sentences {
            let lower = sentence.to_lowercase();
            if listed_rule(&lower).is_some() {
                // A clone or an indexer in the writer's form, read cell by cell.
                continue;
            }
            // A range inside 1..M names some of the digits ("a low digit (1-3)").
            let beyond = |(first, last): &(usize, usize)| *first == 0 || *last > digits;
            if let Some((first, last)) = stated_range(&lower).filter(beyond) {
                return Err(format!(
                    "the rules text asks for digits {first} to {last} on a {n}x{n} grid, and \
                     satdoku reads digits past {n} only as \"the same subset in each row, \
                     column and box\": \"{}\"",
                    quote(sentence)
                ));
            }
            let line_rule = LineRule::from_sentence(&lower);
            let chess = chess_rule(&lower).is_some();
            let equal_products = equal_totals_in(&lower) == Some(Total::Product);
            // A word the sentence's own reading explains.
            let explained = |word: &str| {
                line_rule.is_some_and(|r| r.explains(word))
                    || (chess && CHESS_WORDS.contains(&word))
                    || (equal_products && word == "product")
            };
            let unknown =
                UNKNOWN_RULES.iter().find(|word| has_word(&lower, word) && !explained(word));
            if let Some(word) = unknown.copied().or_else(|| other_arrow(&lower)) {
                return Err(format!(
                    "the rules text states a rule satdoku does not read (`{word}`): \"{}\"",
                    quote(sentence)
                ));
            }
        }
        Ok(())
    }

    /// Refuses a text that names a drawn rule no drawing carries: clones, thermometers, arrows,
    /// cages, look-and-say clues, kropki dots, XV, little killers, sandwiches, or lines of a colour none was
    /// read for (`line_colours`: the colour families of the lines read).
    ///
    /// # Errors
    /// The sentence and what it names.
    pub fn check_named_rules_drawn(
        &self,
        rules: &[Rule],
        line_colours: &[&str],
    ) -> Result<(), String> {
        let has = |test: &dyn Fn(&Rule) -> bool| rules.iter().any(test);
        let named: [(&[&str], bool, &str); 9] = [
            (&["clone"], has(&|r| matches!(r, Rule::Clone { .. })), "clones"),
            (&["thermo"], has(&|r| matches!(r, Rule::Thermo { .. })), "thermometers"),
            (
                &["arrow"],
                has(&|r| {
                    matches!(
                        r,
                        Rule::Arrow { .. }
                            | Rule::LittleKiller { .. }
                            | Rule::Extremum { .. }
                            | Rule::LookAndSay { .. }
                    )
                }),
                "arrows",
            ),
            (
                &["cage", "killer"],
                has(&|r| {
                    matches!(
                        r,
                        Rule::Killer { .. }
                            | Rule::Rellik { .. }
                            | Rule::LittleKiller { .. }
                            | Rule::ExtraRegion(_)
                            | Rule::Clone { .. }
                            | Rule::LookAndSay { .. }
                    )
                }),
                "cages",
            ),
            (
                &["look-and-say", "look and say"],
                has(&|r| matches!(r, Rule::LookAndSay { .. })),
                "look-and-say clues",
            ),
            (
                &["white dot", "black dot", "kropki"],
                has(&|r| {
                    matches!(
                        r,
                        Rule::Dot { dot: Dot::Difference(_) | Dot::Ratio(_), .. }
                            | Rule::Negative(Dot::WHITE)
                    )
                }),
                "kropki dots",
            ),
            (
                &["little killer"],
                has(&|r| matches!(r, Rule::LittleKiller { .. })),
                "little killer clues",
            ),
            (&["sandwich"], has(&|r| matches!(r, Rule::Sandwich { .. })), "sandwich clues"),
            (
                &["odd", "even"],
                has(&|r| matches!(r, Rule::Odd(c) | Rule::Even(c) if !c.is_empty())),
                "odd or even marks",
            ),
        ];
        for sentence in &self.sentences {
            let lower = sentence.to_lowercase();
            if self.is_combined_dot_sentence(&lower, rules) {
                continue;
            }
            let named_line_rule = LineRule::from_sentence(&lower)
                .and_then(|rule| rule.rule(vec![], 9))
                .is_some_and(|named| rules.iter().any(|r| r.name() == named.name()));
            if named_line_rule {
                continue;
            }
            let families = Colour::families_in(&lower);
            let read = |family: &&str| {
                line_colours.contains(family)
                    || near_family(family).is_some_and(|near| line_colours.contains(&near))
            };
            if lower.contains("line") && !families.is_empty() && !families.iter().any(read) {
                return Err(format!(
                    "the rules text names {} lines, and no line of that colour is drawn in a way \
                     satdoku reads: \"{}\"",
                    families.join(" or "),
                    quote(sentence)
                ));
            }
            // "odd-length lines" names no odd digits.
            let lower = lower.replace("odd-length", "").replace("even-length", "");
            if let Some((_, _, what)) = named
                .iter()
                .find(|(words, drawn, _)| !drawn && words.iter().any(|w| has_word(&lower, w)))
            {
                return Err(format!(
                    "the rules text names {what}, and none is drawn in a way satdoku reads: \"{}\"",
                    quote(sentence)
                ));
            }
        }
        Ok(())
    }
}
