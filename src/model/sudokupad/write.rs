//! Writing a [`Puzzle`] as a SudokuPad document and `scl` link: the drawings SudokuPad's own
//! f-puzzles converter makes (grey thermometers with bulbs, arrows from circles, kropki dots,
//! XV letters, diagonal lines, little killer arrows), lines in one colour per rule, dots of
//! a combined relation in one colour per relation, and a rules text that names each colour's
//! rule (spelling the colour out where two rules share a colour family) and each global rule. The reader
//! ([`super::read_value`]) reads the document back as the same puzzle: that is the test of
//! both. A rule this writer cannot draw is a [`WriteError`], never dropped.

use serde_json::{Map, Value, json};

use super::colour::Colour;
use crate::model::dot_relation::DotRelation;
use crate::model::fpuzzles::WriteError;
use crate::model::geometry::{Cell, Geometry};
use crate::model::layout::{self, arrow_start, diagonal_clue, strokes};
use crate::model::puzzle::Puzzle;
use crate::model::rule::{Dot, Rule};

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

/// The names ([`Rule::name`]) of the rules this writer refuses (besides negative dots of
/// numbers other than kropki's and XV's): the reader does not read their drawings back yet.
pub const UNSAYABLE: [&str; 4] = ["clone", "column-indexer", "row-indexer", "look-and-say"];

/// The colours of combined dots, one per relation in the order first drawn: none of
/// kropki's or the numbered dots' (white, black, grey), and no two of families a rules text
/// names with the same words (blue and cyan, purple and pink).
const RELATION_COLOURS: [&str; 7] =
    ["#E04040", "#3070F0", "#67F067", "#FCA040", "#9060F0", "#F0E040", "#A0522D"];

/// Refuses `rules` with two different numbers `number` picks (`what` they are): the rules
/// text states one, in the sentence of the rule's colour.
fn one_number(
    rules: &[Rule],
    number: impl Fn(&Rule) -> Option<usize>,
    what: &str,
) -> Result<(), WriteError> {
    let numbers: Vec<usize> = rules.iter().filter_map(number).collect();
    match numbers.iter().any(|n| *n != numbers[0]) {
        true => Err(WriteError::in_sudokupad(what.to_string())),
        false => Ok(()),
    }
}

/// The puzzle as a SudokuPad JSON document.
///
/// # Errors
/// A [`WriteError`] naming a rule SudokuPad drawings cannot carry here (clones, indexers,
/// outside clues of two kinds, whispers of two gaps, sum lines of two totals, combined dots
/// of more relations than it has colours for, a negative combined rule without its dots).
pub fn write_sudokupad(puzzle: &Puzzle) -> Result<Value, WriteError> {
    let geometry = puzzle.geometry();
    let n = geometry.size();
    if !geometry.has_one_of_each_digit() && !puzzle.rules().contains(&Rule::SameDigits) {
        return Err(WriteError::in_sudokupad(format!(
            "the digits 1 to {} on a {n}x{n} grid without the rule same-digits (a rules text \
             states digits past {n} only as the same subset in every row, column and box)",
            geometry.digits()
        )));
    }
    let mut writer = Writer {
        n,
        digits: geometry.digits(),
        document: Map::new(),
        sentences: Vec::new(),
        styles: Vec::new(),
        relations: Vec::new(),
    };
    let rules = puzzle.rules();
    let gap = |rule: &Rule| if let Rule::Whispers { gap, .. } = rule { Some(*gap) } else { None };
    let sum = |rule: &Rule| if let Rule::SumLine { sum, .. } = rule { Some(*sum) } else { None };
    one_number(rules, gap, "whispers of two gaps")?;
    one_number(rules, sum, "sum lines of two totals")?;
    let lockout =
        |rule: &Rule| if let Rule::Lockout { gap, .. } = rule { Some(*gap) } else { None };
    one_number(rules, lockout, "lockout lines of two gaps")?;
    let outside = |rule: &Rule| match rule {
        Rule::Sandwich { .. } => Some(0),
        Rule::XSum { .. } => Some(1),
        Rule::Skyscraper { .. } => Some(2),
        Rule::NumberedRoom { .. } => Some(3),
        _ => None,
    };
    one_number(rules, outside, "outside clues of two kinds (the rules text names one)")?;
    let equal = |rule: &Rule| matches!(rule, Rule::EqualTotals { .. }).then_some(0);
    if rules.iter().filter_map(equal).count() > 1 {
        // The reader reads every unnumbered arrow as one group.
        return Err(WriteError::in_sudokupad("two groups of diagonals of equal totals".into()));
    }
    writer.document.insert("cellSize".into(), json!(50));
    writer.cells(puzzle);
    writer.regions(geometry);
    for rule in puzzle.rules() {
        writer.rule(rule)?;
    }
    writer.exact_colours();
    writer.negatives(puzzle.rules())?;
    writer.metadata(puzzle);
    Ok(Value::Object(writer.document))
}

/// The SudokuPad link of `puzzle`: SudokuPad's own `fpuzzles` form when f-puzzles can carry
/// every rule (SudokuPad reads it as f-puzzles means it) and there are no given pencil marks,
/// an `scl` link otherwise.
///
/// # Errors
/// When neither form can carry one of the puzzle's rules (the `scl` writer's error, which names
/// the rule).
pub fn puzzle_link(puzzle: &Puzzle) -> Result<String, WriteError> {
    // SudokuPad's f-puzzles converter makes given centre marks of `centerPencilMarks` (the
    // solver's marks), not of `givenPencilMarks`: given pencil marks go in an `scl` link.
    if puzzle.rules().iter().any(|rule| matches!(rule, Rule::Candidates { .. })) {
        return scl_link(puzzle);
    }
    match crate::model::fpuzzles::write_fpuzzles(puzzle) {
        Ok(json) => Ok(crate::model::fpuzzles::sudokupad_link(&json)),
        Err(_) => scl_link(puzzle),
    }
}

/// The `https://sudokupad.app/scl...` link of a puzzle.
///
/// # Errors
/// As [`write_sudokupad`].
///
/// # Example
/// ```
/// use satdoku::Puzzle;
/// use satdoku::model::sudokupad::{Payload, decode_link, scl_link};
///
/// let puzzle: Puzzle = "1............... anti-king".parse()?;
/// let link = scl_link(&puzzle).expect("a 4x4 anti-king puzzle draws in SudokuPad");
/// assert!(link.starts_with("https://sudokupad.app/scl"));
/// assert!(matches!(decode_link(&link), Some(Ok(Payload::SudokuPad(_)))));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn scl_link(puzzle: &Puzzle) -> Result<String, WriteError> {
    let json = write_sudokupad(puzzle)?.to_string();
    Ok(format!("{}{}", super::SCL_PREFIX, lz_str::compress_to_base64(&json)))
}

struct Writer {
    n: usize,
    /// M: the digits are `1..=M`.
    digits: usize,
    document: Map<String, Value>,
    sentences: Vec<String>,
    /// The line styles used, in the order first used, each with the place of its sentence.
    styles: Vec<(&'static str, usize)>,
    /// The relations of the combined dots drawn, with their colours ([`RELATION_COLOURS`]).
    relations: Vec<(DotRelation, &'static str)>,
}

impl Writer {
    fn push(&mut self, key: &str, value: Value) {
        let list = self.document.entry(key).or_insert_with(|| json!([]));
        let list = list.as_array_mut().expect("lists only");
        // Arrows from one pill draw its circle once.
        if !list.contains(&value) {
            list.push(value);
        }
    }

    fn sentence(&mut self, sentence: &str) {
        if !self.sentences.iter().any(|s| s == sentence) {
            self.sentences.push(sentence.to_string());
        }
    }

    /// The `cells` rows: each given as `value`, each cell's given pencil marks
    /// ([`Rule::Candidates`]) as its given centre marks, `centremarks`.
    fn cells(&mut self, puzzle: &Puzzle) {
        let cell = |cell: Cell| {
            let mut fields = Map::new();
            if let Some(digit) = puzzle.givens().get(cell) {
                fields.insert("value".into(), json!(digit.value()));
            }
            if let Some(digits) = Rule::candidates_of(puzzle.rules(), cell) {
                let values: Vec<usize> = digits.iter().map(|digit| digit.value()).collect();
                fields.insert("centremarks".into(), json!(values));
            }
            Value::Object(fields)
        };
        let rows: Vec<Value> = (0..self.n)
            .map(|r| Value::Array((0..self.n).map(|c| cell(Cell::new(r, c))).collect()))
            .collect();
        self.document.insert("cells".into(), Value::Array(rows));
    }

    fn regions(&mut self, geometry: Geometry) {
        let mut regions = vec![Vec::new(); self.n];
        for cell in geometry.cells() {
            regions[geometry.box_of(cell)].push(json!([cell.row(), cell.column()]));
        }
        self.document.insert("regions".into(), json!(regions));
    }

    fn metadata(&mut self, puzzle: &Puzzle) {
        let mut metadata = Map::new();
        for (key, value) in puzzle.metadata() {
            metadata.insert(key.clone(), json!(value));
        }
        let (n, m) = (self.n, self.digits);
        // The sentence the reader sets the digits and same-digits from (`same_subset`).
        let first = match m > n {
            true => format!(
                "Place the same {n}-digit subset of the digits 1 to {m} in each row, column and box."
            ),
            false => "Normal sudoku rules apply.".to_string(),
        };
        let mut rules = vec![first];
        rules.extend(self.sentences.iter().cloned());
        metadata.insert("rules".into(), json!(rules.join("\n")));
        if let Some(solution) = puzzle.solution() {
            metadata.insert("solution".into(), json!(solution.to_line()));
        }
        self.document.insert("metadata".into(), Value::Object(metadata));
    }

    fn rule(&mut self, rule: &Rule) -> Result<(), WriteError> {
        let n = self.n;
        match rule {
            Rule::MainDiagonal => self.push("lines", diagonal([[0, 0], [n, n]])),
            Rule::AntiDiagonal => self.push("lines", diagonal([[0, n], [n, 0]])),
            Rule::AntiKing | Rule::AntiKnight | Rule::NonConsecutive | Rule::DisjointGroups => {
                let name = match rule {
                    Rule::AntiKing => "antiking",
                    Rule::AntiKnight => "antiknight",
                    Rule::NonConsecutive => "nonconsecutive",
                    _ => "disjoint",
                };
                self.push("global", json!(name));
            }
            Rule::AntiLeaper(_) | Rule::AntiTaxicab => self.sentence(&chess_sentence(rule)),
            Rule::Even(cells) | Rule::Odd(cells) => {
                let odd = matches!(rule, Rule::Odd(_));
                for cell in cells {
                    self.push(
                        "underlays",
                        json!({"center": centre(*cell), "width": 0.7,
                        "height": 0.7, "rounded": odd, "backgroundColor": "#CFCFCF"}),
                    );
                }
                if !cells.is_empty() {
                    self.sentence(if odd {
                        "Grey circles hold odd digits."
                    } else {
                        "Grey squares hold even digits."
                    });
                }
            }
            // Written in the cell's own fields (`cells`).
            Rule::Candidates { .. } => self.sentence(
                "Given pencil marks: a cell with centre marks at the start holds one of those digits.",
            ),
            Rule::Killer { cells, sum } => {
                let mut cage = json!({"cells": pairs(cells), "unique": true});
                match sum {
                    Some(sum) => cage["value"] = json!(sum),
                    None => self.sentence("Digits cannot repeat in cages."),
                }
                self.sentence(
                    "Killer cages: digits in a cage do not repeat and add up to its total.",
                );
                self.push("cages", cage);
            }
            // Red, so that killer cages (black) may join them: the reader tells them apart
            // by the colour this sentence gives.
            Rule::Rellik { cells, sum } => {
                self.push(
                    "cages",
                    json!({"cells": pairs(cells), "value": sum, "unique": true,
                    "outlineC": "#E04040"}),
                );
                self.sentence(
                    "Rellik cages: digits in a red cage do not repeat, and no set of them adds \
                     up to the cage's total.",
                );
            }
            Rule::ExtraRegion(cells) => self.push(
                "cages",
                json!({"cells": pairs(cells),
                "unique": true, "style": "extraregion"}),
            ),
            Rule::Thermo { cells, slow } => {
                let style = if *slow { "slow-thermo" } else { "thermo" };
                let colour = self.style(style, n);
                self.push("underlays", json!({"center": centre(cells[0]), "width": 0.85,
                    "height": 0.85, "rounded": true, "backgroundColor": colour, "borderColor": colour}));
                self.push(
                    "lines",
                    json!({"color": colour, "thickness": 21, "wayPoints": centres(cells)}),
                );
            }
            Rule::Arrow { pill, line } => self.arrow(pill, line),
            Rule::Dot { cells, dot } => self.dot(*cells, *dot),
            // One sentence for each family, written once all rules are (see `negatives`).
            Rule::Negative(dot) if Dot::ALL.contains(dot) => {}
            Rule::Negative(dot) => {
                let (kind, number) = (dot.kind(), dot.number());
                return Err(WriteError::in_sudokupad(format!("negative {kind} dots of {number}")));
            }
            Rule::Whispers { line, gap } => {
                let colour = self.style("whispers", *gap);
                self.push(
                    "lines",
                    json!({"color": colour, "thickness": 10, "wayPoints": centres(line)}),
                );
            }
            Rule::Renban(cells) => self.strokes("renban", cells)?,
            Rule::Palindrome(line) => self.line("palindrome", line),
            Rule::RegionSum(cells) => self.strokes("region-sum", cells)?,
            Rule::Between(line) => {
                self.line("between", line);
                self.end_circles("between", line);
            }
            Rule::DoubleArrow(line) => {
                self.line("double-arrow", line);
                self.end_circles("double-arrow", line);
            }
            Rule::Entropic(line) => self.line("entropic", line),
            Rule::Modular(line) => self.line("modular", line),
            Rule::Zipper(line) => self.line("zipper", line),
            Rule::Sequence(line) => self.line("sequence", line),
            Rule::ParityLine(line) => self.line("parity", line),
            Rule::SumLine { line, sum, closed } => self.sum_line(line, *sum, *closed),
            Rule::Lockout { line, gap } => self.lockout(line, *gap),
            Rule::DifferencesCount(line) => self.line("differences-count", line),
            Rule::LittleKiller { cells, sum } => {
                let at = self.diagonal_arrow(cells);
                self.push(
                    "overlays",
                    json!({"center": [at.0, at.1], "width": 0.25, "height": 0.25,
                    "text": sum, "fontSize": 28}),
                );
                self.sentence("Little killers: a number outside the grid is the sum of the digits along its arrow's diagonal.");
            }
            Rule::EqualTotals { lines, total } => {
                for line in lines {
                    self.diagonal_arrow(line);
                }
                self.sentence(&format!("Every indicated diagonal has the same {}.", total.word()));
            }
            Rule::Sandwich { cells, sum }
            | Rule::XSum { cells, sum }
            | Rule::Skyscraper { cells, count: sum }
            | Rule::NumberedRoom { cells, digit: sum } => {
                let sentence = match rule {
                    Rule::Sandwich { .. } => {
                        "Sandwich sums: a number outside the grid is the sum of the digits between the 1 and the 9 of its row or column."
                    }
                    Rule::NumberedRoom { .. } => {
                        "Numbered rooms: a number outside the grid is the digit in the Xth cell of its row or column seen from it, X the first digit."
                    }
                    Rule::XSum { .. } => {
                        "X-sums: a number outside the grid is the sum of the first X digits of its row or column, X the first digit."
                    }
                    _ => {
                        "Skyscrapers: a number outside the grid counts the digits seen from it, taller ones hiding lower ones."
                    }
                };
                let first = cells[0];
                let (dr, dc) = (
                    cells[1].row() as f64 - first.row() as f64,
                    cells[1].column() as f64 - first.column() as f64,
                );
                let at = (first.row() as f64 + 0.5 - dr, first.column() as f64 + 0.5 - dc);
                self.push("overlays", json!({"center": [at.0, at.1], "width": 0.8, "height": 0.8, "text": sum, "fontSize": 28}));
                self.sentence(sentence);
            }
            Rule::CountingCircles(cells) => self.counting_circles(cells),
            Rule::Greater([high, low]) => self.chevron(*high, *low),
            // The rules text's first sentence states it, with the digits.
            Rule::SameDigits if self.digits > n => {}
            Rule::Extremum { cell, maximum } => {
                let (square, arrows) = super::converted::extremum_drawing(*cell, *maximum);
                self.push("underlays", square);
                for arrow in arrows {
                    self.push("arrows", arrow);
                }
                self.sentence(
                    "Maximum cells (marks pointing out on all four sides) hold a digit greater \
                     than each orthogonal neighbour; minimum cells (pointing in), a lower one.",
                );
            }
            Rule::Quadruple { cells, digits } => {
                for shape in super::converted::quadruple_drawing(cells, digits) {
                    self.push("overlays", shape);
                }
                self.sentence(
                    "Quadruples: the digits in a circle on a grid corner appear in the four cells \
                     around it.",
                );
            }
            Rule::CombinedDot { cells, relation } => {
                let colour = self.relation_colour(relation)?;
                self.push("overlays", edge_dot(*cells, colour));
            }
            // Named by its dots' colour, once all rules are written (see `negatives`).
            Rule::NegativeCombined(_) => {}
            // Drawn once the SudokuPad reader reads them back (issue 23).
            Rule::Clone { .. } | Rule::Indexer { .. } | Rule::SameDigits | Rule::LookAndSay { .. } => {
                return Err(WriteError::in_sudokupad(format!("{} rules", rule.name())));
            }
        }
        Ok(())
    }

    /// A small arrow outside the grid pointing along a diagonal (given by its cells, from the
    /// clue inwards), as SudokuPad's converter draws a little killer's; the clue's spot.
    fn diagonal_arrow(&mut self, cells: &[Cell]) -> (f64, f64) {
        let ((r, c), (dr, dc)) = diagonal_clue(cells, self.n);
        let at = (r as f64 + 0.5, c as f64 + 0.5);
        let step = (dr as f64, dc as f64);
        self.push(
            "arrows",
            json!({"color": "#000000", "thickness": 2, "headLength": 0.3,
            "wayPoints": [[at.0 + 0.3 * step.0, at.1 + 0.3 * step.1],
                          [at.0 + 0.48 * step.0, at.1 + 0.48 * step.1]]}),
        );
        at
    }

    /// The colour of a line style, naming it in the rules text the first time (the place of
    /// its exact colour left to [`Writer::exact_colours`]).
    fn style(&mut self, style: &'static str, gap: usize) -> &'static str {
        if !self.styles.iter().any(|(used, _)| *used == style) {
            self.styles.push((style, self.sentences.len()));
            self.sentences.push(style_of(style).2.replace("{gap}", &gap.to_string()));
        }
        style_of(style).1
    }

    fn line(&mut self, style: &'static str, cells: &[Cell]) {
        let colour = self.style(style, 0);
        self.push("lines", json!({"color": colour, "thickness": 10, "wayPoints": centres(cells)}));
    }

    /// A sum line: white, edged in grey (SudokuPad setters' 10 lines), its way points back
    /// to the first cell on a loop.
    fn sum_line(&mut self, line: &[Cell], sum: usize, closed: bool) {
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
    fn strokes(&mut self, style: &'static str, cells: &[Cell]) -> Result<(), WriteError> {
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
    fn lockout(&mut self, line: &[Cell], gap: usize) {
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
    fn exact_colours(&mut self) {
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
    fn end_circles(&mut self, style: &'static str, line: &[Cell]) {
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

    /// Counting circles: a grey-edged circle on each cell, and the sentence naming them.
    fn counting_circles(&mut self, cells: &[Cell]) {
        for cell in cells {
            self.push(
                "overlays",
                json!({"center": centre(*cell), "width": 0.8, "height": 0.8, "rounded": true,
                "borderColor": "#808080"}),
            );
        }
        self.sentence(
            "Counting circles: a digit in a circle appears in exactly that many circles.",
        );
    }

    /// An inequality sign: a small black chevron on the middle of the edge between `high` and
    /// `low`, its tip pointing at `low` (as the inequality puzzles of Sudoku-Bench draw it).
    fn chevron(&mut self, high: Cell, low: Cell) {
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

    fn arrow(&mut self, pill: &[Cell], line: &[Cell]) {
        let rows = pill.iter().map(|c| c.row() as f64);
        let columns = pill.iter().map(|c| c.column() as f64);
        let (r0, r1) = (rows.clone().fold(f64::MAX, f64::min), rows.fold(f64::MIN, f64::max));
        let (c0, c1) = (columns.clone().fold(f64::MAX, f64::min), columns.fold(f64::MIN, f64::max));
        self.push(
            "overlays",
            json!({"center": [(r0 + r1) / 2.0 + 0.5, (c0 + c1) / 2.0 + 0.5],
            "width": 0.83 + c1 - c0, "height": 0.83 + r1 - r0, "rounded": true,
            "backgroundColor": "#FFFFFF", "borderColor": "#a1a1a1"}),
        );
        let start = arrow_start(pill, line);
        let mut points = vec![start];
        points.extend_from_slice(line);
        self.push(
            "arrows",
            json!({"color": "#a1a1a1", "thickness": 5, "headLength": 0.3,
            "wayPoints": centres(&points)}),
        );
        self.sentence("Arrows: digits along an arrow add up to the number in its circle.");
    }

    /// The colour of the dots of a combined `relation`, naming the relation in the rules text
    /// the first time (in words the reader reads back exactly: [`DotRelation::to_phrase`]).
    ///
    /// # Errors
    /// More relations than [`RELATION_COLOURS`].
    fn relation_colour(&mut self, relation: &DotRelation) -> Result<&'static str, WriteError> {
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
    fn negatives(&mut self, rules: &[Rule]) -> Result<(), WriteError> {
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

    /// A dot on the edge between `a` and `b`: kropki's white and black circles, X and V as
    /// letters, and a dot of another number as a small circle with the number on it (white
    /// for a difference and black for a ratio, as SudokuPad's f-puzzles converter draws
    /// them; grey for a sum), each kind named once in the rules text.
    fn dot(&mut self, [a, b]: [Cell; 2], dot: Dot) {
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
}

/// The colour and sentence of a line style of [`LINE_STYLES`].
fn style_of(style: &str) -> &'static (&'static str, &'static str, &'static str) {
    LINE_STYLES.iter().find(|(name, _, _)| *name == style).expect("a style")
}

/// The sentence stating a chess rule beyond the king and the knight, opening with its rule
/// name (`Anti-camel: ...`), which the rules text reader reads back.
fn chess_sentence(rule: &Rule) -> String {
    let name = rule.global_name();
    let what = match rule {
        Rule::AntiLeaper([a, b]) => format!(
            "identical digits cannot be a leap of {a} rows and {b} columns (or {b} rows and {a} \
             columns) apart"
        ),
        _ => "a digit D cannot be D orthogonal steps (taxicab distance) from another D".into(),
    };
    format!("A{}: {what}.", &name[1..])
}

/// The middle of the edge between two neighbours.
fn edge_centre([a, b]: [Cell; 2]) -> Value {
    json!([(a.row() + b.row()) as f64 / 2.0 + 0.5, (a.column() + b.column()) as f64 / 2.0 + 0.5])
}

/// A small circle of `fill`, edged in black, on the edge between two neighbours.
fn edge_dot(cells: [Cell; 2], fill: &str) -> Value {
    json!({"center": edge_centre(cells), "width": 0.3, "height": 0.3, "rounded": true,
        "backgroundColor": fill, "borderColor": "#000000"})
}

fn diagonal(points: [[usize; 2]; 2]) -> Value {
    json!({"color": "#34BBE6", "thickness": 2, "wayPoints": points})
}

fn centre(cell: Cell) -> Value {
    json!([cell.row() as f64 + 0.5, cell.column() as f64 + 0.5])
}

fn centres(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|&cell| centre(cell)).collect())
}

fn pairs(cells: &[Cell]) -> Value {
    Value::Array(cells.iter().map(|cell| json!([cell.row(), cell.column()])).collect())
}
