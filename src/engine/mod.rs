//! The engines that answer questions about puzzles through the SAT session: counting and
//! uniqueness, true candidates, minimising, completing, generating, and the search for hard
//! puzzles.

pub mod candidates;
pub mod certify;
pub(crate) mod compiled;
pub mod complete;
pub mod count;
pub mod counter;
pub mod generate;
pub mod hard;
pub mod minimise;
mod minimise_search;
mod minimiser;
mod random_grid;
pub mod warm;

use crate::ir::Placement;
use crate::model::geometry::Geometry;
use crate::model::grid::Grid;

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
