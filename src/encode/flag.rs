//! The IR's flags as variables (Tseitin's definitions), and the terms of linear sums as the
//! one-of-several options the decision diagram reads.
//!
//! A flag `f ⇔ C₁ ∨ … ∨ Cₖ` with conjunctions `Cⱼ = l₁ ∧ … ∧ lₘ` gets a variable, each
//! conjunction of two or more literals another (`cⱼ → lᵢ`, `l₁ ∧ … ∧ lₘ → cⱼ`), and the
//! clauses `f → c₁ ∨ … ∨ cₖ`, `cⱼ → f`. Placements propagation eliminated are constants
//! (false), and constants fold away, so a flag the candidates settle costs nothing.
//!
//! A term's options are (value, literal) pairs exactly one of which holds in any model: a
//! digit term has one per candidate; a flag term `(0, ¬f)`, `(1, f)`; a gated digit term
//! `(0, ¬f)` and `(d, g_d)` with `g_d ⇔ f ∧ x(cell, d)`.

use varisat::Lit;

use super::{ClauseFamily, Writer};
use crate::ir::{FlagDefinition, Literal, Placement, Term};
use crate::model::digit::Digit;

/// A Boolean of the encoding: a constant, or a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bit {
    Constant(bool),
    Lit(Lit),
}

impl Writer {
    /// Defines a variable (or a constant) for each flag, in order.
    pub(super) fn flags(&mut self, definitions: &[FlagDefinition]) {
        for definition in definitions {
            let conjunctions: Vec<Bit> =
                definition.any_of.iter().map(|all| self.conjunction(all)).collect();
            let bit = self.disjunction(&conjunctions);
            self.flag_bits.push(bit);
        }
    }

    /// The bit of a literal: a placement's variable (false if eliminated) or a flag's bit.
    fn literal(&self, literal: &Literal) -> Bit {
        let (bit, positive) = match *literal {
            Literal::Placement(p, positive) => {
                (self.var_map.lit(p).map_or(Bit::Constant(false), Bit::Lit), positive)
            }
            Literal::Flag(flag, positive) => (self.flag_bits[flag.index()], positive),
        };
        match (bit, positive) {
            (bit, true) => bit,
            (Bit::Constant(value), false) => Bit::Constant(!value),
            (Bit::Lit(lit), false) => Bit::Lit(!lit),
        }
    }

    /// The bit of `l₁ ∧ … ∧ lₘ`.
    fn conjunction(&mut self, all: &[Literal]) -> Bit {
        let mut lits = Vec::new();
        for literal in all {
            match self.literal(literal) {
                Bit::Constant(false) => return Bit::Constant(false),
                Bit::Constant(true) => {}
                Bit::Lit(lit) => lits.push(lit),
            }
        }
        self.and(&lits)
    }

    /// A bit for the conjunction of `lits` (true when empty).
    fn and(&mut self, lits: &[Lit]) -> Bit {
        match lits {
            [] => Bit::Constant(true),
            [lit] => Bit::Lit(*lit),
            _ => {
                let c = self.var_map.new_aux().positive();
                for &lit in lits {
                    self.push(ClauseFamily::Table, &[!c, lit]);
                }
                let clause: Vec<Lit> = lits.iter().map(|&l| !l).chain([c]).collect();
                self.push(ClauseFamily::Table, &clause);
                Bit::Lit(c)
            }
        }
    }

    /// A bit for the disjunction of `bits`.
    fn disjunction(&mut self, bits: &[Bit]) -> Bit {
        if bits.contains(&Bit::Constant(true)) {
            return Bit::Constant(true);
        }
        let lits: Vec<Lit> =
            bits.iter().filter_map(|b| if let Bit::Lit(l) = b { Some(*l) } else { None }).collect();
        match lits[..] {
            [] => Bit::Constant(false),
            [lit] => Bit::Lit(lit),
            _ => {
                let f = self.var_map.new_aux().positive();
                let clause: Vec<Lit> = [!f].into_iter().chain(lits.iter().copied()).collect();
                self.push(ClauseFamily::Table, &clause);
                for &lit in &lits {
                    self.push(ClauseFamily::Table, &[!lit, f]);
                }
                Bit::Lit(f)
            }
        }
    }

    /// A literal that always holds (one variable with a unit clause, made once).
    fn truth(&mut self) -> Lit {
        if let Some(lit) = self.truth {
            return lit;
        }
        let lit = self.var_map.new_aux().positive();
        self.push(ClauseFamily::Table, &[lit]);
        self.truth = Some(lit);
        lit
    }

    /// The options of `term` before its coefficient: (value, literal), exactly one holding.
    pub(super) fn term_options(&mut self, term: &Term) -> Vec<(i64, Lit)> {
        let largest = self.var_map.geometry().digits();
        let digits: Vec<(i64, Lit)> = match term.cell {
            Some(cell) => (0..largest)
                .map(Digit::from_index)
                .filter_map(|d| {
                    Some((d.value() as i64, self.var_map.lit(Placement::new(cell, d))?))
                })
                .collect(),
            None => vec![(1, self.truth())],
        };
        let gate = term.gate.map_or(Bit::Constant(true), |flag| self.flag_bits[flag.index()]);
        match gate {
            Bit::Constant(true) => digits,
            Bit::Constant(false) => vec![(0, self.truth())],
            Bit::Lit(g) => {
                let mut options = vec![(0, !g)];
                for (value, x) in digits {
                    let gated = match self.and(&[g, x]) {
                        Bit::Lit(lit) => lit,
                        Bit::Constant(_) => unreachable!("two literals make a variable"),
                    };
                    options.push((value, gated));
                }
                options
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use varisat::{ExtendFormula, Solver};

    use super::*;
    use crate::encode::{EncodeOptions, written};
    use crate::ir::propagate::Candidates;
    use crate::ir::{Ir, flag_values};
    use crate::model::grid::Grid;
    use crate::model::puzzle::Puzzle;

    #[test]
    fn flag_variables_take_the_values_their_definitions_give() {
        let text = format!("skyscraper: 2 r0c2\ngivens: {}\n", ".".repeat(36));
        let puzzle: Puzzle = text.parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let geometry = puzzle.geometry();
        let candidates = crate::ir::propagate::propagate(&ir, puzzle.givens()).unwrap();
        assert!(candidates == Candidates::all(geometry));
        let writer = written(&ir, &candidates, EncodeOptions::default());
        let bits = writer.flag_bits.clone();
        let encoding = writer.finish();
        let mut solver = Solver::new();
        solver.add_formula(encoding.formula());
        for _ in 0..100 {
            assert!(solver.solve().unwrap());
            let model = solver.model().unwrap();
            let mut grid = Grid::empty(geometry);
            for &lit in model.iter().filter(|l| l.is_positive()) {
                if let Some(p) = encoding.var_map().placement(lit.var()) {
                    grid.set(p.cell, Some(p.digit));
                }
            }
            let expected = flag_values(ir.flags(), |c| grid.get(c).unwrap());
            assert_eq!(crate::model::validate::validate(&puzzle, &grid), Ok(()), "{grid:?}");
            for (i, (bit, value)) in bits.iter().zip(&expected).enumerate() {
                if let Bit::Lit(lit) = bit {
                    let found = model.contains(lit);
                    assert_eq!(found, *value, "flag {i}: {:?}\n{grid:?}", ir.flags()[i]);
                }
            }
            let block: Vec<Lit> = model
                .iter()
                .filter(|l| l.is_positive())
                .filter(|l| encoding.var_map().placement(l.var()).is_some())
                .map(|&l| !l)
                .collect();
            solver.add_clause(&block);
        }
    }
}
