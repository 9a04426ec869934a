//! Pictures of puzzles: [`render_svg`] draws a puzzle as an SVG image the way setters draw it
//! (the f-puzzles and SudokuPad conventions): the grid with thick region borders, the givens,
//! and every rule: killer cages dashed with their sums, thermometers with bulbs, arrows with
//! circles or pills, kropki dots, XV letters, lines in their colours, little killer clues
//! outside, even squares and odd circles, diagonals, quadruple circles, given pencil marks;
//! optionally the solution (blue digits) and the true candidates (small digits).
//!
//! Each drawing family has its module (`grid`, `lines`, `cages`, `marks`, `outside`,
//! `digits`) painting on a layered `canvas`; `draw_rule` is the one place where a rule
//! picks its drawing, one arm per rule. The layer only reads the model.

mod cages;
mod canvas;
mod digits;
mod grid;
mod lines;
mod marks;
mod outside;

use canvas::Canvas;

use crate::model::digit::DigitSet;
use crate::model::grid::Grid;
use crate::model::look_and_say::{is_full_diagonal, write_clue};
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

/// What to draw besides the puzzle: its solution, its true candidates. [default: neither]
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    solution: Option<Grid>,
    candidates: Option<Vec<DigitSet>>,
}

impl RenderOptions {
    /// Nothing besides the puzzle.
    pub fn new() -> RenderOptions {
        RenderOptions::default()
    }

    /// Draws this solution's digits, in blue, in the cells without a given.
    pub fn solution(mut self, solution: Grid) -> RenderOptions {
        self.solution = Some(solution);
        self
    }

    /// Draws these candidates (one set per cell, reading order) as small digits in the cells
    /// without a given or a solution digit.
    pub fn candidates(mut self, candidates: Vec<DigitSet>) -> RenderOptions {
        self.candidates = Some(candidates);
        self
    }
}

/// The pixels of one cell in the picture.
pub const CELL_PIXELS: f64 = canvas::CELL;

/// The puzzle as an SVG document: cells of [`CELL_PIXELS`], a margin of a quarter cell round
/// the grid, or of one cell on the sides where clues sit outside (little killers, sandwiches,
/// X-sums, skyscrapers), and the rules of the whole grid that have no mark (anti-king,
/// anti-knight, ...) as a caption under it. Constraints are drawn in SudokuPad's order.
///
/// # Example
/// ```
/// use satdoku::Puzzle;
/// use satdoku::render::{RenderOptions, render_svg};
///
/// let puzzle: Puzzle = "1...............".parse()?;
/// let svg = render_svg(&puzzle, &RenderOptions::new());
/// assert!(svg.starts_with("<svg") && svg.contains(">1</text>"));
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn render_svg(puzzle: &Puzzle, options: &RenderOptions) -> String {
    let geometry = puzzle.geometry();
    let margins = outside::margins(puzzle.rules(), geometry.size());
    let mut canvas = Canvas::new(geometry.size(), margins);
    grid::draw(&mut canvas, geometry);
    let mut unmarked = Vec::new();
    for rule in puzzle.rules() {
        if !draw_rule(&mut canvas, rule) {
            unmarked.push(rule);
        }
    }
    caption(&mut canvas, &unmarked);
    let (solution, candidates) = (options.solution.as_ref(), options.candidates.as_deref());
    let labelled = cages::labelled(puzzle.rules(), geometry.size());
    digits::draw(&mut canvas, puzzle, solution, candidates, &labelled);
    let title = puzzle.metadata().iter().find(|(key, _)| key == "title");
    canvas.finish(title.map(|(_, value)| value.as_str()))
}

/// The rules of the whole grid that have no mark (anti-king, anti-knight, non-consecutive,
/// disjoint groups, negative dots: those [`draw_rule`] leaves), named in a caption under the
/// grid as setters state them in words: as many names to a line as fit the grid's width.
fn caption(canvas: &mut Canvas, unmarked: &[&Rule]) {
    let mut names: Vec<String> = Vec::new();
    for name in unmarked.iter().map(|rule| caption_name(rule)) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    // A caption letter is about a fifth of a cell wide.
    let fits = (canvas.size() as f64 * 5.0) as usize;
    let mut line = String::new();
    for name in names {
        if !line.is_empty() && line.len() + 2 + name.len() > fits {
            canvas.caption(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(&name);
    }
    if !line.is_empty() {
        canvas.caption(line);
    }
}

/// How the caption names a rule: a global rule by its name in `rules:`, combined dots by
/// their relation (`grey dots: x|v`), arrows without numbers by their totals (`arrows: equal
/// products`).
fn caption_name(rule: &Rule) -> String {
    match rule {
        Rule::CombinedDot { relation, .. } => format!("grey dots: {relation}"),
        Rule::EqualTotals { total, .. } => format!("arrows: equal {}", total.plural()),
        rule => rule.global_name(),
    }
}

/// Draws one rule, one arm per rule, and says whether its mark says it all: rules of the
/// whole grid without one (anti-king, ...) draw nothing, combined dots draw a grey dot whose
/// relation only words say, equal totals arrows without numbers (sums or products?) and
/// look-and-say clues a number that reads as a total; the caption names them.
fn draw_rule(canvas: &mut Canvas, rule: &Rule) -> bool {
    let size = canvas.size();
    match rule {
        Rule::MainDiagonal => lines::diagonal(canvas, true),
        Rule::AntiDiagonal => lines::diagonal(canvas, false),
        Rule::Even(cells) => marks::even(canvas, cells),
        Rule::Odd(cells) => marks::odd(canvas, cells),
        // Drawn with the digits (`digits::draw`), where no given or solution digit hides them.
        Rule::Candidates { .. } => {}
        Rule::Killer { cells, sum } => cages::killer(canvas, cells, *sum),
        Rule::Thermo { cells, slow } => lines::thermo(canvas, cells, *slow),
        Rule::Arrow { pill, line } => lines::arrow(canvas, pill, line),
        Rule::Dot { cells, dot } => marks::dot(canvas, *cells, *dot),
        Rule::Whispers { line, .. } => lines::line(canvas, line, lines::WHISPERS),
        Rule::Renban(cells) => lines::strokes(canvas, cells, lines::RENBAN),
        Rule::LittleKiller { cells, sum } => {
            outside::little_killer(canvas, cells, Some(&sum.to_string()))
        }
        // The clue reads like a cage's total or a little killer's: the caption says which.
        Rule::LookAndSay { cells, counts } => {
            let clue = write_clue(counts);
            if is_full_diagonal(cells, size) {
                outside::little_killer(canvas, cells, Some(&clue));
            } else {
                cages::look_and_say(canvas, cells, clue);
            }
            return false;
        }
        Rule::EqualTotals { lines, .. } => {
            for line in lines {
                outside::little_killer(canvas, line, None);
            }
            return false;
        }
        Rule::RegionSum(cells) => lines::strokes(canvas, cells, lines::REGION_SUM),
        Rule::Extremum { cell, maximum } => marks::extremum(canvas, *cell, *maximum),
        Rule::Palindrome(line) => lines::line(canvas, line, lines::PALINDROME),
        Rule::Quadruple { cells, digits } => marks::quadruple(canvas, cells, digits),
        Rule::Clone { cells, copy } => cages::clone(canvas, cells, copy),
        Rule::Between(line) => lines::between(canvas, line),
        Rule::ExtraRegion(cells) => cages::extra_region(canvas, cells),
        Rule::Entropic(line) => lines::line(canvas, line, lines::ENTROPIC),
        Rule::Modular(line) => lines::line(canvas, line, lines::MODULAR),
        Rule::Zipper(line) => lines::line(canvas, line, lines::ZIPPER),
        Rule::Sandwich { sum: number, .. }
        | Rule::XSum { sum: number, .. }
        | Rule::Skyscraper { count: number, .. }
        | Rule::NumberedRoom { digit: number, .. } => outside::line_clue(canvas, rule, *number),
        Rule::Greater(cells) => marks::greater(canvas, *cells),
        Rule::Indexer { cells, .. } => cages::indexer(canvas, cells),
        Rule::ParityLine(line) => lines::line(canvas, line, lines::PARITY),
        Rule::Lockout { line, .. } => lines::lockout(canvas, line),
        Rule::SumLine { line, closed: false, .. } => lines::sum_line(canvas, line),
        Rule::SumLine { line, closed: true, .. } => {
            let around: Vec<_> = line.iter().chain(&line[..1]).copied().collect();
            lines::sum_line(canvas, &around);
        }
        Rule::CountingCircles(cells) => marks::circles(canvas, cells),
        Rule::DoubleArrow(line) => lines::double_arrow(canvas, line),
        Rule::DifferencesCount(line) => lines::line(canvas, line, lines::DIFFERENCES_COUNT),
        Rule::Sequence(line) => lines::line(canvas, line, lines::SEQUENCE),
        Rule::CombinedDot { cells, .. } => {
            marks::combined_dot(canvas, *cells);
            return false;
        }
        Rule::Rellik { cells, sum } => cages::rellik(canvas, cells, *sum),
        Rule::AntiKing
        | Rule::AntiKnight
        | Rule::NonConsecutive
        | Rule::DisjointGroups
        | Rule::AntiLeaper(_)
        | Rule::AntiTaxicab
        | Rule::SameDigits
        | Rule::Negative(_)
        | Rule::NegativeCombined(_) => return false,
    }
    true
}
