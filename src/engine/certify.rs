//! Certificates: a count of solutions (uniqueness included) backed by a CNF and a DRAT proof
//! that any DRUP/DRAT checker can check, so that the answer does not rest on varisat's search.
//!
//! For a puzzle and the solutions S1..Sk found, the certificate's CNF is
//!
//! ```text
//! rules(empty grid) ∧ one unit clause per given ∧ one blocking clause per Si
//! ```
//!
//! where `rules(empty grid)` is the puzzle's rules lowered, propagated on the empty grid (only
//! domain rules such as even/odd marks remove candidates there) and encoded, and the blocking
//! clause of Si says that some cell differs from Si. The givens are unit clauses, not
//! assumptions, so the CNF stands alone. A fresh varisat solver refutes exactly that CNF and
//! writes the DRAT proof (varisat cannot write DRAT for incremental calls or assumptions).
//!
//! **What it proves**: the CNF is unsatisfiable, so no model of the rules and givens differs
//! from every Si. **What it trusts**: that every solution of the puzzle is a model of the
//! encoding (lowering, propagation on the empty grid and the encoder keep every real solution;
//! the DIMACS's `c var` lines say which variable is which placement, so this can be read
//! off). Each Si is a real solution by the independent validator ([`crate::validate`]), so
//! the puzzle has exactly k solutions. **What it does not trust**: varisat's search, its
//! proof, and the enumeration that found the Si. The checker in [`crate::verify`] checks
//! such proofs without sharing code with the encoder or varisat.
//!
//! [`try_certify_count`] stops at [`Limits`], in the enumeration and while varisat writes the
//! proof, with no certificate: half a proof proves nothing.

use std::io;

use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

use crate::encode::dimacs::{ExtraClauses, puzzle_notes, write_dimacs_with};
use crate::encode::{Encoding, encode_puzzle};
use crate::ir::Placement;
use crate::limits::Limits;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::session::{Outcome, Session, SolveError};
use crate::verify::{Rejection, Verified, check, parse_dimacs, parse_proof};

/// A CNF in DIMACS and a DRAT proof of its unsatisfiability, both as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    cnf: String,
    proof: String,
}

impl Certificate {
    /// The CNF, DIMACS with a header naming the puzzle, the solutions blocked and every
    /// variable's placement.
    pub fn cnf(&self) -> &str {
        &self.cnf
    }

    /// The DRAT proof (text, RUP lemmas and deletions only) that the CNF is unsatisfiable.
    pub fn proof(&self) -> &str {
        &self.proof
    }

    /// Checks the proof against the CNF with the independent checker of [`crate::verify`].
    ///
    /// # Errors
    /// The checker's [`Rejection`] (a file that does not parse is one too).
    pub fn check(&self) -> Result<Verified, Rejection> {
        let unreadable = |what: &str, error: crate::verify::InputError| Rejection {
            line: None,
            reason: format!("the certificate's {what} does not parse: {error}"),
        };
        let cnf = parse_dimacs(&self.cnf).map_err(|error| unreadable("CNF", error))?;
        let proof = parse_proof(&self.proof).map_err(|error| unreadable("proof", error))?;
        check(&cnf, &proof)
    }
}

/// The solutions of a puzzle up to a bound, with a certificate when the count is exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certified {
    solutions: Vec<Grid>,
    exact: bool,
    certificate: Option<Certificate>,
}

impl Certified {
    /// Every solution found, at most the bound.
    pub fn solutions(&self) -> &[Grid] {
        &self.solutions
    }

    /// Whether [`Certified::solutions`] are all the solutions.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The certificate that there is no other solution; `None` when the bound stopped the
    /// count (a solution beyond it exists, so there is nothing to certify).
    pub fn certificate(&self) -> Option<&Certificate> {
        self.certificate.as_ref()
    }
}

/// Finds the solutions of `puzzle` up to `max` and, when there are no more, certifies it: the
/// certificate's CNF blocks every solution found and varisat's proof refutes it.
///
/// # Panics
/// When `max` is 0: a count bounded by nothing is a caller bug.
///
/// # Errors
/// [`SolveError`] when varisat fails, or finds the certificate's CNF satisfiable (the
/// enumeration missed a solution: a bug).
///
/// # Example
/// ```
/// use satdoku::engine::certify::certify_count;
/// let puzzle: satdoku::Puzzle = "..3.1......4.2..".parse()?;
/// let certified = certify_count(&puzzle, 2)?;
/// assert_eq!(certified.solutions().len(), 1);
/// // The independent checker accepts varisat's proof that no second solution exists.
/// assert!(certified.certificate().expect("an exact count").check().is_ok());
/// # Ok::<(), satdoku::Error>(())
/// ```
pub fn certify_count(puzzle: &Puzzle, max: usize) -> Result<Certified, SolveError> {
    try_certify_count(puzzle, max, &Limits::new())
}

/// [`certify_count`] that stops at `limits`.
///
/// # Errors
/// As [`certify_count`]; also [`SolveError`] with a [`SolveError::stop`] when a limit is
/// reached first.
///
/// # Panics
/// When `max` is 0.
pub fn try_certify_count(
    puzzle: &Puzzle,
    max: usize,
    limits: &Limits,
) -> Result<Certified, SolveError> {
    assert!(max > 0, "a count needs a bound of at least 1");
    let Ok(encoding) = encode_puzzle(puzzle, &Grid::empty(puzzle.geometry())) else {
        // The rules alone have no solution on this grid: propagation found it, the CNF is the
        // empty clause, refuted by an empty proof.
        let mut notes = certificate_notes(puzzle, &[]);
        notes.push("no solution: the rules contradict each other on this grid".to_string());
        let cnf = notes.iter().map(|note| format!("c {note}\n")).collect::<String>();
        let certificate = Certificate { cnf: cnf + "p cnf 0 1\n0\n", proof: String::new() };
        return Ok(Certified { solutions: vec![], exact: true, certificate: Some(certificate) });
    };
    let givens = given_units(&encoding, puzzle);
    let (solutions, exact) = enumerate(&encoding, &givens, max, limits)?;
    let certificate = match exact {
        true => Some(certificate(puzzle, &encoding, &givens, &solutions, limits)?),
        false => None,
    };
    Ok(Certified { solutions, exact, certificate })
}

/// One unit clause per given; the empty clause for a given the rules' propagation ruled out.
fn given_units(encoding: &Encoding, puzzle: &Puzzle) -> Vec<Vec<Lit>> {
    let var_map = encoding.var_map();
    let units =
        puzzle.givens().filled().map(|(cell, digit)| var_map.lit(Placement::new(cell, digit)));
    units.map(|unit| unit.into_iter().collect()).collect()
}

/// The solutions of the encoding and givens, up to `max`, and whether they are all.
fn enumerate(
    encoding: &Encoding,
    givens: &[Vec<Lit>],
    max: usize,
    limits: &Limits,
) -> Result<(Vec<Grid>, bool), SolveError> {
    let mut session = Session::over(encoding, limits);
    givens.iter().for_each(|unit| session.add_clause(unit));
    let mut solutions = Vec::new();
    while let Outcome::Solution(grid) = session.solve(&[])? {
        if solutions.len() == max {
            return Ok((solutions, false));
        }
        session.block(&grid);
        solutions.push(grid);
    }
    Ok((solutions, true))
}

/// The CNF that blocks every one of `solutions`, and varisat's proof that it is unsatisfiable.
fn certificate(
    puzzle: &Puzzle,
    encoding: &Encoding,
    givens: &[Vec<Lit>],
    solutions: &[Grid],
    limits: &Limits,
) -> Result<Certificate, SolveError> {
    let var_map = encoding.var_map();
    let blocking: Vec<Vec<Lit>> = solutions
        .iter()
        .map(|grid| {
            grid.filled()
                .filter_map(|(c, d)| var_map.lit(Placement::new(c, d)))
                .map(|lit| !lit)
                .collect()
        })
        .collect();
    let extra = [
        ExtraClauses { name: "given", clauses: givens },
        ExtraClauses { name: "blocking", clauses: &blocking },
    ];
    let mut cnf = Vec::new();
    write_dimacs_with(encoding, &extra, &certificate_notes(puzzle, solutions), &mut cnf)
        .expect("writing to memory");
    let mut proof = Vec::new();
    let mut solver = Solver::new();
    solver.write_proof(ProofSink { proof: &mut proof, limits }, ProofFormat::Drat);
    solver.add_formula(encoding.formula());
    extra.iter().flat_map(|group| group.clauses).for_each(|clause| solver.add_clause(clause));
    // A failing proof sink (a limit reached) is a stop; other solver errors are failures.
    if solver.solve().map_err(SolveError::from)? {
        return Err(SolveError::new(format!(
            "the certificate's CNF has a model beyond the {} solutions found",
            solutions.len()
        )));
    }
    solver.close_proof().map_err(SolveError::from)?;
    drop(solver);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("DIMACS and DRAT are ASCII");
    Ok(Certificate { cnf: text(cnf), proof: text(proof) })
}

/// Where varisat writes a certificate's proof: into memory, failing (which aborts the solve at
/// once) when a limit is reached; varisat writes every few hundred conflicts.
struct ProofSink<'a> {
    proof: &'a mut Vec<u8>,
    limits: &'a Limits,
}

impl io::Write for ProofSink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.limits.check().map_err(io::Error::other)?;
        self.proof.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The CNF's header: what its unsatisfiability means, the puzzle, and the solutions blocked.
fn certificate_notes(puzzle: &Puzzle, solutions: &[Grid]) -> Vec<String> {
    let mut notes = vec![
        format!(
            "satdoku certificate: unsatisfiable exactly when the puzzle has no solution besides the {} blocked below",
            solutions.len()
        ),
        "rules encoded on the empty grid, givens as unit clauses, one blocking clause per solution"
            .to_string(),
    ];
    notes.extend(puzzle_notes(puzzle));
    notes.extend(
        solutions
            .iter()
            .enumerate()
            .map(|(i, grid)| format!("blocked {}: {}", i + 1, grid.to_line())),
    );
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn certified(text: &str, max: usize) -> Certified {
        certify_count(&text.parse().unwrap(), max).unwrap()
    }

    #[test]
    fn a_limit_stops_the_enumeration_and_the_proof_with_no_certificate() {
        use std::time::Duration;
        let puzzle: Puzzle = "..3.1......4.2..".parse().unwrap();
        let past = Limits::new().timeout(Duration::ZERO);
        let stop = try_certify_count(&puzzle, 2, &past).unwrap_err().stop();
        assert_eq!(stop, Some(crate::Stop::Timeout));
        // The proof sink alone: the solver stops at its first write.
        let encoding = encode_puzzle(&puzzle, &Grid::empty(puzzle.geometry())).unwrap();
        let givens = given_units(&encoding, &puzzle);
        let (solutions, _) = enumerate(&encoding, &givens, 2, &Limits::new()).unwrap();
        let error = certificate(&puzzle, &encoding, &givens, &solutions, &past).unwrap_err();
        assert_eq!(error.stop(), Some(crate::Stop::Timeout));
        let far = Limits::new().timeout(Duration::from_secs(3600));
        assert_eq!(
            try_certify_count(&puzzle, 2, &far).unwrap(),
            certify_count(&puzzle, 2).unwrap()
        );
    }

    #[test]
    fn a_unique_puzzle_is_certified_and_its_proof_checks() {
        let unique = certified("..3.1......4.2..", 2);
        assert_eq!((unique.solutions().len(), unique.is_exact()), (1, true));
        let certificate = unique.certificate().unwrap();
        assert!(certificate.cnf().contains("c blocked 1: "), "{}", certificate.cnf());
        assert!(certificate.check().is_ok());
    }

    #[test]
    fn a_puzzle_without_solution_blocks_nothing() {
        let none = certified("12....3.........", 2);
        assert_eq!((none.solutions().len(), none.is_exact()), (0, true));
        let certificate = none.certificate().unwrap();
        assert!(!certificate.cnf().contains("c blocked"));
        assert!(certificate.check().is_ok());
    }

    #[test]
    fn an_exact_count_blocks_every_solution() {
        let empty = certified("................", 288);
        assert_eq!(empty.solutions().len(), 288);
        assert!(empty.certificate().unwrap().cnf().contains("c clauses blocking: 288"));
        assert!(empty.certificate().unwrap().check().is_ok());
    }

    #[test]
    fn a_count_cut_by_its_bound_has_no_certificate() {
        let cut = certified("12..............", 2);
        assert_eq!((cut.solutions().len(), cut.is_exact()), (2, false));
        assert_eq!(cut.certificate(), None);
    }

    #[test]
    fn rules_that_propagation_refutes_give_the_empty_clause() {
        use crate::model::geometry::{Cell, Geometry};
        use crate::model::rule::Rule;
        // r1c1 both even and odd: no candidate is left, before any given.
        let corner = vec![Cell::new(0, 0)];
        let rules = vec![Rule::Even(corner.clone()), Rule::Odd(corner)];
        let puzzle = Puzzle::new(Grid::empty(Geometry::with_usual_boxes(4).unwrap()), rules);
        let none = certify_count(&puzzle, 2).unwrap();
        assert_eq!((none.solutions().len(), none.is_exact()), (0, true));
        let certificate = none.certificate().unwrap();
        assert!(certificate.cnf().ends_with("p cnf 0 1\n0\n"), "{}", certificate.cnf());
        assert_eq!(certificate.check().unwrap().conflict_line, None);
    }
}
