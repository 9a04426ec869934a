//! Marks on the edge between two cells: kropki dots, XV letters and numbered dots, dots of a
//! combined relation in one colour per relation ([`RELATION_COLOURS`]), the sentences of
//! negative dots, and inequality chevrons.

use serde_json::{Value, json};

use super::Writer;
use crate::model::dot_relation::DotRelation;
use crate::model::fpuzzles::WriteError;
use crate::model::geometry::Cell;
use crate::model::rule::{Dot, Rule};
use crate::model::sudokupad::colour::Colour;

/// The colours of combined dots, one per relation in the order first drawn: none of
/// kropki's or the numbered dots' (white, black, grey), and no two of families a rules text
/// names with the same words (blue and cyan, purple and pink).
const RELATION_COLOURS: [&str; 7] =
    ["#E04040", "#3070F0", "#67F067", "#FCA040", "#9060F0", "#F0E040", "#A0522D"];

impl Writer {
    /// A dot on the edge between `a` and `b`: kropki's white and black circles, X and V as
    /// letters, and a dot of another number as a small circle with the number on it (white
    /// for a difference and black for a ratio, as SudokuPad's f-puzzles converter draws
    /// them; grey for a sum), each kind named once in the rules text.
    pub(super) fn dot(&mut self, [a, b]: [Cell; 2], dot: Dot) {
        let center = edge_centre([a, b]);
        let circle = |fill: &str| edge_dot([a, b], fill);
        let (mut overlay, sentence) = match dot {
            Dot::X | Dot::V => (
                json!({"center": center, "width": 0.25, "height": 0.25,
                "backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF", "fontSize": 21,
                "text": if dot == Dot::X { "X" } else { "V" }}),
                "XV: digits joined by an X add up to 10; by a V, to 5.",
            ),
            Dot::WHITE | Dot::BLACK => (
                circle(if dot == Dot::WHITE { "#FFFFFF" } else { "#000000" }),
                "Kropki: digits joined by a white dot are consecutive; by a black dot, one is double the other.",
            ),
            Dot::Difference(_) => (
                circle("#FFFFFF"),
                "Digits joined by a white dot with a number differ by that number.",
            ),
            Dot::Ratio(_) => (
                circle("#000000"),
                "Digits joined by a black dot with a number are in that ratio: one is that number times the other.",
            ),
            Dot::Sum(_) => (
                circle("#CFCFCF"),
                "Digits joined by a grey dot with a number add up to that number.",
            ),
        };
        if !dot.is_classic() {
            overlay["text"] = json!(dot.number().to_string());
            overlay["fontSize"] = json!(10);
            if matches!(dot, Dot::Ratio(_)) {
                overlay["fontColor"] = json!("#FFFFFF");
            }
        }
        self.push("overlays", overlay);
        self.sentence(sentence);
    }

    /// The colour of the dots of a combined `relation`, naming the relation in the rules text
    /// the first time (in words the reader reads back exactly: [`DotRelation::to_phrase`]).
    ///
    /// # Errors
    /// More relations than [`RELATION_COLOURS`].
    pub(super) fn relation_colour(
        &mut self,
        relation: &DotRelation,
    ) -> Result<&'static str, WriteError> {
        if let Some((_, colour)) = self.relations.iter().find(|(drawn, _)| drawn == relation) {
            return Ok(colour);
        }
        let Some(&colour) = RELATION_COLOURS.get(self.relations.len()) else {
            return Err(WriteError::in_sudokupad(format!(
                "combined-dot rules of more than {} relations (one colour each)",
                RELATION_COLOURS.len()
            )));
        };
        let family = Colour::parse(colour).expect("a colour").name();
        self.sentence(&format!("Digits joined by a {family} dot are {}.", relation.to_phrase()));
        self.relations.push((relation.clone(), colour));
        Ok(colour)
    }

    /// One sentence per family of negative dots, naming the dots it covers, as the reader
    /// reads it back (a sentence naming neither white nor black covers both, and so for X and V),
    /// and one per negative combined relation, naming its dots' colour.
    ///
    /// # Errors
    /// A negative combined relation without a dot of that relation, whose colour would name it.
    pub(super) fn negatives(&mut self, rules: &[Rule]) -> Result<(), WriteError> {
        let negative = |dot| rules.contains(&Rule::Negative(dot));
        let kropki = match (negative(Dot::WHITE), negative(Dot::BLACK)) {
            (true, true) => Some("All possible kropki dots are given."),
            (true, false) => Some("All possible white dots are given."),
            (false, true) => Some("All possible black dots are given."),
            (false, false) => None,
        };
        let xv = match (negative(Dot::X), negative(Dot::V)) {
            (true, true) => Some("All possible X and V are given."),
            (true, false) => Some("All possible Xs are given."),
            (false, true) => Some("All possible Vs are given."),
            (false, false) => None,
        };
        for sentence in kropki.into_iter().chain(xv) {
            self.sentence(sentence);
        }
        for rule in rules {
            let Rule::NegativeCombined(relation) = rule else { continue };
            let Some((_, colour)) = self.relations.iter().find(|(drawn, _)| drawn == relation)
            else {
                return Err(WriteError::in_sudokupad(format!(
                    "negative-combined rules without a dot of their relation ({relation}), whose \
                     colour the rules text names"
                )));
            };
            let family = Colour::parse(colour).expect("a colour").name();
            self.sentence(&format!("All possible {family} dots are given."));
        }
        Ok(())
    }

    /// An inequality sign: a small black chevron on the middle of the edge between `high` and
    /// `low`, its tip pointing at `low` (as the inequality puzzles of Sudoku-Bench draw it).
    pub(super) fn chevron(&mut self, high: Cell, low: Cell) {
        let (r, c) = (high.row() as f64, high.column() as f64);
        let (dr, dc) = (low.row() as f64 - r, low.column() as f64 - c);
        let middle = (r + 0.5 + dr / 2.0, c + 0.5 + dc / 2.0);
        let point = |along: f64, across: f64| {
            json!([middle.0 + along * dr + across * dc, middle.1 + along * dc + across * dr])
        };
        self.push(
            "lines",
            json!({"color": "#000000", "thickness": 2,
            "wayPoints": [point(-0.05, -0.12), point(0.05, 0.0), point(-0.05, 0.12)]}),
        );
        self.sentence(
            "Inequality signs: the digit on the open side of a chevron between two cells is \
             greater than the digit at its point.",
        );
    }
}

/// The middle of the edge between two neighbours.
fn edge_centre([a, b]: [Cell; 2]) -> Value {
    json!([(a.row() + b.row()) as f64 / 2.0 + 0.5, (a.column() + b.column()) as f64 / 2.0 + 0.5])
}

/// A small circle of `fill`, edged in black, on the edge between two neighbours.
pub(super) fn edge_dot(cells: [Cell; 2], fill: &str) -> Value {
    json!({"center": edge_centre(cells), "width": 0.3, "height": 0.3, "rounded": true,
        "backgroundColor": fill, "borderColor": "#000000"})
}
