//! Thermometers: digits increase from the bulb along the line (never decrease, when slow).

use crate::ir::IrBuilder;
use crate::model::geometry::Cell;

/// Each step of the line as a two-cell table: the later digit is greater (or equal, if slow).
pub(super) fn lower(builder: &mut IrBuilder, cells: &[Cell], slow: bool) {
    builder.pairs_along(cells, |a, b| a < b || (slow && a == b));
}
