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
/// kropki's or the numbered dots' (white, black, grey), none of a zipper line's (teal, whose
/// centre mark a dot of its colour would be), and no two of families a rules text names with
/// the same words (blue and cyan, purple and pink). Past these seven come darker shades of
/// them ([`relation_colour_at`]), their sentences spelling the colour out.
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
    /// the first time (in words the reader reads back exactly: [`DotRelation::to_phrase`]),
    /// the colour's place left to [`Writer::exact_relation_colours`].
    ///
    /// # Errors
    /// More relations than [`relation_colour_at`] has colours for.
    pub(super) fn relation_colour(&mut self, relation: &DotRelation) -> Result<String, WriteError> {
        if let Some((_, colour)) = self.relations.iter().find(|(drawn, _)| drawn == relation) {
            return Ok(colour.clone());
        }
        let k = self.relations.len();
        let Some(colour) = relation_colour_at(k) else {
            return Err(WriteError::in_sudokupad(format!(
                "combined-dot rules of more than {k} relations: each needs a dot colour of its \
                 own, and the shades of the writer's {} colours run out (darker ones are grey \
                 or black, the colours of kropki and numbered dots); write such a puzzle as text",
                RELATION_COLOURS.len()
            )));
        };
        let hex = hex(colour);
        let family = colour.name();
        self.sentence(&format!(
            "Digits joined by a {family}{{{hex}}} dot are {}.",
            relation.to_phrase()
        ));
        self.relations.push((relation.clone(), hex.clone()));
        Ok(hex)
    }

    /// Spells out the colour of each combined relation whose colour family another relation
    /// shares (`a red (#B33333) dot`), in its relation's sentence and its negative one, as
    /// the reader reads a sentence spelling out a dot's exact colour first; removes the place
    /// of the colour elsewhere.
    pub(super) fn exact_relation_colours(&mut self) {
        let family = |hex: &str| Colour::parse(hex).expect("a colour").name();
        for (_, hex) in &self.relations {
            let shared = self
                .relations
                .iter()
                .any(|(_, other)| other != hex && family(other) == family(hex));
            let exact = if shared { format!(" ({hex})") } else { String::new() };
            for sentence in &mut self.sentences {
                *sentence = sentence.replace(&format!("{{{hex}}}"), &exact);
            }
        }
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
            self.sentence(&format!("All possible {family}{{{colour}}} dots are given."));
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

/// The colour of the `k`th relation drawn (from 0): [`RELATION_COLOURS`] first, then darker
/// shades of them in turn, each four fifths of the one before, while the shades keep a hue:
/// `None` from the first that would be grey or black (kropki's and numbered dots' colours).
fn relation_colour_at(k: usize) -> Option<Colour> {
    (0..=k).map(shade).collect::<Option<Vec<Colour>>>()?.pop()
}

/// The `k`th shade of [`relation_colour_at`], or `None` when it has no hue.
fn shade(k: usize) -> Option<Colour> {
    let count = RELATION_COLOURS.len();
    let base = Colour::parse(RELATION_COLOURS[k % count]).expect("a colour");
    let factor = 0.8_f64.powi(i32::try_from(k / count).ok()?);
    let darker = |value: u8| (f64::from(value) * factor).round() as u8;
    let (r, g, b) = base.rgb;
    let colour = Colour { rgb: (darker(r), darker(g), darker(b)), alpha: 255 };
    (!matches!(colour.name(), "white" | "black" | "grey" | "none")).then_some(colour)
}

/// A colour as `#RRGGBB`.
fn hex(colour: Colour) -> String {
    let (r, g, b) = colour.rgb;
    format!("#{r:02X}{g:02X}{b:02X}")
}
