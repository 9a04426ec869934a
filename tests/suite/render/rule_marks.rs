//! Pixels of the rules added for issue 23's point 4: numbered room clues boxed (apart from a
//! sandwich's plain number), double arrows with an arrowhead into each circle (apart from a
//! between line), rellik cages labelled `≠N`, the chess rules named in the caption, the line
//! colours satdoku's SudokuPad links use, lockout diamonds, counting circles and numbered dots,
//! combined dots (grey, their relation in the caption), sequence lines (dark grey), given
//! pencil marks (small black digits across the cell's middle, hidden by a given), diagonals
//! of equal totals (little-killer arrows without a number, the total captioned) and
//! look-and-say clues (a cage's label or a little killer's number, captioned).

use satdoku::Puzzle;
use satdoku::render::{RenderOptions, render_svg};

use super::picture::{Picture, is_dark, is_white};

/// The grey of arrows and between lines (#A0A0A0), give or take antialiasing.
fn is_line_grey(rgb: [u8; 3]) -> bool {
    rgb.iter().all(|&c| (120..=200).contains(&c))
}

#[test]
fn numbered_room_clues_are_boxed_and_sandwich_clues_plain() {
    let puzzle: Puzzle =
        "size: 4\nnumbered-room: 3 r0c1\nsandwich: 0 r1c0\ngivens:\n....\n....\n....\n...."
            .parse()
            .unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // The left side of a square 0.32 from the clue's centre, from above to below the figure.
    let side =
        |(x, y): (f64, f64)| picture.count((x - 0.35, y - 0.25), (x - 0.29, y + 0.25), is_dark);
    assert!(side((0.5, -0.5)) > 5, "the numbered room clue's square");
    assert_eq!(side((-0.5, 1.5)), 0, "the sandwich clue has none");
}

#[test]
fn double_arrows_point_into_both_circles_and_between_lines_do_not() {
    let puzzle: Puzzle = "size: 4\ndouble-arrow: r1c1 r1c2 r1c3\nbetween: r3c1 r3c2 r3c3\n\
        givens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // An arrowhead's strokes run back from the circle's edge (0.4 from its centre), above and
    // below the line: sampled above it, clear of the circle and of the line itself.
    let head = |x: f64, y: f64| picture.count((x, y - 0.15), (x + 0.09, y - 0.05), is_line_grey);
    assert!(head(0.96, 0.5) > 3, "the arrowhead at r1c1");
    assert!(head(1.95, 0.5) > 3, "the arrowhead at r1c3");
    assert_eq!(head(0.96, 2.5), 0, "a between line has none");
}

#[test]
fn rellik_cages_are_labelled_with_their_number_and_chess_rules_captioned() {
    let puzzle: Puzzle = "size: 4\nrules: anti-leaper-2-2, anti-taxicab\nrellik: 5 r1c1 r1c2\n\
        givens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let svg = render_svg(&puzzle, &RenderOptions::new());
    assert!(svg.contains(">≠5</text>"), "{svg}");
    assert!(svg.contains(">anti-leaper-2-2</text>") && svg.contains(">anti-taxicab</text>"));
}

/// Whether `rgb` is within 40 of `target` in each channel (antialiasing blends edges).
fn near(rgb: [u8; 3], target: [u8; 3]) -> bool {
    rgb.iter().zip(target).all(|(&c, t)| c.abs_diff(t) <= 40)
}

/// Lockout lines' dark red (#B00000), as the SudokuPad links draw them.
fn is_lockout_red(rgb: [u8; 3]) -> bool {
    near(rgb, [0xB0, 0x00, 0x00])
}

/// Parity lines' purple (#9060F0).
fn is_parity_purple(rgb: [u8; 3]) -> bool {
    near(rgb, [0x90, 0x60, 0xF0])
}

/// Differences-count lines' brown (#8B5A2B).
fn is_count_brown(rgb: [u8; 3]) -> bool {
    near(rgb, [0x8B, 0x5A, 0x2B])
}

#[test]
fn lines_have_the_colours_of_satdokus_sudokupad_links_and_lockout_ends_are_diamonds() {
    let puzzle: Puzzle = "size: 4\nlockout: 2 r1c1 r1c2 r1c3\nparity-line: r2c1 r2c2 r2c3\n\
        differences-count: r3c1 r3c2 r3c3\nsum-line: 5 r4c1 r4c2 r4c3\n\
        givens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // Each line along its row, sampled across it between the centres of c2 and c3.
    let on_line = |y: f64, test| picture.count((1.9, y - 0.04), (2.1, y + 0.04), test);
    assert!(on_line(0.5, is_lockout_red) > 10, "the lockout line is dark red");
    assert!(on_line(1.5, is_parity_purple) > 10, "the parity line is purple");
    assert!(on_line(2.5, is_count_brown) > 10, "the differences-count line is brown");
    // A sum line is white in the middle, edged in grey.
    assert!(on_line(3.5, is_white) > 10, "the sum line is white");
    let edge = picture.count((1.9, 3.5 + 0.11), (2.1, 3.5 + 0.13), is_line_grey);
    assert!(edge > 3, "the sum line's grey edge");
    // A diamond's side passes halfway between its top and right corners (0.35 from the
    // centre), well inside where a circle of that size would be.
    let side = picture.count((0.64, 0.3), (0.71, 0.35), is_lockout_red);
    assert!(side > 3, "the diamond at r1c1");
    assert!(is_white(picture.rgb((0.5, 0.3))), "inside the diamond");
}

#[test]
fn counting_circles_are_grey_rings_and_numbered_dots_show_their_kind() {
    let puzzle: Puzzle = "size: 4\ncounting-circles: r1c1\ndifference: 2 r3c1 r3c2\n\
        ratio: 3 r4c1 r4c2\ngivens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // A ring 0.42 from r1c1's centre, its middle left white.
    assert!(picture.count((0.06, 0.48), (0.1, 0.52), is_line_grey) > 3, "the ring");
    assert!(is_white(picture.rgb((0.5, 0.3))), "the ring's middle");
    // A difference dot: white inside its ring (0.15 from the edge's middle); a ratio dot:
    // black there. Sampled beside the number, on the edge at column 1.
    let inside = |y: f64, test| picture.count((1.08, y - 0.02), (1.12, y + 0.02), test);
    assert!(inside(2.5, is_white) > 3, "the difference dot is white");
    assert!(inside(3.5, is_dark) > 3, "the ratio dot is black");
    let ring = picture.count((1.14, 2.48), (1.16, 2.52), is_dark);
    assert!(ring > 0, "the difference dot's ring");
}

#[test]
fn combined_dots_are_grey_with_their_relation_captioned_and_sequence_lines_dark_grey() {
    let puzzle: Puzzle = "size: 4\ncombined-dot: x|v r1c1 r1c2\ncombined-dot: x|v r3c3 r4c3\n\
        sequence: r3c1 r2c2 r1c3\ngivens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let svg = render_svg(&puzzle, &RenderOptions::new());
    // One caption for both dots.
    assert_eq!(svg.matches(">grey dots: x|v</text>").count(), 1, "{svg}");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    let dark_grey = |rgb: [u8; 3]| rgb.iter().all(|&c| (0x70..=0xA0).contains(&c));
    // The dot on the edge r1c1|r1c2 (x = 1, y = 0.5), and the line's middle at r2c2.
    assert!(picture.count((0.95, 0.45), (1.05, 0.55), dark_grey) > 3, "the combined dot");
    assert!(picture.count((1.4, 1.4), (1.6, 1.6), dark_grey) > 3, "the sequence line");
    assert_eq!(picture.count((3.4, 0.4), (3.6, 0.6), dark_grey), 0, "none in r1c4");
}

#[test]
fn given_pencil_marks_are_small_digits_across_the_middle_of_their_cell() {
    let puzzle: Puzzle =
        "size: 4\ncandidates: 134 r1c1\ncandidates: 12 r1c2\ngivens:\n.2..\n....\n....\n...."
            .parse()
            .unwrap();
    // One text of three figures; true candidates, when drawn, take the cell instead.
    assert!(render_svg(&puzzle, &RenderOptions::new()).contains(">134</text>"));
    let every = vec![satdoku::model::digit::DigitSet::full(4); 16];
    let svg = render_svg(&puzzle, &RenderOptions::new().candidates(every));
    assert!(!svg.contains(">134</text>"), "{svg}");
    if !super::picture::has_fonts("render::given pencil marks") {
        return;
    }
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // Three figures in a row across r1c1's middle, none near its top or bottom edge.
    let band = |x: f64| picture.count((x - 0.08, 0.38), (x + 0.08, 0.62), is_dark);
    for x in [0.33, 0.5, 0.67] {
        assert!(band(x) > 3, "a mark at x = {x}: {} dark pixels", band(x));
    }
    assert_eq!(picture.count((0.15, 0.12), (0.85, 0.3), is_dark), 0, "above the marks");
    assert_eq!(picture.count((0.15, 0.7), (0.85, 0.88), is_dark), 0, "below the marks");
    // The given 2 in r1c2 hides its marks: one big figure, reaching high in the cell.
    assert!(picture.count((1.3, 0.2), (1.7, 0.35), is_dark) > 10, "the given's top");
}

#[test]
fn diagonals_of_equal_totals_are_arrows_without_a_number_and_a_caption() {
    let puzzle: Puzzle = "size: 4\nequal-products: r1c2 r2c3 r3c4 / r4c1 r3c2 r2c3 r1c4\n\
        givens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let svg = render_svg(&puzzle, &RenderOptions::new());
    assert_eq!(svg.matches(">arrows: equal products</text>").count(), 1, "{svg}");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    let dark = |rgb: [u8; 3]| rgb.iter().all(|&c| c < 0x60);
    // The first diagonal's arrow, above r1c1, points down-right from the clue's spot
    // (x 0.5, y -0.5) towards r1c2; the second's, below and left of r4c1 (x -0.5, y 4.5),
    // up-right.
    assert!(picture.count((0.68, -0.32), (0.96, -0.04), dark) > 3, "the first arrow");
    assert!(picture.count((-0.32, 4.04), (-0.04, 4.32), dark) > 3, "the second arrow");
    // No number where a little killer writes its total.
    assert_eq!(picture.count((0.3, -0.7), (0.55, -0.45), dark), 0, "no number by the first");
}

#[test]
fn look_and_say_clues_label_a_cage_or_stand_by_a_diagonal_and_are_captioned() {
    let puzzle: Puzzle = "size: 4\nlook-and-say: 2311 r2c3 r3c3 r3c2\n\
        look-and-say: 12 r1c1 r2c2 r3c3 r4c4\ngivens:\n....\n....\n....\n...."
        .parse()
        .unwrap();
    let svg = render_svg(&puzzle, &RenderOptions::new());
    assert!(svg.contains(">2311</text>") && svg.contains(">12</text>"), "{svg}");
    assert_eq!(svg.matches(">look-and-say</text>").count(), 1, "{svg}");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    // The group's clue in the corner of its first cell in reading order, r2c3 (x 2, y 1).
    assert!(picture.count((2.05, 1.05), (2.6, 1.25), is_dark) > 5, "the cage's clue");
    // The diagonal's clue outside the grid, above and left of r1c1 (its spot x -0.5, y -0.5),
    // with the arrow pointing down-right towards r1c1.
    assert!(picture.count((-0.85, -0.8), (-0.35, -0.45), is_dark) > 5, "the diagonal's clue");
    assert!(picture.count((-0.28, -0.28), (-0.1, -0.1), is_dark) > 3, "the arrow");
    // The diagonal is no cage: no dashed outline inside r1c1's top-left corner.
    assert_eq!(picture.count((0.05, 0.05), (0.3, 0.12), is_dark), 0, "no cage at r1c1");
}
