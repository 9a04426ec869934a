//! A SudokuPad puzzle's rules text, read for what drawings cannot say: which rule a line of
//! some colour follows ("Adjacent digits along a green line differ by at least 5"), whether
//! cages without totals keep their digits apart, which global rules hold ("Identical digits
//! cannot be a knight's move apart"), and whether every dot is given.
//!
//! The reading is by sentences and keywords, so it is checked both ways: a sentence that
//! states a rule satdoku does not read (a rule name it does not know, such as "yin yang", or
//! digits other than 1 to N) refuses the puzzle, and every inference is quoted in a note.

use super::colour::Colour;
use super::digits::stated_range;
use super::lines::LineRule;
use crate::model::dot_relation::DotRelation;
use crate::model::equal_totals::Total;
use crate::model::rule::{Dot, Rule};

/// Words that name rules satdoku does not read: a sentence with one refuses the puzzle.
const UNKNOWN_RULES: [&str; 58] = [
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
    "look-and-say",
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

/// The [`UNKNOWN_RULES`] words a sentence naming a chess rule by its rule name uses
/// ("anti-camel": a camel's leap), read there by [`chess_rule`].
const CHESS_WORDS: [&str; 4] = ["camel", "zebra", "giraffe", "taxicab"];

/// A kind of dot, by the number on it: [`Dot::Difference`], [`Dot::Ratio`] or [`Dot::Sum`].
pub type DotKind = fn(usize) -> Dot;

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

    /// The sentence saying that a digit in a circle counts the circles holding it (counting
    /// circles), if any.
    pub fn counting_circles(&self) -> Option<String> {
        self.quoted_about("circle", &["counting circle", "how many circles", "exactly n circles"])
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

    /// The total the text gives lines of equal totals, with the sentence: one naming
    /// diagonals that have the same (or equal) sum, or product ("Every indicated diagonal has
    /// the same product."). `None` without one, or when it names both.
    pub fn equal_totals(&self) -> Option<(Total, String)> {
        self.sentences.iter().find_map(|sentence| {
            let total = equal_totals_in(&sentence.to_lowercase())?;
            Some((total, quote(sentence)))
        })
    }

    /// Whether thermometers are slow ("may stay the same", "slow thermo"), with the sentence.
    pub fn slow_thermos(&self) -> Option<String> {
        self.quoted_about("thermo", &["slow", "stay the same", "remain the same"])
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

    /// Refuses a text with a sentence naming a rule satdoku does not read (a word of
    /// [`UNKNOWN_RULES`] that no line rule of the sentence explains), or stating digits beyond
    /// 1 to `digits` (from 0, or past the digits the reader set: N on an N×N grid, or M from
    /// [`RulesText::same_subset`]).
    ///
    /// # Errors
    /// The word (or the digits) and the sentence.
    pub fn check_rules_known(&self, n: usize, digits: usize) -> Result<(), String> {
        for sentence in &self.sentences {
            let lower = sentence.to_lowercase();
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
            if let Some(word) =
                UNKNOWN_RULES.iter().find(|word| has_word(&lower, word) && !explained(word))
            {
                return Err(format!(
                    "the rules text states a rule satdoku does not read (`{word}`): \"{}\"",
                    quote(sentence)
                ));
            }
        }
        Ok(())
    }

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

    /// Whether a sentence (lower case) states the relation of combined dots that were read
    /// (among `rules`): its words ("non-consecutive", "odd") are that relation's, not global
    /// rules or marks.
    fn is_combined_dot_sentence(&self, lower: &str, rules: &[Rule]) -> bool {
        let combined = |relation: &DotRelation| {
            rules.iter().any(
                |rule| matches!(rule, Rule::CombinedDot { relation: read, .. } if read == relation),
            )
        };
        let dots = ["dot", "square", "circle"].iter().any(|shape| has_word(lower, shape));
        dots && relation_in(lower).is_some_and(|relation| combined(&relation))
    }

    /// Refuses a text that names a drawn rule no drawing carries: thermometers, arrows,
    /// cages, kropki dots, XV, little killers, sandwiches, or lines of a colour none was
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
        let named: [(&[&str], bool, &str); 7] = [
            (&["thermo"], has(&|r| matches!(r, Rule::Thermo { .. })), "thermometers"),
            (
                &["arrow"],
                has(&|r| {
                    matches!(
                        r,
                        Rule::Arrow { .. } | Rule::LittleKiller { .. } | Rule::Extremum { .. }
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
                    )
                }),
                "cages",
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
            let named_line_rule = super::lines::LineRule::from_sentence(&lower)
                .and_then(|rule| rule.rule(vec![], 9))
                .is_some_and(|named| rules.iter().any(|r| r.name() == named.name()));
            if named_line_rule {
                continue;
            }
            let families = Colour::families_in(&lower);
            let read = |family: &&str| {
                line_colours.contains(family)
                    || super::colour::near_family(family)
                        .is_some_and(|near| line_colours.contains(&near))
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

/// The total a sentence (lower case) gives diagonals that all have the same one, if it
/// names diagonals, "same" or "equal", and a sum or a product (not both).
fn equal_totals_in(lower: &str) -> Option<Total> {
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

/// The relation a sentence (lower case) in the SudokuPad writer's form states exactly:
/// "digits joined by a red dot are either consecutive, or in a 1:2 ratio."
/// ([`DotRelation::to_phrase`]).
fn stated_relation(lower: &str) -> Option<DotRelation> {
    let (_, phrase) = lower.split_once(" dot are ")?;
    DotRelation::from_phrase(phrase.trim_end_matches(['.', '!']))
}

/// The chess rule beyond the king and the knight a sentence names by its rule name
/// (`anti-camel`, `anti-zebra`, `anti-giraffe`, `anti-leaper-A-B`, `anti-taxicab`), if any.
fn chess_rule(lower: &str) -> Option<Rule> {
    lower.split(|c: char| !(c.is_alphanumeric() || c == '-')).find_map(
        |word| match Rule::from_name(word)?.as_slice() {
            [rule @ (Rule::AntiLeaper(_) | Rule::AntiTaxicab)] => Some(rule.clone()),
            _ => None,
        },
    )
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

#[cfg(test)]
mod tests {
    use super::*;

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
