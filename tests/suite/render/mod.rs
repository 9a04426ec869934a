//! Checks the SVG pictures by rasterising them (with the small rasteriser of `raster`, which
//! draws the subset of SVG `render_svg` writes) and reading pixels where known
//! features must be: a given's pixels are dark, a black kropki dot's centre is black, an even
//! square is grey, region borders are thick and cell lines thin, a thermometer's bulb is grey,
//! a cage's outline is dashed, solution digits are blue, candidates sit in their keypad spot;
//! `clues` checks the clues outside the grid, inequality signs and indexer shading.

mod clues;
mod exact;
mod font;
mod picture;
mod raster;
mod rule_marks;
mod svg;

use std::fs;

use satdoku::Puzzle;
use satdoku::render::{CELL_PIXELS, RenderOptions, render_svg};
use satdoku::true_candidates;

use picture::{
    Picture, cell, centre, collection, has_fonts, is_blue, is_dark, is_green, is_grey, is_white,
    luma,
};
use svg::Svg;

#[test]
fn givens_are_dark_and_empty_cells_white() {
    if !has_fonts("render::givens_are_dark_and_empty_cells_white") {
        return;
    }
    let puzzle = collection("sqlite-example.txt");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    for cell in puzzle.geometry().cells() {
        let dark = picture.dark_in_cell(cell);
        if puzzle.givens().get(cell).is_some() {
            assert!(dark > 40, "given {cell}: {dark} dark pixels");
        } else {
            assert_eq!(dark, 0, "empty {cell}");
        }
    }
}

#[test]
fn region_borders_are_thick_and_cell_lines_thin() {
    // Dark pixels on a short horizontal run across a vertical line at x, in row `row`.
    let across = |picture: &Picture, x: f64, row: f64| {
        picture.count((x - 0.06, row + 0.3), (x + 0.06, row + 0.31), is_dark)
    };
    let classic = Picture::draw(&collection("classic-4x4.txt"), &RenderOptions::new());
    assert!(across(&classic, 2.0, 0.0) >= 2, "the box border between c2 and c3 is thick");
    assert_eq!(across(&classic, 1.0, 0.0), 0, "the cell line between c1 and c2 is thin grey");
    // Irregular regions: r4c3 (region 4) and r4c4 (region 5) meet at x = 3, r4c4 and r4c5
    // (region 6) at x = 4; r5c4 and r5c5 are both in region 5.
    let jigsaw = Picture::draw(&collection("irregular-7x7-kropki.txt"), &RenderOptions::new());
    assert!(across(&jigsaw, 3.0, 3.0) >= 2, "region border r4c3|r4c4");
    assert!(across(&jigsaw, 4.0, 3.0) >= 2, "region border r4c4|r4c5");
    assert_eq!(across(&jigsaw, 4.0, 4.0), 0, "r5c4|r5c5 share a region");
    assert_eq!(across(&jigsaw, 1.0, 0.0), 0, "row 1 is one region");
}

#[test]
fn kropki_dots_are_black_or_white_with_a_ring() {
    let puzzle = collection("kropki-6x6-alien-abacus.txt");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // ratio r1c1-r1c2 (black): the edge x = 1 at row 1's middle.
    assert!(is_dark(picture.rgb((1.0, 0.5))), "black dot {:?}", picture.rgb((1.0, 0.5)));
    // difference r5c2-r6c2 (white): the edge y = 5 at column 2's middle.
    assert!(is_white(picture.rgb((1.5, 5.0))), "white dot centre {:?}", picture.rgb((1.5, 5.0)));
    let ring = picture.count((1.5 - 0.15, 5.0 - 0.01), (1.5 - 0.09, 5.0 + 0.01), is_dark);
    assert!(ring >= 1, "the white dot has a dark ring");
}

#[test]
fn even_squares_and_odd_circles_are_grey() {
    let puzzle = collection("even-odd-6x6-strange-level.txt");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // Even r3c4: the square reaches near the cell's corners.
    let (x, y) = (3.0, 2.0);
    assert!(
        is_grey(picture.rgb((x + 0.2, y + 0.2))),
        "even square {:?}",
        picture.rgb((x + 0.2, y + 0.2))
    );
    // Odd r2c3: grey in the middle, white in the corner (outside the circle).
    let (x, y) = (2.0, 1.0);
    assert!(is_grey(picture.rgb((x + 0.5, y + 0.3))), "odd circle");
    assert!(is_white(picture.rgb((x + 0.12, y + 0.12))), "odd cell's corner");
    // An unmarked empty cell, r1c1, has no grey.
    assert_eq!(picture.count((0.1, 0.1), (0.9, 0.9), is_grey), 0);
}

#[test]
fn thermometers_have_grey_bulbs_and_cages_dashed_outlines() {
    let thermo = collection("thermo-6x6-frost.txt");
    let Some(satdoku::Rule::Thermo { cells, .. }) =
        thermo.rules().iter().find(|rule| matches!(rule, satdoku::Rule::Thermo { .. }))
    else {
        panic!("a thermometer")
    };
    let picture = Picture::draw(&thermo, &RenderOptions::new());
    let bulb = centre(cells[0]);
    if thermo.givens().get(cells[0]).is_none() {
        assert!(is_grey(picture.rgb((bulb.0 + 0.3, bulb.1))), "bulb {:?}", picture.rgb(bulb));
    }
    let (a, b) = (centre(cells[0]), centre(cells[1]));
    let between = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let on_line = picture.count(
        (between.0 - 0.05, between.1 - 0.05),
        (between.0 + 0.05, between.1 + 0.05),
        is_grey,
    );
    assert!(on_line > 20, "the thermometer's line between its first cells");

    // Cage 18 r1c1 r2c1 r3c1 r3c2: its top side runs 0.08 below y = 0, dashed.
    let killer = Picture::draw(&collection("killer-6x6-extreme.txt"), &RenderOptions::new());
    let left_side = killer.count((0.07, 0.35), (0.095, 2.6), is_dark);
    let run = ((2.6 - 0.35) * CELL_PIXELS) as usize;
    assert!(left_side > run / 4 && left_side < run * 2, "dashes: {left_side} of {run}");
    let gaps =
        (0..run).filter(|i| !is_dark(killer.rgb((0.08, 0.35 + *i as f64 / CELL_PIXELS)))).count();
    assert!(gaps > run / 5, "a dashed line has gaps: {gaps} of {run}");
    if has_fonts("render::cage sums") {
        assert!(killer.count((0.03, 0.03), (0.3, 0.27), is_dark) > 5, "the 18 in r1c1's corner");
    }
}

#[test]
fn arrows_lines_letters_and_outside_clues_are_drawn() {
    let eddies = Picture::draw(&collection("arrow-eddies.txt"), &RenderOptions::new());
    let pill = centre(cell("r3c1"));
    assert!(is_white(eddies.rgb(pill)), "the arrow's circle is white inside");
    let ring = eddies
        .count((pill.0 - 0.42, pill.1 - 0.01), (pill.0 - 0.38, pill.1 + 0.01), |c| luma(c) < 200);
    assert!(ring >= 1, "the circle has a grey ring");

    let whispers = collection("whispers-6x6-german-whisper-test.txt");
    let picture = Picture::draw(&whispers, &RenderOptions::new());
    // r1c1 - r1c2 is on a whisper line (sampled off the cell line between them).
    assert!(is_green(picture.rgb((0.8, 0.5))), "whispers are green {:?}", picture.rgb((0.8, 0.5)));

    let diagonal = Picture::draw(&collection("sudoku-x.txt"), &RenderOptions::new());
    assert!(
        is_blue(diagonal.rgb((0.15, 0.15))),
        "the main diagonal {:?}",
        diagonal.rgb((0.15, 0.15))
    );

    let peak = collection("little-killer-4x4-peak.txt");
    let picture = Picture::draw(&peak, &RenderOptions::new());
    assert_eq!(picture.margin, (1.0, 1.0), "the corner clue widens the left and top margins");
    if has_fonts("render::outside clues") {
        // The 6 clue sits in the corner outside r1c1, the V between r1c1 and r1c2.
        assert!(picture.count((-0.9, -0.9), (-0.1, -0.1), is_dark) > 20, "little killer clue");
        assert!(picture.count((0.85, 0.35), (1.15, 0.65), is_dark) > 10, "the V");
    }
}

#[test]
fn the_solution_is_blue_and_candidates_sit_in_their_keypad_spot() {
    if !has_fonts("render::solution and candidates") {
        return;
    }
    let puzzle: Puzzle = "1..4............".parse().unwrap();
    let solved: Puzzle = collection("sqlite-example.txt");
    let solution = solved.solution().expect("a recorded solution").clone();
    let picture = Picture::draw(&solved, &RenderOptions::new().solution(solution));
    let empty = cell("r1c3");
    assert!(solved.givens().get(empty).is_none());
    let (x, y) = (2.0, 0.0);
    assert!(picture.count((x + 0.2, y + 0.2), (x + 0.8, y + 0.8), is_blue) > 30, "blue digit");
    assert_eq!(picture.count((0.2, 0.2), (0.8, 0.8), is_blue), 0, "the given 5 stays black");

    let found = true_candidates(&puzzle, None).unwrap();
    let sets: Vec<_> = puzzle.geometry().cells().map(|c| found.get(c)).collect();
    let picture = Picture::draw(&puzzle, &RenderOptions::new().candidates(sets));
    for cell in puzzle.geometry().cells().filter(|&c| puzzle.givens().get(c).is_none()) {
        // The keypad keeps 0.16 cells inside the cell: two spots of 0.34 a side.
        let (x, y) = (cell.column() as f64 + 0.16, cell.row() as f64 + 0.16);
        for digit in 1..=4 {
            let (row, column) = ((digit - 1) / 2, (digit - 1) % 2);
            let spot = (x + column as f64 * 0.34, y + row as f64 * 0.34);
            let ink = picture.count(spot, (spot.0 + 0.34, spot.1 + 0.34), |c| luma(c) < 150);
            let candidate = found.get(cell).iter().any(|d| d.value() == digit);
            assert_eq!(ink > 5, candidate, "{cell} digit {digit}: {ink} inked pixels");
        }
    }
}

#[test]
fn every_dataset_puzzle_satdoku_reads_renders_to_a_valid_picture() {
    let Some(dir) = crate::data::datasets("render::every_dataset_puzzle") else { return };
    let mut drawn = 0;
    for folder in ["constructed", "kinnison-kaji", "dclamage-SudokuSolver"] {
        let folder = dir.join("variants/fpuzzles").join(folder);
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let text = fs::read_to_string(&path).unwrap();
            // Files with rules satdoku does not have yet are refused by the reader (its tests).
            let Ok(puzzle) = text.parse::<Puzzle>() else { continue };
            let svg = render_svg(&puzzle, &RenderOptions::new());
            if let Err(e) = Svg::parse(&svg) {
                panic!("{}: {e}", path.display());
            }
            drawn += 1;
        }
    }
    assert!(drawn >= 40, "only {drawn} dataset puzzles drawn");
}

#[test]
fn every_collection_puzzle_renders_to_a_valid_picture() {
    let dir = format!("{}/puzzles", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".txt"))
        .collect();
    names.sort();
    for name in names {
        let puzzle = collection(&name);
        let mut options = RenderOptions::new();
        if let Some(solution) = puzzle.solution() {
            options = options.solution(solution.clone());
        }
        let svg = render_svg(&puzzle, &options);
        if let Err(e) = Svg::parse(&svg) {
            panic!("{name}: {e}");
        }
    }
}

#[test]
fn the_readme_pictures_are_what_render_draws_now() {
    for (picture, name, with_solution) in [
        ("killer-6x6-extreme.svg", "killer-6x6-extreme.txt", false),
        ("arrow-eddies-solution.svg", "arrow-eddies.txt", true),
    ] {
        let puzzle = collection(name);
        let mut options = RenderOptions::new();
        if with_solution {
            options = options.solution(puzzle.solution().expect("a recorded solution").clone());
        }
        let path = format!("{}/docs/{picture}", env!("CARGO_MANIFEST_DIR"));
        let committed = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            committed,
            render_svg(&puzzle, &options),
            "docs/{picture} is stale: redraw it with the `satdoku render` command of docs/setters.md"
        );
    }
}
