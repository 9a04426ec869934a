//! Sum bounds, the `support` technique for linear sums: a candidate goes when, with it in its
//! cell, the sum can no longer reach its bound within the range the other cells' candidates
//! span (a 9-cell cage, a long arrow or a little killer are never enumerated as tuples). With
//! `a·d` the term of digit `d` and `[low, high]` the others' range: `=` needs
//! `low + a·d ≤ bound ≤ high + a·d`, `≤` needs `low + a·d ≤ bound`, `≠` rules `d` out only
//! when every other cell is fixed and `a·d` completes the bound.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::{Board, Linear};
use crate::logic::state::State;
use crate::logic::step::Step;
use crate::model::digit::Digit;

/// The out-of-range candidates of the first linear sum that has some.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    board.linears.iter().filter(|linear| !linear.derived).find_map(|linear| {
        let eliminations = out_of_range(linear, state);
        if eliminations.is_empty() {
            return None;
        }
        let cells = linear.cells();
        let reason = format!("{} cannot reach its total with it", linear.name);
        let mut step = Step::new(Technique::Support, reason);
        step.eliminations = eliminations;
        step.cells = cells;
        Some(step)
    })
}

/// The placements of `linear`'s cells that put it out of range.
fn out_of_range(linear: &Linear, state: &State) -> Vec<Placement> {
    let value = |a: i64, d: Digit| a * d.value() as i64;
    let ranges: Vec<(i64, i64)> = linear
        .terms
        .iter()
        .map(|&(cell, a)| {
            let set = state.get(cell);
            match (set.iter().next(), set.iter().last()) {
                (Some(first), Some(last)) => {
                    let (x, y) = (value(a, first), value(a, last));
                    (x.min(y), x.max(y))
                }
                _ => (0, 0),
            }
        })
        .collect();
    let (low, high) = ranges.iter().fold((0, 0), |(l, h), &(a, b)| (l + a, h + b));
    let mut eliminations = Vec::new();
    for (&(cell, a), &(least, most)) in linear.terms.iter().zip(&ranges) {
        for digit in state.get(cell).iter() {
            let v = value(a, digit);
            if !linear.relation.reachable(low - least + v, high - most + v, linear.bound) {
                eliminations.push(Placement::new(cell, digit));
            }
        }
    }
    eliminations
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Ir, IrBuilder, Relation};
    use crate::model::geometry::{Cell, Geometry};
    use crate::model::grid::Grid;

    fn step(geometry: Geometry, build: impl Fn(&mut IrBuilder), givens: &Grid) -> Option<Step> {
        let mut builder = IrBuilder::new(geometry);
        build(&mut builder);
        let ir: Ir = builder.build();
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, givens).unwrap();
        find(&board, &state)
    }

    #[test]
    fn a_cage_loses_the_digits_its_total_cannot_use() {
        let geometry = Geometry::with_usual_boxes(9).unwrap();
        let cells = [Cell::new(0, 0), Cell::new(0, 1)];
        let found = step(geometry, |b| b.sum(&cells, 4), &Grid::empty(geometry));
        let step = found.expect("a total of 4 over two cells rules out 4 to 9");
        assert_eq!(step.eliminations.len(), 12);
        assert!(step.to_string().contains("cannot reach its total"), "{step}");
    }

    #[test]
    fn sum_bounds_never_remove_a_digit_of_a_solution() {
        // A 4×4 solution and random sums it satisfies (coefficients of both signs, all three
        // relations): no elimination may hit a digit of the solution.
        use rand::{RngExt, SeedableRng};
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let solution = Grid::from_line(geometry, "1234341221434321").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut seen = 0;
        for _ in 0..300 {
            let mut terms: Vec<(Cell, i32)> = Vec::new();
            for _ in 0..rng.random_range(1..=5) {
                let cell = Cell::new(rng.random_range(0..4), rng.random_range(0..4));
                if terms.iter().all(|&(c, _)| c != cell) {
                    terms.push((cell, [1, 1, 2, -1, 10][rng.random_range(0..5)]));
                }
            }
            let value: i32 =
                terms.iter().map(|&(c, a)| a * solution.get(c).unwrap().value() as i32).sum();
            let (relation, bound) = match rng.random_range(0..3) {
                0 => (Relation::Equal, value),
                1 => (Relation::AtMost, value + rng.random_range(0..3)),
                _ => (Relation::NotEqual, value + rng.random_range(1..3)),
            };
            let givens: Grid = {
                let mut givens = Grid::empty(geometry);
                for (cell, digit) in solution.filled() {
                    if rng.random_bool(0.3) {
                        givens.set(cell, Some(digit));
                    }
                }
                givens
            };
            let found = step(geometry, |b| b.linear(terms.clone(), relation, bound), &givens);
            if let Some(step) = found {
                seen += 1;
                for p in &step.eliminations {
                    assert_ne!(
                        solution.get(p.cell),
                        Some(p.digit),
                        "{terms:?} {relation:?} {bound}"
                    );
                }
            }
        }
        assert!(seen >= 50, "only {seen} cases eliminated anything");
    }
}
