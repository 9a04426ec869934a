//! Lowering: each rule becomes IR constraints, one small function per rule.

mod anti_king;
mod anti_knight;
mod arrow;
mod diagonal;
mod dot;
mod killer;
mod non_consecutive;
mod parity;
mod renban;
mod thermo;
mod whispers;

use super::IrBuilder;
use crate::model::rule::Rule;

/// Adds the constraints of `rule` to `builder`; `rules` are all the puzzle's rules (negative
/// rules depend on the dots).
pub(super) fn lower_rule(rule: &Rule, rules: &[Rule], builder: &mut IrBuilder) {
    match rule {
        Rule::MainDiagonal => diagonal::main(builder),
        Rule::AntiDiagonal => diagonal::anti(builder),
        Rule::AntiKing => anti_king::lower(builder),
        Rule::AntiKnight => anti_knight::lower(builder),
        Rule::NonConsecutive => non_consecutive::lower(builder),
        Rule::Even(cells) => parity::lower(builder, cells, 0),
        Rule::Odd(cells) => parity::lower(builder, cells, 1),
        Rule::Killer { cells, sum } => killer::lower(builder, cells, *sum),
        Rule::Thermo { cells, slow } => thermo::lower(builder, cells, *slow),
        Rule::Arrow { pill, line } => arrow::lower(builder, pill, line),
        Rule::Dot { cells, dot } => dot::lower(builder, *cells, *dot),
        Rule::Negative(dot) => dot::lower_negative(builder, *dot, rules),
        Rule::Whispers { line, gap } => whispers::lower(builder, line, *gap),
        Rule::Renban(line) => renban::lower(builder, line),
    }
}
