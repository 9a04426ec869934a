//! A puzzle: a geometry, the rules in force, the givens and, when known, the solution.

use std::str::FromStr;

use itertools::Itertools;

use super::geometry::Geometry;
use super::grid::Grid;
use super::parse::{self, ParseError};
use super::rule::Rule;
use super::shape::{Misfit, first_misfit};

/// The metadata keys a puzzle may carry, in the text format as `key: value` lines.
pub const METADATA_KEYS: [&str; 3] = ["title", "author", "source"];

/// A Sudoku or variant puzzle: what the solver is asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    givens: Grid,
    rules: Vec<Rule>,
    solution: Option<Grid>,
    metadata: Vec<(String, String)>,
}

impl Puzzle {
    /// The puzzle with these givens under these rules, which are known to fit the grid: rules
    /// built in code (tests, a template of global rules on boxes). Input goes through
    /// [`Puzzle::try_new`], so that a rule that does not fit is an error, not a panic.
    ///
    /// # Panics
    /// When a rule does not fit the grid ([`Puzzle::try_new`]'s error).
    pub fn new(givens: Grid, rules: Vec<Rule>) -> Puzzle {
        Puzzle::try_new(givens, rules).unwrap_or_else(|misfit| panic!("{misfit}"))
    }

    /// The puzzle with these givens under these rules (the classic rules always hold).
    /// Duplicate rules are dropped, and the rules are kept in a canonical order; even and odd
    /// marks and counting circles are merged into one rule each.
    ///
    /// # Errors
    /// The first rule, in the order given, whose cells do not fit the grid ([`first_misfit`]:
    /// a cell off the grid, a line that jumps, disjoint groups on irregular regions...).
    pub fn try_new(givens: Grid, rules: Vec<Rule>) -> Result<Puzzle, Misfit> {
        if let Some(misfit) = first_misfit(&rules, givens.geometry()) {
            return Err(misfit);
        }
        // Merging keeps the fit: merged marks and circles are cells of the grid, deduplicated.
        let (mut even, mut odd, mut merged) = (Vec::new(), Vec::new(), Vec::new());
        let mut circles = Vec::new();
        for rule in rules {
            match rule {
                Rule::Even(cells) => even.extend(cells),
                Rule::Odd(cells) => odd.extend(cells),
                Rule::CountingCircles(cells) => circles.extend(cells),
                rule => merged.push(rule),
            }
        }
        // The circles count together, however many lines list them.
        let circles = circles.into_iter().sorted().dedup().collect_vec();
        if !circles.is_empty() {
            merged.push(Rule::CountingCircles(circles));
        }
        let [even, odd] = [even, odd].map(|cells| cells.into_iter().sorted().dedup().collect_vec());
        if !even.is_empty() {
            merged.push(Rule::Even(even));
        }
        if !odd.is_empty() {
            merged.push(Rule::Odd(odd));
        }
        let mut rules = merged;
        rules.sort();
        rules.dedup();
        Ok(Puzzle { givens, rules, solution: None, metadata: Vec::new() })
    }

    /// The same puzzle with a recorded solution (tests and tools check answers against it).
    pub fn with_solution(mut self, solution: Grid) -> Puzzle {
        self.solution = Some(solution);
        self
    }

    /// The same puzzle with other givens (same rules, marks and metadata; no recorded
    /// solution, since new givens may change it).
    pub fn with_givens(&self, givens: Grid) -> Puzzle {
        assert_eq!(givens.geometry(), self.geometry(), "givens of another geometry");
        Puzzle { givens, solution: None, ..self.clone() }
    }

    /// The same puzzle with a `key: value` metadata line (title, author, source).
    ///
    /// Control characters (line breaks, tabs) in `value` become spaces, so that the text
    /// format written back holds the value on one line.
    ///
    /// # Panics
    /// When `key` is not one of [`METADATA_KEYS`]: only those read back.
    pub fn with_metadata(mut self, key: &str, value: &str) -> Puzzle {
        assert!(METADATA_KEYS.contains(&key), "unknown metadata key `{key}`");
        let value: String = value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        self.metadata.push((key.to_string(), value.trim().to_string()));
        self
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.givens.geometry()
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The rules on top of the classic ones, in canonical order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The recorded solution, if the input had one.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// The metadata lines (`title`, `author`, `source`), in input order.
    pub fn metadata(&self) -> &[(String, String)] {
        &self.metadata
    }

    /// The names of the global rules, comma-separated (`classic` when there are none); marks,
    /// cages, lines and dots are not named since they live in their own sections and lines.
    pub fn rule_names(&self) -> String {
        let names: Vec<_> =
            self.rules.iter().filter(|rule| rule.is_global()).map(Rule::global_name).collect();
        if names.is_empty() { "classic".to_string() } else { names.join(", ") }
    }

    /// The puzzle in the text format (see the README): metadata, rules, boxes, givens, marks
    /// and solution. Parsing the text gives this puzzle back.
    pub fn to_text(&self) -> String {
        parse::write_text(self)
    }

    /// The text-format lines of the rules with cells (`cage: 15 r1c1 r1c2`, ...), in order:
    /// what a JSON record carries in `constraint_lines`.
    pub fn constraint_lines(&self) -> Vec<String> {
        parse::constraint_lines(self)
    }

    /// Whether the one-line form can carry the whole puzzle: its rules are global rules and
    /// even/odd marks, and its regions are boxes (rules with other cells, such as cages and
    /// lines, irregular regions and digits other than 1..N need the text format or a JSON
    /// record).
    pub fn fits_one_line(&self) -> bool {
        let marks_or_global =
            |rule: &Rule| rule.is_global() || matches!(rule, Rule::Even(_) | Rule::Odd(_));
        let geometry = self.geometry();
        self.rules.iter().all(marks_or_global)
            && geometry.regions().is_none()
            && geometry.has_one_of_each_digit()
    }

    /// The puzzle in the one-line form: givens, then its parity string, box shape and rule
    /// names where it has them (`..3.. ..e.o.. anti-knight`). Reading the line gives the puzzle
    /// back, without its metadata and recorded solution.
    pub fn to_line(&self) -> String {
        parse::write_line(self)
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Reads one puzzle in the text format, as a bare grid or as a bare line.
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        parse::parse_puzzle(text, &parse::ParseOptions::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::geometry::Cell;

    #[test]
    fn try_new_refuses_the_first_rule_that_does_not_fit() {
        let irregular = parse::parse_regions("aaab\nabbb\ncccd\ncddd\n").unwrap();
        let misfit =
            Puzzle::try_new(Grid::empty(irregular), vec![Rule::DisjointGroups]).unwrap_err();
        assert_eq!(
            misfit.to_string(),
            "the rule disjoint-groups does not fit this grid: expected boxes for disjoint \
             groups, found irregular regions"
        );
        let classic = Grid::empty(Geometry::classic());
        let off = Rule::Killer { cells: Cell::list("r9c9 r10c9"), sum: None };
        let jump = Rule::Thermo { cells: Cell::list("r1c1 r1c3"), slow: false };
        let misfit = Puzzle::try_new(classic.clone(), vec![off.clone(), jump]).unwrap_err();
        assert_eq!((misfit.rule(), misfit.error().position()), (&off, Some(1)));
        // Marks merge: two lists naming one cell fit.
        let corner = vec![Cell::new(0, 0)];
        let marks = vec![Rule::Even(corner.clone()), Rule::Even(corner.clone())];
        assert_eq!(Puzzle::try_new(classic, marks).unwrap().rules(), [Rule::Even(corner)]);
    }
}
