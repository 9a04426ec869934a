//! The techniques, one module each, cheapest first: each has a name, a cost on the Sudoku
//! Explainer-like scale, and a function that finds one step in a state (or nothing).

mod absent_digit;
mod bifurcation;
mod bug;
mod chain;
mod combination;
mod common_exclusion;
mod count_line;
mod counting;
mod digit_count;
mod digit_walk;
mod equal_totals;
pub(super) mod fill;
pub(super) mod fish;
mod forcing_chain;
mod gated_sum;
mod hidden_single;
mod hidden_subset;
mod house_sums;
pub(super) mod line_fill;
mod line_fish;
pub(super) mod line_search;
mod naked_single;
mod naked_subset;
mod outside_clue;
pub(super) mod parity;
pub(super) mod rule_of_45;
mod shared_digit;
mod sum_bounds;
mod sum_combination;
mod sum_forcing;
mod sum_line;
pub(super) mod sum_neighbour;
pub(super) mod sum_pairs;
mod sum_parts;
mod support;
mod unique_rectangle;
mod xy_wing;
mod xyz_wing;

use super::board::Board;
use super::state::State;
use super::step::Step;
use crate::limits::{Limits, Stop};

/// A deduction technique of the logic engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// A digit with one place left in a house.
    HiddenSingle,
    /// Under `same-digits`: a digit with no place left in a row, column or box is in none, and
    /// leaves every cell.
    AbsentDigit,
    /// Under `same-digits`: a digit known to be in one house (a cell holds it, or the house's N
    /// cells have N digits left) is in every house, and goes to its one place left in one.
    SharedDigit,
    /// A cell with one candidate left.
    NakedSingle,
    /// A candidate no tuple of a table (or sum) supports, or that puts a linear sum out of
    /// the range the other cells' candidates span.
    Support,
    /// A clue counting a digit among cells (a look-and-say pair): with the count met, the
    /// other cells lose the digit; with only as many places left, they all take it.
    DigitCount,
    /// Every candidate of a digit in a box lies on one line, which loses the digit elsewhere.
    Pointing,
    /// A candidate of a sum's cell (a cage, an arrow, a little killer, a line's sum) that no
    /// combination of different digits adding up to the total uses, or a digit every
    /// combination has, which the cells seeing all its places in the sum lose; or a candidate
    /// of a line of equal totals that no filling with a total every line reaches uses.
    Combination,
    /// A candidate of a line's cell (a thermo, whispers, a renban, a chain of dots, ...) that
    /// no fill of the whole line uses, or a digit every fill holds, which the cells seeing all
    /// its places on the line lose.
    Line,
    /// Every candidate of a digit in a line lies in one box, which loses the digit elsewhere.
    Claiming,
    /// Every candidate of a house-digit, or of a cell, excludes the same placement (the
    /// general form of pointing and claiming, through any rule's exclusions).
    CommonExclusion,
    /// A counting rule read whole: the circles holding a digit (counting circles), or the
    /// steps of a line differing by k (differences-count), number 0 or that digit or k; a
    /// candidate that leaves the count's range neither goes; or a candidate of a
    /// differences-count line that no fill of the whole line, every count 0 or k, uses.
    Counting,
    /// A combination step on the innies or outies of rows, columns, boxes or regions: their
    /// digits add up to 45 each, less the cages' totals.
    RuleOf45,
    /// The cages wholly inside a house and the rest of its cells, searched together: a
    /// combination of one that leaves another none, all digits different, goes.
    HouseSums,
    /// Odd and even digits counted: the cells a sum counts an odd number of times hold an odd
    /// number of odd digits when its total is odd (an even number otherwise), and a house
    /// holds ⌈N/2⌉ odd digits, which fixes the parity of a cell.
    Parity,
    /// Two sums crossing houses that meet in a house, searched together: a candidate of one
    /// whose every fill leaves the other no fill of different digits.
    SumPair,
    /// A cell outside a sum that a rule ties to two of its cells or more (a modular line
    /// running on from a cage), searched with the sum: a candidate of either that no fill of
    /// them together uses.
    SumNeighbour,
    /// A candidate of a sandwich's, X-sum's or skyscraper's row or column that no way of
    /// meeting the clue uses (every place of the 1 and the N, every first digit, every order
    /// of heights, with the line's digits all different).
    OutsideClue,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// Four digits with four places between them in a house.
    HiddenQuad,
    /// A digit in two rows (columns) confined to two columns (rows).
    XWing,
    /// A fish whose base sets include the places of a digit a line, cage or table holds in
    /// every fill (two or three base sets).
    LineFish,
    /// Fish of size three.
    Swordfish,
    /// Fish of size four.
    Jellyfish,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Four corners that could swap two digits, were it not for the uniqueness of the solution.
    UniqueRectangle,
    /// One trivalue cell away from a bivalue universal grave (BUG+1): it takes the digit that
    /// keeps the solution unique.
    Bug,
    /// Two bivalue cells with the same digits joined by a strong link.
    WWing,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// An alternating chain through bivalue cells.
    XyChain,
    /// An alternating inference chain over any strong and weak links.
    Aic,
    /// Assuming a candidate forces, through singles and the links of houses and rules, a
    /// contradiction within twelve candidates: told as that chain.
    ForcingChain,
    /// Every candidate of a cell forces the same placement or removal, each within twelve
    /// candidates.
    CellForcingChain,
    /// Assuming a candidate of a sum's cell (a cage, an arrow, a little killer, ...), the sums'
    /// combinations, parts and pairs (with singles, pointing, claiming and pairs) reach a
    /// contradiction: told as those steps.
    SumForcingChain,
    /// Every place of a digit in a house forces the same placement or removal, each within
    /// twelve candidates.
    RegionForcingChain,
    /// Assuming a candidate leads to a contradiction, found with cheaper techniques.
    Bifurcation,
}

impl Technique {
    /// Every technique, cheapest first.
    pub const ALL: [Technique; 41] = [
        Technique::HiddenSingle,
        Technique::AbsentDigit,
        Technique::SharedDigit,
        Technique::NakedSingle,
        Technique::Support,
        Technique::DigitCount,
        Technique::Pointing,
        Technique::Combination,
        Technique::Line,
        Technique::Claiming,
        Technique::CommonExclusion,
        Technique::Counting,
        Technique::RuleOf45,
        Technique::OutsideClue,
        Technique::HouseSums,
        Technique::Parity,
        Technique::SumPair,
        Technique::SumNeighbour,
        Technique::NakedPair,
        Technique::XWing,
        Technique::LineFish,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::XChain,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::Bug,
        Technique::XyChain,
        Technique::Aic,
        Technique::WWing,
        Technique::ForcingChain,
        Technique::SumForcingChain,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::Bifurcation,
    ];

    /// The name in explanations and JSON: `hidden single`, `x-wing`, ...
    pub fn name(self) -> &'static str {
        match self {
            Technique::HiddenSingle => "hidden single",
            Technique::AbsentDigit => "absent digit",
            Technique::SharedDigit => "shared digit",
            Technique::NakedSingle => "naked single",
            Technique::Support => "support",
            Technique::DigitCount => "digit count",
            Technique::Pointing => "pointing",
            Technique::Combination => "combination",
            Technique::Line => "line",
            Technique::RuleOf45 => "rule of 45",
            Technique::HouseSums => "house sums",
            Technique::Parity => "parity",
            Technique::SumPair => "sum pair",
            Technique::SumNeighbour => "sum neighbour",
            Technique::Claiming => "claiming",
            Technique::CommonExclusion => "common exclusion",
            Technique::Counting => "counting",
            Technique::OutsideClue => "outside clue",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::XWing => "x-wing",
            Technique::LineFish => "line fish",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::Bug => "bug+1",
            Technique::WWing => "w-wing",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::ForcingChain => "forcing chain",
            Technique::CellForcingChain => "cell forcing chain",
            Technique::RegionForcingChain => "region forcing chain",
            Technique::SumForcingChain => "sum forcing chain",
            Technique::Bifurcation => "bifurcation",
        }
    }

    /// The base cost on a Sudoku Explainer-like scale (hidden single 1.2 ... bifurcation 7.5);
    /// chains and bifurcations add a length penalty per step. Fitted to the mean Sudoku
    /// Explainer rating of the puzzles whose hardest step each technique is.
    pub fn cost(self) -> f64 {
        match self {
            Technique::HiddenSingle => 1.2,
            Technique::AbsentDigit | Technique::SharedDigit => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Support | Technique::DigitCount => 2.5,
            Technique::Pointing | Technique::Combination => 2.6,
            Technique::Line => 2.7,
            Technique::RuleOf45 => 2.9,
            Technique::Claiming | Technique::CommonExclusion | Technique::Counting => 2.8,
            Technique::OutsideClue | Technique::NakedPair => 3.0,
            Technique::HouseSums | Technique::Parity | Technique::SumPair => 3.0,
            Technique::SumNeighbour => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair | Technique::LineFish => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::UniqueRectangle => 4.5,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::Bug => 5.6,
            Technique::XChain => 4.6,
            Technique::XyChain | Technique::Aic => 5.8,
            Technique::WWing => 6.0,
            Technique::ForcingChain | Technique::SumForcingChain => 7.4,
            Technique::CellForcingChain | Technique::RegionForcingChain => 7.5,
            Technique::Bifurcation => 7.5,
        }
    }
}

/// One finder of the engine's ladder, cheapest first; a finder may report several
/// [`Technique`]s (pointing and claiming come from one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Finder {
    HiddenSingle,
    SharedDigit,
    AbsentDigit,
    NakedSingle,
    Support,
    /// Counts of a digit among cells (look-and-say), before their range as gated sums.
    DigitCount,
    SumBounds,
    GatedSum,
    /// Counting circles and differences-count lines, by their counts; then differences-count
    /// lines by their fills.
    Counting,
    /// Sum lines, by their divisions into segments (reported as `line`).
    SumLine,
    SumCombination,
    /// Lines of equal totals, by the totals they all reach.
    EqualTotals,
    /// The digits every fill of a sum crossing houses puts in one house's part of it.
    SumParts,
    LineFill,
    CommonExclusion,
    RuleOf45,
    HouseSums,
    Parity,
    SumPairs,
    /// A sum searched with a cell rules tie to two of its cells.
    SumNeighbour,
    OutsideClue,
    NakedSubset(usize),
    HiddenSubset(usize),
    Fish(usize),
    /// Fish with a line's, cage's or table's required digit among the base sets, two base
    /// sets then three (the required digits derived once for both).
    LineFish,
    XyWing,
    XyzWing,
    UniqueRectangle,
    Bug,
    /// X-chains of at most this many candidates.
    XChain(usize),
    Aic,
    /// A contradiction reached through singles and links within a bounded chain.
    ForcingChain,
    /// Cell and region forcing chains.
    GroupForcingChain,
    /// An assumption on a sum's cell that the sums refute, told as their steps.
    SumForcing,
    /// Assume, propagate with the ladder up to this depth, find a contradiction.
    Bifurcation(usize),
}

/// The ladder without bifurcation, cheapest first (but for the sums, which a solver of
/// killers reads by their combinations and the rule of 45 first).
pub(crate) const LADDER: [Finder; 41] = [
    Finder::HiddenSingle,
    // The singles of `same-digits`, which say nothing on other puzzles.
    Finder::SharedDigit,
    Finder::AbsentDigit,
    Finder::NakedSingle,
    Finder::Support,
    Finder::DigitCount,
    // A solver adds up a cage by its combinations and the rule of 45 before its ranges.
    Finder::SumCombination,
    Finder::EqualTotals,
    Finder::RuleOf45,
    Finder::SumBounds,
    Finder::Counting,
    Finder::SumLine,
    Finder::GatedSum,
    Finder::LineFill,
    Finder::CommonExclusion,
    Finder::SumParts,
    Finder::HouseSums,
    Finder::Parity,
    Finder::SumPairs,
    Finder::SumNeighbour,
    Finder::OutsideClue,
    Finder::NakedSubset(2),
    Finder::Fish(2),
    Finder::LineFish,
    Finder::HiddenSubset(2),
    Finder::NakedSubset(3),
    Finder::Fish(3),
    Finder::HiddenSubset(3),
    Finder::XyWing,
    Finder::XyzWing,
    Finder::UniqueRectangle,
    Finder::XChain(4),
    Finder::NakedSubset(4),
    Finder::Fish(4),
    Finder::HiddenSubset(4),
    Finder::Bug,
    Finder::XChain(8),
    Finder::Aic,
    Finder::ForcingChain,
    Finder::GroupForcingChain,
    Finder::SumForcing,
];

/// How many finders of [`LADDER`] the singles are (hidden, same-digits and naked; the rest
/// count as a new round).
pub(crate) const SINGLES: usize = 4;

impl Finder {
    /// One step this finder sees in `state`, or `None`. Finders that need each digit once
    /// per house (hidden singles and subsets, fish, the rule of 45, BUG) read only the full
    /// houses ([`super::board::House::full`]), so they find nothing in the houses of a grid
    /// whose digits 1..=M outnumber its N cells.
    pub fn find(self, board: &Board, state: &State) -> Option<Step> {
        match self {
            Finder::HiddenSingle => hidden_single::find(board, state),
            Finder::SharedDigit => shared_digit::find(board, state),
            Finder::AbsentDigit => absent_digit::find(board, state),
            Finder::NakedSingle => naked_single::find(board, state),
            Finder::Support => support::find(board, state),
            Finder::DigitCount => digit_count::find(board, state),
            Finder::SumBounds => sum_bounds::find(board, state),
            Finder::GatedSum => gated_sum::find(board, state),
            Finder::Counting => {
                counting::find(board, state).or_else(|| count_line::find(board, state))
            }
            Finder::SumLine => sum_line::find(board, state),
            Finder::SumCombination => sum_combination::find(board, state, false),
            Finder::EqualTotals => equal_totals::find(board, state),
            Finder::RuleOf45 => sum_combination::find(board, state, true),
            Finder::SumParts => sum_parts::find(board, state),
            Finder::HouseSums => house_sums::find(board, state),
            Finder::Parity => parity::find(board, state),
            Finder::SumPairs => sum_pairs::find(board, state),
            Finder::SumNeighbour => sum_neighbour::find(board, state),
            Finder::LineFill => line_fill::find(board, state),
            Finder::CommonExclusion => common_exclusion::find(board, state),
            Finder::OutsideClue => outside_clue::find(board, state),
            Finder::NakedSubset(size) => naked_subset::find(board, state, size),
            Finder::HiddenSubset(size) => hidden_subset::find(board, state, size),
            Finder::Fish(size) => fish::find(board, state, size),
            Finder::LineFish => line_fish::find(board, state),
            Finder::XyWing => xy_wing::find(board, state),
            Finder::XyzWing => xyz_wing::find(board, state),
            Finder::UniqueRectangle => unique_rectangle::find(board, state),
            Finder::Bug => bug::find(board, state),
            Finder::XChain(nodes) => chain::find(board, state, true, nodes),
            Finder::Aic => chain::find(board, state, false, chain::MAX_NODES),
            Finder::ForcingChain => forcing_chain::find(board, state),
            Finder::GroupForcingChain => forcing_chain::find_group(board, state),
            Finder::SumForcing | Finder::Bifurcation(_) => {
                self.find_within(board, state, &Limits::new()).expect("no limit is ever reached")
            }
        }
    }

    /// [`Finder::find`] that stops at `limits`: a bifurcation or a sum forcing chain checks
    /// them between the candidates it tries. The other finders are single scans (`explain
    /// --timeout 1` on a minimal 16×16 puzzle, chains included, and on the empty 25×25 stopped
    /// within 20 ms of the limit).
    ///
    /// # Errors
    /// The limit reached.
    pub fn find_within(
        self,
        board: &Board,
        state: &State,
        limits: &Limits,
    ) -> Result<Option<Step>, Stop> {
        match self {
            Finder::Bifurcation(depth) => bifurcation::find(board, state, depth, limits),
            Finder::SumForcing => sum_forcing::find(board, state, limits),
            _ => Ok(self.find(board, state)),
        }
    }
}

/// The length penalty of a chain of `length` links, in tenths: nothing up to 4, then one more
/// tenth each time the length passes the next bound of the sequence 4, 6, 8, 12, 16, 24, 32,
/// ... (alternately times 3/2 and 4/3), as Sudoku Explainer grows its chain ratings.
pub(crate) fn length_penalty(length: usize) -> f64 {
    f64::from(length_band(length).0) / 10.0
}

/// How far `length` goes into the band of lengths that share its [`length_penalty`], from 0
/// (the band's shortest length) up to, not including, 1: the penalty's next digit, which
/// grows with the length within a tenth (bands 0..=4, 5..=6, 7..=8, 9..=12, ...).
pub(crate) fn length_fraction(length: usize) -> f64 {
    let (_, first, last) = length_band(length);
    (length - first) as f64 / (last + 1 - first) as f64
}

/// The penalty's tenths of `length`, and the first and last lengths that share them.
fn length_band(length: usize) -> (u32, usize, usize) {
    let (mut first, mut bound, mut tenths, mut grow_by_half) = (0usize, 4usize, 0u32, true);
    while length > bound {
        tenths += 1;
        first = bound + 1;
        bound = if grow_by_half { bound * 3 / 2 } else { bound * 4 / 3 };
        grow_by_half = !grow_by_half;
    }
    (tenths, first, bound)
}

#[cfg(test)]
mod random_puzzles;
#[cfg(test)]
pub(crate) mod test_util;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_is_cheapest_first() {
        let costs: Vec<f64> = Technique::ALL.iter().map(|t| t.cost()).collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
    }

    #[test]
    fn length_penalties_grow_slowly() {
        let penalties: Vec<f64> = [4, 5, 6, 7, 9, 13, 17, 25].map(length_penalty).to_vec();
        assert_eq!(penalties, vec![0.0, 0.1, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
    }

    #[test]
    fn length_fractions_rise_within_each_tenth_and_restart_at_the_next() {
        let fractions: Vec<f64> = [0, 4, 5, 6, 9, 10, 12, 13].map(length_fraction).to_vec();
        assert_eq!(fractions, vec![0.0, 0.8, 0.0, 0.5, 0.0, 0.25, 0.75, 0.0]);
        for length in 0..2000 {
            let (here, next) = (length_fraction(length), length_fraction(length + 1));
            assert!((0.0..1.0).contains(&here), "{length}: {here}");
            let same_tenth = length_penalty(length) == length_penalty(length + 1);
            assert!(if same_tenth { next > here } else { next == 0.0 }, "{length}");
        }
    }
}
