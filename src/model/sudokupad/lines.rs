//! The rules a drawn line can carry, named as a rules text or a `--line COLOUR=RULE` flag
//! names them, and made into a [`Rule`] on the line's cells.

use std::fmt;

use crate::model::geometry::Cell;
use crate::model::rule::Rule;

/// A rule a line of cells follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRule {
    /// A thermometer, slow or not, from the line's first way point.
    Thermo {
        /// Whether equal neighbours are allowed.
        slow: bool,
    },
    /// Whispers with this gap, or the German gap (⌈N/2⌉) when `None`.
    Whispers(Option<usize>),
    /// Dutch whispers (gap ⌊N/2⌋).
    DutchWhispers,
    /// Renban.
    Renban,
    /// Palindrome.
    Palindrome,
    /// Region sum.
    RegionSum,
    /// Between.
    Between,
    /// Entropic.
    Entropic,
    /// Modular.
    Modular,
    /// Zipper.
    Zipper,
    /// No rule: a drawing only (`--line COLOUR=none`).
    Decoration,
}

/// The names `--line` and `--dot` take, for messages.
pub const LINE_NAMES: &str = "thermo, slow-thermo, whispers (German), dutch-whispers, renban, \
    palindrome, region-sum, between, entropic, modular, zipper, none";

impl LineRule {
    /// The rule a flag names (`whispers`, `region-sum`, `none`, ...).
    pub fn from_name(name: &str) -> Option<LineRule> {
        Some(match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "thermo" | "thermometer" => LineRule::Thermo { slow: false },
            "slow-thermo" | "slowthermo" => LineRule::Thermo { slow: true },
            "whispers" | "german-whispers" | "whisper" => LineRule::Whispers(None),
            "dutch-whispers" => LineRule::DutchWhispers,
            "renban" => LineRule::Renban,
            "palindrome" => LineRule::Palindrome,
            "region-sum" | "regionsum" => LineRule::RegionSum,
            "between" => LineRule::Between,
            "entropic" => LineRule::Entropic,
            "modular" => LineRule::Modular,
            "zipper" => LineRule::Zipper,
            "none" | "decoration" => LineRule::Decoration,
            _ => return None,
        })
    }

    /// The rule a sentence of a rules text (lowercase) names, if exactly one.
    pub fn from_sentence(sentence: &str) -> Option<LineRule> {
        let has = |word: &str| sentence.contains(word);
        let mut named = Vec::new();
        if has("dutch") {
            named.push(LineRule::DutchWhispers);
        } else if has("whisper") || has("german") {
            named.push(LineRule::Whispers(least_difference(sentence)));
        }
        if has("renban") || has("consecutive digits in any order") {
            named.push(LineRule::Renban);
        }
        if has("palindrome") || has("read the same") {
            named.push(LineRule::Palindrome);
        }
        if has("region sum")
            || has("region-sum")
            || (has("sum") && has("each region") || has("particular region"))
        {
            named.push(LineRule::RegionSum);
        }
        if has("between") && has("line") {
            named.push(LineRule::Between);
        }
        if has("entropic") {
            named.push(LineRule::Entropic);
        }
        if has("modular") {
            named.push(LineRule::Modular);
        }
        if has("zipper") {
            named.push(LineRule::Zipper);
        }
        if has("thermo") && named.is_empty() {
            let slow = has("slow") || has("stay the same") || has("remain the same");
            named.push(LineRule::Thermo { slow });
        }
        if named.len() == 1 { named.pop() } else { None }
    }

    /// The rule on a line's cells in a grid of size `n` (`None` for a decoration).
    pub fn rule(self, line: Vec<Cell>, n: usize) -> Option<Rule> {
        Some(match self {
            LineRule::Thermo { slow } => Rule::Thermo { cells: line, slow },
            LineRule::Whispers(gap) => Rule::Whispers { line, gap: gap.unwrap_or(n.div_ceil(2)) },
            LineRule::DutchWhispers => Rule::Whispers { line, gap: n / 2 },
            LineRule::Renban => Rule::Renban(line),
            LineRule::Palindrome => Rule::Palindrome(line),
            LineRule::RegionSum => Rule::RegionSum(line),
            LineRule::Between => Rule::Between(line),
            LineRule::Entropic => Rule::Entropic(line),
            LineRule::Modular => Rule::Modular(line),
            LineRule::Zipper => Rule::Zipper(line),
            LineRule::Decoration => return None,
        })
    }
}

/// The number in "a difference of at least 5", "differ by 4 or more", if any.
fn least_difference(sentence: &str) -> Option<usize> {
    let after = ["at least ", "by "].iter().find_map(|lead| sentence.split_once(lead))?.1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

impl fmt::Display for LineRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            LineRule::Thermo { slow: false } => "a thermometer".to_string(),
            LineRule::Thermo { slow: true } => "a slow thermometer".to_string(),
            LineRule::Whispers(None) => "German whispers".to_string(),
            LineRule::Whispers(Some(gap)) => format!("whispers (gap {gap})"),
            LineRule::DutchWhispers => "Dutch whispers".to_string(),
            LineRule::Renban => "renban".to_string(),
            LineRule::Palindrome => "a palindrome".to_string(),
            LineRule::RegionSum => "a region-sum line".to_string(),
            LineRule::Between => "a between line".to_string(),
            LineRule::Entropic => "an entropic line".to_string(),
            LineRule::Modular => "a modular line".to_string(),
            LineRule::Zipper => "a zipper line".to_string(),
            LineRule::Decoration => "a decoration".to_string(),
        };
        f.write_str(&name)
    }
}
