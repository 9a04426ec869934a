//! Digits 1 to M on an N×N grid (M > N): 4×4 grids with the digits 1-5 and 1-6, under the
//! classic rules alone and with random rules with cells, solved by brute force over the
//! independent validator, by backtracking over the IR, by dancing links (where exact cover
//! applies) and by the SAT engine alone and on its default path: every engine finds the same
//! solutions, and every solution it shows validates.

use std::collections::BTreeSet;

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satdoku::model::validate::first_conflict;
use satdoku::reference::dlx;
use satdoku::{Digit, Geometry, Grid, Puzzle, Rule};

use crate::cross_check::harness::draw::cells::random_rule;
use crate::rules::{by_backtracking, check_sat};

/// The most solutions a case may have to be checked (the engines count one past it).
const MOST: usize = 300;

/// Fills the empty cells of `grid` from `index` on, in reading order, with the digits
/// `1..=M` in the order `order` gives, dropping a partial grid as soon as the validator sees
/// its filled cells break a rule; pushes each complete grid the validator accepts onto
/// `found`, and stops once `found` holds more than `most`.
fn fill(
    puzzle: &Puzzle,
    grid: &mut Grid,
    index: usize,
    order: &[usize],
    most: usize,
    found: &mut Vec<Grid>,
) {
    let geometry = puzzle.geometry();
    if found.len() > most {
        return;
    }
    if index == geometry.cell_count() {
        if satdoku::validate(puzzle, grid).is_ok() {
            found.push(grid.clone());
        }
        return;
    }
    let cell = geometry.cell(index);
    if grid.get(cell).is_some() {
        return fill(puzzle, grid, index + 1, order, most, found);
    }
    for &value in order {
        grid.set(cell, Digit::new(value));
        if first_conflict(puzzle.rules(), grid).is_none() {
            fill(puzzle, grid, index + 1, order, most, found);
        }
    }
    grid.set(cell, None);
}

/// The solutions of `puzzle` by brute force over the validator, as lines; `None` when there
/// are more than `most`.
fn by_validator(puzzle: &Puzzle, most: usize) -> Option<BTreeSet<String>> {
    let order: Vec<usize> = (1..=puzzle.geometry().digits()).collect();
    let mut found = Vec::new();
    fill(puzzle, &mut puzzle.givens().clone(), 0, &order, most, &mut found);
    (found.len() <= most).then(|| found.iter().map(Grid::to_line).collect())
}

/// A random grid of `geometry` whose houses hold different digits of `digits`: each cell in
/// reading order takes a random digit its filled neighbours leave, starting over at a dead end.
fn random_grid(rng: &mut ChaCha8Rng, geometry: Geometry, digits: &[usize]) -> Grid {
    let classic = Puzzle::new(Grid::empty(geometry), Vec::new());
    'attempt: loop {
        let mut grid = Grid::empty(geometry);
        for cell in geometry.cells() {
            let mut left: Vec<usize> = digits.to_vec();
            left.shuffle(rng);
            let fits = left.into_iter().find(|&value| {
                grid.set(cell, Digit::new(value));
                first_conflict(classic.rules(), &grid).is_none()
            });
            if fits.is_none() {
                continue 'attempt;
            }
        }
        return grid;
    }
}

/// The rules of a random case.
#[derive(Clone, Copy)]
enum Rules {
    /// The classic rules only.
    Classic,
    /// One or two random rules with cells.
    Random,
    /// The same digits in every house, and up to one random rule with cells.
    SameDigits,
}

/// A random 4×4 case with the digits `1..=digits`: givens from a random grid, each kept with
/// probability `given`, and `rules` drawn near it; `None` when the rules refuse the digits (sandwiches, X-sums ...).
fn random_case(rng: &mut ChaCha8Rng, digits: usize, given: f64, rules: Rules) -> Option<Puzzle> {
    let geometry = Geometry::with_usual_boxes(4).unwrap().with_digits(digits).unwrap();
    let mut used: Vec<usize> = (1..=digits).collect();
    used.shuffle(rng);
    // Under the same digits in every house the grid keeps to 4 of them.
    used.truncate(if matches!(rules, Rules::SameDigits) { 4 } else { digits });
    let solution = random_grid(rng, geometry, &used);
    let mut givens = Grid::empty(geometry);
    for cell in geometry.cells() {
        if rng.random_bool(given) {
            givens.set(cell, solution.get(cell));
        }
    }
    let rules = match rules {
        Rules::Classic => Vec::new(),
        Rules::Random => {
            (0..rng.random_range(1..=2)).map(|_| random_rule(rng, 4, &solution)).collect()
        }
        Rules::SameDigits => {
            let mut rules = vec![Rule::SameDigits];
            rules.extend((0..rng.random_range(0..=1)).map(|_| random_rule(rng, 4, &solution)));
            rules
        }
    };
    Puzzle::try_new(givens, rules).ok()
}

/// On `cases` random 4×4 cases with the digits `1..=digits` under `rules` ([`random_case`]). Every engine agrees with brute
/// force; returns how many cases were checked and how many of them had solutions.
fn against_brute_force(seed: u64, digits: usize, cases: usize, rules: Rules) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // More digits leave more fills: more givens keep most cases under [`MOST`] solutions.
    let given = 0.55 + 0.1 * (digits - 5) as f64;
    let (mut checked, mut solvable) = (0, 0);
    for _ in 0..cases {
        let Some(puzzle) = random_case(&mut rng, digits, given, rules) else { continue };
        let Some(expected) = by_validator(&puzzle, MOST) else { continue };
        let (found, exhausted) = by_backtracking(&puzzle, MOST);
        assert!(exhausted);
        assert_eq!(found, expected, "backtracking vs brute force on\n{}", puzzle.to_text());
        check_sat(&puzzle, expected.len(), MOST);
        if let Ok(counted) = dlx::count_up_to(&puzzle, MOST) {
            assert_eq!(counted.solutions, expected.len(), "DLX on\n{}", puzzle.to_text());
        }
        checked += 1;
        solvable += usize::from(!expected.is_empty());
    }
    (checked, solvable)
}

#[test]
fn four_by_four_with_digits_1_to_5_and_6_agrees_with_brute_force() {
    for (seed, digits) in [(1, 5), (2, 6)] {
        let (checked, solvable) = against_brute_force(seed, digits, 60, Rules::Classic);
        assert!(checked >= 35 && solvable == checked, "{digits}: {checked} {solvable}");
    }
}

#[test]
fn four_by_four_with_more_digits_and_random_rules_agrees_with_brute_force() {
    for (seed, digits) in [(3, 5), (4, 6)] {
        let (checked, solvable) = against_brute_force(seed, digits, 120, Rules::Random);
        assert!(checked >= 80 && solvable >= 30, "{digits}: {checked} {solvable}");
    }
}

#[test]
fn the_same_digits_in_every_house_agree_with_brute_force() {
    for (seed, digits) in [(7, 5), (8, 6)] {
        let (checked, solvable) = against_brute_force(seed, digits, 100, Rules::SameDigits);
        assert!(checked >= 80 && solvable >= 40, "{digits}: {checked} {solvable}");
    }
}

#[test]
fn a_grid_of_few_givens_counts_every_fill() {
    // Rows, columns and boxes of 4 different digits of 1..=5, three givens: the SAT engine
    // and backtracking count what the validator's brute force enumerates.
    let text = "digits: 1-5\ngivens:\n12..\n3...\n....\n....\n";
    let puzzle: Puzzle = text.parse().unwrap();
    let expected = by_validator(&puzzle, 100_000).expect("fewer than 100000 fills").len();
    assert!(expected > MOST);
    let counted = satdoku::count_up_to(&puzzle, 100_000).unwrap();
    assert_eq!((counted.count(), counted.is_exact()), (expected, true));
    let backtracked = satdoku::reference::backtrack::count_up_to(&puzzle, 100_000);
    assert_eq!(backtracked.solutions, expected);
}

#[test]
fn the_text_format_declares_the_digits_and_writes_them_back() {
    let text = "digits: 1-6\ngivens:\n6...\n....\n....\n...5\n";
    let puzzle: Puzzle = text.parse().unwrap();
    assert_eq!(puzzle.geometry().digits(), 6);
    assert!(puzzle.to_text().contains("digits: 1-6\n"));
    assert_eq!(puzzle.to_text().parse::<Puzzle>().unwrap(), puzzle);
    assert!(!puzzle.fits_one_line(), "the one-line form has no place for the digits");
    // The default: the digits 1..=N, and no `digits:` line written.
    let classic: Puzzle = "givens:\n1...\n....\n....\n....\n".parse().unwrap();
    assert_eq!(classic.geometry().digits(), 4);
    assert!(!classic.to_text().contains("digits:"));
}

#[test]
fn a_bad_digits_line_is_refused_where_it_stands() {
    let cases = [
        ("digits: 1-3", "line 1, column 9: expected digits 1-M with M from 4 to 35 for a 4x4 grid"),
        (
            "digits: 1-36",
            "line 1, column 9: expected digits 1-M with M from 4 to 35 for a 4x4 grid",
        ),
        ("digits: 2-6", "line 1, column 9: expected the digits as `1-M` such as 1-9, found `2-6`"),
        ("digits: six", "line 1, column 9: expected the digits as `1-M` such as 1-9, found `six`"),
    ];
    for (line, expected) in cases {
        let text = format!("{line}\ngivens:\n....\n....\n....\n....\n");
        let error = text.parse::<Puzzle>().unwrap_err().to_string();
        assert!(error.contains(expected), "{line}: {error}");
    }
    // A given past the declared digits names them.
    let error = "digits: 1-5\ngivens:\n6...\n....\n....\n....\n".parse::<Puzzle>().unwrap_err();
    assert!(error.to_string().contains("digit 6 is out of range for digits 1-5"), "{error}");
}

#[test]
fn rules_whose_digits_stand_for_positions_refuse_more_digits() {
    let text = "digits: 1-5\nsandwich: 3 r1c0\ngivens:\n................\n";
    let error = text.parse::<Puzzle>().unwrap_err().to_string();
    assert!(error.contains("expected the digits 1 to 4 for a sandwich"), "{error}");
}

#[test]
fn the_validator_refuses_a_digit_past_the_largest() {
    let puzzle: Puzzle = "digits: 1-5\n................".parse().unwrap();
    let grid = Grid::from_line(puzzle.geometry(), "1234341221434321").unwrap();
    assert_eq!(satdoku::validate(&puzzle, &grid), Ok(()));
    let mut wide = grid.clone();
    wide.set(satdoku::Cell::new(0, 0), Digit::new(6));
    let violation = satdoku::validate(&puzzle, &wide).unwrap_err();
    assert_eq!(violation.to_string(), "r1c1 holds 6 but the digits are 1 to 5");
}

#[test]
fn the_logic_engine_gives_only_sound_steps_with_more_digits() {
    use satdoku::logic::{ExplainOptions, Outcome, explain, rate_top};
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut cases, mut steps, mut refuted) = (0, 0, 0);
    for digits in [5, 6] {
        for _ in 0..60 {
            let rules = [Rules::Classic, Rules::Random, Rules::SameDigits][rng.random_range(0..3)];
            let Some(puzzle) = random_case(&mut rng, digits, 0.6, rules) else {
                continue;
            };
            let Some(solutions) = by_validator(&puzzle, MOST) else { continue };
            // How many solutions hold the placement.
            let holds = |p: &satdoku::Placement| {
                let at = puzzle.geometry().index(p.cell);
                let symbol = Some(p.digit.to_char());
                solutions.iter().filter(|line| line.chars().nth(at) == symbol).count()
            };
            let explanation = explain(&puzzle);
            for step in explanation.steps() {
                let shown = || format!("{step:?} on\n{}", puzzle.to_text());
                assert!(
                    step.placements().iter().all(|p| holds(p) == solutions.len()),
                    "{}",
                    shown()
                );
                assert!(step.eliminations().iter().all(|p| holds(p) == 0), "{}", shown());
            }
            steps += explanation.steps().len();
            cases += 1;
            // The top rating's forcing proofs refute only what no solution holds, and its
            // solve ends in a solution, or in a contradiction only when there is none.
            let rating = rate_top(&puzzle, &ExplainOptions::new());
            for proofs in rating.stuck() {
                assert!(proofs.refuted.iter().all(|p| holds(p) == 0), "{}", puzzle.to_text());
                refuted += proofs.refuted.len();
            }
            match rating.cheap().outcome() {
                Outcome::Solved(grid) => assert!(solutions.contains(&grid.to_line())),
                Outcome::Contradiction(_) => assert!(solutions.is_empty()),
                _ => {}
            }
        }
    }
    eprintln!("{cases} cases, {steps} steps, {refuted} candidates refuted by forcing proofs");
    assert!(cases >= 60 && steps >= 20, "{cases} cases, {steps} steps");
}

#[test]
fn links_out_refuse_digits_they_cannot_carry() {
    let puzzle: Puzzle = "digits: 1-6\n6...............".parse().unwrap();
    let error = satdoku::model::fpuzzles::write_fpuzzles(&puzzle).unwrap_err();
    assert_eq!(
        error.to_string(),
        "f-puzzles cannot carry the digits 1 to 6 on a 4x4 grid (it has no field for them; \
         `link --sudokupad` writes them with the rule same-digits)"
    );
    // SudokuPad states digits past N only as the same subset in every house.
    let error = satdoku::model::sudokupad::scl_link(&puzzle).unwrap_err();
    assert!(
        error.to_string().starts_with(
            "a SudokuPad link cannot carry the digits 1 to 6 on a 4x4 grid without the rule \
             same-digits"
        ),
        "{error}"
    );
}

#[test]
fn a_sudokupad_link_states_the_digits_and_the_same_digits_and_reads_back() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/same-digits-4x4-ngn.txt");
    let puzzle: Puzzle = std::fs::read_to_string(path).unwrap().parse().unwrap();
    let link = satdoku::model::sudokupad::puzzle_link(&puzzle).expect("SudokuPad carries it");
    assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
    let document = satdoku::model::sudokupad::write_sudokupad(&puzzle).unwrap();
    let rules = document["metadata"]["rules"].as_str().unwrap();
    assert!(
        rules.starts_with(
            "Place the same 4-digit subset of the digits 1 to 9 in each row, column and box."
        ),
        "{rules}"
    );
    let options = satdoku::model::parse::ParseOptions::new();
    let (read, notes) = satdoku::model::sudokupad::read_value(&document, &options).unwrap();
    assert_eq!(read.geometry().digits(), 9);
    assert_eq!(read.rules(), puzzle.rules());
    assert_eq!(read.givens(), puzzle.givens());
    assert!(notes.iter().any(|n| n.contains("same-digits")), "{notes:?}");
}

#[test]
fn an_fpuzzles_ruleset_asking_for_the_same_subset_sets_the_digits() {
    let ruleset = "Place the same 4-digit subset from the digits 1 - 9 in each row, column and \
                   2 x 2 box.";
    let row = vec![serde_json::json!({}); 4];
    let mut grid = vec![row; 4];
    grid[0][0] = serde_json::json!({"value": 7, "given": true});
    let document = serde_json::json!({"size": 4, "grid": grid, "ruleset": ruleset}).to_string();
    let entries = satdoku::model::parse::parse_document(&document, &Default::default());
    let puzzle = entries[0].puzzle.as_ref().expect("the ruleset's sentence reads");
    assert_eq!(puzzle.geometry().digits(), 9);
    assert_eq!(puzzle.givens().to_line(), "7...............");
    assert!(puzzle.rules().contains(&Rule::SameDigits));
    let note = entries[0].warnings.iter().find(|w| w.contains("same-digits"));
    assert!(note.is_some_and(|n| n.contains("digits as 1 to 9")), "{:?}", entries[0].warnings);
    // Any other range past N still refuses the document, naming its sentence.
    let other = serde_json::json!({"size": 4, "grid": vec![vec![serde_json::json!({}); 4]; 4],
        "ruleset": "Fill the grid with digits 1-9."})
    .to_string();
    let entries = satdoku::model::parse::parse_document(&other, &Default::default());
    let error = entries[0].puzzle.as_ref().unwrap_err().to_string();
    assert!(error.contains("asks for digits 1 to 9 on a 4x4 grid"), "{error}");
}

#[test]
fn a_json_record_carries_the_digits() {
    let options = satdoku::ParseOptions::new();
    let record = r#"{"givens": "6...............", "digits": "1-6"}"#;
    let puzzle = satdoku::model::record::read(record, &options).unwrap();
    assert_eq!(puzzle.geometry().digits(), 6);
    let bad = r#"{"givens": "6...............", "digits": "1-3"}"#;
    let error = satdoku::model::record::read(bad, &options).unwrap_err();
    assert!(error.to_string().contains("expected `digits` as \"1-M\" with M from 4 to 35"));
}

#[test]
fn candidates_past_n_are_drawn() {
    use satdoku::render::{RenderOptions, render_svg};
    let puzzle: Puzzle = "digits: 1-6\n................".parse().unwrap();
    let all = vec![satdoku::model::digit::DigitSet::full(6); 16];
    let svg = render_svg(&puzzle, &RenderOptions::new().candidates(all));
    // The y of each candidate text of figure `digit`, in reading order of the cells.
    let heights = |digit: &str| -> Vec<f64> {
        let ending = format!(">{digit}</text>");
        let texts = svg.split("<text").filter(|text| text.contains(&ending));
        let y = |text: &str| text.split("y=\"").nth(1)?.split('"').next()?.parse().ok();
        texts.filter_map(y).collect()
    };
    // r1c1's 6 sits above r2c1's 1: a 3×3 keypad in the cell, not a 2×2 one spilling over.
    assert!(heights("6")[0] < heights("1")[4], "{:?} {:?}", heights("6"), heights("1"));
}

#[test]
fn the_validator_names_the_digit_past_the_shared_ones() {
    let puzzle: Puzzle = "digits: 1-6\nrules: same-digits\n................".parse().unwrap();
    let grid = Grid::from_line(puzzle.geometry(), "1234341221434325").unwrap();
    let violation = satdoku::validate(&puzzle, &grid).unwrap_err();
    assert_eq!(
        violation.to_string(),
        "r4c4 holds 5, but the houses share the digits 1, 2, 3, 4 (same-digits)"
    );
}

/// The puzzles of `generate`'s JSON records, one per line.
fn generated(args: &[&str]) -> Vec<Puzzle> {
    let mut all = vec!["generate", "-f", "json", "-q"];
    all.extend_from_slice(args);
    let output = crate::cli::run(&all, "");
    crate::cli::assert_success(&output);
    let entries = satdoku::model::parse::parse_document(&output.stdout, &Default::default());
    entries.into_iter().map(|entry| entry.puzzle.expect("a record reads back")).collect()
}

#[test]
fn generate_with_more_digits_gives_unique_minimal_puzzles() {
    for (rules, digits) in [("classic", "6"), ("same-digits", "9")] {
        let args = ["--size", "4", "--digits", digits, "--rules", rules, "--count", "3"];
        let puzzles = generated(&args);
        assert_eq!(puzzles.len(), 3, "{rules}");
        let m: usize = digits.parse().unwrap();
        for puzzle in &puzzles {
            assert_eq!(puzzle.geometry().digits(), m, "{}", puzzle.to_text());
            assert_eq!(rules == "same-digits", puzzle.rules().contains(&Rule::SameDigits));
            // Unique by backtracking over the IR (not the SAT engine that generated it).
            let (found, exhausted) = by_backtracking(puzzle, 2);
            assert!(exhausted && found.len() == 1, "{}", puzzle.to_text());
            // Minimal: without any one given, a second solution.
            for (cell, _) in puzzle.givens().filled() {
                let mut givens = puzzle.givens().clone();
                givens.set(cell, None);
                let (found, _) = by_backtracking(&puzzle.with_givens(givens), 2);
                assert!(found.len() > 1, "{cell:?} is not needed in\n{}", puzzle.to_text());
            }
        }
    }
    let output = crate::cli::run(&["generate", "--size", "4", "--digits", "3"], "");
    crate::cli::assert_bad_input(&output, &["--digits: expected M from 4 to 35 for a 4x4 grid"]);
}
