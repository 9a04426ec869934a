//! Forcing: the shortest proofs that remove candidates from a state the depth-1 logic cannot
//! advance, measured by their nesting level and their size.
//!
//! Each open candidate is assumed and its implications followed (`implication.rs`: singles and
//! exclusions, each deduction with its reasons). Level 1: the assumption alone reaches a
//! contradiction. From level 2 on, when the assumption's implications stall, every open
//! candidate of that state is tried inside it and each that fails goes false (its reason the
//! inner proof), pass after pass, until the assumption fails or a pass removes nothing; this is
//! Sudoku Explainer's nested forcing chain, and the levels follow what SE lets the inner
//! chains use (its `Chaining` levels 2 to 4, rated 9.5, 10.0 and 10.5): at level 2 a static
//! chain (a false candidate makes a single only of a cell or house that held two candidates
//! when the inner assumption was made, its strong links then), at level 3 a static chain that
//! may also empty a cell or house (SE's multiple forcing chains, which see every candidate of
//! one), at level 4 a dynamic one (every single its own implications make). The lowest level
//! that refutes a candidate is the state's. A proof's size is the number of candidates it
//! rests on (a nested contradiction counting its inner proof's), as SE counts a chain's nodes
//! with its nested chains'. Deeper nesting is left to the bifurcation of depth 3.

use super::board::Board;
use super::implication::{Conflict, Implications};
use super::state::State;
use crate::ir::Placement;
use crate::limits::{Limits, Stop};

/// What the proofs of one stuck state cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proofs {
    /// Candidates open in the stuck state.
    pub open: usize,
    /// The level of the proofs (see the module doc): 1 a lone assumption, 2 nested static
    /// chains, 3 nested static chains that may empty a cell or house, 4 nested dynamic chains;
    /// 0 when no proof of level 4 or less refutes a candidate.
    pub level: usize,
    /// The candidates the proofs of that level refute (reading order).
    pub refuted: Vec<Placement>,
    /// The size of each refuted candidate's proof (the candidates it rests on), in the order
    /// of `refuted`.
    pub sizes: Vec<usize>,
}

impl Proofs {
    /// The size of the shortest proof; 0 when none refutes.
    pub fn shortest(&self) -> usize {
        self.sizes.iter().copied().min().unwrap_or(0)
    }

    /// The same proofs, of a state with `open` candidates.
    fn with_open(self, open: usize) -> Proofs {
        Proofs { open, ..self }
    }

    /// The median size of the proofs (the lower middle one of an even count): how long the
    /// reasoning a typical refuted candidate needs is; 0 when none refutes.
    pub fn median(&self) -> usize {
        let mut sizes = self.sizes.clone();
        sizes.sort_unstable();
        sizes.get(sizes.len().saturating_sub(1) / 2).copied().unwrap_or(0)
    }
}

/// The proofs of the lowest level that refutes a candidate of `state` (settled), every open
/// candidate tried; stops at `limits`.
pub(super) fn proofs(board: &Board, state: &State, limits: &Limits) -> Result<Proofs, Stop> {
    let mut implications = Implications::new(board, state);
    let open = implications.open();
    let level_1 = refuted(&mut implications, &open, 1, limits)?;
    if !level_1.refuted.is_empty() {
        return Ok(level_1);
    }
    // Level 3 refutes every candidate level 2 does (its inner chains see more), so level 2 is
    // tried only on what level 3 refutes: one pass over every candidate instead of two.
    let level_3 = refuted(&mut implications, &open, 3, limits)?;
    if level_3.refuted.is_empty() {
        return refuted(&mut implications, &open, 4, limits);
    }
    let slots: Vec<u32> = open
        .iter()
        .copied()
        .filter(|&slot| level_3.refuted.contains(&implications.placement(slot)))
        .collect();
    let level_2 = refuted(&mut implications, &slots, 2, limits)?;
    Ok(if level_2.refuted.is_empty() { level_3 } else { level_2 }.with_open(open.len()))
}

/// The proofs of `level` that refute some of `slots` (level 0 when none does).
fn refuted(
    implications: &mut Implications,
    slots: &[u32],
    level: usize,
    limits: &Limits,
) -> Result<Proofs, Stop> {
    let mut found = Proofs { open: slots.len(), level, ..Proofs::default() };
    for &slot in slots {
        limits.check()?;
        if let Some(size) = refute(implications, slot, level) {
            found.refuted.push(implications.placement(slot));
            found.sizes.push(size as usize);
        }
    }
    if found.refuted.is_empty() {
        found.level = 0;
    }
    Ok(found)
}

/// The size of the proof of `level` that refutes `slot`, or `None`.
fn refute(implications: &mut Implications, slot: u32, level: usize) -> Option<u32> {
    let mark = implications.mark();
    let outcome = implications
        .assume(slot)
        .and_then(|()| if level >= 2 { nest(implications, level) } else { Ok(()) });
    let size = outcome.err().map(|conflict| implications.proof(&conflict, mark).0);
    implications.undo(mark);
    size
}

/// Inside an assumption: removes what an inner chain of `level` (2 to 4) refutes, pass after
/// pass, until a contradiction or a pass that removes nothing.
fn nest(implications: &mut Implications, level: usize) -> Result<(), Conflict> {
    loop {
        let mut progress = false;
        for slot in implications.open() {
            if !implications.is_open(slot) {
                continue;
            }
            let mark = implications.mark();
            let assumed = if level >= 4 {
                implications.assume(slot)
            } else {
                implications.assume_static(slot, level >= 3)
            };
            let failed = assumed.err();
            let proof = failed.map(|conflict| implications.proof(&conflict, mark));
            implications.undo(mark);
            if let Some((size, outer)) = proof {
                progress = true;
                implications.nested(slot, &outer, size)?;
            }
        }
        if !progress {
            return Ok(());
        }
    }
}
