//! Flags become library types: orders, cell lists, box shapes.

use anyhow::bail;
use satdoku::Cell;
use satdoku::engine::minimise::Order;
use satdoku::model::dot_relation::DotRelation;
use satdoku::model::geometry::parse_box_shape;
use satdoku::model::sudokupad::{self, LineRule};

use super::args::OrderArg;

/// The library order a flag names.
pub fn order(arg: OrderArg) -> Order {
    match arg {
        OrderArg::Given => Order::Given,
        OrderArg::Reverse => Order::Reverse,
        OrderArg::Random => Order::Random,
    }
}

/// Cells written `r1c1,r5c5` (commas or spaces between).
pub fn cells(list: &str) -> anyhow::Result<Vec<Cell>> {
    list.split([',', ' '])
        .filter(|name| !name.is_empty())
        .map(|name| {
            Cell::from_name(name).ok_or_else(|| {
                anyhow::anyhow!("expected a cell such as r1c1 in --keep, found `{name}`")
            })
        })
        .collect()
}

/// A box shape written `RxC`.
pub fn boxes(shape: &str) -> anyhow::Result<(usize, usize)> {
    match parse_box_shape(shape) {
        Some(boxes) => Ok(boxes),
        None => bail!("expected --boxes ROWSxCOLUMNS such as 3x3 or 2x3, found `{shape}`"),
    }
}

/// The colour and rule of `--line COLOUR=RULE`.
pub fn line_meaning(flag: &str) -> anyhow::Result<(String, LineRule)> {
    sudokupad::line_meaning(flag, "--line").map_err(anyhow::Error::msg)
}

/// The colour and dot relation of `--dot COLOUR=DOT` (`None` for `none`).
pub fn dot_meaning(flag: &str) -> anyhow::Result<(String, Option<DotRelation>)> {
    sudokupad::dot_meaning(flag, "--dot").map_err(anyhow::Error::msg)
}
