//! Cross-checks the SAT engine against the reference engines (backtracking, dancing links and
//! the course's textbook solver in its three modes), brute force and the logic engine's
//! verdict: a short run of the differential harness of `examples/differential` on random 4×4,
//! 6×6 and 9×9 puzzles of every rule (rules with cells, irregular regions, false clues and
//! wrong givens), and brute force over every 4×4 grid under every global rule set.
//! Long runs: `cargo run --release --features tools --example differential -- --cases N --seed S`.

#[path = "../../examples/differential/harness/mod.rs"]
pub(crate) mod harness;

use harness::Verdict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satdoku::engine::count::{CountOptions, count};
use satdoku::reference::{backtrack, dlx};
use satdoku::{Cell, Geometry, Grid, Puzzle, Rule};

/// How many cases the short differential run draws.
const CASES: u64 = 96;

/// A short differential run: [`CASES`] cases from fixed seeds, sizes 4, 6, 4, 9 in turn (no
/// shrinking, so a failure names its case and seed, and `draw` gives the puzzle back); every
/// disagreement is reported, not only the first.
#[test]
fn engines_agree_on_random_puzzles() {
    let mut skipped = 0;
    let mut disagreements = Vec::new();
    for case in 0..CASES {
        let size = [4, 6, 4, 9][case as usize % 4];
        let puzzle = harness::draw(size, &mut ChaCha8Rng::seed_from_u64(case));
        match harness::compare(&puzzle) {
            Ok(Verdict::Agreed { .. }) => {}
            Ok(Verdict::Skipped) => skipped += 1,
            Err(message) => disagreements.push(format!("case {case} (size {size}): {message}")),
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
    assert!(skipped <= 4, "{skipped} of {CASES} cases skipped: the reference engines are too slow");
}

/// Every classic 4×4 grid (288 of them), by brute force.
pub(crate) fn classic_4x4_grids() -> Vec<Grid> {
    let empty = Grid::empty(Geometry::with_usual_boxes(4).expect("4×4 has boxes"));
    harness::brute::completions(&empty, 288).expect("288 classic 4×4 grids")
}

#[test]
fn brute_force_agrees_on_every_4x4_rule_set() {
    let grids = classic_4x4_grids();
    assert_eq!(grids.len(), 288);
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let global = harness::draw::GLOBAL_RULES;
    let marks = [
        vec![],
        vec![Rule::Even(vec![Cell::new(0, 0), Cell::new(3, 3)])],
        vec![Rule::Odd(vec![Cell::new(1, 2)]), Rule::Even(vec![Cell::new(2, 0), Cell::new(2, 1)])],
    ];
    for subset in 0..1u32 << global.len() {
        for extra in &marks {
            let mut rules: Vec<Rule> = (0..global.len())
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| global[i].clone())
                .collect();
            rules.extend(extra.iter().cloned());
            let puzzle = Puzzle::new(Grid::empty(geometry), rules);
            let brute =
                grids.iter().filter(|grid| satdoku::validate(&puzzle, grid).is_ok()).count();
            let sat_alone = CountOptions::up_to(1000).prepass(false);
            let sat = count(&puzzle, &sat_alone).expect("the SAT solver runs");
            let searched = satdoku::count_up_to(&puzzle, 1000).expect("the SAT solver runs");
            let reference = backtrack::count_up_to(&puzzle, 1000);
            let dancing = dlx::count_up_to(&puzzle, 1000).expect("no tables");
            let answers = [
                (sat.count(), sat.is_exact()),
                (searched.count(), searched.is_exact()),
                (reference.solutions, reference.exhausted),
                (dancing.solutions, dancing.exhausted),
            ];
            assert_eq!(
                answers,
                [(brute, true); 4],
                "SAT, the default path, backtracking, DLX vs brute force under {:?}",
                puzzle.rules()
            );
        }
    }
}

#[test]
fn known_4x4_counts() {
    let geometry = Geometry::with_usual_boxes(4).unwrap();
    let empty = Puzzle::new(Grid::empty(geometry), vec![]);
    assert_eq!(satdoku::count_up_to(&empty, 1000).unwrap().count(), 288);
    let x = Puzzle::new(Grid::empty(geometry), vec![Rule::MainDiagonal, Rule::AntiDiagonal]);
    assert_eq!(satdoku::count_up_to(&x, 1000).unwrap().count(), 48);
    assert_eq!(backtrack::count_up_to(&x, 1000).solutions, 48);
    assert_eq!(dlx::count_up_to(&x, 1000).unwrap().solutions, 48);
}
