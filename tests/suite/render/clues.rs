//! Pixels of the clues outside the grid (sandwich, X-sum and skyscraper numbers beside their
//! row or column, white margin elsewhere), of inequality chevrons (on the edge between their
//! cells, open towards the greater digit) and of indexer shading.

use satdoku::render::RenderOptions;
use satdoku::{Cell, Rule};

use super::picture::{Picture, centre, collection, has_fonts, is_dark, is_light_grey, is_white};

/// The spot (row, column, from 0; -1 or the size outside the grid) where a clue on a row or
/// column sits: one step back from its first cell, away from the second.
fn clue_spot(cells: &[Cell]) -> (i64, i64) {
    let back = |a: usize, b: usize| 2 * a as i64 - b as i64;
    (back(cells[0].row(), cells[1].row()), back(cells[0].column(), cells[1].column()))
}

#[test]
fn outside_clues_are_beside_their_row_or_column_and_the_margin_elsewhere_is_white() {
    let fonts = has_fonts("render::outside clue digits");
    for name in ["sandwich-classic.txt", "x-sum-tiny-scar.txt", "skyscraper-renban.txt"] {
        let puzzle = collection(name);
        let spots: Vec<_> = puzzle
            .rules()
            .iter()
            .filter_map(|rule| match rule {
                Rule::Sandwich { cells, .. }
                | Rule::XSum { cells, .. }
                | Rule::Skyscraper { cells, .. } => Some(clue_spot(cells)),
                _ => None,
            })
            .collect();
        assert!(spots.len() >= 9, "{name}: its clues");
        let picture = Picture::draw(&puzzle, &RenderOptions::new());
        let n = puzzle.geometry().size() as i64;
        let inside = |i: i64| (0..n).contains(&i);
        for (row, column) in (-1..=n).flat_map(|r| (-1..=n).map(move |c| (r, c))) {
            if inside(row) && inside(column) {
                continue;
            }
            let (x, y) = (column as f64, row as f64);
            let ((left, top), (width, height)) = (picture.margin, picture.size);
            let in_picture = x >= -left && y >= -top && x + 1.0 <= width - left;
            if !(in_picture && y + 1.0 <= height - top) {
                // A side without clues has a narrow margin: no room for one.
                assert!(!spots.contains(&(row, column)), "{name}: r{row}c{column} is drawn");
                continue;
            }
            let (from, to) = ((x + 0.1, y + 0.1), (x + 0.9, y + 0.9));
            if !spots.contains(&(row, column)) {
                let ink = picture.count(from, to, |c| !is_white(c));
                assert_eq!(ink, 0, "{name}: r{row}c{column} has no clue");
            } else if fonts {
                let ink = picture.count(from, to, is_dark);
                assert!(ink > 20, "{name}: the clue at r{row}c{column}: {ink} dark pixels");
            }
        }
    }
}

/// Dark pixels near the edge between `greater` and `smaller`, in the box `along` (from the
/// edge towards `smaller`, negative towards `greater`) by `across` (from the line through both
/// centres, taken on both sides), in cells.
fn sign_ink(
    picture: &Picture,
    [greater, smaller]: [Cell; 2],
    along: (f64, f64),
    across: (f64, f64),
) -> usize {
    let ((ax, ay), (bx, by)) = (centre(greater), centre(smaller));
    let (dx, dy) = (bx - ax, by - ay);
    let point =
        |u: f64, v: f64| ((ax + bx) / 2.0 + dx * u - dy * v, (ay + by) / 2.0 + dy * u + dx * v);
    [1.0, -1.0]
        .into_iter()
        .map(|side| {
            let (p, q) = (point(along.0, side * across.0), point(along.1, side * across.1));
            picture.count((p.0.min(q.0), p.1.min(q.1)), (p.0.max(q.0), p.1.max(q.1)), is_dark)
        })
        .sum()
}

#[test]
fn inequality_signs_sit_on_their_edge_open_towards_the_greater_digit() {
    let puzzle = collection("greater-6x6.txt");
    let picture = Picture::draw(&puzzle, &RenderOptions::new());
    let mut signs = 0;
    for rule in puzzle.rules() {
        let Rule::Greater(pair) = rule else { continue };
        let [greater, smaller] = pair;
        let ink = |along, across| sign_ink(&picture, *pair, along, across);
        // The chevron's arms open wide on the greater cell's side of the edge...
        let open = ink((-0.12, -0.05), (0.09, 0.2));
        assert!(open > 5, "{greater} > {smaller}: the open end, {open} dark pixels");
        // ...and close to a point on the smaller cell's side.
        let tip = ink((0.05, 0.12), (0.0, 0.06));
        assert!(tip > 5, "{greater} > {smaller}: the point, {tip} dark pixels");
        assert_eq!(ink((0.05, 0.12), (0.09, 0.2)), 0, "{greater} > {smaller}: narrow at the point");
        // Nothing else between the edge and the cells' digits.
        for along in [(-0.22, -0.14), (0.14, 0.22)] {
            assert_eq!(ink(along, (0.0, 0.2)), 0, "{greater} > {smaller}: the sign is on the edge");
        }
        signs += 1;
    }
    assert_eq!(signs, 14, "the puzzle's signs");
}

#[test]
fn indexer_cells_are_shaded_and_the_others_white() {
    for name in ["indexer-6x6-one-to-six.txt", "indexer-159-arrows.txt"] {
        let puzzle = collection(name);
        let indexing: Vec<Cell> = puzzle
            .rules()
            .iter()
            .filter_map(|rule| match rule {
                Rule::Indexer { cells, .. } => Some(cells.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        let picture = Picture::draw(&puzzle, &RenderOptions::new());
        for cell in puzzle.geometry().cells() {
            // A corner of the cell, clear of its digit and of the lines of arrows (159 arrows).
            let corner = (cell.column() as f64 + 0.1, cell.row() as f64 + 0.1);
            let colour = picture.rgb(corner);
            let shaded = is_light_grey(colour);
            assert_eq!(shaded, indexing.contains(&cell), "{name}: {cell} is {colour:?}");
            assert!(shaded || is_white(colour), "{name}: {cell} is {colour:?}");
        }
    }
}
