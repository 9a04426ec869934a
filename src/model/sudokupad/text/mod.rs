//! A SudokuPad puzzle's rules text, read for what drawings cannot say: which rule a line of
//! some colour follows ("Adjacent digits along a green line differ by at least 5"), whether
//! cages without totals keep their digits apart, which global rules hold ("Identical digits
//! cannot be a knight's move apart"), and whether every dot is given.
//!
//! The reading is by sentences and keywords, so it is checked both ways: a sentence that
//! states a rule satdoku does not read (a rule name it does not know, such as "yin yang", or
//! digits other than 1 to N) refuses the puzzle, and every inference is quoted in a note.
//!
//! The reading is split by what the sentences speak of: [`line_sentences`] (the rule of a
//! line's colour, slow thermometers), [`dot_sentences`] (numbered dots, a colour's relation,
//! every dot given), [`cell_sentences`] (cages, odd and even marks, counting circles),
//! [`global_sentences`] (global rules, equal totals, the digits) and [`refusals`] (sentences
//! naming rules satdoku does not read, or drawn rules nothing draws).

mod cell_sentences;
mod dot_sentences;
mod global_sentences;
mod line_sentences;
mod refusals;

/// A rules text cut into sentences.
pub struct RulesText {
    sentences: Vec<String>,
}

impl RulesText {
    /// The sentences of `text` (lines, cut again at `. `).
    pub fn new(text: &str) -> RulesText {
        let sentences = text
            .lines()
            .flat_map(|line| line.split(". "))
            .map(|s| s.trim().replace(['’', '‘'], "'"))
            .filter(|s| !s.is_empty())
            .collect();
        RulesText { sentences }
    }

    /// The first sentence whose lowercase form satisfies `test`.
    fn find(&self, test: impl Fn(&str) -> bool) -> Option<&str> {
        self.sentences.iter().find(|s| test(&s.to_lowercase())).map(String::as_str)
    }

    /// The first sentence on `topic` that holds one of `phrases` (lower case), quoted.
    fn quoted_about(&self, topic: &str, phrases: &[&str]) -> Option<String> {
        self.find(|s| s.contains(topic) && phrases.iter().any(|phrase| s.contains(phrase)))
            .map(quote)
    }

    /// Whether any sentence mentions `word`.
    pub fn mentions(&self, word: &str) -> bool {
        self.find(|s| s.contains(word)).is_some()
    }

    /// Whether any sentence has `word` as a whole word.
    pub fn names(&self, word: &str) -> bool {
        self.sentences.iter().any(|s| has_word(&s.to_lowercase(), word))
    }

    /// The sentences naming `word` and not `other`, as whole words.
    pub fn naming(&self, word: &str, other: &str) -> Vec<&str> {
        let names = |s: &str, w: &str| has_word(&s.to_lowercase(), w);
        self.sentences
            .iter()
            .filter(|s| names(s, word) && !names(s, other))
            .map(String::as_str)
            .collect()
    }
}

/// Whether `text` holds `word` as a whole word (or phrase).
pub fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric)
            && !after.is_some_and(|c| c.is_alphanumeric() && c != 's')
    })
}

/// A sentence shortened for a message.
pub fn quote(sentence: &str) -> String {
    let sentence = sentence.trim();
    if sentence.chars().count() > 90 {
        format!("{}...", sentence.chars().take(87).collect::<String>())
    } else {
        sentence.to_string()
    }
}
