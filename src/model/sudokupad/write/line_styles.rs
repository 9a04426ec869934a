//! Lines in one colour per rule: each line style's colour and the sentence naming it
//! ([`LINE_STYLES`]), lines drawn a stroke at a time, sum lines edged in grey, lockout lines
//! with diamond ends, circles at the ends of between lines and double arrows, and the exact
//! colour spelt out where two styles share a colour family.

use serde_json::json;

use super::{Writer, centre, centres};
use crate::model::fpuzzles::WriteError;
use crate::model::geometry::Cell;
use crate::model::layout::{self, strokes};
use crate::model::sudokupad::colour::Colour;

/// The colour of each line rule's lines and the sentence that names it (`{gap}` is the
/// whisper gap, `{hex}` the place of the exact colour), in the order the rules text gives them.
/// Lockout lines, differences-count lines, double arrows and sequence lines share a colour
/// family with slow thermometers, modular lines, entropic lines and thermometers: when a
/// puzzle uses two styles of one family, their sentences name their exact colours
/// (`a grey (#808080) line`), which the reader reads first.
const LINE_STYLES: [(&str, &str, &str); 16] = [
    ("thermo", "#CFCFCF", "Digits along a grey{hex} thermometer increase from the bulb."),
    (
        "slow-thermo",
        "#E04040",
        "Slow thermometers: digits along a red{hex} thermo line never decrease from the bulb.",
    ),
    (
        "whispers",
        "#67F067",
        "German whispers: adjacent digits along a green{hex} line differ by at least {gap}.",
    ),
    (
        "renban",
        "#F067F0",
        "Renban: digits on a pink{hex} line are consecutive digits in any order.",
    ),
    ("palindrome", "#F0E040", "Palindromes: a yellow{hex} line reads the same from either end."),
    (
        "region-sum",
        "#3070F0",
        "Region sums: a blue{hex} line has the same sum in each region it passes through.",
    ),
    (
        "between",
        "#40E0D0",
        "Between lines: digits on a turquoise{hex} line are strictly between the digits at its ends.",
    ),
    (
        "entropic",
        "#FCA040",
        "Entropic lines: any three adjacent digits on an orange{hex} line hold one of 123, one of 456 and one of 789.",
    ),
    (
        "modular",
        "#A0522D",
        "Modular lines: any three adjacent digits on a brown{hex} line have different remainders modulo 3.",
    ),
    (
        "zipper",
        "#000000",
        "Zipper lines: digits on a black{hex} line the same distance from its middle have the same sum.",
    ),
    (
        "parity",
        layout::PARITY.colour,
        "Parity lines: adjacent digits along a purple{hex} line are one even digit and one odd digit.",
    ),
    (
        "sum-line",
        layout::SUM_LINE.colour,
        "Sum lines: each white{hex} line divides into segments that each sum to {gap}.",
    ),
    (
        "lockout",
        layout::LOCKOUT.colour,
        "Lockout lines: the diamond ends of a dark red{hex} line differ by at least {gap}, and no other digit on the line is between them or equal to one of them.",
    ),
    (
        "differences-count",
        layout::DIFFERENCES_COUNT.colour,
        "Differences-count lines: the difference between two neighbours on a brown{hex} line is how many pairs of neighbours on the line have that difference.",
    ),
    (
        "double-arrow",
        "#F08030",
        "Double arrows: the digits in the circles at the two ends of an orange{hex} line add up to the sum of the digits on the line.",
    ),
    (
        "sequence",
        "#808080",
        "Sequence lines: the digits along a grey{hex} line form an arithmetic sequence: each digit minus the one before it is the same, and not zero.",
    ),
];

impl Writer {
    /// The colour of a line style, naming it in the rules text the first time (the place of
    /// its exact colour left to [`Writer::exact_colours`]).
    pub(super) fn style(&mut self, style: &'static str, gap: usize) -> &'static str {
        if !self.styles.iter().any(|(used, _)| *used == style) {
            self.styles.push((style, self.sentences.len()));
            self.sentences.push(style_of(style).2.replace("{gap}", &gap.to_string()));
        }
        style_of(style).1
    }

    /// A line of `style` through the centres of `cells`.
    pub(super) fn line(&mut self, style: &'static str, cells: &[Cell]) {
        let colour = self.style(style, 0);
        self.push("lines", json!({"color": colour, "thickness": 10, "wayPoints": centres(cells)}));
    }

    /// A sum line: white, edged in grey (SudokuPad setters' 10 lines), its way points back
    /// to the first cell on a loop.
    pub(super) fn sum_line(&mut self, line: &[Cell], sum: usize, closed: bool) {
        let colour = self.style("sum-line", sum);
        let around = if closed { &[line, &line[..1]].concat() } else { line };
        let points = centres(around);
        let edge = json!({"color": layout::SUM_LINE_EDGE, "thickness": 14, "wayPoints": points});
        self.push("lines", edge);
        self.push("lines", json!({"color": colour, "thickness": 10, "wayPoints": points}));
    }

    /// The lines of a connected set of cells, a stroke at a time ([`strokes`]).
    ///
    /// # Errors
    /// A branch leaving an earlier stroke at its end: the reader reads lines meeting end to end
    /// as two lines.
    pub(super) fn strokes(
        &mut self,
        style: &'static str,
        cells: &[Cell],
    ) -> Result<(), WriteError> {
        let strokes = strokes(cells);
        for (k, stroke) in strokes.iter().enumerate() {
            let ends = |s: &Vec<Cell>| s[0] == stroke[0] || s[s.len() - 1] == stroke[0];
            if k > 0 && strokes[..k].iter().any(ends) {
                return Err(WriteError::in_sudokupad(format!(
                    "a branched {style} line whose branch at {} leaves a line's end (list its \
                     cells so that each branch leaves from inside a line)",
                    stroke[0]
                )));
            }
        }
        for stroke in &strokes {
            self.line(style, stroke);
        }
        Ok(())
    }

    /// A lockout line with a diamond on each end.
    pub(super) fn lockout(&mut self, line: &[Cell], gap: usize) {
        let colour = self.style("lockout", gap);
        self.push("lines", json!({"color": colour, "thickness": 10, "wayPoints": centres(line)}));
        for end in [line[0], line[line.len() - 1]] {
            self.push(
                "overlays",
                json!({"center": centre(end), "width": 0.6, "height": 0.6, "angle": 45,
                "backgroundColor": "#FFFFFF", "borderColor": colour}),
            );
        }
    }

    /// Names the exact colour in the sentence of each line style that shares its colour family
    /// with another style the puzzle uses (the rules text names lines by colour).
    pub(super) fn exact_colours(&mut self) {
        let family = |style: &str| Colour::parse(style_of(style).1).expect("a colour").name();
        for &(style, at) in &self.styles {
            let shared = self
                .styles
                .iter()
                .any(|(other, _)| *other != style && family(other) == family(style));
            let exact = if shared { format!(" ({})", style_of(style).1) } else { String::new() };
            self.sentences[at] = self.sentences[at].replace("{hex}", &exact);
        }
    }

    /// The circles at both ends of a between line (as SudokuPad draws them) or a double
    /// arrow, edged in the line's colour.
    pub(super) fn end_circles(&mut self, style: &'static str, line: &[Cell]) {
        let colour = self.style(style, 0);
        for end in [line[0], line[line.len() - 1]] {
            self.push(
                "overlays",
                json!({"center": [end.row() as f64 + 0.5, end.column() as f64 + 0.5],
                "width": 0.8, "height": 0.8, "rounded": true, "backgroundColor": "#FFFFFF",
                "borderColor": colour}),
            );
        }
    }
}

/// The colour and sentence of a line style of [`LINE_STYLES`].
fn style_of(style: &str) -> &'static (&'static str, &'static str, &'static str) {
    LINE_STYLES.iter().find(|(name, _, _)| *name == style).expect("a style")
}
