//! Flags become library types: orders, cell lists, box shapes.

use anyhow::bail;
use satdoku::Cell;
use satdoku::engine::minimise::Order;
use satdoku::model::geometry::parse_box_shape;
use satdoku::model::rule::Dot;
use satdoku::model::sudokupad::{COLOUR_NAMES, LINE_NAMES, LineRule};

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
    let (colour, rule) = colour_and(flag, "--line", "RULE")?;
    match LineRule::from_name(rule) {
        Some(rule) => Ok((colour, rule)),
        None => bail!("expected a line rule in --line {flag} ({LINE_NAMES}), found `{rule}`"),
    }
}

/// The colour and dot of `--dot COLOUR=DOT` (`None` for `none`).
pub fn dot_meaning(flag: &str) -> anyhow::Result<(String, Option<Dot>)> {
    let (colour, dot) = colour_and(flag, "--dot", "DOT")?;
    let dot = match dot.to_ascii_lowercase().as_str() {
        "white" | "kropki-white" => Some(Dot::WHITE),
        "black" | "kropki-black" => Some(Dot::BLACK),
        "x" => Some(Dot::X),
        "v" => Some(Dot::V),
        "none" => None,
        _ => bail!("expected white, black, x, v or none in --dot {flag}, found `{dot}`"),
    };
    Ok((colour, dot))
}

/// The colour family before `=` and the text after it.
fn colour_and<'a>(flag: &'a str, name: &str, what: &str) -> anyhow::Result<(String, &'a str)> {
    let Some((colour, rest)) = flag.split_once('=') else {
        bail!("expected {name} COLOUR={what}, found `{flag}`");
    };
    let colour = colour.trim().to_ascii_lowercase().replace("gray", "grey");
    if !COLOUR_NAMES.contains(&colour.as_str()) {
        bail!("expected a colour ({}) in {name} {flag}, found `{colour}`", COLOUR_NAMES.join(", "));
    }
    Ok((colour, rest.trim()))
}
