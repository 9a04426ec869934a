//! Lowering: each rule becomes IR constraints, one small function per rule.

mod anti_king;
mod anti_knight;
mod anti_leaper;
mod anti_taxicab;
mod arrow;
mod between;
mod candidates;
mod clone;
mod counting_circles;
mod diagonal;
mod differences_count;
mod disjoint_groups;
mod dot;
mod double_arrow;
mod entropic;
mod equal_totals;
mod extra_region;
mod extremum;
mod greater;
mod indexer;
mod killer;
mod little_killer;
mod lockout;
mod look_and_say;
mod modular;
mod non_consecutive;
mod numbered_room;
mod palindrome;
mod parity;
mod parity_line;
mod quadruple;
mod region_sum;
mod rellik;
mod renban;
mod same_digits;
mod sandwich;
mod sequence;
mod skyscraper;
mod sum_line;
mod thermo;
mod whispers;
mod x_sum;
mod zipper;

use super::IrBuilder;
use crate::model::rule::Rule;

/// Adds the constraints of `rule` to `builder`; `rules` are all the puzzle's rules (negative
/// rules and non-consecutive depend on the dots, extrema on the other extrema).
pub(super) fn lower_rule(rule: &Rule, rules: &[Rule], builder: &mut IrBuilder) {
    match rule {
        Rule::MainDiagonal => diagonal::main(builder),
        Rule::AntiDiagonal => diagonal::anti(builder),
        Rule::AntiKing => anti_king::lower(builder),
        Rule::AntiKnight => anti_knight::lower(builder),
        Rule::NonConsecutive => non_consecutive::lower(builder, rules),
        Rule::Even(cells) => parity::lower(builder, cells, 0),
        Rule::Odd(cells) => parity::lower(builder, cells, 1),
        Rule::Candidates { cell, digits } => candidates::lower(builder, *cell, *digits),
        Rule::Killer { cells, sum } => killer::lower(builder, cells, *sum),
        Rule::Thermo { cells, slow } => thermo::lower(builder, cells, *slow),
        Rule::Arrow { pill, line } => arrow::lower(builder, pill, line),
        Rule::Dot { cells, dot } => dot::lower(builder, *cells, *dot),
        Rule::Negative(dot) => dot::lower_negative(builder, *dot, rules),
        Rule::CombinedDot { cells, relation } => dot::lower_combined(builder, *cells, relation),
        Rule::NegativeCombined(relation) => dot::lower_negative_combined(builder, relation, rules),
        Rule::Sequence(line) => sequence::lower(builder, line),
        Rule::EqualTotals { lines, total } => equal_totals::lower(builder, lines, *total),
        Rule::Whispers { line, gap } => whispers::lower(builder, line, *gap),
        Rule::Renban(line) => renban::lower(builder, line),
        Rule::LittleKiller { cells, sum } => little_killer::lower(builder, cells, *sum),
        Rule::RegionSum(line) => region_sum::lower(builder, line),
        Rule::Extremum { cell, maximum } => extremum::lower(builder, *cell, *maximum, rules),
        Rule::Palindrome(line) => palindrome::lower(builder, line),
        Rule::Quadruple { cells, digits } => quadruple::lower(builder, cells, digits),
        Rule::DisjointGroups => disjoint_groups::lower(builder),
        Rule::Clone { cells, copy } => clone::lower(builder, cells, copy),
        Rule::Between(line) => between::lower(builder, line),
        Rule::ExtraRegion(cells) => extra_region::lower(builder, cells),
        Rule::Entropic(line) => entropic::lower(builder, line),
        Rule::Modular(line) => modular::lower(builder, line),
        Rule::Zipper(line) => zipper::lower(builder, line),
        Rule::Sandwich { cells, sum } => sandwich::lower(builder, cells, *sum),
        Rule::XSum { cells, sum } => x_sum::lower(builder, cells, *sum),
        Rule::Skyscraper { cells, count } => skyscraper::lower(builder, cells, *count),
        Rule::Greater([a, b]) => greater::lower(builder, *a, *b),
        Rule::Indexer { cells, columns } => indexer::lower(builder, cells, *columns),
        Rule::ParityLine(line) => parity_line::lower(builder, line),
        Rule::Lockout { line, gap } => lockout::lower(builder, line, *gap),
        Rule::SumLine { line, sum, closed: false } => sum_line::lower(builder, line, *sum),
        Rule::SumLine { line, sum, closed: true } => sum_line::lower_loop(builder, line, *sum),
        Rule::CountingCircles(cells) => counting_circles::lower(builder, cells),
        Rule::DoubleArrow(line) => double_arrow::lower(builder, line),
        Rule::NumberedRoom { cells, digit } => numbered_room::lower(builder, cells, *digit),
        Rule::Rellik { cells, sum } => rellik::lower(builder, cells, *sum),
        Rule::AntiLeaper(leap) => anti_leaper::lower(builder, *leap),
        Rule::AntiTaxicab => anti_taxicab::lower(builder),
        Rule::SameDigits => same_digits::lower(builder),
        Rule::DifferencesCount(line) => differences_count::lower(builder, line),
        Rule::LookAndSay { cells, counts } => look_and_say::lower(builder, cells, counts),
    }
}
