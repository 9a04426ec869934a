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
use crate::logic::step::{Step, cells_of, eliminations_said};

/// The most candidates a forcing chain rests on, the assumption included (a candidate that
/// goes because its cell takes the assumed digit is not counted: it goes without saying).
pub(super) const MAX_LENGTH: usize = 12;

/// The assumption whose contradiction rests on the fewest candidates (at most
/// [`MAX_LENGTH`]), removed, told as its chain.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    let mut implications = Implications::new(board, state);
    let mut best: Option<(usize, u32)> = None;
    for slot in implications.open() {
        let limit = best.map_or(MAX_LENGTH, |(length, _)| length - 1);
        if let Some(length) = contradiction(&mut implications, slot, limit) {
            best = Some((length, slot));
        }
    }
    let (length, slot) = best?;
    let assumed = implications.placement(slot);
    let (told, chain) = refuted(&mut implications, slot).expect("the assumption was refuted");
    let reason = format!("{told}; {}", say(assumed, false));
    let mut step = Step::new(Technique::ForcingChain, reason);
    step.rating += super::length_penalty(length);
    step.finer = super::length_fraction(length);
    step.eliminations.push(assumed);
    step.cells = cells_of(&chain);
    step.digits.insert(assumed.digit);
    Some(step)
}

/// The chain that refutes `assumed` at `state` through singles and links, told, however
/// long, or `None` when they reach no contradiction (bifurcation's own words).
pub(super) fn refutation(board: &Board, state: &State, assumed: Placement) -> Option<String> {
    let mut implications = Implications::new(board, state);
    let slot = board.slot(assumed) as u32;
    refuted(&mut implications, slot).map(|(told, _)| told)
}

/// The length of the contradiction assuming `slot` reaches, when it rests on at most `limit`
/// candidates; the implications are back as they were after. No words: only the kept chain
/// is told ([`refuted`]).
fn contradiction(implications: &mut Implications, slot: u32, limit: usize) -> Option<usize> {
    let mark = implications.mark();
    let found = match implications.assume(slot) {
        Ok(()) => None,
        Err(conflict) => {
            let chain = implications.chain(&conflict, mark);
            let length = length(implications, &chain);
            (length <= limit).then_some(length)
        }
    };
    implications.undo(mark);
    found
}

/// The words of the contradiction assuming `slot` reaches, and the placements of its chain;
/// `None` when it reaches none. The implications are back as they were after.
fn refuted(implications: &mut Implications, slot: u32) -> Option<(String, Vec<Placement>)> {
    let mark = implications.mark();
    let found = implications.assume(slot).err().map(|conflict| {
        let chain = implications.chain(&conflict, mark);
        let clash = implications.clash().expect("a contradiction says what clashed");
        let mut parts = tell(implications, &chain);
        parts.push(clash_words(implications, clash));
        (join(&parts), chain.iter().map(|&s| implications.placement(s)).collect())
    });
    implications.undo(mark);
    found
}

/// Cell and region forcing chains: every candidate of a cell, or every place of a digit in a
/// full house, forces the same placement or removal, each within [`MAX_LENGTH`] candidates;
/// the conclusion whose chains are shortest in all is reported.
pub(super) fn find_group(board: &Board, state: &State) -> Option<Step> {
    let mut implications = Implications::new(board, state);
    let mut best: Option<(usize, Group, u32)> = None;
    for group in groups(board, state) {
        let shorter = best.as_ref().map_or(usize::MAX, |&(least, ..)| least);
        let Some((length, slot)) = group_conclusion(&mut implications, &group.slots, shorter)
        else {
            continue;
        };
        best = Some((length, group, slot));
    }
    let (length, group, slot) = best?;
    let technique = if group.house.is_some() {
        Technique::RegionForcingChain
    } else {
        Technique::CellForcingChain
    };
    let concluded = implications.placement(slot);
    let mut branches = Vec::new();
    let mut placements = Vec::new();
    let mut placed = false;
    for &branch in &group.slots {
        let mark = implications.mark();
        implications.assume(branch).expect("a branch without contradiction");
        placed = implications.is_true(slot);
        let chain = implications.chain(&[slot], mark);
        branches.push(branch_words(&implications, &chain, slot));
        placements.extend(chain.iter().map(|&s| implications.placement(s)));
        implications.undo(mark);
    }
    let said = say(concluded, placed);
    let reason = format!(
        "{}: {}; either way {said}",
        group.describe(board, &implications),
        branches.join("; ")
    );
    let mut step = Step::new(technique, reason);
    step.rating += super::length_penalty(length);
    step.finer = super::length_fraction(length);
    match placed {
        true => step.placements.push(concluded),
        false => step.eliminations.push(concluded),
    }
    step.cells = cells_of(&placements);
    step.digits.insert(concluded.digit);
    Some(step)
}

/// The slots exactly one of which holds: a cell's candidates, or a digit's places in a full
/// house (in `house`).
struct Group {
    slots: Vec<u32>,
    house: Option<usize>,
}

impl Group {
    /// `r5c5 is 1, 2 or 7` or `4 goes in r3c1, r3c5 or r3c9 of row 3`.
    fn describe(&self, board: &Board, implications: &Implications) -> String {
        let placements: Vec<Placement> =
            self.slots.iter().map(|&s| implications.placement(s)).collect();
        let listed = |items: Vec<String>| match items.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => items.concat(),
        };
        match self.house {
            Some(house) => {
                let cells = placements.iter().map(|p| format!("{:?}", p.cell)).collect();
                let digit = placements[0].digit;
                format!("{digit} goes in {} of {}", listed(cells), board.houses[house].name)
            }
            None => {
                let digits = placements.iter().map(|p| p.digit.to_string()).collect();
                format!("{:?} is {}", placements[0].cell, listed(digits))
            }
        }
    }
}

/// The most branches a group may have.
const MAX_BRANCHES: usize = 4;

/// Every open cell's candidates and every digit's places in a full house, two to
/// [`MAX_BRANCHES`] of them.
fn groups(board: &Board, state: &State) -> Vec<Group> {
    let slot = |cell, digit| board.slot(Placement::new(cell, digit)) as u32;
    let branches = 2..=MAX_BRANCHES;
    let mut groups = Vec::new();
    for cell in board.geometry.cells().filter(|&c| !state.is_placed(board, c)) {
        let slots: Vec<u32> = state.get(cell).iter().map(|d| slot(cell, d)).collect();
        if branches.contains(&slots.len()) {
            groups.push(Group { slots, house: None });
        }
    }
    for (index, house) in board.houses.iter().enumerate().filter(|(_, h)| h.full) {
        for digit in crate::model::digit::DigitSet::full(board.geometry.digits()).iter() {
            let places = house.cells.iter().filter(|&&c| state.allows(Placement::new(c, digit)));
            let slots: Vec<u32> = places.map(|&c| slot(c, digit)).collect();
            if branches.contains(&slots.len()) {
                groups.push(Group { slots, house: Some(index) });
            }
        }
    }
    groups
}

/// The conclusion every branch of `slots` forces (a candidate every branch sets the same way)
/// with the least summed chain length, each chain within [`MAX_LENGTH`], when that sum is
/// below `shorter`; `None` when a branch contradicts (a forcing chain's business) or nothing
/// common is short enough.
///
/// Each branch is assumed once, but the first twice: its candidates are what the others must
/// share, and their chains in it are measured last, on the few left.
fn group_conclusion(
    implications: &mut Implications,
    slots: &[u32],
    shorter: usize,
) -> Option<(usize, u32)> {
    if !slots.iter().all(|&slot| implications.is_open(slot)) {
        return None; // A cell already down to one digit: singles' business.
    }
    let (&first, rest) = slots.split_first()?;
    let mark = implications.mark();
    if implications.assume(first).is_err() {
        implications.undo(mark);
        return None;
    }
    // The candidates the first branch sets (value, summed length), kept while every other
    // branch sets them alike and their chains stay short.
    let set = implications.set_since(mark)[1..].to_vec();
    let mut common: Vec<(u32, bool, usize)> =
        set.into_iter().map(|s| (s, implications.is_true(s), 0)).collect();
    implications.undo(mark);
    for &branch in rest.iter().chain([&first]) {
        let mark = implications.mark();
        if implications.assume(branch).is_err() {
            implications.undo(mark);
            return None;
        }
        common.retain_mut(|(slot, value, length)| {
            if implications.is_open(*slot) || implications.is_true(*slot) != *value {
                return false;
            }
            let chain = implications.chain(&[*slot], mark);
            let told = self::length(implications, &chain);
            *length += told;
            told <= MAX_LENGTH && *length < shorter
        });
        implications.undo(mark);
        if common.is_empty() {
            return None;
        }
    }
    let (slot, _, length) = common.into_iter().min_by_key(|&(_, _, length)| length)?;
    Some((length, slot))
}

/// A branch of a cell or region forcing chain told: `if r1c1=2 then …, r5c5≠3 (row 5)`, the
/// conclusion said even when it goes without saying (`if r5c6=6 then r5c6≠4`: the branch is
/// the concluded cell's own other digit).
fn branch_words(implications: &Implications, chain: &[u32], concluded: u32) -> String {
    let mut parts = tell(implications, chain);
    if parts.len() == 1 {
        let placement = implications.placement(concluded);
        parts.push(say(placement, implications.is_true(concluded)));
    }
    join(&parts)
}

/// `r1c2=4` or `r1c2≠4`.
fn say(placement: Placement, placed: bool) -> String {
    let sign = if placed { "=" } else { "≠" };
    format!("{:?}{sign}{}", placement.cell, placement.digit)
}

/// The parts of a chain joined: `if r1c1=2 then r1c2=4 (...), r3c2≠4 (...), so ...`.
fn join(parts: &[String]) -> String {
    match parts.split_first() {
        Some((first, rest)) if !rest.is_empty() => format!("{first} {}", rest.join(", ")),
        Some((first, _)) => first.clone(),
        None => String::new(),
    }
}

/// The chain in a solver's words: the assumption, then each candidate it forces with why
/// (but for the digits its cell loses to a placement, which go without saying), the removals
/// one after another for the same reason said together, cells that lose the same digits as
/// one and digits as ranges (`r1c4,r2c4≠2,4–8 (the arrow …)`).
fn tell(implications: &Implications, chain: &[u32]) -> Vec<String> {
    let mut parts = Vec::new();
    // The removals said for one reason, not yet told.
    let mut removals: Vec<Placement> = Vec::new();
    let mut because = String::new();
    let told = |parts: &mut Vec<String>, removals: &mut Vec<Placement>, because: &str| {
        if !removals.is_empty() {
            parts.push(format!("{} ({because})", eliminations_said(removals).join(" and ")));
            removals.clear();
        }
    };
    for &slot in chain {
        let placement = implications.placement(slot);
        let cause = implications.cause(slot);
        let reasons = implications.reasons(slot);
        match cause {
            Cause::Excluded if goes_without_saying(implications, reasons, slot) => {}
            Cause::Excluded => {
                let why = why(implications, slot, cause, reasons);
                if why != because {
                    told(&mut parts, &mut removals, &because);
                    because = why;
                }
                removals.push(placement);
            }
            cause => {
                told(&mut parts, &mut removals, &because);
                let said = say(placement, implications.is_true(slot));
                parts.push(match cause {
                    Cause::Assumed => format!("if {said} then"),
                    cause => format!("{said} ({})", why(implications, slot, cause, reasons)),
                });
            }
        }
    }
    told(&mut parts, &mut removals, &because);
    parts
}

/// How many candidates of `chain` [`tell`] says (some in one part), without the words: the
/// candidates a forcing chain rests on, as Sudoku Explainer counts them.
fn length(implications: &Implications, chain: &[u32]) -> usize {
    let said = |&&slot: &&u32| {
        let (cause, reasons) = (implications.cause(slot), implications.reasons(slot));
        !(cause == Cause::Excluded && goes_without_saying(implications, reasons, slot))
    };
    chain.iter().filter(said).count()
}

/// Whether `slot` goes because its cell took another digit (its one reason).
fn goes_without_saying(implications: &Implications, reasons: &[u32], slot: u32) -> bool {
    let digits = implications.board().geometry.digits() as u32;
    reasons.first().is_some_and(|&reason| reason / digits == slot / digits)
}

/// What the contradiction met, in words.
fn clash_words(implications: &Implications, clash: Clash) -> String {
    let board = implications.board();
    match clash {
        Clash::NoDigit(cell) => format!("so {:?} has no digit left", board.geometry.cell(cell)),
        Clash::NoPlace(house, digit) => {
            let digit = crate::model::digit::Digit::from_index(digit);
            format!("so {digit} has no place left in {}", board.houses[house].name)
        }
        Clash::NoRequiredPlace(group) => {
            let required = &implications.links().required.groups[group];
            let on = required.source.describe(board);
            format!("so {} has no place left on {on}", required.digit)
        }
        Clash::Both { slot, cause, reason } => {
            let p = implications.placement(slot);
            let held = implications.is_true(slot);
            let why = why(implications, slot, cause, reason.as_slice());
            format!("so {} ({why}), yet {}", say(p, !held), say(p, held))
        }
    }
}

/// Why `slot` was set for `cause` with `reasons`: the house, rule or line that links it to
/// its reason.
fn why(implications: &Implications, slot: u32, cause: Cause, reasons: &[u32]) -> String {
    let board = implications.board();
    match (cause, reasons.first()) {
        (Cause::NakedSingle, _) => "the only digit left".to_string(),
        (Cause::HiddenSingle(house), _) => {
            format!("the only place in {}", board.houses[house].name)
        }
        (Cause::RequiredSingle(group), _) => {
            let required = &implications.links().required.groups[group];
            let on = required.source.describe(board);
            format!("the only place for {} on {on}", required.digit)
        }
        (Cause::Excluded | Cause::Strong | Cause::Implied, Some(&reason)) => {
            link(implications, reason, slot, cause)
        }
        (Cause::Nested, _) => "a nested contradiction".to_string(),
        _ => "assumed".to_string(),
    }
}

/// What links `from` to `to` for `cause`: a house, a rule's exclusion, or a table's or sum's
/// link (weak when excluded, strong, or an implication).
fn link(implications: &Implications, from: u32, to: u32, cause: Cause) -> String {
    let board = implications.board();
    let (p, q) = (implications.placement(from), implications.placement(to));
    if cause == Cause::Excluded
        && let Some(link) = board.sees(p, q)
    {
        return link.describe(board);
    }
    let links = implications.links();
    let list = match cause {
        Cause::Strong => &links.strong[from as usize],
        Cause::Implied => &links.implied[from as usize],
        _ => &links.weak[from as usize],
    };
    let source = (list.iter()).find(|&&(slot, _)| slot == to).map(|&(_, source)| source);
    source.map_or_else(|| "a rule".to_string(), |source| source.describe(board))
}

#[cfg(test)]
mod tests {
    use crate::ir::{Ir, Placement};
    use crate::logic::board::Board;
    use crate::logic::state::State;
    use crate::logic::technique::{Finder, test_util};
    use crate::model::geometry::Cell;
    use crate::model::puzzle::Puzzle;

    /// The chain refuting `digit` in `cell` at `puzzle`'s settled start, told.
    fn refutation_at_start(puzzle: &Puzzle, cell: Cell, digit: usize) -> Option<String> {
        let ir = Ir::lower(puzzle);
        let board = Board::new(&ir);
        let mut state = State::start(&board, &ir, puzzle.givens()).unwrap();
        state.settle(&board).unwrap();
        let digit = crate::model::digit::Digit::new(digit).unwrap();
        super::refutation(&board, &state, Placement::new(cell, digit))
    }

    #[test]
    fn a_chain_through_a_sum_says_what_each_cell_loses_at_once_as_ranges() {
        // Eddies (puzzles/arrow-eddies.txt): r3c3=4 leaves the arrow r3c3 > r2c4 r1c4 only
        // 1 and 3, which column 4 cannot hold together with r3c4's 1.
        let path = format!("{}/puzzles/arrow-eddies.txt", env!("CARGO_MANIFEST_DIR"));
        let puzzle: Puzzle = std::fs::read_to_string(path).unwrap().parse().unwrap();
        let told = refutation_at_start(&puzzle, Cell::new(2, 2), 4).expect("r3c3=4 fails");
        // Each cell's removals for one arrow in one part, the cells that lose the same
        // digits together (it listed them one digit at a time: r1c4≠2 (the arrow …), r1c4≠4
        // (the arrow …), …), and a digit the arrow forces said as placed (it said r3c4's
        // removals, r3c4≠2,3,5–9, then r3c4=1 as the only digit left).
        let arrow = "the arrow from r3c3 (circle) along";
        assert_eq!(
            told,
            format!(
                "if r3c3=4 then r3c4=1 ({arrow} r3c4,r4c5,r5c5), r1c4,r2c4≠2,4–9 ({arrow} \
                 r2c4,r1c4), r1c4,r2c4≠1 (column 4), r1c4=3 (the only digit left), r2c4=3 (the \
                 only digit left), so r2c4≠3 (column 4), yet r2c4=3"
            )
        );
    }

    #[test]
    fn a_chain_places_the_digit_a_renban_holds_in_its_last_place_or_finds_it_none() {
        // Two renbans of four cells on a 6×6 grid each hold 3 and 4 (a run of four of 1-6).
        // r2c2=3 leaves the first one place for its 3, r3c3, which with r2c2 takes every
        // place of the second's.
        let text = "size: 6\nboxes: 2x3\nrenban: r2c4 r2c3 r3c3 r3c2\n\
                    renban: r5c2 r4c3 r3c4 r2c5\n"
            .to_string()
            + &".".repeat(36);
        let puzzle: Puzzle = text.parse().unwrap();
        let told = refutation_at_start(&puzzle, Cell::new(1, 1), 3).expect("r2c2=3 fails");
        assert_eq!(
            told,
            "if r2c2=3 then r2c3,r2c4,r2c5≠3 (row 2), r3c2,r5c2≠3 (column 2), r3c3=3 (the only \
             place for 3 on the renban r2c4,r2c3,r3c3,r3c2), r3c4≠3 (row 3), r4c3≠3 (column \
             3), so 3 has no place left on the renban r5c2,r4c3,r3c4,r2c5"
        );
    }

    #[test]
    fn a_branch_that_is_the_concluded_cells_other_digit_says_the_conclusion() {
        // Before, `if r1c1=1 then` and nothing: r1c1≠2 goes without saying in the chain.
        let puzzle: Puzzle = ".".repeat(81).parse().unwrap();
        let ir = Ir::lower(&puzzle);
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, puzzle.givens()).unwrap();
        let mut implications = super::Implications::new(&board, &state);
        let digit = |d| crate::model::digit::Digit::new(d).unwrap();
        let slot = |d| board.slot(Placement::new(Cell::new(0, 0), digit(d))) as u32;
        let mark = implications.mark();
        implications.assume(slot(1)).unwrap();
        let chain = implications.chain(&[slot(2)], mark);
        let told = super::branch_words(&implications, &chain, slot(2));
        assert_eq!(told, "if r1c1=1 then r1c1≠2");
    }

    #[test]
    fn forcing_chains_are_sound() {
        test_util::assert_sound_every(Finder::ForcingChain, 3);
    }

    #[test]
    fn cell_and_region_forcing_chains_are_sound() {
        test_util::assert_sound_every(Finder::GroupForcingChain, 3);
    }
}
