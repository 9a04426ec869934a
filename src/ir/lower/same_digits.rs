//! The same digits in every house: each row, column and box (or region) holds the same set
//! of digits, out of the puzzle's `1..=M` ("place the same 4-digit subset of 1–9 in each row,
//! column and box" on a 4×4 grid).
//!
//! A flag per house and digit says that the digit is in the house (one of its placements
//! holds); every house's flag of a digit equals the first row's, as a linear `f − f₁ = 0`.
//! With M = N every digit is in every house: the rule says nothing and lowers to nothing.

use crate::ir::{Flag, IrBuilder, Placement, Relation, Term};
use crate::model::digit::Digit;
use crate::model::geometry::Cell;

/// For each house after the first row and each digit, "the digit is in the house" equals
/// "the digit is in row 1".
pub(super) fn lower(builder: &mut IrBuilder) {
    if builder.geometry().has_one_of_each_digit() {
        return;
    }
    let digits: Vec<Digit> = builder.digits().collect();
    let houses = builder.geometry().houses();
    let present = |builder: &mut IrBuilder, cells: &[Cell]| -> Vec<Flag> {
        let placements = |digit| cells.iter().map(move |&cell| Placement::new(cell, digit));
        digits.iter().map(|&digit| builder.flag_any(placements(digit))).collect()
    };
    let first = present(builder, &houses[0].cells);
    for house in &houses[1..] {
        for (&row_one, flag) in first.iter().zip(present(builder, &house.cells)) {
            let terms = [Term::flag(flag, 1), Term::flag(row_one, -1)];
            builder.linear_terms(terms, Relation::Equal, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::{Constraint, Ir};
    use crate::model::puzzle::Puzzle;

    #[test]
    fn a_flag_per_house_and_digit_and_a_linear_per_house_after_row_one_and_digit() {
        let count = |text: &str| {
            let ir = Ir::lower(&text.parse::<Puzzle>().unwrap());
            let linears =
                ir.constraints().iter().filter(|c| matches!(c, Constraint::Linear { .. }));
            (ir.flags().len(), linears.count())
        };
        // 12 houses × 9 digits; 11 houses × 9 digits (encodings/digits.md).
        assert_eq!(count("digits: 1-9\nrules: same-digits\n................"), (108, 99));
        assert_eq!(count("rules: same-digits\n................"), (0, 0));
    }
}
