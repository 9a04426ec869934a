//! Forcing chains (contradiction chains, Sudoku Explainer's Nishio): assume a candidate and
//! follow what it forces through singles, exclusions and the links of every rule's tables and
//! sums ([`crate::logic::rule_links`]); when that reaches a contradiction (a cell with no
//! digit, a digit with no place in a house, a candidate both in and out) resting on at most
//! [`MAX_LENGTH`] candidates, the assumption goes. The step is told as the chain that reaches
//! the contradiction, the shortest found: `if r1c1=2 then r1c2=4 (the chain of dots r1c1-r1c3),
//! r3c2≠4 (column 2), … so r5c5 has no digit left`. Cost 6.6 (between chains and bifurcation),
//! plus the chains' length penalty.
//!
//! The bound of 12 candidates is where Sudoku Explainer's forcing chains stop being rated as
//! such (its length penalty reaches 0.3 there): longer contradictions are left to bifurcation,
//! which also propagates through whole lines and sums and is told as the chain when one is
//! found ([`refutation`]).

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::implication::{Cause, Clash, Implications};
use crate::logic::state::State;
use crate::logic::step::Step;

/// The most candidates a forcing chain rests on, the assumption included.
pub(super) const MAX_LENGTH: usize = 12;

/// The assumption whose contradiction rests on the fewest candidates (at most
/// [`MAX_LENGTH`]), removed, told as its chain.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let mut implications = Implications::new(board, state);
    let mut best: Option<(usize, u32, String)> = None;
    for slot in implications.open() {
        let limit = best.as_ref().map_or(MAX_LENGTH, |(length, ..)| length - 1);
        if let Some((length, told)) = contradiction(&mut implications, slot, limit) {
            best = Some((length, slot, told));
        }
    }
    let (length, slot, told) = best?;
    let assumed = implications.placement(slot);
    let (cell, digit) = (assumed.cell, assumed.digit);
    let mut step = Step::new(Technique::ForcingChain, format!("{told}; {cell:?}≠{digit}"));
    step.rating += super::length_penalty(length);
    step.finer = super::length_fraction(length);
    step.eliminations.push(assumed);
    step.cells = chain_cells(&mut implications, slot);
    step.digits.insert(assumed.digit);
    Some(step)
}

/// The chain that refutes `assumed` at `state` through singles and links, told, however
/// long, or `None` when they reach no contradiction (bifurcation's own words).
pub(super) fn refutation(board: &Board, state: &State, assumed: Placement) -> Option<String> {
    let mut implications = Implications::new(board, state);
    let slot = board.slot(assumed) as u32;
    contradiction(&mut implications, slot, usize::MAX).map(|(_, told)| told)
}

/// The length and words of the contradiction assuming `slot` reaches, when it rests on at
/// most `limit` candidates; the implications are back as they were after.
fn contradiction(
    implications: &mut Implications,
    slot: u32,
    limit: usize,
) -> Option<(usize, String)> {
    let mark = implications.mark();
    let found = match implications.assume(slot) {
        Ok(()) => None,
        Err(conflict) => {
            let chain = implications.chain(&conflict, mark);
            let clash = implications.clash().expect("a contradiction says what clashed");
            (chain.len() <= limit).then(|| (chain.len(), tell(implications, &chain, clash)))
        }
    };
    implications.undo(mark);
    found
}

/// The cells of the chain refuting `slot` (for highlighting).
fn chain_cells(implications: &mut Implications, slot: u32) -> Vec<crate::model::geometry::Cell> {
    let mark = implications.mark();
    let conflict = implications.assume(slot).expect_err("the assumption was refuted");
    let mut cells: Vec<_> = (implications.chain(&conflict, mark).into_iter())
        .map(|s| implications.placement(s).cell)
        .collect();
    implications.undo(mark);
    let mut seen = std::collections::HashSet::new();
    cells.retain(|&cell| seen.insert(cell));
    cells
}

/// The chain in a solver's words: the assumption, then each candidate it forces with why, then
/// what clashed.
fn tell(implications: &Implications, chain: &[u32], clash: Clash) -> String {
    let mut parts = Vec::new();
    for &slot in chain {
        let placement = implications.placement(slot);
        let sign = if implications.is_true(slot) { "=" } else { "≠" };
        let said = format!("{:?}{sign}{}", placement.cell, placement.digit);
        match implications.cause(slot) {
            Cause::Assumed => parts.push(format!("if {said} then")),
            cause => parts.push(format!("{said} ({})", why(implications, slot, cause))),
        }
    }
    let board = implications.board();
    let end = match clash {
        Clash::NoDigit(cell) => format!("so {:?} has no digit left", board.geometry.cell(cell)),
        Clash::NoPlace(house, digit) => {
            let digit = crate::model::digit::Digit::from_index(digit);
            format!("so {digit} has no place left in {}", board.houses[house].name)
        }
        Clash::Both(slot) => {
            let p = implications.placement(slot);
            let (now, was) = if implications.is_true(slot) { ("≠", "=") } else { ("=", "≠") };
            format!("so {:?}{now}{}, yet {:?}{was}{}", p.cell, p.digit, p.cell, p.digit)
        }
    };
    let (first, rest) = parts.split_first().map_or(("", &[][..]), |(f, r)| (f.as_str(), r));
    match rest.is_empty() {
        true => format!("{first} {end}"),
        false => format!("{first} {}, {end}", rest.join(", ")),
    }
}

/// Why `slot` was set for `cause`: the house, rule or line that links it to its reason.
fn why(implications: &Implications, slot: u32, cause: Cause) -> String {
    let board = implications.board();
    let reason = || implications.reasons(slot).first().copied();
    match cause {
        Cause::NakedSingle => "the only digit left".to_string(),
        Cause::HiddenSingle(house) => format!("the only place in {}", board.houses[house].name),
        Cause::Excluded | Cause::Strong => match reason() {
            Some(reason) => link(implications, reason, slot, cause == Cause::Strong),
            None => "a rule".to_string(),
        },
        Cause::Nested => "a nested contradiction".to_string(),
        Cause::Assumed => "assumed".to_string(),
    }
}

/// What links `from` to `to`: a house, a rule's exclusion, or a table's or sum's link (strong
/// when `strong`).
fn link(implications: &Implications, from: u32, to: u32, strong: bool) -> String {
    let board = implications.board();
    let (p, q) = (implications.placement(from), implications.placement(to));
    if !strong && let Some(link) = board.sees(p, q) {
        return link.describe(board);
    }
    let links = implications.links();
    let list = if strong { &links.strong[from as usize] } else { &links.weak[from as usize] };
    let source = (list.iter()).find(|&&(slot, _)| slot == to).map(|&(_, source)| source);
    source.map_or_else(|| "a rule".to_string(), |source| source.describe(board))
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn forcing_chains_are_sound() {
        test_util::assert_sound(Finder::ForcingChain);
    }
}
