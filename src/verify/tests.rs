//! The checker on hand-made proofs: valid, with a missing lemma, with wrong deletions, stopping
//! short of the empty clause; deletions of reason clauses, tautologies, fresh variables.

use super::{Rejection, Verified, check, parse_dimacs, parse_proof};

/// All eight clauses over x1, x2, x3: unsatisfiable, and unit propagation alone sees
/// nothing (every clause has three open literals).
const EIGHT: &str = "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n\
                     -1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

/// A DRUP refutation of [`EIGHT`]: x1 ∨ x2, then x1, then x2, then the empty clause.
const VALID: &str = "1 2 0\n1 0\n2 0\n0\n";

fn verdict(cnf: &str, proof: &str) -> Result<Verified, Rejection> {
    check(&parse_dimacs(cnf).unwrap(), &parse_proof(proof).unwrap())
}

#[test]
fn a_valid_proof_is_verified_at_the_lemma_that_reaches_the_conflict() {
    let verified = verdict(EIGHT, VALID).unwrap();
    // x2 (line 3) makes the last clauses conflict: the empty clause is not needed.
    assert_eq!(
        verified,
        Verified { lemmas: 3, deletions: 0, ignored_deletions: 0, conflict_line: Some(3) }
    );
}

#[test]
fn a_missing_lemma_is_rejected_at_the_first_lemma_that_needed_it() {
    let rejection = verdict(EIGHT, "1 0\n2 0\n0\n").unwrap_err();
    assert_eq!(rejection.line, Some(1));
    assert_eq!(
        rejection.to_string(),
        "proof line 1: lemma `1 0` is not RUP: unit propagation on its negation finds no conflict"
    );
}

#[test]
fn deleting_a_clause_a_later_lemma_needs_is_caught_at_that_lemma() {
    let rejection = verdict(EIGHT, "1 2 0\nd 1 2 0\n1 0\n2 0\n0\n").unwrap_err();
    assert_eq!(rejection.line, Some(3));
}

#[test]
fn deleting_a_clause_that_is_not_there_is_rejected() {
    let rejection = verdict(EIGHT, "1 2 0\nd 1 3 0\n1 0\n2 0\n0\n").unwrap_err();
    assert_eq!(
        rejection.to_string(),
        "proof line 2: deletion of `1 3 0`, a clause that is not in the formula"
    );
    // A clause deleted twice is not there the second time.
    let twice = verdict(EIGHT, "d 1 2 3 0\nd 3 2 1 0\n").unwrap_err();
    assert_eq!(twice.line, Some(2));
}

#[test]
fn deletions_match_clauses_whatever_the_order_of_their_literals() {
    let verified = verdict(EIGHT, "d -3 2 1 0\n1 2 0\n1 0\n2 0\n0\n");
    // x1 ∨ x2 ∨ ¬x3 written in another order is found and deleted; the lemma x1 ∨ x2
    // needed it (with x1 ∨ x2 ∨ x3), so it now fails.
    assert_eq!(verified.unwrap_err().line, Some(2));
    let harmless = verdict(EIGHT, "1 2 0\nd -3 2 1 0\n1 0\n2 0\n0\n").unwrap();
    assert_eq!(harmless.deletions, 1);
}

#[test]
fn deleting_the_reason_of_a_top_level_assignment_is_ignored() {
    // After the unit x1 is added, it is the reason of x1 at the top level.
    let verified = verdict(EIGHT, "1 2 0\n1 0\nd 1 0\n2 0\n0\n").unwrap();
    assert_eq!((verified.deletions, verified.ignored_deletions), (0, 1));
}

#[test]
fn a_proof_that_stops_short_of_the_empty_clause_is_rejected() {
    let rejection = verdict(EIGHT, "1 2 0\n1 0\n").unwrap_err();
    assert_eq!(rejection.line, None);
    assert!(rejection.reason.starts_with("the proof ends without deriving the empty clause"));
    assert_eq!(verdict(EIGHT, "").unwrap_err().line, None);
}

#[test]
fn an_empty_clause_that_does_not_follow_is_not_rup() {
    assert_eq!(verdict(EIGHT, "0\n").unwrap_err().line, Some(1));
}

#[test]
fn a_formula_refuted_by_propagation_needs_no_lemma() {
    let verified = verdict("p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "").unwrap();
    assert_eq!(verified.conflict_line, None);
    assert!(verdict("p cnf 0 1\n0\n", "").is_ok());
}

#[test]
fn a_satisfiable_formula_has_no_refutation() {
    let rejection = verdict("p cnf 2 2\n1 2 0\n-1 0\n", "2 0\n0\n").unwrap_err();
    // x2 follows (RUP), but nothing refutes x2 ∧ ¬x1.
    assert_eq!(rejection.line, Some(2));
}

#[test]
fn lemmas_may_name_variables_beyond_the_formula() {
    // x4 is in no clause; x1 ∨ x4 is still RUP: ¬x1 alone propagates to a conflict.
    let verified =
        verdict("p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n", "1 4 0\n1 0\n0\n").unwrap();
    assert_eq!(verified.lemmas, 2);
}

#[test]
fn tautologies_are_accepted_and_can_be_deleted() {
    let verified = verdict(EIGHT, "1 -1 0\nd -1 1 0\n1 2 0\n1 0\n2 0\n0\n").unwrap();
    assert_eq!(verified.deletions, 1);
}

#[test]
fn huge_variable_numbers_cost_no_memory() {
    let verified = verdict("p cnf 2147483647 2\n2147483647 0\n-2147483647 0\n", "").unwrap();
    assert_eq!(verified.conflict_line, None);
    let proof = verdict("p cnf 1 1\n1 0\n", "-2147483647 1 0\n0\n").unwrap_err();
    assert_eq!(proof.line, Some(2));
}
