//! Marks on cells: arrows from their circles, counting circles, and odd and even marks.

use serde_json::json;

use super::{Writer, centre, centres};
use crate::model::geometry::Cell;
use crate::model::layout::arrow_start;

impl Writer {
    /// An arrow: a grey-edged pill around its circle's cells, a grey arrow from it along
    /// `line`, and the sentence naming arrows.
    pub(super) fn arrow(&mut self, pill: &[Cell], line: &[Cell]) {
        let rows = pill.iter().map(|c| c.row() as f64);
        let columns = pill.iter().map(|c| c.column() as f64);
        let (r0, r1) = (rows.clone().fold(f64::MAX, f64::min), rows.fold(f64::MIN, f64::max));
        let (c0, c1) = (columns.clone().fold(f64::MAX, f64::min), columns.fold(f64::MIN, f64::max));
        self.push(
            "overlays",
            json!({"center": [(r0 + r1) / 2.0 + 0.5, (c0 + c1) / 2.0 + 0.5],
            "width": 0.83 + c1 - c0, "height": 0.83 + r1 - r0, "rounded": true,
            "backgroundColor": "#FFFFFF", "borderColor": "#a1a1a1"}),
        );
        let start = arrow_start(pill, line);
        let mut points = vec![start];
        points.extend_from_slice(line);
        self.push(
            "arrows",
            json!({"color": "#a1a1a1", "thickness": 5, "headLength": 0.3,
            "wayPoints": centres(&points)}),
        );
        self.sentence("Arrows: digits along an arrow add up to the number in its circle.");
    }

    /// Counting circles: a grey-edged circle on each cell, and the sentence naming them.
    pub(super) fn counting_circles(&mut self, cells: &[Cell]) {
        for cell in cells {
            self.push(
                "overlays",
                json!({"center": centre(*cell), "width": 0.8, "height": 0.8, "rounded": true,
                "borderColor": "#808080"}),
            );
        }
        self.sentence(
            "Counting circles: a digit in a circle appears in exactly that many circles.",
        );
    }

    /// Odd marks (grey circles, `odd`) or even marks (grey squares) on `cells`, and the
    /// sentence naming them.
    pub(super) fn parity_marks(&mut self, cells: &[Cell], odd: bool) {
        for cell in cells {
            self.push(
                "underlays",
                json!({"center": centre(*cell), "width": 0.7,
                "height": 0.7, "rounded": odd, "backgroundColor": "#CFCFCF"}),
            );
        }
        if !cells.is_empty() {
            self.sentence(if odd {
                "Grey circles hold odd digits."
            } else {
                "Grey squares hold even digits."
            });
        }
    }
}
