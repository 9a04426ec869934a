//! Sum lines: the line divides into consecutive segments that each add up to the total; on a
//! closed loop, from some cell round.
//!
//! Flags `open(k, v)` ("after the k-th cell, the segment begun so far adds up to v", v from 0
//! to total − 1, 0 when a segment has just closed) chain along the line: `open(k, v)` holds
//! when the k-th cell holds some d with `open(k − 1, u)` and `u + d = v`, or `u + d = total`
//! and v = 0. The line is good when `open(last, 0)` holds; a segment that overshoots leaves
//! every flag of its cell false. Tables of whole lines would grow as 4.7^length.

use crate::ir::{Flag, IrBuilder, Literal, Placement, Relation, SumLine, Term};
use crate::model::geometry::Cell;

/// The flags along the line, and a sum asking the last `open(_, 0)` flag to hold.
pub(super) fn lower(builder: &mut IrBuilder, line: &[Cell], sum: usize) {
    builder.sum_line(SumLine { cells: line.to_vec(), total: sum, closed: false });
    match closing(builder, line, sum) {
        Some(Some(closed)) => builder.linear_terms([Term::flag(closed, 1)], Relation::Equal, 1),
        Some(None) => {}
        // No digits close the line's last segment: nothing satisfies it.
        None => builder.domain(line[0], |_| false),
    }
}

/// A closed loop: the flags of the line begun at each of its first `sum` cells (digits are
/// 1 or more, so a segment has at most `sum` cells and one of them begins a segment), and a
/// sum asking one of those lines to close.
pub(super) fn lower_loop(builder: &mut IrBuilder, line: &[Cell], sum: usize) {
    builder.sum_line(SumLine { cells: line.to_vec(), total: sum, closed: true });
    let mut closings = Vec::new();
    for start in 0..line.len().min(sum) {
        let around: Vec<Cell> = line[start..].iter().chain(&line[..start]).copied().collect();
        match closing(builder, &around, sum) {
            Some(Some(closed)) => closings.push(Term::flag(closed, 1)),
            Some(None) => return,
            None => {}
        }
    }
    if closings.is_empty() {
        // No start closes the loop: nothing satisfies it.
        builder.domain(line[0], |_| false);
    } else {
        builder.linear_terms(closings, Relation::NotEqual, 0);
    }
}

/// The flag "the line's last segment closes" (`Some(None)` when that always holds, `None`
/// when it never does), with the flags along the line it reads.
fn closing(builder: &mut IrBuilder, line: &[Cell], sum: usize) -> Option<Option<Flag>> {
    let digits: Vec<_> = builder.digits().collect();
    // Before the first cell only `open(0, 0)` holds: `None` stands for "true".
    let mut open: Vec<Option<Option<Flag>>> = (0..sum).map(|v| (v == 0).then_some(None)).collect();
    for &cell in line {
        let mut next = Vec::with_capacity(sum);
        for v in 0..sum {
            let mut any_of = Vec::new();
            for (u, before) in open.iter().enumerate() {
                let Some(before) = before else { continue };
                for &d in &digits {
                    let reached = u + d.value();
                    if reached == v || (reached == sum && v == 0) {
                        let mut all = vec![Literal::Placement(Placement::new(cell, d), true)];
                        all.extend(before.map(Flag::is));
                        any_of.push(all);
                    }
                }
            }
            next.push((!any_of.is_empty()).then(|| Some(builder.flag(any_of))));
        }
        open = next;
    }
    open[0]
}
