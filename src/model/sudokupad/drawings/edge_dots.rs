//! Dots and letters on the middle of an edge: kropki dots, XV, numbered dots (by the rules
//! text or `--dot`), dots of a colour's combined relation, and the negative rules of dots the
//! text gives all of.

use super::{Drawings, Reading};
use crate::model::dot_relation::DotRelation;
use crate::model::geometry::Cell;
use crate::model::rule::{Dot, Rule};
use crate::model::sudokupad::colour::{Colour, by_family_words};
use crate::model::sudokupad::meaning::DOT_NAMES;
use crate::model::sudokupad::text::has_word;

impl Reading<'_> {
    /// Dots and letters on the middle of an edge: kropki (white, black), XV.
    pub(super) fn dots(&mut self, drawings: &mut Drawings) -> Result<(), String> {
        let n = self.n;
        let mut counts: Vec<(Dot, usize)> = Vec::new();
        let mut related: Vec<(&'static str, DotRelation, String, usize)> = Vec::new();
        for (shape, used) in drawings.shapes.iter_mut().filter(|(_, used)| !*used) {
            let Some(cells) = shape.edge(n) else { continue };
            if shape.extent() > 0.5 {
                continue;
            }
            let fill = shape.fill.name();
            if shape.text.is_empty()
                && let Some((relation, why)) = self.relation_of(shape.fill)
            {
                *used = true;
                self.rules.push(relation.rule(cells));
                match related.iter_mut().find(|(colour, ..)| *colour == fill) {
                    Some((.., count)) => *count += 1,
                    None => related.push((fill, relation, why, 1)),
                }
                continue;
            }
            let dot = match (shape.text.to_ascii_uppercase().as_str(), fill) {
                ("X", "white" | "none") => Dot::X,
                ("V", "white" | "none") => Dot::V,
                ("", _) if self.options.dot_meaning(fill).is_some() => {
                    match self.options.dot_meaning(fill).flatten() {
                        Some(dot) => dot,
                        None => {
                            *used = true;
                            continue;
                        }
                    }
                }
                // A number on a dot (a difference, a ratio or a sum of that number, as the rules
                // text says): read as the user's `--dot` for its colour when that names the number.
                (text, fill)
                    if text.parse::<usize>().is_ok()
                        && self.options.dot_meaning(fill).is_some() =>
                {
                    match self.options.dot_meaning(fill).flatten() {
                        None => {
                            *used = true;
                            continue;
                        }
                        Some(dot) if text.parse() == Ok(dot.number()) => dot,
                        Some(dot) => {
                            return Err(format!(
                                "the `{text}` on a {fill} dot between {} and {} does not fit --dot \
                                 {fill}={}-{}: a dot of this colour with another number needs a \
                                 colour of its own",
                                cells[0],
                                cells[1],
                                dot.kind(),
                                dot.number()
                            ));
                        }
                    }
                }
                ("", "white") | ("", "none") if shape.rounded && shape.border.visible() => {
                    Dot::WHITE
                }
                ("", "white") if shape.rounded => Dot::WHITE,
                ("", "black") if shape.rounded => Dot::BLACK,
                (text, _) => self.numbered_dot(text, shape.fill, cells)?,
            };
            *used = true;
            match counts.iter_mut().find(|(counted, _)| *counted == dot) {
                Some((_, count)) => *count += 1,
                None => counts.push((dot, 1)),
            }
            self.rules.push(Rule::Dot { cells, dot });
        }
        for (dot, count) in counts {
            let name = match dot.is_classic() {
                true => dot.name().to_string(),
                false => format!("{}-{}", dot.kind(), dot.number()),
            };
            self.notes.push(format!("read {count} {} on cell edges as {name}", plural(dot, count)));
        }
        let mut all_dots = self.text.all_plain_dots_given();
        for (colour, relation, why, count) in related {
            let dots = if count == 1 { "dot" } else { "dots" };
            self.notes
                .push(format!("read {count} {colour} {dots} on cell edges as {relation} ({why})"));
            all_dots = self.related_negative(colour, &relation, all_dots);
        }
        if let Some(sentence) = all_dots {
            self.notes.push(format!("read negative kropki (rules text: \"{sentence}\")"));
            self.negatives(&sentence, [(Dot::WHITE, "white"), (Dot::BLACK, "black")]);
        }
        if let Some(sentence) = self.text.all_dots_given(&["x", "v", "xv", "xs", "vs"]) {
            self.notes.push(format!("read negative XV (rules text: \"{sentence}\")"));
            self.negatives(&sentence, [(Dot::X, "x"), (Dot::V, "v")]);
        }
        Ok(())
    }

    /// The dot a number on a dot of `colour` between `cells` is, by the rules text
    /// ([`RulesText::numbered_dot`]), with a note the first time for each colour.
    ///
    /// # Errors
    /// A dot the text does not explain (or whose number no two digits fit), with its place
    /// and the `--dot` that says what it means.
    fn numbered_dot(
        &mut self,
        text: &str,
        colour: Colour,
        cells: [Cell; 2],
    ) -> Result<Dot, String> {
        let ([a, b], fill) = (cells, colour.name());
        let Ok(k) = text.parse::<usize>() else {
            let what = if text.is_empty() {
                format!("{fill} dot")
            } else {
                format!("`{text}` on a {fill} dot")
            };
            return Err(format!(
                "the {what} between {a} and {b} cannot be read: satdoku reads white and black \
                 kropki dots, X and V, and numbers on dots the rules text explains; say what a \
                 dot of this colour means with --dot {fill}=DOT ({DOT_NAMES})"
            ));
        };
        let digits = self.geometry.digits();
        let Some((kind, sentence)) = self.text.numbered_dot(colour.words()) else {
            return Err(format!(
                "the `{text}` on a {fill} dot between {a} and {b} cannot be read: the rules text \
                 does not say what the number on a {fill} dot is; say it with --dot \
                 {fill}=DOT ({})",
                fitting_dots(k, digits)
            ));
        };
        let dot = kind(k);
        if !dot.numbers(digits).contains(&k) {
            return Err(format!(
                "the `{text}` on a {fill} dot between {a} and {b} is read as a {} (rules text: \
                 \"{sentence}\"), and no two of the digits 1 to {digits} have a {} of {k}",
                dot.kind(),
                dot.kind()
            ));
        }
        let note = format!(
            "read the numbers on {fill} dots as {}s (rules text: \"{sentence}\")",
            dot.kind()
        );
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
        Ok(dot)
    }

    /// The relation dots of `colour` have when the user or the rules text gives one, with
    /// where it comes from: `--dot` (a combined relation; a single dot is read below), else
    /// a sentence naming the colour (white and black dots aside, which are kropki's).
    fn relation_of(&self, colour: Colour) -> Option<(DotRelation, String)> {
        let name = colour.name();
        if let Some(relation) = self.options.combined_meaning(name) {
            return Some((relation.clone(), format!("--dot {name}={relation}")));
        }
        if self.options.dot_meaning(name).is_some() || matches!(name, "white" | "black" | "none") {
            return None;
        }
        let (relation, sentence) = by_family_words(name, |words| self.text.dot_relation(words))?;
        Some((relation, format!("rules text: \"{sentence}\"")))
    }

    /// The negative rule of dots of `colour` and `relation` when the text gives all of them
    /// ("All blue squares are given"), or for a combined relation when it gives all dots
    /// (`all_dots`, which it then takes, unless it names kropki dots); gives back `all_dots`
    /// when it is left for kropki.
    fn related_negative(
        &mut self,
        colour: &str,
        relation: &DotRelation,
        all_dots: Option<String>,
    ) -> Option<String> {
        let kropki =
            |s: &String| ["white", "black", "kropki"].iter().any(|w| s.to_lowercase().contains(w));
        let given = by_family_words(colour, |words| self.text.all_dots_given(words));
        let (sentence, rest) = match given {
            Some(sentence) => (sentence, all_dots),
            None if relation.dot().is_none() && all_dots.as_ref().is_some_and(|s| !kropki(s)) => {
                (all_dots.expect("checked"), None)
            }
            None => return all_dots,
        };
        self.notes.push(format!(
            "read negative {relation}: no other neighbours' digits are {relation} (rules text: \"{sentence}\")"
        ));
        self.rules.push(match relation.dot() {
            Some(dot) => Rule::Negative(dot),
            None => Rule::NegativeCombined(relation.clone()),
        });
        rest
    }

    /// The negative dots a sentence gives: those it names; when it names neither ("All
    /// possible dots are given."), those the whole text names, or both when it names neither.
    fn negatives(&mut self, sentence: &str, family: [(Dot, &str); 2]) {
        let lower = sentence.to_lowercase();
        let mut named = family.map(|(_, word)| has_word(&lower, word));
        if named == [false, false] {
            named = family.map(|(_, word)| self.text.names(word));
        }
        for ((dot, _), says) in family.into_iter().zip(named) {
            if says || named == [false, false] {
                self.rules.push(Rule::Negative(dot));
            }
        }
    }
}

/// The name of dots of a kind, plural unless `count` is 1 ("white dots", "X"), for a note.
fn plural(dot: Dot, count: usize) -> String {
    let s = if count == 1 { "" } else { "s" };
    match dot {
        Dot::WHITE => format!("white dot{s}"),
        Dot::BLACK => format!("black dot{s}"),
        Dot::X => format!("X{s}"),
        Dot::V => format!("V{s}"),
        other => format!("{} dot{s} of {}", other.kind(), other.number()),
    }
}

/// The `--dot` names of the dots numbered `k` that some two of the digits 1 to `digits` fit
/// (for a 1, only `difference-1`), for advice.
fn fitting_dots(k: usize, digits: usize) -> String {
    let kinds = [Dot::Difference(k), Dot::Ratio(k), Dot::Sum(k)];
    let fitting = kinds.iter().filter(|dot| dot.numbers(digits).contains(&k));
    let names: Vec<String> = fitting.map(|dot| format!("{}-{k}", dot.kind())).collect();
    match names.as_slice() {
        [] => format!("no two digits have a difference, ratio or sum of {k}"),
        [one] => one.clone(),
        [first @ .., last] => format!("{} or {last}", first.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::fitting_dots;

    #[test]
    fn the_advice_names_only_the_dots_some_two_digits_fit() {
        assert_eq!(fitting_dots(1, 9), "difference-1");
        assert_eq!(fitting_dots(3, 9), "difference-3, ratio-3 or sum-3");
        assert_eq!(fitting_dots(7, 4), "sum-7");
        assert_eq!(fitting_dots(8, 4), "no two digits have a difference, ratio or sum of 8");
    }
}
