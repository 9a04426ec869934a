//! Forcing: the shortest proofs that remove candidates from a state the depth-1 logic cannot
//! advance, measured by their nesting level and their size.
//!
//! Each open candidate is assumed and its implications followed (`implication.rs`: singles and
//! exclusions, each deduction with its reasons). Level 1: the assumption alone reaches a
//! contradiction. Level 2, tried when level 1 refutes nothing: when the assumption's
//! implications stall, every open candidate of that state is tried at level 1 and each that
//! fails goes false (its reason the inner proof), pass after pass, until the assumption fails
//! or a pass removes nothing; this is Sudoku Explainer's nested forcing chain, whose rating
//! grows with the nesting level and the chain's length. A proof's size is the number of
//! candidates it rests on (a nested contradiction counting its inner proof's), as SE counts a
//! chain's nodes. Level 3 and deeper are left to the bifurcation of depth 3.

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
    /// The nesting level of the proofs: 1 or 2; 0 when no proof of level 2 or less refutes
    /// a candidate.
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
    for level in 1..=2 {
        let mut found = Proofs { open: open.len(), level, ..Proofs::default() };
        for &slot in &open {
            limits.check()?;
            if let Some(size) = refute(&mut implications, slot, level) {
                found.refuted.push(implications.placement(slot));
                found.sizes.push(size as usize);
            }
        }
        if !found.refuted.is_empty() {
            return Ok(found);
        }
    }
    Ok(Proofs { open: open.len(), ..Proofs::default() })
}

/// The size of the proof of `level` that refutes `slot`, or `None`.
fn refute(implications: &mut Implications, slot: u32, level: usize) -> Option<u32> {
    let mark = implications.mark();
    let outcome = implications
        .assume(slot)
        .and_then(|()| if level >= 2 { nest(implications) } else { Ok(()) });
    let size = outcome.err().map(|conflict| implications.proof(&conflict, mark).0);
    implications.undo(mark);
    size
}

/// Inside an assumption: removes what fails at level 1, pass after pass, until a
/// contradiction or a pass that removes nothing.
fn nest(implications: &mut Implications) -> Result<(), Conflict> {
    loop {
        let mut progress = false;
        for slot in implications.open() {
            if !implications.is_open(slot) {
                continue;
            }
            let mark = implications.mark();
            let failed = implications.assume(slot).err();
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
