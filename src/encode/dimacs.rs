//! DIMACS output: the CNF for any other SAT solver, with a comment header that maps each
//! variable to its placement (`c var 12 r1c2=3`) so models can be read back.

use std::io::{self, Write};

use varisat::Lit;

use super::{Encoding, encode_puzzle};
use crate::model::puzzle::Puzzle;

/// Writes `encoding` as DIMACS CNF: the `notes` as comment lines, the variable map, the clause
/// count per family, the `p cnf` line and the clauses.
///
/// # Errors
/// Whatever writing to `out` fails with.
pub fn write_dimacs(encoding: &Encoding, notes: &[String], out: &mut impl Write) -> io::Result<()> {
    write_dimacs_with(encoding, &[], notes, out)
}

/// Clauses written after an encoding's own, under a name for the `c clauses` header line.
pub(crate) struct ExtraClauses<'a> {
    /// The name in `c clauses NAME: COUNT`.
    pub name: &'a str,
    /// The clauses, over the encoding's variables.
    pub clauses: &'a [Vec<Lit>],
}

/// [`write_dimacs`] with `extra` clause groups after the encoding's clauses, counted in the
/// header and the `p cnf` line.
pub(crate) fn write_dimacs_with(
    encoding: &Encoding,
    extra: &[ExtraClauses],
    notes: &[String],
    out: &mut impl Write,
) -> io::Result<()> {
    for note in notes {
        writeln!(out, "c {note}")?;
    }
    let var_map = encoding.var_map();
    for (index, placement) in var_map.placements().iter().enumerate() {
        writeln!(out, "c var {} {placement:?}", index + 1)?;
    }
    let placements = var_map.placements().len();
    if var_map.var_count() > placements {
        writeln!(out, "c aux {}..{}", placements + 1, var_map.var_count())?;
    }
    for (family, count) in encoding.family_counts() {
        writeln!(out, "c clauses {}: {count}", family.name())?;
    }
    for group in extra {
        writeln!(out, "c clauses {}: {}", group.name, group.clauses.len())?;
    }
    let extra_count: usize = extra.iter().map(|group| group.clauses.len()).sum();
    writeln!(out, "p cnf {} {}", encoding.var_count(), encoding.clause_count() + extra_count)?;
    let extra_clauses = extra.iter().flat_map(|group| group.clauses.iter().map(Vec::as_slice));
    for clause in encoding.formula().iter().chain(extra_clauses) {
        for lit in clause {
            write!(out, "{} ", lit.to_dimacs())?;
        }
        writeln!(out, "0")?;
    }
    Ok(())
}

/// Writes the DIMACS of `puzzle` as satdoku solves it once: its rules lowered, its givens
/// propagated (eliminated placements get no variable), then encoded with the default options.
/// The header names the rules, the grid and the givens. A puzzle whose givens propagation
/// already refutes is written as one empty clause.
///
/// # Errors
/// Whatever writing to `out` fails with.
pub fn write_puzzle_dimacs(puzzle: &Puzzle, out: &mut impl Write) -> io::Result<()> {
    let mut notes = vec!["satdoku CNF, extended encoding".to_string()];
    notes.extend(puzzle_notes(puzzle));
    match encode_puzzle(puzzle, puzzle.givens()) {
        Ok(encoding) => write_dimacs(&encoding, &notes, out),
        Err(contradiction) => {
            notes.push(format!("no solution: {contradiction}"));
            notes.iter().try_for_each(|note| writeln!(out, "c {note}"))?;
            writeln!(out, "p cnf 0 1\n0")
        }
    }
}

/// The header lines that name a puzzle: its rules, its grid and its givens.
pub(crate) fn puzzle_notes(puzzle: &Puzzle) -> Vec<String> {
    let geometry = puzzle.geometry();
    vec![
        format!("rules: {}", puzzle.rule_names()),
        format!(
            "size: {} boxes: {}x{}",
            geometry.size(),
            geometry.box_rows(),
            geometry.box_columns()
        ),
        format!("givens: {}", puzzle.givens().to_line()),
    ]
}
