//! Pixels of the rules added for issue 23's point 4: numbered room clues boxed (apart from a
//! sandwich's plain number), double arrows with an arrowhead into each circle (apart from a
//! between line), rellik cages labelled `≠N`, the chess rules named in the caption, and
//! combined dots (grey, their relation in the caption) and sequence lines (dark grey).

use satdoku::Puzzle;
use satdoku::render::{RenderOptions, render_svg};

use super::picture::{Picture, is_dark};

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
