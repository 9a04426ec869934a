//! The rules a drawn line can carry, named as a rules text or a `--line COLOUR=RULE` flag
//! names them, and made into a [`Rule`] on the line's cells.

use std::fmt;

use crate::model::geometry::{Cell, Geometry};
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
    /// Parity: neighbours hold one even and one odd digit.
    Parity,
    /// A sum line: consecutive segments each adding up to this total (10 lines).
    Sum(usize),
    /// A lockout line whose diamond ends differ by at least this much.
    Lockout(usize),
    /// A differences-count line: each neighbours' difference counts the neighbours on the
    /// line with that difference.
    DifferencesCount,
    /// A double arrow: the digits in the circles at its two ends add up to the sum of the
    /// digits between them.
    DoubleArrow,
    /// A sequence line: the digits step by one difference, not zero.
    Sequence,
    /// No rule: a drawing only (`--line COLOUR=none`).
    Decoration,
}

/// The names `--line` and `--dot` take, for messages.
pub const LINE_NAMES: &str = "thermo, slow-thermo, whispers (German), dutch-whispers, renban, \
    palindrome, region-sum, between, entropic, modular, zipper, parity, sum-10 (any total), lockout-4 (any gap), differences-count, double-arrow, sequence, none";

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
            "parity" | "parity-line" => LineRule::Parity,
            "differences-count" => LineRule::DifferencesCount,
            "double-arrow" | "doublearrow" => LineRule::DoubleArrow,
            "sequence" | "arithmetic" => LineRule::Sequence,
            "none" | "decoration" => LineRule::Decoration,
            name => match name.split_once('-')? {
                ("sum", total) => LineRule::Sum(total.parse().ok().filter(|&t| t > 0)?),
                ("lockout", gap) => LineRule::Lockout(gap.parse().ok().filter(|&g| g > 0)?),
                _ => return None,
            },
        })
    }

    /// The rule a sentence of a rules text (lowercase) names, if exactly one.
    pub fn from_sentence(sentence: &str) -> Option<LineRule> {
        let has = |word: &str| sentence.contains(word);
        let mut named = Vec::new();
        if has("dutch") {
            named.push(LineRule::DutchWhispers);
        } else if has("whisper")
            || has("german")
            || (has("differ") && (has("at least") || has("or more")) && has("adjacent"))
                && !has("lockout")
        {
            named.push(LineRule::Whispers(least_difference(sentence)));
        }
        let any_order = has("any order") || has("some order") || has("non-repeating");
        if has("renban") || has("consecutive") && any_order && !has("non-consecutive") {
            named.push(LineRule::Renban);
        }
        if has("palindrome") || has("read the same") {
            named.push(LineRule::Palindrome);
        }
        let same_sums = (has("sum") || has("total")) && has("same");
        if has("region sum")
            || has("region-sum")
            || (has("sum") && has("each region") || has("particular region"))
            || same_sums && (has("segment") || has(" box") || has("region"))
        {
            named.push(LineRule::RegionSum);
        } else if let Some(total) = segment_total(sentence) {
            named.push(LineRule::Sum(total));
        }
        if has("one even") && has("one odd") {
            named.push(LineRule::Parity);
        }
        let lockout = has("lockout");
        if let Some(gap) = least_difference(sentence).filter(|_| lockout) {
            named.push(LineRule::Lockout(gap));
        }
        let differences_count = has("difference") && has("how many pairs");
        if differences_count {
            named.push(LineRule::DifferencesCount);
        }
        // "Grey sequence lines ... the same difference between each adjacent pair." A
        // difference kept "within each box" is a rule of the line's box segments, not one
        // difference along the whole line, which satdoku does not read.
        let per_segment = has("each box") || has("each region") || has("each segment");
        let sequence = has("sequence line")
            || has("arithmetic sequence")
            || has("same difference") && has("line") && !per_segment;
        if sequence {
            named.push(LineRule::Sequence);
        }
        if has("between") && has("line") && !lockout && !differences_count && !sequence {
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
        if has("double arrow") || has("double-arrow") {
            named.push(LineRule::DoubleArrow);
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
            LineRule::Parity => Rule::ParityLine(line),
            LineRule::Sum(sum) => Rule::SumLine { line, sum, closed: false },
            LineRule::Lockout(gap) => Rule::Lockout { line, gap },
            LineRule::DifferencesCount => Rule::DifferencesCount(line),
            LineRule::DoubleArrow => Rule::DoubleArrow(line),
            LineRule::Sequence => Rule::Sequence(line),
            LineRule::Decoration => return None,
        })
    }

    /// The rules on a closed loop through `cells` (each once, the loop closing from the last
    /// back to the first), or `None` when the rule has no reading on a loop. Rules on runs of
    /// neighbours (whispers, parity, entropic, modular) hold on every run around the loop:
    /// the open line and the runs across its closing. A renban is a set, so a loop is one
    /// too. A region-sum loop is the line from a box border round to it: its segments are the
    /// loop's. A sum line on a loop divides into segments from some cell round. Palindromes,
    /// zippers and between lines need two ends.
    pub fn loop_rules(self, cells: &[Cell], geometry: Geometry) -> Option<Vec<Rule>> {
        let n = geometry.size();
        let run = match self {
            LineRule::Whispers(_) | LineRule::DutchWhispers | LineRule::Parity => 2,
            LineRule::Entropic | LineRule::Modular => 3,
            LineRule::Renban | LineRule::Decoration => 0,
            LineRule::RegionSum => {
                let k = cells.len();
                let border = (0..k)
                    .find(|&i| geometry.box_of(cells[i]) != geometry.box_of(cells[(i + k - 1) % k]))
                    .unwrap_or(0);
                let line = cells[border..].iter().chain(&cells[..border]).copied().collect();
                return Some(vec![Rule::RegionSum(line)]);
            }
            LineRule::Sum(sum) => {
                return Some(vec![Rule::SumLine { line: cells.to_vec(), sum, closed: true }]);
            }
            _ => return None,
        };
        let mut rules: Vec<Rule> = self.rule(cells.to_vec(), n).into_iter().collect();
        if run > 0 && cells.len() >= run {
            let around = cells.iter().chain(cells).copied().collect::<Vec<_>>();
            for start in cells.len() + 1 - run..cells.len() {
                rules.extend(self.rule(around[start..start + run].to_vec(), n));
            }
        }
        Some(rules)
    }

    /// Whether a word the rules text uses for rules satdoku lacks names this rule instead
    /// (`parity` for parity lines, `lockout` for lockout lines with their gap).
    pub fn explains(self, word: &str) -> bool {
        matches!(
            (self, word),
            (LineRule::Parity, "parity")
                | (LineRule::Sum(10), "ten line" | "10 line")
                | (LineRule::Lockout(_), "lockout")
        )
    }
}

/// The total of "segments that each sum to 10", "divided into segments adding up to 10".
fn segment_total(sentence: &str) -> Option<usize> {
    if !sentence.contains("segment") {
        return None;
    }
    let after = ["sum to ", "sum of ", "add up to ", "adds up to ", "total "]
        .iter()
        .find_map(|lead| sentence.split_once(lead))?
        .1;
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|&total| total > 0)
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
            LineRule::Parity => "a parity line".to_string(),
            LineRule::Sum(total) => format!("a sum line of {total}"),
            LineRule::Lockout(gap) => format!("a lockout line (ends {gap} or more apart)"),
            LineRule::DifferencesCount => "a differences-count line".to_string(),
            LineRule::DoubleArrow => "a double arrow".to_string(),
            LineRule::Sequence => "a sequence line".to_string(),
            LineRule::Decoration => "a decoration".to_string(),
        };
        f.write_str(&name)
    }
}

#[cfg(test)]
mod tests {
    use super::LineRule;
    use crate::model::sudokupad::text::RulesText;

    const LOCKOUT: &str = "Digits along a purple lockout line must not be between the values of \
        the diamond endpoints, which have a difference of at least 4.";
    const DIFFERENCES: &str = "The difference between two adjacent digits on a coloured line \
        indicates exactly how many pairs of adjacent digits along that line have that exact \
        difference.";

    #[test]
    fn lockout_and_differences_count_lines_are_named_by_sentence_and_by_flag() {
        let lower = |s: &str| s.to_lowercase();
        assert_eq!(LineRule::from_sentence(&lower(LOCKOUT)), Some(LineRule::Lockout(4)));
        assert_eq!(LineRule::from_sentence(&lower(DIFFERENCES)), Some(LineRule::DifferencesCount));
        assert_eq!(LineRule::from_sentence("digits on a lockout line are apart."), None);
        assert_eq!(LineRule::from_name("lockout-5"), Some(LineRule::Lockout(5)));
        assert_eq!(LineRule::from_name("lockout"), None);
        assert_eq!(LineRule::from_name("differences-count"), Some(LineRule::DifferencesCount));
    }

    #[test]
    fn a_lockout_without_its_gap_and_a_leap_without_its_rule_name_are_refused() {
        assert!(RulesText::new(LOCKOUT).check_rules_known(9, 9).is_ok());
        let no_gap = RulesText::new("Digits on a lockout line lie outside its ends.");
        assert!(no_gap.check_rules_known(9, 9).unwrap_err().contains("`lockout`"));
        let camel = RulesText::new("Identical digits cannot be a camel's leap apart.");
        assert!(camel.check_rules_known(9, 9).unwrap_err().contains("`camel`"));
        assert!(RulesText::new("Anti-camel applies.").check_rules_known(9, 9).is_ok());
    }

    #[test]
    fn sequence_lines_are_named_by_sentence_and_by_flag() {
        let grey = "grey sequence lines contain digits in order, with the same difference \
            between each adjacent pair. e.g. 1-4-7, 2-3-4 or 5-7-9.";
        assert_eq!(LineRule::from_sentence(grey), Some(LineRule::Sequence));
        let arithmetic = "digits along a yellow line form an arithmetic sequence.";
        assert_eq!(LineRule::from_sentence(arithmetic), Some(LineRule::Sequence));
        assert_eq!(LineRule::from_name("sequence"), Some(LineRule::Sequence));
        // Sudoku-Bench 90: a difference kept within each box is no sequence along the line.
        let per_box = "digits along the blue line must have the same difference within each \
            box it passes through.";
        assert_eq!(LineRule::from_sentence(per_box), None);
    }

    #[test]
    fn arrows_stated_with_a_difference_are_refused_not_read_as_sums() {
        // Sudoku-Bench 90: its drawn arrows would otherwise be read as sum arrows.
        let difference =
            "Digits on an arrow have the DIFFERENCE of the digit in the attached circle.";
        let refusal = RulesText::new(difference).check_rules_known(6, 6).unwrap_err();
        assert!(refusal.contains("`difference`"), "{refusal}");
        let sum = "Digits along an arrow sum to the digit in its circle.";
        assert!(RulesText::new(sum).check_rules_known(9, 9).is_ok());
    }

    #[test]
    fn a_coloured_line_sentence_names_every_colour() {
        let text = RulesText::new(DIFFERENCES);
        assert_eq!(
            text.line_rule(&["green"]).map(|(rule, _)| rule),
            Some(LineRule::DifferencesCount)
        );
        let named = RulesText::new(&format!("Green lines are renban. {DIFFERENCES}"));
        assert_eq!(named.line_rule(&["green"]).map(|(rule, _)| rule), Some(LineRule::Renban));
    }
}
