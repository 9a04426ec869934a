//! Sum forcing chains: assume a candidate of a cell on a sum (a killer cage, an arrow, a
//! little killer, a region sum) and follow what the sums force: their combinations, the
//! digits they put in one house, two of them searched together, the rule of 45, with singles,
//! pointing and claiming, and naked and hidden pairs in between. When that reaches a
//! contradiction the candidate goes, told as the sums' deductions that reach it: `if r7c4=2
//! then the 43 little-killer … needs 7,8,9 in box 4 and 8,9 in r8c5,r9c6, …, and 8 has no
//! place left in column 6`.
//!
//! A solver of variant puzzles reads a sum this way ("if r7c4 were 2, the 43 diagonal would
//! need 24 in box 4, …"; "if this cage were 589, row 8 would have no 5 or 8 left for the other
//! 22 cage"): a bifurcation whose propagation is only the sums and the house logic a solver
//! runs alongside them, and whose steps can be told. Only candidates of the sums' cells are
//! assumed (every sum with a total, cages included), and an assumption is given up past
//! [`MOST_WORK`] candidates removed, so a puzzle without sums (classic) never pays for it; of
//! the assumptions that fail, the one whose contradiction takes the fewest steps is kept. Cost
//! 7.4 (a forcing chain's) plus the chains' length penalty over its steps.

use super::{Finder, Technique, length_fraction, length_penalty};
use crate::ir::{Placement, Relation};
use crate::limits::{Limits, Stop};
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::geometry::Cell;

/// The most candidates an assumption may remove before its contradiction: past it, the
/// contradiction is a bifurcation's, not a chain a solver follows.
const MOST_WORK: usize = 400;

/// How many of a contradiction's last steps its sentence quotes (with the first; those
/// between are counted).
const LAST_TOLD: usize = 2;

/// What the propagation runs after singles, pointing and claiming: the sums' finders (the
/// counting rules and sum lines with the gated sums, which leave them to their own finders)
/// and the pairs, cheapest first.
const INNER: [Finder; 10] = [
    Finder::SumCombination,
    Finder::RuleOf45,
    Finder::SumBounds,
    Finder::Counting,
    Finder::SumLine,
    Finder::GatedSum,
    Finder::SumParts,
    Finder::NakedSubset(2),
    Finder::HiddenSubset(2),
    Finder::SumPairs,
];

/// A refuted assumption: the candidates its contradiction removed, the steps of the sums it
/// took (their sentences), and the contradiction.
struct Refuted {
    work: usize,
    steps: Vec<String>,
    contradiction: String,
}

/// The candidate of a sum's cell whose assumption the sums refute in the fewest
/// steps, removed, told as those steps; the limit reached first, if one is (checked before
/// each assumption).
pub(super) fn find(board: &Board, state: &State, limits: &Limits) -> Result<Option<Step>, Stop> {
    let cells = summed_cells(board, state);
    let mut scratch = state.clone();
    let mut best: Option<(Placement, Refuted)> = None;
    for &cell in &cells {
        for digit in state.get(cell).iter() {
            limits.check()?;
            let assumed = Placement::new(cell, digit);
            let bound = best.as_ref().map_or(usize::MAX, |(_, r)| r.steps.len());
            if let Some(refuted) = refute(board, state, &mut scratch, assumed, bound) {
                best = Some((assumed, refuted));
            }
        }
    }
    let Some((assumed, refuted)) = best else { return Ok(None) };
    let mut step = Step::new(Technique::SumForcingChain, told(assumed, &refuted));
    step.rating += length_penalty(refuted.steps.len());
    step.finer = length_fraction(refuted.steps.len());
    step.eliminations.push(assumed);
    step.cells.push(assumed.cell);
    step.digits.insert(assumed.digit);
    Ok(Some(step))
}

/// The open cells of the sums with a total (cages, arrows, little killers, ...), in reading
/// order, each once.
fn summed_cells(board: &Board, state: &State) -> Vec<Cell> {
    let sums = board.linears.iter().filter(|l| l.relation == Relation::Equal);
    let mut cells: Vec<Cell> = sums.flat_map(|sum| sum.cells()).collect();
    cells.sort_by_key(|&cell| board.geometry.index(cell));
    cells.dedup();
    cells.retain(|&cell| !state.is_placed(board, cell));
    cells
}

/// The contradiction `assumed` reaches at `state` through the sums in fewer than `bound` steps
/// of [`INNER`] and [`MOST_WORK`] candidates removed, worked out in `scratch`.
fn refute(
    board: &Board,
    state: &State,
    scratch: &mut State,
    assumed: Placement,
    bound: usize,
) -> Option<Refuted> {
    scratch.reset_to(state);
    let before = scratch.removed;
    let most_removed = before.saturating_add(MOST_WORK);
    let mut steps = Vec::new();
    let mut outcome = scratch.place(board, assumed);
    while outcome.is_ok() && steps.len() < bound {
        // Singles, then pointing and claiming, again until they rest; then one step of the sums.
        outcome = match scratch.settle_within(board, most_removed) {
            Ok(None) => return None,
            Ok(Some(_)) => match crate::logic::locked::lock(board, scratch) {
                Ok(true) => continue,
                Ok(false) => Ok(()),
                Err(contradiction) => Err(contradiction),
            },
            Err(contradiction) => Err(contradiction),
        };
        if outcome.is_err() {
            break;
        }
        let step = INNER.iter().find_map(|finder| finder.find(board, scratch))?;
        outcome = scratch.apply(board, &step.placements, &step.eliminations);
        steps.push(step.to_string());
    }
    let contradiction = outcome.err()?.to_string();
    let work = scratch.removed - before;
    (steps.len() < bound && work < MOST_WORK).then_some(Refuted { work, steps, contradiction })
}

/// The step's sentence: the assumption, its first step and its last [`LAST_TOLD`] (how many
/// lie between), and the contradiction.
fn told(assumed: Placement, refuted: &Refuted) -> String {
    let Refuted { work, steps, contradiction } = refuted;
    let quoted = match steps.as_slice() {
        [] => String::new(),
        [first, rest @ ..] if rest.len() > LAST_TOLD => {
            let between = rest.len() - LAST_TOLD;
            let last = rest[between..].join("; ");
            format!(" then {first}; … ({between} more steps of the sums); {last};")
        }
        all => format!(" then {};", all.join("; ")),
    };
    format!(
        "if {assumed:?}{quoted} until {contradiction} ({work} deductions); {:?}≠{}",
        assumed.cell, assumed.digit
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::{LADDER, test_util};
    use crate::model::digit::Digit;

    #[test]
    fn sum_forcing_chains_are_sound() {
        test_util::assert_sound(Finder::SumForcing);
    }

    #[test]
    fn classic_puzzles_have_nothing_to_assume() {
        // No sum: the finder assumes nothing, so classic ratings cannot move.
        let (board, state) = test_util::start("");
        assert!(summed_cells(&board, &state).is_empty());
        assert_eq!(Finder::SumForcing.find(&board, &state), None);
    }

    #[test]
    fn killer_cages_alone_are_assumed() {
        // Sudoku-Bench 65 (Uraninite): cages, odd and even cells, nothing crossing houses but
        // cages. The cheaper techniques stall at step 50, where a depth-1 bifurcation was
        // needed; the sum forcing chains now assume the cages' cells and refute one.
        let path = format!("{}/puzzles/killer-parity-uraninite.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("the fixture");
        let puzzle: crate::model::puzzle::Puzzle = text.parse().expect("the fixture parses");
        let ir = crate::ir::Ir::lower(&puzzle);
        let board = Board::new(&ir);
        assert_eq!(board.crossing_sums().count(), 0, "cages only");
        let mut state = State::start(&board, &ir, puzzle.givens()).expect("a start");
        let cheaper = LADDER.iter().take_while(|&&f| f != Finder::SumForcing);
        let cheaper: Vec<Finder> = cheaper.copied().collect();
        while let Some(step) = cheaper.iter().find_map(|f| f.find(&board, &state)) {
            state.apply(&board, &step.placements, &step.eliminations).expect("sound steps");
        }
        assert!(!state.is_solved(), "the cheaper techniques stall");
        let step = Finder::SumForcing.find(&board, &state).expect("a cage's cell refuted");
        let solution = puzzle.solution().expect("the fixture's solution");
        test_util::assert_step_sound("sum forcing chain", &step, &state, solution, "");
    }

    #[test]
    fn the_43_diagonal_cannot_hold_2_in_r7c4() {
        // If r7c4=2 the 43 needs 24 in box 4 (7,8,9) and 8,9 in r8c5,r9c6; with the 47's 8,9
        // in boxes 2 and 6 and the arrows' lines small, columns 4 and 6 and row 5 run out of
        // places for 8 and 9.
        let (board, state) = test_util::start(
            "little-killer: 38 r1c6 r2c5 r3c4 r4c3 r5c2 r6c1\n\
             little-killer: 47 r1c4 r2c5 r3c6 r4c7 r5c8 r6c9\n\
             little-killer: 42 r9c4 r8c5 r7c6 r6c7 r5c8 r4c9\n\
             little-killer: 43 r4c1 r5c2 r6c3 r7c4 r8c5 r9c6\n\
             arrow: r3c7 > r2c6 r1c5 r2c4\n\
             arrow: r3c3 > r4c2 r5c1 r6c2\n\
             arrow: r7c3 > r8c4 r9c5 r8c6\n\
             arrow: r7c7 > r6c8 r5c9 r4c8\n\
             arrow: r5c7 > r4c6\n\
             arrow: r3c5 > r4c4\n\
             arrow: r5c3 > r6c4\n\
             arrow: r7c5 > r6c6",
        );
        let mut state = state;
        let cheaper = LADDER.iter().take_while(|&&f| f != Finder::SumForcing);
        let cheaper: Vec<Finder> = cheaper.copied().collect();
        while let Some(step) = cheaper.iter().find_map(|f| f.find(&board, &state)) {
            state.apply(&board, &step.placements, &step.eliminations).expect("sound steps");
        }
        let two = Placement::new(Cell::new(6, 3), Digit::from_index(1));
        assert!(state.allows(two), "the cheaper techniques leave r7c4=2");
        let mut scratch = state.clone();
        let refuted = refute(&board, &state, &mut scratch, two, usize::MAX);
        assert!(refuted.is_some(), "the sums refute r7c4=2");
    }
}
