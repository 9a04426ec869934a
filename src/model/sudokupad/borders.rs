//! Lines drawn along the grid lines as region outlines: the regions they cut the grid into
//! (a document whose `regions` are the usual boxes while its drawing outlines irregular
//! ones), and whether such lines only outline the regions read.

use super::elements::Line;
use crate::model::geometry::{Cell, Geometry};
use crate::model::regions::Regions;

/// The unit edges of the grid-line lines of `lines` (see [`Line::grid_edges`]).
pub fn border_edges(lines: &[Line]) -> Vec<(usize, usize, bool)> {
    lines
        .iter()
        .filter(|line| !line.arrow && line.colour.visible())
        .filter_map(Line::grid_edges)
        .flatten()
        .collect()
}

/// The geometry whose regions the borders cut out, when they cut the grid into N regions of
/// N cells each (the usual boxes kept when the borders outline them).
pub fn outlined(geometry: Geometry, borders: &[(usize, usize, bool)]) -> Option<Geometry> {
    let n = geometry.size();
    let mut labels = vec![usize::MAX; n * n];
    let mut next = 0;
    for start in 0..n * n {
        if labels[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        labels[start] = next;
        while let Some(at) = stack.pop() {
            let (r, c) = (at / n, at % n);
            let steps = [
                (r > 0).then(|| (at - n, (r, c, true))),
                (r + 1 < n).then(|| (at + n, (r + 1, c, true))),
                (c > 0).then(|| (at - 1, (r, c, false))),
                (c + 1 < n).then(|| (at + 1, (r, c + 1, false))),
            ];
            for (neighbour, edge) in steps.into_iter().flatten() {
                if labels[neighbour] == usize::MAX && !borders.contains(&edge) {
                    labels[neighbour] = next;
                    stack.push(neighbour);
                }
            }
        }
        next += 1;
    }
    let regions = Regions::new(n, &labels).ok()?;
    let outlined = Geometry::with_regions(n, regions)?;
    let same = geometry.cells().all(|cell| {
        geometry.cells().all(|other| {
            (geometry.box_of(cell) == geometry.box_of(other))
                == (outlined.box_of(cell) == outlined.box_of(other))
        })
    });
    Some(if same { geometry } else { outlined })
}

/// Whether every edge of `line` lies between two regions of `geometry` or on the grid's rim.
pub fn outlines_regions(line: &Line, geometry: Geometry) -> bool {
    let n = geometry.size();
    line.grid_edges().is_some_and(|edges| {
        edges.iter().all(|&(r, c, across)| {
            let (a, b) = if across {
                (
                    r.checked_sub(1).map(|r| Cell::new(r, c)),
                    (r < n && c < n).then(|| Cell::new(r, c)),
                )
            } else {
                (
                    c.checked_sub(1).map(|c| Cell::new(r, c)),
                    (r < n && c < n).then(|| Cell::new(r, c)),
                )
            };
            match (a, b) {
                (Some(a), Some(b)) if a.row() < n && a.column() < n => {
                    geometry.box_of(a) != geometry.box_of(b)
                }
                _ => true,
            }
        })
    })
}
