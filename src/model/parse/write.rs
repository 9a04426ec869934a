//! Writing a puzzle back, in the text format or in the one-line form, so that reading it
//! gives the same puzzle (rules, marks, boxes and givens).

use crate::model::geometry::Geometry;
use crate::model::grid::draw;
use crate::model::puzzle::Puzzle;
use crate::model::regions::region_symbol;
use crate::model::rule::Rule;

use super::constraints::write_constraint;

/// The constraint lines of `puzzle`'s rules with cells, as the text format writes them.
pub(crate) fn constraint_lines(puzzle: &Puzzle) -> Vec<String> {
    let n = puzzle.geometry().size();
    puzzle.rules().iter().filter_map(|rule| write_constraint(rule, n)).collect()
}

/// Writes `puzzle` in the text format.
pub(crate) fn write_text(puzzle: &Puzzle) -> String {
    let geometry = puzzle.geometry();
    let mut text = String::new();
    for (key, value) in puzzle.metadata() {
        text += &format!("{key}: {value}\n");
    }
    text += &format!("rules: {}\n", puzzle.rule_names());
    text += &format!("size: {}\n", geometry.size());
    if geometry.regions().is_none() {
        text += &format!("boxes: {}x{}\n", geometry.box_rows(), geometry.box_columns());
    }
    if !geometry.has_one_of_each_digit() {
        text += &format!("digits: {}\n", geometry.digit_range());
    }
    for rule in puzzle.rules() {
        text.extend(write_constraint(rule, geometry.size()).map(|line| line + "\n"));
    }
    text += &format!("givens:\n{}", puzzle.givens().to_pretty());
    if let Some(regions) = geometry.regions() {
        let symbol = |cell| region_symbol(regions.region_of(geometry.index(cell)));
        text += &format!("regions:\n{}", draw(geometry, symbol));
    }
    for rule in puzzle.rules() {
        if let Rule::Even(cells) | Rule::Odd(cells) = rule {
            let drawn = draw(geometry, |cell| if cells.contains(&cell) { 'x' } else { '.' });
            text += &format!("{}:\n{drawn}", rule.name());
        }
    }
    if let Some(solution) = puzzle.solution() {
        text += &format!("solution:\n{}", solution.to_pretty());
    }
    text
}

/// Writes `puzzle` in the one-line form: its givens, then its parity string when it has
/// marks, its box shape when the boxes are not the usual ones, and its rule names when it has
/// rules (metadata and the recorded solution are not part of this form).
pub(crate) fn write_line(puzzle: &Puzzle) -> String {
    let geometry = puzzle.geometry();
    let mut line = puzzle.givens().to_line();
    let mark_of = |cell| {
        let marked = |rule: &Rule, cells: &Vec<_>| cells.contains(&cell).then(|| rule.name());
        puzzle.rules().iter().find_map(|rule| match rule {
            Rule::Even(cells) | Rule::Odd(cells) => marked(rule, cells),
            _ => None,
        })
    };
    if geometry.cells().any(|cell| mark_of(cell).is_some()) {
        line.push(' ');
        line.extend(geometry.cells().map(|cell| match mark_of(cell) {
            Some("even") => 'e',
            Some(_) => 'o',
            None => '.',
        }));
    }
    if Geometry::with_usual_boxes(geometry.size()) != Some(geometry) {
        line += &format!(" {}x{}", geometry.box_rows(), geometry.box_columns());
    }
    let names = puzzle.rule_names();
    if names != "classic" {
        line += &format!(" {}", names.replace(", ", ","));
    }
    line
}
