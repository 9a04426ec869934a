//! Minimising without the SAT solver, for rule sets the guess-and-propagate search answers
//! (houses, exclusions, domains and tables: see `logic/search.rs`): the same single pass over
//! the givens as the SAT minimiser (removing givens only ever adds solutions, so a given found
//! necessary stays necessary), where "is this given redundant?" is a count up to two of the
//! remaining givens by the pre-pass and the search. There are no failed-assumption cores to
//! drop many givens at once, but each question costs microseconds instead of a SAT call. A
//! search that runs past its node budget hands the whole puzzle back to the SAT minimiser, so
//! the result depends only on the puzzle and the options.

use super::compiled::{CompiledRules, WithoutSat};
use super::minimise::{MinimiseError, MinimiseOptions, Minimised, removal_orbits};
use super::{grid_of, placements_of};
use crate::ir::Placement;
use crate::limits::Limits;
use crate::logic::{Search, State};
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::Stats;

/// What the search says of a set of givens.
enum Answer {
    /// Exactly one solution, this one.
    Unique(Grid),
    /// No solution.
    None,
    /// Two solutions (of several).
    Multiple(Grid, Grid),
}

/// Minimises `puzzle` by search (see the module doc); `None` when the search does not apply
/// to its rules or ran past its budget: the SAT minimiser answers then.
pub(super) fn minimise_by_search(
    compiled: &CompiledRules,
    puzzle: &Puzzle,
    options: &MinimiseOptions,
    limits: &Limits,
    search: &mut Search,
) -> Option<Result<Minimised, MinimiseError>> {
    let mut asker = Asker { compiled, limits, search, scratch: None };
    let givens = placements_of(puzzle.givens());
    let solution = match asker.answer(&givens)? {
        Ok(Answer::Unique(solution)) => solution,
        Ok(Answer::None) => return Some(Err(MinimiseError::NoSolution)),
        Ok(Answer::Multiple(a, b)) => return Some(Err(MinimiseError::MultipleSolutions(a, b))),
        Err(stop) => return Some(Err(MinimiseError::Solve(stop.into()))),
    };
    let mut present = vec![true; givens.len()];
    let mut stopped = None;
    for orbit in removal_orbits(&givens, puzzle.geometry().size(), options) {
        let remaining: Vec<Placement> = (0..givens.len())
            .filter(|&i| present[i] && !orbit.contains(&i))
            .map(|i| givens[i])
            .collect();
        match asker.answer(&remaining)? {
            Ok(Answer::Unique(_)) => orbit.iter().for_each(|&i| present[i] = false),
            Ok(_) => {}
            Err(stop) => {
                stopped = Some(stop);
                break;
            }
        }
    }
    let kept: Vec<Placement> =
        (0..givens.len()).filter(|&i| present[i]).map(|i| givens[i]).collect();
    let grid = grid_of(puzzle.geometry(), &kept);
    Some(Ok(Minimised {
        removed: givens.len() - kept.len(),
        puzzle: puzzle.with_givens(grid).with_solution(solution),
        sat_calls: 0,
        stats: Stats::default(),
        stopped,
    }))
}

/// Puts "how many solutions?" (up to two) to the pre-pass and the search.
struct Asker<'a> {
    compiled: &'a CompiledRules,
    limits: &'a Limits,
    search: &'a mut Search,
    scratch: Option<State>,
}

impl Asker<'_> {
    /// The solutions of `givens` (up to two), `Err` with the limit that stopped the search,
    /// or `None` when the search does not apply or ran past its budget.
    fn answer(&mut self, givens: &[Placement]) -> Option<Result<Answer, crate::limits::Stop>> {
        let givens = givens.iter().copied();
        let search = Some(&mut *self.search);
        match self.compiled.count_without_sat(givens, 1, search, self.limits, &mut self.scratch) {
            WithoutSat::Counted(_, Some(stop)) => Some(Err(stop)),
            WithoutSat::Counted(found, None) => {
                Some(Ok(match <[Grid; 2]>::try_from(found.first) {
                    Ok([a, b]) => Answer::Multiple(a, b),
                    Err(mut first) => first.pop().map_or(Answer::None, Answer::Unique),
                }))
            }
            WithoutSat::Open(_) => None,
        }
    }
}
