//! Marks in and between cells: kropki dots, XV letters, combined dots and inequality chevrons on the edge
//! between neighbours, even squares and odd circles, minimum and maximum chevrons, quadruple
//! circles on corners.

use super::canvas::{Canvas, Layer, Point, Style, centre, midpoint};
use crate::model::geometry::Cell;
use crate::model::rule::Dot;

/// The grey of even and odd marks.
pub(crate) const PARITY_GREY: &str = "#C8C8C8";

/// A dot between two neighbours: a white or black kropki dot, the letter X or V, or for
/// other numbers the number on the dot (white for a difference, black for a ratio, bare for
/// a sum).
pub(crate) fn dot(canvas: &mut Canvas, [a, b]: [Cell; 2], dot: Dot) {
    let at = midpoint(a, b);
    let white = Style::fill("#FFFFFF").outlined("#000000", 0.025);
    let number = dot.number().to_string();
    match dot {
        Dot::WHITE => canvas.circle(Layer::Marks, at, 0.12, &white),
        Dot::BLACK => canvas.circle(Layer::Marks, at, 0.12, &Style::fill("#000000")),
        Dot::Difference(_) => {
            canvas.circle(Layer::Marks, at, 0.15, &white);
            canvas.text(Layer::Marks, at, &number, 0.2, &Style::fill("#000000").bold());
        }
        Dot::Ratio(_) => {
            canvas.circle(Layer::Marks, at, 0.15, &Style::fill("#000000"));
            canvas.text(Layer::Marks, at, &number, 0.2, &Style::fill("#FFFFFF").bold());
        }
        Dot::Sum(_) => {
            canvas.circle(Layer::Marks, at, 0.17, &Style::fill("#FFFFFF"));
            let letter = match dot {
                Dot::X => "X",
                Dot::V => "V",
                _ => &number,
            };
            canvas.text(Layer::Marks, at, letter, 0.36, &Style::fill("#000000").bold());
        }
    }
}

/// A dot of a combined relation between two neighbours: a grey dot (the caption states the
/// relation).
pub(crate) fn combined_dot(canvas: &mut Canvas, [a, b]: [Cell; 2]) {
    let grey = Style::fill(COMBINED_GREY).outlined("#000000", 0.025);
    canvas.circle(Layer::Marks, midpoint(a, b), 0.12, &grey);
}

/// The grey of combined dots.
const COMBINED_GREY: &str = "#8C8C8C";

/// Even cells: a grey square in each.
pub(crate) fn even(canvas: &mut Canvas, cells: &[Cell]) {
    for &cell in cells {
        let (x, y) = centre(cell);
        canvas.rect(Layer::Underlay, (x - 0.35, y - 0.35), (0.7, 0.7), &Style::fill(PARITY_GREY));
    }
}

/// Odd cells: a grey circle in each.
pub(crate) fn odd(canvas: &mut Canvas, cells: &[Cell]) {
    for &cell in cells {
        canvas.circle(Layer::Underlay, centre(cell), 0.37, &Style::fill(PARITY_GREY));
    }
}

/// A minimum (chevrons on its edges pointing in, as `<` points to the less) or a maximum
/// (pointing out), as SudokuPad draws them: thin, close to the edge (from 0.06 to 0.11 cells
/// inside it), so that candidates keep clear; none on the grid's border.
pub(crate) fn extremum(canvas: &mut Canvas, cell: Cell, maximum: bool) {
    let (x, y) = centre(cell);
    canvas.rect(Layer::Shading, (x - 0.5, y - 0.5), (1.0, 1.0), &Style::fill("#EBEBEB"));
    let chevron = Style::stroke("#606060", 0.025);
    let (tip, base) = if maximum { (0.44, 0.39) } else { (0.39, 0.44) };
    let size = canvas.size() as isize;
    for (nx, ny) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
        if cell.offset(ny, nx, size as usize).is_none() {
            continue;
        }
        let (nx, ny) = (nx as f64, ny as f64);
        let (tx, ty) = (-ny, nx);
        let point = |out: f64, along: f64| -> Point {
            (x + nx * out + tx * along, y + ny * out + ty * along)
        };
        let points = [point(base, -0.1), point(tip, 0.0), point(base, 0.1)];
        canvas.path(Layer::Marks, &points, false, &chevron);
    }
}

/// A quadruple: a white circle where its cells meet, with its digits.
pub(crate) fn quadruple(canvas: &mut Canvas, cells: &[Cell], digits: &[usize]) {
    let count = cells.len() as f64;
    let at = cells
        .iter()
        .map(|&cell| centre(cell))
        .fold((0.0, 0.0), |(x, y), (cx, cy)| (x + cx / count, y + cy / count));
    canvas.circle(Layer::Marks, at, 0.24, &Style::fill("#FFFFFF").outlined("#000000", 0.025));
    let text: Vec<String> = digits.iter().map(usize::to_string).collect();
    let (first, second) = text.split_at(text.len().min(2));
    let height = 0.17;
    if second.is_empty() {
        canvas.text(Layer::Marks, at, &first.join(" "), height, &Style::fill("#000000"));
    } else {
        canvas.text(
            Layer::Marks,
            (at.0, at.1 - 0.08),
            &first.join(" "),
            height,
            &Style::fill("#000000"),
        );
        canvas.text(
            Layer::Marks,
            (at.0, at.1 + 0.09),
            &second.join(" "),
            height,
            &Style::fill("#000000"),
        );
    }
}

/// An inequality sign between two cells: a chevron on their shared edge, open towards the
/// greater digit (the first cell) and pointing at the smaller (the second), drawn as a path so
/// that it reads the same whatever fonts the viewer has.
pub(crate) fn greater(canvas: &mut Canvas, [a, b]: [Cell; 2]) {
    let (mid, (ax, ay), (bx, by)) = (midpoint(a, b), centre(a), centre(b));
    let (dx, dy) = (bx - ax, by - ay);
    let point = |along: f64, across: f64| -> Point {
        (mid.0 + dx * along - dy * across, mid.1 + dy * along + dx * across)
    };
    let points = [point(-0.08, -0.14), point(0.08, 0.0), point(-0.08, 0.14)];
    canvas.path(Layer::Marks, &points, false, &Style::stroke("#000000", 0.04));
}

/// Counting circles: a grey ring in each cell.
pub(crate) fn circles(canvas: &mut Canvas, cells: &[Cell]) {
    for &cell in cells {
        let style = Style::stroke("#808080", 0.04);
        canvas.circle(Layer::Shading, centre(cell), 0.42, &style);
    }
}
