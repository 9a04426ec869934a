//! The rules text's sentences on what marks cells: cages whose digits do not repeat, odd and
//! even circles and squares, counting circles, look-and-say clues on cages and diagonals.

use super::{RulesText, has_word, quote};

impl RulesText {
    /// The sentence saying that digits in cages do not repeat, if any.
    fn cage_sentence(&self) -> Option<&str> {
        self.find(|s| {
            (s.contains("cage") || s.contains("killer"))
                && (s.contains("repeat") || s.contains("killer") || s.contains("different"))
        })
    }

    /// Whether the text says cages keep their digits apart ("killer cages", "digits cannot
    /// repeat in cages").
    pub fn says_cages_do_not_repeat(&self) -> bool {
        self.cage_sentence().is_some()
    }

    /// The sentence [`RulesText::says_cages_do_not_repeat`] found, for a note.
    pub fn quote_cages(&self) -> String {
        quote(self.cage_sentence().unwrap_or(""))
    }

    /// What a circle (`shape` "circle") or square on a cell means by the sentence naming it
    /// with odd or even digits ("The yellow circles contain odd digits."): `Some(true)` odd,
    /// `Some(false)` even, `None` when no sentence says, or one says both.
    pub fn parity_of(&self, shape: &str) -> Option<bool> {
        let sentence =
            self.find(|s| has_word(s, shape) && (has_word(s, "odd") || has_word(s, "even")))?;
        let lower = sentence.to_lowercase();
        match (has_word(&lower, "odd"), has_word(&lower, "even")) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        }
    }

    /// The sentence saying that a digit in a circle counts the circles holding it (counting
    /// circles), if any.
    pub fn counting_circles(&self) -> Option<String> {
        self.quoted_about("circle", &["counting circle", "how many circles", "exactly n circles"])
    }

    /// The sentence saying that the numbers of `drawing` (`cage` or `diagonal`) are
    /// look-and-say clues ("An indicated diagonal is read as a 'Look and Say' clue"), quoted,
    /// and whether it says they are "also" (or "independently") what they would be without
    /// it (a killer cage's total); `None` when no sentence says.
    pub fn look_and_say(&self, drawing: &str) -> Option<(String, bool)> {
        let sentence = self.find(|s| {
            (s.contains("look-and-say") || s.contains("look and say")) && s.contains(drawing)
        })?;
        let lower = sentence.to_lowercase();
        Some((quote(sentence), has_word(&lower, "also") || lower.contains("independently")))
    }
}
