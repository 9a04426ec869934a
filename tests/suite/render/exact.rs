//! Pixels of the pictures made as exact as the links (issue 23, point 5): marks in cells over
//! clone shading, arrowheads over lines, candidates clear of cage lines, cage sums and
//! extremum chevrons, X-sum clues apart from sandwich clues, the rules of the whole grid in a
//! caption, figures for digits above 9, and margins only on the sides with outside clues.

use std::fs;

use satdoku::render::{RenderOptions, render_svg};
use satdoku::{Cell, Puzzle, Rule, true_candidates};

use super::picture::{Picture, centre, collection, has_fonts, is_dark, is_grey};

/// The `tangled-arrows.json` puzzle of the datasets (clones, parity marks, arrows and
/// palindromes crossing), or `None` (the test says it skips) without the datasets.
fn tangled_arrows(test: &str) -> Option<Puzzle> {
    let dir = crate::data::datasets(test)?;
    let path = dir.join("variants/fpuzzles/dclamage-SudokuSolver/tangled-arrows.json");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(text.parse().unwrap_or_else(|e| panic!("tangled-arrows.json: {e}")))
}

/// The cells `pick` takes from the rules of `puzzle` that `within` also takes from them.
fn shared(
    puzzle: &Puzzle,
    pick: fn(&Rule) -> Vec<Cell>,
    within: fn(&Rule) -> Vec<Cell>,
) -> Vec<Cell> {
    let others: Vec<Cell> = puzzle.rules().iter().flat_map(within).collect();
    puzzle.rules().iter().flat_map(pick).filter(|cell| others.contains(cell)).collect()
}

fn parity_cells(rule: &Rule) -> Vec<Cell> {
    if let Rule::Even(cells) | Rule::Odd(cells) = rule { cells.clone() } else { vec![] }
}

fn clone_cells(rule: &Rule) -> Vec<Cell> {
    if let Rule::Clone { cells, copy } = rule { [cells.as_slice(), copy].concat() } else { vec![] }
}

fn arrow_tip(rule: &Rule) -> Vec<Cell> {
    if let Rule::Arrow { line, .. } = rule {
        line.last().copied().into_iter().collect()
    } else {
        vec![]
    }
}

fn palindrome_cells(rule: &Rule) -> Vec<Cell> {
    if let Rule::Palindrome(line) = rule { line.clone() } else { vec![] }
}

/// The grey of arrows (#A0A0A0), give or take antialiasing: darker than lines' greys.
fn is_arrow_grey(rgb: [u8; 3]) -> bool {
    rgb.iter().all(|&c| (140..=175).contains(&c))
}

#[test]
fn parity_marks_and_arrowheads_show_over_clone_shading_and_lines() {
    let Some(puzzle) = tangled_arrows("render::marks over shading and lines") else { return };
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // What to see (at r4c4 and r6c6, at r4c2 and r6c8), where round each cell's centre (in
    // the mark beside the digit's place; round the arrow's tip), in which ink, how much.
    let parity = shared(&puzzle, parity_cells, clone_cells);
    let tips = shared(&puzzle, arrow_tip, palindrome_cells);
    let grey: fn([u8; 3]) -> bool = is_grey;
    let checks = [
        ("a parity mark on clone shading", parity, ((-0.3, -0.05), (-0.2, 0.05)), grey, 30),
        ("an arrowhead on a palindrome", tips, ((-0.12, -0.12), (0.12, 0.12)), is_arrow_grey, 40),
    ];
    for (what, cells, ((x0, y0), (x1, y1)), ink, least) in checks {
        assert!(cells.len() >= 2, "{what}: {cells:?}");
        for cell in cells {
            let (x, y) = centre(cell);
            let found = picture.count((x + x0, y + y0), (x + x1, y + y1), ink);
            assert!(found > least, "{what} at {cell}: {found} pixels of its ink");
        }
    }
}

#[test]
fn candidates_keep_clear_of_cage_lines_and_sums_and_extremum_chevrons() {
    if !has_fonts("render::candidates clear of marks") {
        return;
    }
    let puzzle = collection("killer-6x6-extreme.txt");
    let found = true_candidates(&puzzle, None).unwrap();
    let sets: Vec<_> = puzzle.geometry().cells().map(|c| found.get(c)).collect();
    let bare = Picture::draw(&puzzle, &RenderOptions::new());
    let with = Picture::draw(&puzzle, &RenderOptions::new().candidates(sets));
    let n = puzzle.geometry().size() as f64;
    let step = 1.0 / 64.0;
    let mut inked = 0;
    let mut y = 0.0;
    while y < n {
        let mut x = 0.0;
        while x < n {
            let (dx, dy) = (x.fract(), y.fract());
            // What candidates add to the picture stays 0.13 cells inside its cell, where
            // nothing else is drawn: cage outlines run 0.08 in, chevrons reach 0.11 in.
            if with.rgb((x, y)) != bare.rgb((x, y)) {
                inked += 1;
                let inside = |d: f64| (0.13..=0.87).contains(&d);
                assert!(inside(dx) && inside(dy), "a candidate's ink at ({x:.3}, {y:.3})");
                // Nor over a cage's sum, in its cell's corner.
                assert!(!is_dark(bare.rgb((x, y))), "a candidate on ink at ({x:.3}, {y:.3})");
            }
            x += step;
        }
        y += step;
    }
    assert!(inked > 1000, "candidates drawn: {inked} pixels");
}

#[test]
fn x_sum_clues_are_circled_and_sandwich_clues_plain() {
    let puzzle: Puzzle =
        "size: 4\nx-sum: 10 r0c1\nsandwich: 0 r1c0\ngivens:\n....\n....\n....\n...."
            .parse()
            .unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // A ring 0.36 from the clue's centre: round the X-sum at r0c1, not round the sandwich at
    // r1c0; sampled left of the number, where no figure reaches.
    let ring =
        |(x, y): (f64, f64)| picture.count((x - 0.4, y - 0.05), (x - 0.32, y + 0.05), is_dark);
    assert!(ring((0.5, -0.5)) > 3, "the X-sum clue's circle");
    assert_eq!(ring((-0.5, 1.5)), 0, "the sandwich clue has none");
}

#[test]
fn rules_of_the_whole_grid_are_a_caption_under_it() {
    let plain: Puzzle = "1...............".parse().unwrap();
    let global = Puzzle::new(plain.givens().clone(), vec![Rule::AntiKnight, Rule::NonConsecutive]);
    let (without, with) = (
        Picture::draw(&plain, &RenderOptions::new()),
        Picture::draw(&global, &RenderOptions::new()),
    );
    assert_eq!(without.size.0, without.size.1, "no caption, a square picture");
    assert!(with.size.1 > with.size.0, "the caption adds room under the grid");
    let svg = render_svg(&global, &RenderOptions::new());
    // Two names do not fit the width of a 4×4 grid on one line: a line each.
    assert!(svg.contains(">anti-knight</text>") && svg.contains(">non-consecutive</text>"));
    if has_fonts("render::caption") {
        let (_, height) = with.size;
        let below = with.count((0.0, 4.1), (4.0, height - with.margin.1), is_dark);
        assert!(below > 50, "the caption's letters: {below} dark pixels");
    }
}

#[test]
fn digits_above_nine_are_written_in_figures() {
    let puzzle = collection("classic-16x16.txt");
    // Its givens hold every digit from 10 (A in the text format) to 16 (G).
    let svg = render_svg(&puzzle, &RenderOptions::new());
    for figure in 10..=16 {
        assert!(svg.contains(&format!(">{figure}</text>")), "{figure} is written in figures");
    }
    for letter in 'A'..='G' {
        assert!(!svg.contains(&format!(">{letter}</text>")), "no letter {letter}");
    }
}

#[test]
fn only_the_sides_with_outside_clues_have_a_wide_margin() {
    let puzzle: Puzzle =
        "size: 4\nsandwich: 3 r0c2\ngivens:\n....\n....\n....\n....".parse().unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    assert_eq!(picture.margin, (0.25, 1.0), "a clue above the grid: a wide top margin only");
    assert_eq!(picture.size, (4.5, 5.25), "a quarter cell on the other three sides");
}
