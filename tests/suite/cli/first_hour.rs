//! The "first hour" issue, one test per point a new user met (numbered as in the issue), each
//! asserting the exit code, the JSON record or the message the change brought. Points 1 to 3
//! (install, README, datasets) are tested elsewhere.

mod answers;
mod documents;
mod inputs;
mod refusals;
mod round_trip;

use serde_json::Value;

use crate::cli::Output;
use crate::cli::TempFile;

/// An f-puzzles document of the bundled `anti-knight-4x4` (`12..3...........`: unique under
/// anti-knight, several solutions without it); `GIVEN` stands for r1c1's `given` value.
const FPUZZLES_DOCUMENT: &str = r#"{"size":4,"antiknight":true,"grid":[[{"value":1,"given":GIVEN},{"value":2,"given":true},{},{}],[{"value":3,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
/// A Sudoku Maker document of the same puzzle, with its usual regions and solution;
/// `CAGES` stands for its `cages` list and `REGIONS` for its first two regions.
const SUDOKU_MAKER_DOCUMENT: &str = r#"{"id":"tiny","metadata":{"title":"Tiny","antiknight":true,"solution":"1243342143122134"},"cages":CAGES,"cells":[[{"value":1},{"value":2},{},{}],[{"value":3},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"regions":[REGIONS,[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}"#;
/// The usual first two regions of a 4×4 grid, in Sudoku Maker's `[row, column]` pairs.
const USUAL_REGIONS: &str = "[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]]";

/// The `field` of every JSON line of `output`.
fn fields(output: &Output, field: &str) -> Vec<Value> {
    output.json().iter().map(|object| object[field].clone()).collect()
}
