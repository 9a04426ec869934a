//! The linear-sum primitive (`Σ aᵢ·xᵢ = / ≤ / ≠ k`) against brute force: random sums with
//! random coefficients (pills weigh 10, arrows subtract), relations and bounds, on 4×4 grids
//! and on 6×6 grids with givens, through the encoder's tester (brute force, backtracking,
//! propagation soundness, SAT under every encoder option).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::ir::{Constraint, Relation, Term};
use satdoku::{Cell, Geometry, Grid};

use crate::encoder::{EncodingTester, PAIRWISE, SOLUTION_6X6, classic_plus};

/// A random linear sum over 1 to `max_terms` different cells of an N×N grid, its bound drawn
/// near the value `solution` gives it so that most cases have solutions, some none.
fn random_linear(rng: &mut ChaCha8Rng, n: usize, max_terms: usize, solution: &Grid) -> Constraint {
    let mut terms: Vec<(Cell, i32)> = Vec::new();
    for _ in 0..rng.random_range(1..=max_terms) {
        let cell = Cell::new(rng.random_range(0..n), rng.random_range(0..n));
        let coefficient = *[1, 1, 1, 2, -1, -1, 10, -10, 3].get(rng.random_range(0..9)).unwrap();
        if terms.iter().all(|&(c, _)| c != cell) {
            terms.push((cell, coefficient));
        }
    }
    let value: i32 =
        terms.iter().map(|&(c, a)| a * solution.get(c).map_or(1, |d| d.value() as i32)).sum();
    let relation = [Relation::Equal, Relation::AtMost, Relation::NotEqual][rng.random_range(0..3)];
    let bound = value + rng.random_range(-2..=2);
    let terms = terms.into_iter().map(|(cell, a)| Term::digit(cell, a)).collect();
    Constraint::Linear { terms, relation, bound }
}

#[test]
fn random_linear_sums_4x4() {
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let solution = Grid::from_line(geometry, "1234341221434321").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut with_solutions = 0;
    for case in 0..24 {
        let extra: Vec<Constraint> = (0..rng.random_range(1..=2))
            .map(|_| random_linear(&mut rng, 4, 5, &solution))
            .collect();
        let name = format!("4x4 case {case}: {extra:?}");
        // The full pairwise range and the sequential counter alone, to keep the run short.
        let count = EncodingTester::new(&name, classic_plus(geometry, extra)).check(&[0, 9]);
        with_solutions += usize::from(count > 0);
    }
    assert!(with_solutions >= 12, "only {with_solutions} cases have solutions");
}

#[test]
fn random_linear_sums_6x6_with_givens() {
    let geometry = Geometry::with_usual_boxes(6).unwrap();
    let solution = Grid::from_line(geometry, SOLUTION_6X6).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for case in 0..8 {
        let extra = vec![random_linear(&mut rng, 6, 7, &solution)];
        let givens: String = SOLUTION_6X6
            .chars()
            .map(|symbol| if rng.random_range(0..10) < 4 { symbol } else { '.' })
            .collect();
        let name = format!("6x6 case {case}: {extra:?}");
        EncodingTester::new(&name, classic_plus(geometry, extra))
            .with_givens(&givens)
            .check(&PAIRWISE[..1]);
    }
}
