//! The forward DRUP checker: every lemma must follow from the clauses before it by reverse
//! unit propagation (assume each of its literals false, unit-propagate, meet a conflict), and
//! the formula plus the lemmas must end in a conflict at the top level.
//!
//! Unit propagation uses two watched literals per clause (lazy removal of deleted clauses).
//! Top-level assignments are kept for good; a deletion of a clause that is the reason of one
//! of them is ignored and counted, as drat-trim does: deleting it would leave the assignment
//! without a justification. Ignoring a deletion never lets a wrong proof pass, since every
//! clause in the database follows from the formula. A deletion of a clause that is not in the
//! database is an error: the proof was not written for this formula. Checking stops at the
//! first top-level conflict (the empty clause is then derived); the steps after it are not
//! read, as in drat-trim. RAT lemmas (DRAT's extension) are not accepted: varisat writes only
//! RUP lemmas.

use std::collections::HashMap;

use super::dimacs::Cnf;
use super::drat::{Proof, StepKind};

/// What a successful check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Lemmas checked (up to the conflict).
    pub lemmas: usize,
    /// Deletions applied.
    pub deletions: usize,
    /// Deletions of reason clauses ignored.
    pub ignored_deletions: usize,
    /// The proof line of the step that reached the conflict, `None` when the formula alone
    /// propagates to one.
    pub conflict_line: Option<usize>,
}

/// Why a proof was rejected: the proof line at fault (`None` when the proof ends without a
/// conflict) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// 1-based line of the faulty step in the proof file.
    pub line: Option<usize>,
    /// What is wrong there.
    pub reason: String,
}

impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "proof line {line}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

/// Checks that `proof` refutes `cnf`: each lemma is RUP with respect to the clauses present
/// when it comes, each deleted clause is present, and a top-level conflict is reached.
///
/// # Errors
/// The first [`Rejection`]: a lemma that is not RUP, the deletion of an absent clause, or a
/// proof that ends without a conflict.
pub fn check(cnf: &Cnf, proof: &Proof) -> Result<Verified, Rejection> {
    let variables = Variables::new(cnf, proof);
    let mut database = Database::new(variables.count());
    let mut verified =
        Verified { lemmas: 0, deletions: 0, ignored_deletions: 0, conflict_line: None };
    for clause in cnf.clauses() {
        if !database.add(&variables.codes(clause)) {
            return Ok(verified);
        }
    }
    for step in proof.steps() {
        let reject = |reason: String| Rejection { line: Some(step.line), reason };
        match step.kind {
            StepKind::Lemma => {
                let lemma = variables.codes(&step.clause);
                if !database.implies(&lemma) {
                    return Err(reject(format!(
                        "lemma `{}` is not RUP: unit propagation on its negation finds no conflict",
                        dimacs(&step.clause)
                    )));
                }
                verified.lemmas += 1;
                if !database.add(&lemma) {
                    verified.conflict_line = Some(step.line);
                    return Ok(verified);
                }
            }
            StepKind::Deletion => match database.delete(&variables.codes(&step.clause)) {
                Deletion::Done => verified.deletions += 1,
                Deletion::Ignored => verified.ignored_deletions += 1,
                Deletion::Absent => {
                    return Err(reject(format!(
                        "deletion of `{}`, a clause that is not in the formula",
                        dimacs(&step.clause)
                    )));
                }
            },
        }
    }
    Err(Rejection {
        line: None,
        reason: "the proof ends without deriving the empty clause: unit propagation on the formula and its lemmas finds no conflict".to_string(),
    })
}

/// A clause as DIMACS shows it, `0` included.
fn dimacs(clause: &[i32]) -> String {
    clause.iter().map(|l| format!("{l} ")).collect::<String>() + "0"
}

/// A literal as an index: `2 * variable + sign` over the variables renumbered densely from 0,
/// so that `code ^ 1` is its negation.
type Code = u32;

/// The variables the formula and the proof use, numbered densely: a file may name variable
/// 2,000,000,000 without the checker allocating room for all the ones below it.
struct Variables {
    index: HashMap<u32, u32>,
}

impl Variables {
    fn new(cnf: &Cnf, proof: &Proof) -> Variables {
        let clauses = cnf.clauses().iter().chain(proof.steps().iter().map(|step| &step.clause));
        let mut used: Vec<u32> = clauses.flatten().map(|literal| literal.unsigned_abs()).collect();
        used.sort_unstable();
        used.dedup();
        let index = used.into_iter().zip(0..).collect();
        Variables { index }
    }

    fn count(&self) -> usize {
        self.index.len()
    }

    /// The codes of a clause's literals.
    fn codes(&self, clause: &[i32]) -> Vec<Code> {
        let code = |literal: &i32| {
            let variable = self.index[&literal.unsigned_abs()];
            2 * variable + u32::from(*literal < 0)
        };
        clause.iter().map(code).collect()
    }
}

/// What became of a deletion.
enum Deletion {
    Done,
    Ignored,
    Absent,
}

/// One clause of the database; its first two literals are watched (clauses of two or more).
struct Clause {
    literals: Vec<Code>,
    deleted: bool,
}

/// The clauses, the top-level assignment and the watch lists.
struct Database {
    clauses: Vec<Clause>,
    /// The clauses by their sorted literals, to find the one a deletion names.
    by_literals: HashMap<Vec<Code>, Vec<usize>>,
    /// `true`/`false` for assigned literals, by code.
    value: Vec<Option<bool>>,
    /// The clause that set each variable (by literal code of the true literal).
    reason: Vec<Option<usize>>,
    watches: Vec<Vec<usize>>,
    trail: Vec<Code>,
    propagated: usize,
}

impl Database {
    fn new(var_count: usize) -> Database {
        let codes = 2 * var_count;
        Database {
            clauses: Vec::new(),
            by_literals: HashMap::new(),
            value: vec![None; codes],
            reason: vec![None; codes],
            watches: vec![Vec::new(); codes],
            trail: Vec::new(),
            propagated: 0,
        }
    }

    /// Adds a clause at the top level and propagates; `false` when the top level now conflicts.
    fn add(&mut self, clause: &[Code]) -> bool {
        let mut literals = clause.to_vec();
        literals.sort_unstable();
        literals.dedup();
        let id = self.clauses.len();
        self.by_literals.entry(literals.clone()).or_default().push(id);
        let tautology = literals.windows(2).any(|pair| pair[0] ^ 1 == pair[1]);
        // Non-false literals first, true ones before unassigned ones.
        literals.sort_by_key(|&l| match self.value[l as usize] {
            Some(true) => 0,
            None => 1,
            Some(false) => 2,
        });
        let open = literals.iter().filter(|&&l| self.value[l as usize] != Some(false)).count();
        if literals.len() >= 2 && !tautology {
            self.watches[literals[0] as usize].push(id);
            self.watches[literals[1] as usize].push(id);
        }
        let first = literals.first().copied();
        self.clauses.push(Clause { literals, deleted: false });
        match (open, first) {
            (0, _) => false,
            (1, Some(unit)) if self.value[unit as usize].is_none() => {
                self.assign(unit, Some(id));
                self.propagate()
            }
            _ => true,
        }
    }

    /// Whether `clause` follows by reverse unit propagation.
    fn implies(&mut self, clause: &[Code]) -> bool {
        let level = self.trail.len();
        let mut conflict = false;
        for &literal in clause {
            match self.value[literal as usize] {
                Some(true) => conflict = true,
                Some(false) => {}
                None => self.assign(literal ^ 1, None),
            }
        }
        let conflict = conflict || !self.propagate();
        for &literal in &self.trail[level..] {
            self.value[literal as usize] = None;
            self.value[(literal ^ 1) as usize] = None;
            self.reason[literal as usize] = None;
        }
        self.trail.truncate(level);
        self.propagated = level;
        conflict
    }

    fn delete(&mut self, clause: &[Code]) -> Deletion {
        let mut literals = clause.to_vec();
        literals.sort_unstable();
        literals.dedup();
        let Some(ids) = self.by_literals.get_mut(&literals) else { return Deletion::Absent };
        let clauses = &self.clauses;
        let reason = &self.reason;
        let is_reason =
            |id: usize| clauses[id].literals.iter().any(|&l| reason[l as usize] == Some(id));
        let Some(at) = ids.iter().position(|&id| !is_reason(id)) else {
            return Deletion::Ignored;
        };
        let id = ids.swap_remove(at);
        if ids.is_empty() {
            self.by_literals.remove(&literals);
        }
        self.clauses[id].deleted = true;
        Deletion::Done
    }

    fn assign(&mut self, literal: Code, reason: Option<usize>) {
        self.value[literal as usize] = Some(true);
        self.value[(literal ^ 1) as usize] = Some(false);
        self.reason[literal as usize] = reason;
        self.trail.push(literal);
    }

    /// Unit propagation from the unpropagated part of the trail; `false` on a conflict.
    fn propagate(&mut self) -> bool {
        while self.propagated < self.trail.len() {
            let falsified = self.trail[self.propagated] ^ 1;
            self.propagated += 1;
            if !self.visit_watches(falsified) {
                return false;
            }
        }
        true
    }

    /// Visits the clauses watching `falsified`, now false: each finds another watch, becomes
    /// unit (assigning its other watch) or conflicts (`false`).
    fn visit_watches(&mut self, falsified: Code) -> bool {
        let mut watching = std::mem::take(&mut self.watches[falsified as usize]);
        let mut kept = 0;
        let mut index = 0;
        let mut consistent = true;
        while index < watching.len() {
            let id = watching[index];
            index += 1;
            if self.clauses[id].deleted {
                continue;
            }
            let literals = &mut self.clauses[id].literals;
            if literals[0] == falsified {
                literals.swap(0, 1);
            }
            let other = literals[0];
            let value = &self.value;
            if value[other as usize] == Some(true) {
                watching[kept] = id;
                kept += 1;
                continue;
            }
            if let Some(k) =
                (2..literals.len()).find(|&k| value[literals[k] as usize] != Some(false))
            {
                literals.swap(1, k);
                let watch = literals[1];
                self.watches[watch as usize].push(id);
                continue;
            }
            watching[kept] = id;
            kept += 1;
            if value[other as usize] == Some(false) {
                consistent = false;
                break;
            }
            self.assign(other, Some(id));
        }
        // Keep the rest of the list untouched after a conflict.
        while index < watching.len() {
            watching[kept] = watching[index];
            kept += 1;
            index += 1;
        }
        watching.truncate(kept);
        self.watches[falsified as usize] = watching;
        consistent
    }
}
