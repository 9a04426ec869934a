//! Lowering: each rule becomes IR constraints, one small function per rule.

mod anti_king;
mod anti_knight;
mod diagonal;
mod non_consecutive;
mod parity;

use super::IrBuilder;
use crate::model::rule::Rule;

/// Adds the constraints of `rule` to `builder`.
pub(super) fn lower_rule(rule: &Rule, builder: &mut IrBuilder) {
    match rule {
        Rule::MainDiagonal => diagonal::main(builder),
        Rule::AntiDiagonal => diagonal::anti(builder),
        Rule::AntiKing => anti_king::lower(builder),
        Rule::AntiKnight => anti_knight::lower(builder),
        Rule::NonConsecutive => non_consecutive::lower(builder),
        Rule::Even(cells) => parity::lower(builder, cells, 0),
        Rule::Odd(cells) => parity::lower(builder, cells, 1),
    }
}
