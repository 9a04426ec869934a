//! Equal totals: lines whose digits all add up to (or multiply to) one total, not given.
//!
//! Per line, flags `reach(k, v)` ("the first k cells total v") chain along the line as a sum
//! line's do: `reach(k, v)` holds when cell k holds some d with `reach(k − 1, u)` and u
//! combined with d giving v. Only the totals the lines all reach ([`Total::common`]) are
//! kept, and only the partial totals that still lead to one of them get a flag, so a line
//! whose digits leave those paths has no last flag holding. The first line's last flags: one
//! holds; every other line's last flag of each common total equals the first line's. The
//! logic engine reads the group whole ([`crate::ir::TotalGroup`]).

use std::collections::{BTreeMap, BTreeSet};

use crate::ir::{Flag, IrBuilder, Literal, Placement, Relation, Term, TotalGroup};
use crate::model::equal_totals::Total;
use crate::model::geometry::Cell;

/// The flags of each line, one line's last flags asked to hold once and the others' to agree.
pub(super) fn lower(builder: &mut IrBuilder, lines: &[Vec<Cell>], total: Total) {
    let digits: Vec<usize> = builder.digits().map(|d| d.value()).collect();
    let domains: Vec<Vec<Vec<usize>>> =
        lines.iter().map(|line| vec![digits.clone(); line.len()]).collect();
    let common = total.common(&domains).expect("the shape check bounds the totals");
    if common.is_empty() {
        // No total every line reaches: nothing satisfies the rule.
        builder.domain(lines[0][0], |_| false);
        return;
    }
    let last: Vec<BTreeMap<u128, Flag>> =
        lines.iter().map(|line| reaching(builder, line, total, &common)).collect();
    builder.linear_terms(last[0].values().map(|&flag| Term::flag(flag, 1)), Relation::Equal, 1);
    for other in &last[1..] {
        for value in &common {
            let terms = [Term::flag(last[0][value], 1), Term::flag(other[value], -1)];
            builder.linear_terms(terms, Relation::Equal, 0);
        }
    }
    builder.total_group(TotalGroup { lines: lines.to_vec(), total });
}

/// The flags "the whole line totals v", for each v of `common`, with the flags along the line
/// they read.
fn reaching(
    builder: &mut IrBuilder,
    line: &[Cell],
    total: Total,
    common: &BTreeSet<u128>,
) -> BTreeMap<u128, Flag> {
    let digits: Vec<_> = builder.digits().collect();
    let values: Vec<usize> = digits.iter().map(|d| d.value()).collect();
    let alive =
        total.alive(&vec![values; line.len()], common).expect("the shape check bounds them");
    // Before the first cell only the empty total holds: `None` stands for "true".
    let mut flags: BTreeMap<u128, Option<Flag>> = BTreeMap::from([(total.empty(), None)]);
    for (k, &cell) in line.iter().enumerate() {
        let mut any_of: BTreeMap<u128, Vec<Vec<Literal>>> = BTreeMap::new();
        for (&u, before) in &flags {
            for &d in &digits {
                let Some(v) = total.with(u, d.value()).filter(|v| alive[k + 1].contains(v)) else {
                    continue;
                };
                let mut all = vec![Literal::Placement(Placement::new(cell, d), true)];
                all.extend(before.map(Flag::is));
                any_of.entry(v).or_default().push(all);
            }
        }
        flags = any_of.into_iter().map(|(v, any_of)| (v, Some(builder.flag(any_of)))).collect();
    }
    flags.into_iter().map(|(v, flag)| (v, flag.expect("a line has cells"))).collect()
}
