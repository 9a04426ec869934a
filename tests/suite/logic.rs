//! The logic engine's facts: every step of its solves is sound on random unique puzzles of
//! every rule set, easy datasets need singles only, the famous hardest puzzles rate in the top
//! grade, and the Miracles solve without bifurcation.

use std::fs;

use satdoku::engine::generate::{GenerateOptions, generate};
use satdoku::logic::{
    ExplainOptions, Explanation, Grade, Outcome, Rating, Technique, explain, explain_with, rate,
};
use satdoku::{Grid, Puzzle};

use crate::data::datasets;
use crate::datasets::lines;

/// A curated puzzle of `puzzles/`.
fn curated(name: &str) -> Puzzle {
    let path = format!("{}/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Asserts every step of the solve of unique `puzzle` (bifurcations up to `depth`) agrees with
/// `solution`, and the solve ends on it unless it gets stuck; returns the steps' techniques.
fn assert_sound_steps(
    puzzle: &Puzzle,
    solution: &Grid,
    depth: usize,
    label: &str,
) -> Vec<Technique> {
    // Every caller's puzzle is unique, so the uniqueness techniques take part.
    let options = ExplainOptions::new().max_depth(depth).unique(true);
    let explanation = explain_with(puzzle, &options);
    check_steps(&explanation, solution, label);
    if explanation.outcome() != &Outcome::Stuck {
        assert_eq!(explanation.solution(), Some(solution), "{label}: {:?}", explanation.outcome());
    }
    explanation.steps().iter().map(|s| s.technique()).collect()
}

/// Asserts every step of `explanation` agrees with `solution`.
fn check_steps(explanation: &Explanation, solution: &Grid, label: &str) {
    for step in explanation.steps() {
        for p in step.placements() {
            assert_eq!(solution.get(p.cell), Some(p.digit), "{label}: wrong placement: {step}");
        }
        for p in step.eliminations() {
            assert_ne!(solution.get(p.cell), Some(p.digit), "{label}: removed the answer: {step}");
        }
    }
}

#[test]
fn every_step_is_sound_on_random_unique_puzzles_of_every_rule_set() {
    // (rules, size, how many): 120 puzzles, about 30 s of CPU, most of it generating
    // (anti-knight 9×9 grids are too slow to generate here).
    let rule_sets = [
        ("classic", 9, 12),
        ("diagonal", 9, 4),
        ("anti-king", 9, 4),
        ("non-consecutive", 9, 4),
        ("classic", 6, 20),
        ("anti-knight", 6, 20),
        ("diagonal", 6, 16),
        ("non-consecutive", 6, 16),
        ("classic", 4, 24),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for (rules, size, count) in rule_sets {
        let template: Puzzle =
            format!("rules: {rules}\n{}", ".".repeat(size * size)).parse().unwrap();
        for index in 0..count {
            let made = generate(&template, index, &GenerateOptions::new().seed(7)).unwrap();
            let solution = made.puzzle.solution().expect("generated puzzles record it").clone();
            let label =
                format!("{rules} {size}x{size} #{index}: {}", made.puzzle.givens().to_line());
            seen.extend(assert_sound_steps(&made.puzzle, &solution, 1, &label));
        }
    }
    // The random puzzles exercise more than singles.
    assert!(seen.len() >= 6, "{seen:?}");
}

#[test]
fn the_first_2000_kaggle_puzzles_need_singles_only() {
    let Some(dir) = datasets("the_first_2000_kaggle_puzzles_need_singles_only") else { return };
    for (line, text) in lines(&dir, "kaggle1m-rows1-10000.txt", 2000) {
        let puzzle: Puzzle = text.parse().unwrap();
        let rating = rate(&puzzle);
        assert!(rating.is_solved(), "line {line}: {:?}", rating.outcome());
        let hardest = rating.hardest().expect("a step");
        assert!(
            matches!(hardest, Technique::HiddenSingle | Technique::NakedSingle),
            "line {line} needs {}",
            hardest.name()
        );
    }
}

#[test]
fn the_named_hardest_puzzles_rate_in_the_top_grade() {
    for name in
        ["ai-escargot.txt", "easter-monster.txt", "golden-nugget.txt", "platinum-blonde.txt"]
    {
        let puzzle = curated(name);
        let explanation = explain(&puzzle);
        // Their bifurcations, at every depth, are sound too.
        check_steps(&explanation, puzzle.solution().expect("recorded"), name);
        let rating = Rating::of(&explanation);
        assert!(rating.is_solved(), "{name}: {:?}", rating.outcome());
        assert_eq!(rating.grade(), Grade::Extreme, "{name}: score {}", rating.score());
        assert_eq!(Grade::of(rating.score()), *Grade::ALL.last().unwrap());
        assert!(rating.bifurcations() > 0, "{name}");
    }
}

#[test]
fn the_miracles_solve_without_bifurcation() {
    for name in ["miracle.txt", "new-miracle.txt"] {
        let puzzle = curated(name);
        let solution = puzzle.solution().expect("recorded").clone();
        let techniques = assert_sound_steps(&puzzle, &solution, 3, name);
        assert!(explain(&puzzle).is_solved(), "{name}");
        assert!(!techniques.contains(&Technique::Bifurcation), "{name}: {techniques:?}");
        // Exclusions through the variant rules do the work, as a solver does by hand.
        assert!(techniques.contains(&Technique::CommonExclusion), "{name}: {techniques:?}");
    }
}

#[test]
fn a_puzzle_without_solution_ends_in_a_contradiction_and_one_with_several_gets_stuck() {
    let none: Puzzle = "12....3.........".parse().unwrap();
    assert!(matches!(explain(&none).outcome(), Outcome::Contradiction(_)));
    let several: Puzzle = "12..............".parse().unwrap();
    assert_eq!(explain(&several).outcome(), &Outcome::Stuck);
}

/// Explains `cases` random unique 6×6 puzzles (seeded by `seed`), each of `count(case)` rules
/// `draw` makes that some grid meets, with givens from one such grid until it is unique:
/// asserts every step sound, and shows `seen` each explanation (depth 1, unique).
fn sound_on_random_puzzles(
    seed: u64,
    cases: usize,
    count: impl Fn(usize) -> usize,
    mut draw: impl FnMut(&mut rand_chacha::ChaCha8Rng) -> satdoku::Rule,
    mut seen: impl FnMut(&Explanation),
) {
    use rand::SeedableRng;
    use satdoku::engine::complete::complete;

    let empty = Grid::empty(satdoku::Geometry::with_usual_boxes(6).unwrap());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for case in 0..cases {
        let mut rules = Vec::new();
        while rules.len() < count(case) {
            let rule = draw(&mut rng);
            let with: Vec<_> = rules.iter().cloned().chain([rule.clone()]).collect();
            let counted = satdoku::count_up_to(&Puzzle::new(empty.clone(), with), 1).unwrap();
            if counted.count() > 0 {
                rules.push(rule);
            }
        }
        let done = complete(&Puzzle::new(empty.clone(), rules), true).unwrap().puzzle;
        let solution = done.solution().expect("completed puzzles record it").clone();
        let label = format!("case {case}:\n{}", done.to_text());
        assert_sound_steps(&done, &solution, 1, &label);
        seen(&explain_with(&done, &ExplainOptions::new().max_depth(1).unique(true)));
    }
}

#[test]
fn every_step_is_sound_on_random_puzzles_of_combined_dots_and_sequence_lines() {
    use crate::cross_check::harness::draw::cells::random_rule;

    let geometry = satdoku::Geometry::with_usual_boxes(6).unwrap();
    let reference = Grid::from_line(geometry, crate::encoder::SOLUTION_6X6).unwrap();
    let combined = |rule: &satdoku::Rule| {
        use satdoku::Rule::{CombinedDot, NegativeCombined, Sequence};
        matches!(rule, CombinedDot { .. } | NegativeCombined(_) | Sequence(_))
    };
    let mut named = std::collections::BTreeSet::new();
    // Six rules a puzzle, the main draw's combined dots, negative rules and sequence lines.
    let draw = |rng: &mut rand_chacha::ChaCha8Rng| {
        let mut draws = std::iter::repeat_with(|| random_rule(rng, 6, &reference));
        draws.find(combined).expect("endless draws")
    };
    sound_on_random_puzzles(
        23,
        12,
        |_| 6,
        draw,
        |explanation| {
            for step in explanation.steps() {
                let text = step.to_string();
                named.extend(
                    ["sequence line", "dots", "combined-dot"]
                        .into_iter()
                        .filter(|w| text.contains(w)),
                );
            }
        },
    );
    // The steps come from the new rules' tables, named by them (a chain of combined dots is
    // "dots", one alone its rule's name).
    let dots = named.contains("dots") || named.contains("combined-dot");
    assert!(named.contains("sequence line") && dots, "{named:?}");
}

#[test]
fn every_step_is_sound_on_random_puzzles_of_equal_totals() {
    use crate::cross_check::harness::draw::totals::random_equal_totals;

    let mut reasons = 0;
    // One or two groups a puzzle.
    let draw = |rng: &mut rand_chacha::ChaCha8Rng| {
        random_equal_totals(rng, 6, None).expect("random diagonals")
    };
    sound_on_random_puzzles(
        46,
        8,
        |case| 1 + case % 2,
        draw,
        |explanation| {
            let ours =
                |step: &&satdoku::logic::Step| step.to_string().contains("can all reach only the");
            reasons += explanation.steps().iter().filter(ours).count();
        },
    );
    // The group's own step, by the totals every line reaches, takes part.
    assert!(reasons > 0, "no step of equal totals in 8 puzzles");
}

#[test]
fn every_step_is_sound_on_random_puzzles_of_look_and_say_clues() {
    use crate::cross_check::harness::look_and_say::random_look_and_say;

    let geometry = satdoku::Geometry::with_usual_boxes(6).unwrap();
    let reference = Grid::from_line(geometry, crate::encoder::SOLUTION_6X6).unwrap();
    let mut counted = 0;
    // Three to five clues a puzzle, read off one grid (so that they meet somewhere).
    let draw = |rng: &mut rand_chacha::ChaCha8Rng| random_look_and_say(rng, 6, Some(&reference));
    sound_on_random_puzzles(
        90,
        8,
        |case| 3 + case % 3,
        draw,
        |explanation| {
            let ours = |step: &&satdoku::logic::Step| {
                step.technique() == satdoku::logic::Technique::DigitCount
            };
            counted += explanation.steps().iter().filter(ours).count();
        },
    );
    // The clues' own step, the digit count, takes part.
    assert!(counted > 0, "no digit count step in 8 puzzles");
}
