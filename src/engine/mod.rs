//! The engines that answer questions about puzzles through the SAT session: counting and
//! uniqueness, true candidates, minimising, completing, generating, and the search for hard
//! puzzles.

pub mod candidates;
pub mod certify;
mod compiled;
pub mod complete;
pub mod count;
pub mod counter;
pub mod generate;
pub mod hard;
pub mod minimise;
mod minimise_search;
mod minimiser;
mod random_grid;

use crate::encode::encode_puzzle;
use crate::ir::Placement;
use crate::limits::Limits;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::Session;

/// A session over the rules of `puzzle` alone (candidates of the empty grid), in which givens
/// are assumptions: one encoding for every set of givens; it stops at `limits`. `None` when the
/// rules alone have no solution.
pub(crate) fn rules_session(puzzle: &Puzzle, limits: &Limits) -> Option<Session<'static>> {
    let encoding = encode_puzzle(puzzle, &Grid::empty(puzzle.geometry())).ok()?;
    Some(Session::limited(encoding, limits))
}

/// The givens of `grid` as placements, in reading order.
pub(crate) fn placements_of(grid: &Grid) -> Vec<Placement> {
    grid.filled().map(|(cell, digit)| Placement::new(cell, digit)).collect()
}

/// The grid of `geometry` holding `placements` (the inverse of [`placements_of`]).
pub(crate) fn grid_of(geometry: Geometry, placements: &[Placement]) -> Grid {
    let mut grid = Grid::empty(geometry);
    placements.iter().for_each(|p| grid.set(p.cell, Some(p.digit)));
    grid
}
