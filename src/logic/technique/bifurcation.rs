//! Bifurcation: assume a candidate, propagate with cheaper techniques, and when that reaches a
//! contradiction (a cell without candidates, a digit without a place, a table without tuples)
//! the candidate goes. It is the last resort that gives every unique puzzle a finite rating.
//!
//! The depth says what the propagation may use: depth 1 the core (singles and supports),
//! locked candidates (pointing and claiming on bitsets, as the search has them), the sums
//! (ranges, combinations, the rule of 45) and lines (cost 7.5), depth 2 every technique below chains (8.5), depth 3 those and depth-1 bifurcations
//! inside (9.5), and so on. Of all candidates that fail, the one whose contradiction took the
//! least work (candidates removed before it) is reported (from depth 3 on, the first that
//! fails, in reading order, to keep the time in seconds), and the work adds
//! the length penalty of chains: hard puzzles spread out by how much work their
//! contradictions take. How far the work goes into its tenth is kept too (the step's `finer`),
//! for the fine score that splits the score's ties. Like Sudoku Explainer's forcing chains and nishio, but found by
//! propagation, not by tracing chains.
//!
//! A scan can take seconds on hard or large grids, so it checks [`Limits`] before each
//! candidate it tries, at every depth.

use super::{Finder, LADDER, SINGLES, Technique, length_fraction, length_penalty};
use crate::ir::Placement;
use crate::limits::{Limits, Stop};
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;

/// The finders of [`LADDER`] the propagation at `depth` uses beyond `settle` (singles and
/// table supports, and locked candidates): at depth 1 the sums' ranges and combinations, the
/// lines' fills and the counting rules' counts (a solver adds up a cage, runs along a thermo
/// or sees a digit locked in a box as readily as they place a single), from depth 2 every
/// finder after the supports but chains and line fish.
fn inner(depth: usize) -> impl Iterator<Item = &'static Finder> {
    LADDER[SINGLES + 1..].iter().filter(move |f| match f {
        Finder::XChain(_) | Finder::Aic | Finder::ForcingChain | Finder::GroupForcingChain => false,
        // Line fish derive every line's required digits: too slow to run at every assumption.
        Finder::SumForcing | Finder::LineFish => false,
        Finder::SumBounds
        | Finder::DigitCount
        | Finder::GatedSum
        | Finder::Counting
        | Finder::SumLine
        | Finder::SumCombination
        | Finder::EqualTotals
        | Finder::LineFill
        | Finder::RuleOf45 => true,
        _ => depth >= 2,
    })
}

/// The candidate whose assumption fails with the least work at `depth`, removed; the limit
/// reached first, if one is.
pub(super) fn find(
    board: &Board,
    state: &State,
    depth: usize,
    limits: &Limits,
) -> Result<Option<Step>, Stop> {
    // From depth 3 on a full scan takes minutes: the first failing candidate is taken.
    let scan = Scan { board, limits, first: depth >= 3 };
    let Some((work, assumed)) = scan.least_work(state, depth)? else {
        return Ok(None);
    };
    let reason = match super::forcing_chain::refutation(board, state, assumed) {
        Some(chain) => format!("{chain} (depth {depth}, {work} deductions)"),
        None => format!(
            "assuming {assumed:?} leads to a contradiction after {work} deductions (depth {depth})"
        ),
    };
    let mut step = Step::new(Technique::Bifurcation, reason);
    step.rating += (depth - 1) as f64 + length_penalty(work);
    step.finer = length_fraction(work);
    step.eliminations.push(assumed);
    step.cells.push(assumed.cell);
    step.digits.insert(assumed.digit);
    Ok(Some(step))
}

/// What every level of a scan shares: the board, the limits, and whether the top level takes
/// the first failing candidate (deeper levels always do).
struct Scan<'a> {
    board: &'a Board,
    limits: &'a Limits,
    first: bool,
}

impl Scan<'_> {
    /// The candidate whose assumption fails at `depth` with the least work, and that work
    /// (the first that fails when [`Scan::first`]).
    fn least_work(&self, state: &State, depth: usize) -> Result<Option<(usize, Placement)>, Stop> {
        let board = self.board;
        let mut best: Option<(usize, Placement)> = None;
        // One scratch state for every assumption of the scan, reset from `state` each time.
        let mut scratch = state.clone();
        for cell in board.geometry.cells().filter(|&c| !state.is_placed(board, c)) {
            for digit in state.get(cell).iter() {
                self.limits.check()?;
                let assumed = Placement::new(cell, digit);
                let bound = best.map_or(usize::MAX, |(least, _)| least);
                if let Some(work) = self.refute(state, &mut scratch, assumed, depth, bound)? {
                    best = Some((work, assumed));
                    if self.first {
                        return Ok(best);
                    }
                }
            }
        }
        Ok(best)
    }

    /// The work it takes to reach a contradiction from `assumed` at `depth` (candidates
    /// removed on the way), or `None` when there is none or it takes `bound` or more; `scratch`
    /// is where the assumption is worked out.
    fn refute(
        &self,
        state: &State,
        scratch: &mut State,
        assumed: Placement,
        depth: usize,
        bound: usize,
    ) -> Result<Option<usize>, Stop> {
        let board = self.board;
        scratch.reset_to(state);
        let state = scratch;
        let before = state.removed;
        let mut outcome = state.place(board, assumed);
        while outcome.is_ok() && state.removed - before < bound {
            // Past the bound the work is of no use: give up the assumption.
            match state.settle_within(board, before.saturating_add(bound)) {
                Ok(None) => return Ok(None),
                Ok(Some(_)) => {}
                Err(contradiction) => outcome = Err(contradiction),
            }
            if outcome.is_err() {
                break;
            }
            // Pointing and claiming on bitsets, over the houses changed since they last ran.
            match crate::logic::locked::lock(board, state) {
                Ok(true) => continue,
                Ok(false) => {}
                Err(contradiction) => {
                    outcome = Err(contradiction);
                    break;
                }
            }
            let step = inner(depth).find_map(|finder| finder.find(board, state));
            outcome = match step {
                Some(step) => state.apply(board, &step.placements, &step.eliminations),
                None if depth >= 3 => {
                    // Inside, only the removal counts: the first failing candidate.
                    let inner = Scan { first: true, ..*self };
                    let Some((_, refuted)) = inner.least_work(state, depth - 2)? else {
                        return Ok(None);
                    };
                    state.apply(board, &[], &[refuted])
                }
                None => return Ok(None),
            };
        }
        let work = state.removed - before;
        Ok((outcome.is_err() && work < bound).then_some(work))
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn bifurcations_are_sound() {
        test_util::assert_sound(Finder::Bifurcation(1));
    }
}
