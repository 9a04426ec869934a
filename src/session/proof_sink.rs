//! Where a session has varisat write its proof: a sink that checks the session's limits at
//! each write (varisat 0.2 has no interrupt callback) and counts the conflicts by reading the
//! learned clauses the proof records.
//!
//! A failing proof sink aborts `solve` at once, so a limited session writes varisat's native
//! proof (the only format that allows assumptions and incremental clauses) into this sink,
//! which fails once a limit is reached. varisat buffers 8 KiB of proof between writes, a few
//! hundred conflicts, so a limit is seen within milliseconds. The proof costs about a tenth of
//! the solving time; unlimited sessions that count nothing skip it.
//!
//! Counting reads the same stream with the parser of varisat's own proof format
//! (`varisat-internal-proof`, the version varisat 0.2.2 writes): each clause of more than two
//! literals the proof adds as learned (varisat's redundant clauses: learned at a conflict, or
//! shortened by its simplification) counts, a clause learned again while an identical one is
//! kept included. Reading costs a few percent of the solve. The sessions used to count
//! through a proof processor, for which varisat checks every step of the proof: most of the
//! time of a long solve (quadiagonal's `rate`: 1.8 s CPU, 0.8 s with the sink); the checker
//! stores a clause once, so it did not count a repeated one (4% fewer on quadiagonal, 17,950
//! against 18,674; the test below checks the two counts differ by exactly those).

use std::io;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use varisat_internal_proof::ProofStep;
use varisat_internal_proof::binary_format::Parser;

use crate::limits::Limits;

/// The proof's sink: the limits it checks, the conflicts it counts.
pub(super) struct ProofSink {
    /// Shared with the session, which may swap them between calls; read at each write,
    /// every few hundred conflicts. `None`: an unlimited session.
    limits: Option<Arc<Mutex<Limits>>>,
    /// The conflicts counted, when the session counts them.
    tally: Option<Tally>,
}

/// The learned clauses read so far, and the bytes of a step not yet written whole.
struct Tally {
    count: Arc<AtomicU64>,
    parser: Parser,
    pending: Vec<u8>,
}

impl ProofSink {
    /// A sink checking `limits` (if any) and counting the conflicts into `count` (if any).
    pub(super) fn new(limits: Option<Arc<Mutex<Limits>>>, count: Option<Arc<AtomicU64>>) -> Self {
        let tally =
            count.map(|count| Tally { count, parser: Parser::default(), pending: Vec::new() });
        ProofSink { limits, tally }
    }
}

impl io::Write for ProofSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.flush()?;
        if let Some(tally) = &mut self.tally {
            tally.read(buf)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let Some(limits) = &self.limits else { return Ok(()) };
        let limits = limits.lock().unwrap_or_else(PoisonError::into_inner);
        limits.check().map_err(io::Error::other)
    }
}

impl Tally {
    /// Reads the steps `bytes` completes, counting the learned clauses of more than two
    /// literals; the bytes of a step cut off at the end wait for the next write. A step that
    /// does not parse (a proof format other than the one this parser reads) is an error, which
    /// aborts the solve: a count read past it would be wrong without a word.
    fn read(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.pending.extend_from_slice(bytes);
        let mut rest = &self.pending[..];
        let mut learned = 0;
        let mut malformed = None;
        while !rest.is_empty() {
            let mut cursor = rest;
            match self.parser.parse_step(&mut cursor) {
                Ok(ProofStep::AtClause { redundant: true, .. }) => learned += 1,
                Ok(_) => {}
                Err(error) if cut_off(&error) => break,
                Err(error) => {
                    malformed = Some(error);
                    break;
                }
            }
            rest = cursor;
        }
        let read = self.pending.len() - rest.len();
        self.pending.drain(..read);
        self.count.fetch_add(learned, Ordering::Relaxed);
        match malformed {
            Some(error) => {
                Err(io::Error::other(format!("the solver's proof does not parse: {error}")))
            }
            None => Ok(()),
        }
    }
}

/// Whether a parse error is only the end of the bytes written so far: a step cut off, whose
/// other bytes come with the next write.
fn cut_off(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|error| error.kind() == io::ErrorKind::UnexpectedEof)
}

#[cfg(test)]
mod tests {
    use super::*;
    use io::Write;
    use std::collections::HashMap;
    use varisat::checker::{CheckedProofStep, CheckerData, ProofProcessor};
    use varisat::{CnfFormula, ExtendFormula, Lit, ProofFormat, Solver};

    /// The learned clauses of more than two literals varisat's checker stores, counted the way
    /// the sessions counted them before the sink did.
    struct Checked(u64);

    impl ProofProcessor for Checked {
        fn process_step(&mut self, step: &CheckedProofStep, _: CheckerData) -> anyhow::Result<()> {
            if let CheckedProofStep::AtClause { redundant: true, .. } = step {
                self.0 += 1;
            }
            Ok(())
        }
    }

    /// `holes + 1` pigeons in `holes` holes, one to a hole: unsatisfiable, and only after
    /// many conflicts.
    fn pigeons(holes: isize) -> CnfFormula {
        let mut formula = CnfFormula::new();
        let sits = |pigeon: isize, hole: isize| Lit::from_dimacs(pigeon * holes + hole + 1);
        for pigeon in 0..=holes {
            let somewhere: Vec<Lit> = (0..holes).map(|hole| sits(pigeon, hole)).collect();
            formula.add_clause(&somewhere);
        }
        for hole in 0..holes {
            for a in 0..=holes {
                for b in a + 1..=holes {
                    formula.add_clause(&[!sits(a, hole), !sits(b, hole)]);
                }
            }
        }
        formula
    }

    /// The long learned clauses of `proof` read whole, and how many of them repeat a clause
    /// the solver keeps at that point (learned before and not deleted since).
    fn learned_and_repeated(proof: &[u8]) -> (u64, u64) {
        let (mut parser, mut rest) = (Parser::default(), proof);
        let mut kept: HashMap<Vec<Lit>, usize> = HashMap::new();
        let (mut learned, mut repeated) = (0, 0);
        let sorted = |clause: &[Lit]| -> Vec<Lit> {
            let mut clause = clause.to_vec();
            clause.sort();
            clause
        };
        while !rest.is_empty() {
            match parser.parse_step(&mut rest).expect("a whole proof") {
                ProofStep::AtClause { redundant: true, clause, .. } => {
                    learned += 1;
                    let copies = kept.entry(sorted(clause)).or_default();
                    repeated += u64::from(*copies > 0);
                    *copies += 1;
                }
                ProofStep::DeleteClause { clause, .. } => {
                    kept.entry(sorted(clause))
                        .and_modify(|copies| *copies = copies.saturating_sub(1));
                }
                _ => {}
            }
        }
        (learned, repeated)
    }

    #[test]
    fn the_sink_counts_the_learned_clauses_however_the_proof_is_cut() {
        let mut proof = Vec::new();
        let mut checked = Checked(0);
        {
            let mut solver = Solver::new();
            solver.write_proof(&mut proof, ProofFormat::Varisat);
            solver.add_proof_processor(&mut checked);
            solver.add_formula(&pigeons(6));
            assert_eq!(solver.solve().ok(), Some(false));
        }
        let (learned, repeated) = learned_and_repeated(&proof);
        assert!(repeated > 0 && learned > 100, "{learned} learned, {repeated} repeated");
        // The checker stores a clause once: one learned again while kept is not new to it.
        assert_eq!(learned - repeated, checked.0);
        for piece in [1, 7, 8192] {
            let count = Arc::new(AtomicU64::new(0));
            let mut sink = ProofSink::new(None, Some(Arc::clone(&count)));
            proof.chunks(piece).for_each(|chunk| sink.write_all(chunk).expect("no limit"));
            assert_eq!(count.load(Ordering::Relaxed), learned, "in pieces of {piece} bytes");
        }
    }

    #[test]
    fn a_step_that_does_not_parse_fails_the_write_instead_of_waiting() {
        let count = Arc::new(AtomicU64::new(0));
        let mut sink = ProofSink::new(None, Some(Arc::clone(&count)));
        // One byte holding the number 100, which is no step's code (codes run 0 to 17 and a
        // random 64-bit end mark); a cut-off step would be Ok.
        let error = sink.write(&[100 << 1 | 1]).expect_err("an unknown step");
        assert!(error.to_string().contains("does not parse"), "{error}");
    }
}
