//! The rules text's sentences listing a rule's cells, in the SudokuPad writer's form: clones
//! ("Clones: the digits in the yellow (#F0E68C) cells r1c1 r1c2 are those in r5c5 r5c6, cell
//! for cell.") and indexers ("Column indexers: in the blue (#ADD8E6) cells r1c1 r2c1, a
//! digit X in rRcC puts C in rRcX."; rows: "puts R in rXcC"). Each spells out the colour of
//! the cells' shading, which the drawings reader checks cell by cell. Only these exact forms
//! are read: a sentence naming indexers any other way is refused as a rule satdoku does not
//! read.

use super::{RulesText, quote};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;
use crate::model::sudokupad::colour::Colour;

/// A rule a sentence lists the cells of, with the colour of their shading.
pub struct ListedRule {
    /// The clone or the indexer.
    pub rule: Rule,
    /// The exact colour the sentence spells out.
    pub colour: Colour,
    /// The sentence, quoted for notes.
    pub sentence: String,
}

impl RulesText {
    /// The clones and indexers the text lists, in the writer's form.
    pub fn listed_rules(&self) -> Vec<ListedRule> {
        let listed = |sentence: &String| {
            let (rule, colour) = listed_rule(&sentence.to_lowercase())?;
            Some(ListedRule { rule, colour, sentence: quote(sentence) })
        };
        self.sentences.iter().filter_map(listed).collect()
    }
}

/// The clone or indexer a sentence (lower case) lists in the writer's form, with the colour
/// of its cells' shading.
pub(super) fn listed_rule(lower: &str) -> Option<(Rule, Colour)> {
    if let Some(rest) = lower.strip_prefix("clones: the digits in the ") {
        let (cells, copy) = rest.split_once(" are those in ")?;
        let (colour, cells) = coloured_cells(cells)?;
        let copy = cells_of(copy.strip_suffix(", cell for cell.")?)?;
        return (cells.len() == copy.len()).then_some((Rule::Clone { cells, copy }, colour));
    }
    let indexers = [
        ("column indexers: in the ", "puts c in rrcx.", true),
        ("row indexers: in the ", "puts r in rxcc.", false),
    ];
    indexers.iter().find_map(|(lead, end, columns)| {
        let rest = lower.strip_prefix(lead)?;
        let (cells, said) = rest.split_once(", a digit x in rrcc ")?;
        let (colour, cells) = coloured_cells(cells).filter(|_| said == *end)?;
        Some((Rule::Indexer { cells, columns: *columns }, colour))
    })
}

/// The colour spelt out and the cells listed after it: `yellow (#f0e68c) cells r1c1 r1c2`.
fn coloured_cells(text: &str) -> Option<(Colour, Vec<Cell>)> {
    let (colour, cells) = text.split_once(" cells ")?;
    let [colour] = Colour::written_in(colour)[..] else { return None };
    Some((colour, cells_of(cells)?))
}

/// The cells named in `text`, apart at spaces; `None` when a word is no cell or none is.
fn cells_of(text: &str) -> Option<Vec<Cell>> {
    let cells: Vec<Cell> = text.split(' ').map(Cell::from_name).collect::<Option<_>>()?;
    (!cells.is_empty()).then_some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_clones_and_indexers_are_read_in_the_writers_form_only() {
        let clone = "clones: the digits in the yellow (#f0e68c) cells r1c1 r1c2 are those in r5c5 \
                     r5c6, cell for cell.";
        let (rule, colour) = listed_rule(clone).unwrap();
        assert_eq!(
            rule,
            Rule::Clone { cells: Cell::list("r1c1 r1c2"), copy: Cell::list("r5c5 r5c6") }
        );
        assert_eq!(colour, Colour::parse("#F0E68C").unwrap());
        let rows =
            "row indexers: in the blue (#add8e6) cells r2c1, a digit x in rrcc puts r in rxcc.";
        assert_eq!(
            listed_rule(rows).unwrap().0,
            Rule::Indexer { cells: Cell::list("r2c1"), columns: false }
        );
        // Copies of another length, a stray word, another statement: not this form.
        assert!(listed_rule(&clone.replace(" r5c6", "")).is_none());
        assert!(listed_rule(&clone.replace("r1c2", "r1c2 and")).is_none());
        assert!(listed_rule(&rows.replace("puts r in rxcc", "puts c in rrcx")).is_none());
    }
}
