//! DIMACS output: the CNF for any other SAT solver, with a comment header that maps each
//! variable to its placement (`c var 12 r1c2=3`) so models can be read back.

use std::io::{self, Write};

use super::{Encoding, encode_puzzle};
use crate::model::puzzle::Puzzle;

/// Writes `encoding` as DIMACS CNF: the `notes` as comment lines, the variable map, the clause
/// count per family, the `p cnf` line and the clauses.
///
/// # Errors
/// Whatever writing to `out` fails with.
pub fn write_dimacs(encoding: &Encoding, notes: &[String], out: &mut impl Write) -> io::Result<()> {
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
    writeln!(out, "p cnf {} {}", encoding.var_count(), encoding.clause_count())?;
    for clause in encoding.formula().iter() {
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
    let geometry = puzzle.geometry();
    let mut notes = vec![
        "satdoku CNF, extended encoding".to_string(),
        format!("rules: {}", puzzle.rule_names()),
        format!(
            "size: {} boxes: {}x{}",
            geometry.size(),
            geometry.box_rows(),
            geometry.box_columns()
        ),
        format!("givens: {}", puzzle.givens().to_line()),
    ];
    match encode_puzzle(puzzle, puzzle.givens()) {
        Ok(encoding) => write_dimacs(&encoding, &notes, out),
        Err(contradiction) => {
            notes.push(format!("no solution: {contradiction}"));
            notes.iter().try_for_each(|note| writeln!(out, "c {note}"))?;
            writeln!(out, "p cnf 0 1\n0")
        }
    }
}
