//! Lines as a whole: a candidate of a line's cell goes when no fill of the whole line uses it
//! (digits from the candidates, meeting every table of the line, different wherever two of its
//! cells see each other), and a digit every fill holds goes from the cells that see all its
//! places on the line. One search gives the deductions solvers name by the line: a thermo's
//! ranges by position and across two thermos from one bulb (with the houses it crosses), the
//! no-5 and high/low alternation of German whispers, a renban's run of digits (a renban of
//! five always holds 5), palindromes as pairs, between lines, entropic and modular classes,
//! chains of kropki and XV dots. Lines and their names come from [`crate::logic::line`]; the
//! search, from [`super::fill`] (cut by each table as soon as its cells are filled), gives up
//! after [`BUDGET`] nodes a question, when the candidate stays.

use super::Technique;
use super::fill::Fills;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, digit_ranges};

/// The nodes one question may visit before the search gives up.
pub(in crate::logic) const BUDGET: usize = 5_000;

/// The first step of a line, in the puzzle's order of lines.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.lines.iter().enumerate().find_map(|(index, line)| {
        let open = line.cells.iter().any(|&cell| !state.is_placed(board, cell));
        if !open {
            return None;
        }
        let fills = Fills::of_line(board, state, index, BUDGET);
        let found = fills.found(&board.line_memo, index);
        if !found.unsupported.is_empty() {
            let reason = format!("no fill of {} puts it there", line.name);
            return Some(fills.step(Technique::Line, reason, found.unsupported.clone()));
        }
        let eliminations = fills.seen_by_every_place(&found);
        if eliminations.is_empty() {
            return None;
        }
        let digits =
            found.in_every_fill.intersection(eliminations.iter().map(|p| p.digit).collect());
        let they = if digits.len() == 1 { "it goes" } else { "they go" };
        let reason = format!(
            "every fill of {} holds {}, which these cells see wherever {they}",
            line.name,
            digit_ranges(digits)
        );
        Some(fills.step(Technique::Line, reason, eliminations))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::technique::test_util::start;
    use crate::logic::technique::{Finder, test_util};

    /// The steps `find` takes from the start until it finds nothing more.
    fn steps(rules: &str) -> Vec<String> {
        let (board, mut state) = start(rules);
        let mut said = Vec::new();
        while let Some(step) = find(&board, &state) {
            state.apply(&board, &step.placements, &step.eliminations).expect("sound steps");
            said.push(step.to_string());
        }
        said
    }

    #[test]
    fn a_renban_of_five_in_a_row_holds_5_which_the_rest_of_the_row_loses() {
        let said = steps("renban: r1c1 r1c2 r1c3 r1c4 r1c5");
        assert_eq!(
            said,
            ["r1c6,r1c7,r1c8,r1c9≠5: every fill of the renban r1c1-r1c5 holds 5, which these \
              cells see wherever it goes"]
        );
    }

    #[test]
    fn a_chain_of_two_black_dots_in_a_row_is_1_2_4_or_2_4_8() {
        // Pair by pair the middle could be 6 (3-6-3), but the row's digits differ.
        let said = steps("kropki-black: r1c1 r1c2\nkropki-black: r1c2 r1c3");
        assert_eq!(
            said,
            [
                "r1c2≠1,8; r1c1,r1c2,r1c3≠3,5–7,9: no fill of the chain of dots r1c1-r1c3 puts \
                 it there",
                "r1c4,r1c5,r1c6,r1c7,r1c8,r1c9,r2c1,r2c2,r2c3,r3c1,r3c2,r3c3≠2,4: every fill of \
                 the chain of dots r1c1-r1c3 holds 2,4, which these cells see wherever they go"
            ]
        );
    }

    #[test]
    fn a_cell_greater_than_four_neighbours_of_its_box_is_at_least_5() {
        // Sign by sign, r2c2 only loses 1 and its neighbours 9; the neighbours see each other
        // in box 1, so r2c2 exceeds four different digits.
        let said =
            steps("greater: r2c2 r1c2\ngreater: r2c2 r2c1\ngreater: r2c2 r2c3\ngreater: r2c2 r3c2");
        assert_eq!(
            said,
            ["r2c2≠1–4; r1c2,r2c1,r2c3,r3c2≠9: no fill of the inequalities \
                 r2c2,r1c2,r2c1,r2c3,r3c2 puts it there"]
        );
    }

    #[test]
    fn lines_are_sound() {
        test_util::assert_sound(Finder::LineFill);
    }
}
