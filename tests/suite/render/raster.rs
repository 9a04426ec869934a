//! A small antialiased rasteriser for the render tests: polygons filled by the non-zero rule
//! (each pixel covered exactly across and sampled on a few lines down), outlines of circles and
//! rounded rectangles as polygons, and strokes with round caps and joins (optionally dashed)
//! as unions of segment bands and discs. Enough for the shapes `render_svg` draws.

/// A point in pixels, x right and y down.
pub(super) type Point = (f64, f64);

/// The horizontal lines sampled in each row of pixels.
const SAMPLES: usize = 5;

/// How far a polygon may stray from a true circle, in pixels.
const TOLERANCE: f64 = 0.05;

/// A picture being painted: an opaque RGB canvas, channels 0.0–255.0.
pub(super) struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<[f64; 3]>,
}

impl Raster {
    /// A white canvas of `width`×`height` pixels.
    pub(super) fn new(width: usize, height: usize) -> Raster {
        Raster { width, height, pixels: vec![[255.0; 3]; width * height] }
    }

    /// The colour of pixel (x, y), or `None` outside the canvas.
    pub(super) fn pixel(&self, x: usize, y: usize) -> Option<[u8; 3]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        Some(self.pixels[y * self.width + x].map(|c| c.round() as u8))
    }

    /// Paints `colour` over the area the polygons enclose (non-zero rule), each pixel in
    /// proportion to how much of it is covered.
    pub(super) fn fill(&mut self, polygons: &[Vec<Point>], colour: [u8; 3]) {
        let edges: Vec<[Point; 2]> = polygons
            .iter()
            .flat_map(|polygon| {
                let next = polygon.iter().cycle().skip(1);
                polygon.iter().zip(next).map(|(&a, &b)| [a, b])
            })
            .filter(|[a, b]| a.1 != b.1)
            .collect();
        let Some((top, bottom)) = self.rows(&edges) else { return };
        let mut coverage = vec![0.0; self.width + 1];
        for row in top..bottom {
            coverage.fill(0.0);
            for sample in 0..SAMPLES {
                let y = row as f64 + (sample as f64 + 0.5) / SAMPLES as f64;
                for (from, to) in spans(&edges, y) {
                    self.cover(&mut coverage, from, to);
                }
            }
            self.blend(row, &coverage, colour);
        }
    }

    /// The rows of pixels the edges reach, clipped to the canvas.
    fn rows(&self, edges: &[[Point; 2]]) -> Option<(usize, usize)> {
        let ys = edges.iter().flat_map(|[a, b]| [a.1, b.1]);
        let (low, high) = ys.fold((f64::MAX, f64::MIN), |(l, h), y| (l.min(y), h.max(y)));
        let top = low.floor().max(0.0) as usize;
        let bottom = (high.ceil().max(0.0) as usize).min(self.height);
        (top < bottom).then_some((top, bottom))
    }

    /// Adds a span from x = `from` to `to` on one sample line to the row's coverage: whole
    /// pixels inside, fractions at the ends.
    fn cover(&self, coverage: &mut [f64], from: f64, to: f64) {
        let weight = 1.0 / SAMPLES as f64;
        let (from, to) = (from.clamp(0.0, self.width as f64), to.clamp(0.0, self.width as f64));
        if from >= to {
            return;
        }
        let (first, last) = (from.floor() as usize, (to.ceil() as usize).max(1) - 1);
        for (x, cell) in coverage.iter_mut().enumerate().take(last + 1).skip(first) {
            let inside = to.min(x as f64 + 1.0) - from.max(x as f64);
            *cell += inside.max(0.0) * weight;
        }
    }

    /// Blends `colour` into row `y` by the coverage of each pixel.
    fn blend(&mut self, y: usize, coverage: &[f64], colour: [u8; 3]) {
        let row = &mut self.pixels[y * self.width..(y + 1) * self.width];
        for (pixel, &alpha) in row.iter_mut().zip(coverage) {
            let alpha = alpha.min(1.0);
            if alpha > 0.0 {
                for (channel, &target) in pixel.iter_mut().zip(&colour) {
                    *channel += (f64::from(target) - *channel) * alpha;
                }
            }
        }
    }
}

/// The spans of a sample line at `y` inside the edges by the non-zero rule, left to right.
fn spans(edges: &[[Point; 2]], y: f64) -> Vec<(f64, f64)> {
    let mut crossings: Vec<(f64, i32)> = edges
        .iter()
        .filter(|[a, b]| (a.1 <= y && y < b.1) || (b.1 <= y && y < a.1))
        .map(|[a, b]| {
            let x = a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1);
            (x, if b.1 > a.1 { 1 } else { -1 })
        })
        .collect();
    crossings.sort_by(|p, q| p.0.total_cmp(&q.0));
    let mut spans = Vec::new();
    let mut winding = 0;
    for (x, direction) in crossings {
        let was_inside = winding != 0;
        winding += direction;
        if !was_inside && winding != 0 {
            spans.push((x, x));
        } else if was_inside && winding == 0 {
            spans.last_mut().expect("a span being closed").1 = x;
        }
    }
    spans
}

/// The points of a circular arc round `centre`, `radius` pixels, from angle `from` to `to`
/// (radians, y down), close enough to the circle.
pub(super) fn arc(centre: Point, radius: f64, from: f64, to: f64) -> Vec<Point> {
    let step = 2.0 * (1.0 - TOLERANCE / radius.max(TOLERANCE)).acos();
    let steps = (((to - from).abs() / step.max(1e-3)).ceil() as usize).clamp(2, 256);
    (0..=steps)
        .map(|i| {
            let angle = from + (to - from) * i as f64 / steps as f64;
            (centre.0 + radius * angle.cos(), centre.1 + radius * angle.sin())
        })
        .collect()
}

/// A circle as a polygon.
pub(super) fn circle(centre: Point, radius: f64) -> Vec<Point> {
    let mut points = arc(centre, radius, 0.0, std::f64::consts::TAU);
    points.pop();
    points
}

/// A rectangle from its top-left corner, `width`×`height`, with corners rounded by `radius`
/// (clamped to half the shorter side, as SVG does).
pub(super) fn rounded_rect((x, y): Point, (width, height): Point, radius: f64) -> Vec<Point> {
    let r = radius.min(width / 2.0).min(height / 2.0);
    if r <= 0.0 {
        return vec![(x, y), (x + width, y), (x + width, y + height), (x, y + height)];
    }
    let quarter = std::f64::consts::FRAC_PI_2;
    let corners = [
        ((x + width - r, y + r), -quarter),
        ((x + width - r, y + height - r), 0.0),
        ((x + r, y + height - r), quarter),
        ((x + r, y + r), 2.0 * quarter),
    ];
    corners.iter().flat_map(|&(centre, start)| arc(centre, r, start, start + quarter)).collect()
}

/// The area a stroke `width` pixels wide with round caps and joins covers along `path`
/// (closed: back to its first point), dashed `dash` on and `dash` off when given: a band per
/// segment and a disc at each point, all turned the same way so that the non-zero rule
/// unites them.
pub(super) fn stroke(
    path: &[Point],
    closed: bool,
    width: f64,
    dash: Option<f64>,
) -> Vec<Vec<Point>> {
    let mut points = path.to_vec();
    if closed && path.len() > 1 {
        points.push(path[0]);
    }
    let pieces = match dash {
        Some(length) if length > 0.0 => dashes(&points, length),
        _ => vec![points],
    };
    let radius = width / 2.0;
    let mut polygons = Vec::new();
    for piece in pieces {
        polygons.extend(piece.iter().map(|&point| circle(point, radius)));
        for pair in piece.windows(2) {
            let [(ax, ay), (bx, by)] = [pair[0], pair[1]];
            let length = (bx - ax).hypot(by - ay);
            if length > 0.0 {
                let (nx, ny) = (-(by - ay) / length * radius, (bx - ax) / length * radius);
                let band = [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny)];
                polygons.push(vec![band[0], band[1], band[2], (ax - nx, ay - ny)]);
            }
        }
    }
    for polygon in &mut polygons {
        if signed_area(polygon) < 0.0 {
            polygon.reverse();
        }
    }
    polygons
}

/// The dashes along a polyline: `length` on, `length` off, from its start.
fn dashes(points: &[Point], length: f64) -> Vec<Vec<Point>> {
    let mut pieces = Vec::new();
    let mut current: Vec<Point> = points.first().copied().into_iter().collect();
    let (mut on, mut left) = (true, length);
    for pair in points.windows(2) {
        let [(ax, ay), (bx, by)] = [pair[0], pair[1]];
        let segment = (bx - ax).hypot(by - ay);
        let mut done = 0.0;
        while segment - done > left {
            done += left;
            let t = done / segment;
            let point = (ax + (bx - ax) * t, ay + (by - ay) * t);
            if on {
                current.push(point);
                pieces.push(std::mem::take(&mut current));
            } else {
                current = vec![point];
            }
            (on, left) = (!on, length);
        }
        left -= segment - done;
        if on {
            current.push((bx, by));
        }
    }
    if on && !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// Twice the polygon's area, positive when it turns one way and negative the other.
fn signed_area(polygon: &[Point]) -> f64 {
    let next = polygon.iter().cycle().skip(1);
    polygon.iter().zip(next).map(|(a, b)| a.0 * b.1 - b.0 * a.1).sum()
}
