//! The document's own fields: the cells with their givens and given pencil marks, the
//! regions, and the metadata with the rules text (its first sentence setting the digits).

use serde_json::{Map, Value, json};

use super::Writer;
use crate::model::geometry::{Cell, Geometry};
use crate::model::puzzle::Puzzle;
use crate::model::rule::Rule;

impl Writer {
    /// The `cells` rows: each given as `value`, each cell's given pencil marks
    /// ([`Rule::Candidates`]) as its given centre marks, `centremarks`.
    pub(super) fn cells(&mut self, puzzle: &Puzzle) {
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

    /// The `regions`: the cells of each box.
    pub(super) fn regions(&mut self, geometry: Geometry) {
        let mut regions = vec![Vec::new(); self.n];
        for cell in geometry.cells() {
            regions[geometry.box_of(cell)].push(json!([cell.row(), cell.column()]));
        }
        self.document.insert("regions".into(), json!(regions));
    }

    /// The `metadata`: the puzzle's own, the rules text (its first sentence setting the
    /// digits) and the solution.
    pub(super) fn metadata(&mut self, puzzle: &Puzzle) {
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
}
