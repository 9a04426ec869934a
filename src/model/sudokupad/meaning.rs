//! What the user says lines and dots of a colour mean: `--line COLOUR=RULE` and
//! `--dot COLOUR=DOT` on the command line, `line: COLOUR=RULE` and `dot: COLOUR=DOT` lines in
//! an input, read the same way here.

use super::colour::Colour;
use super::lines::{LINE_NAMES, LineRule};
use crate::model::rule::Dot;

/// The dots `--dot` and `dot:` name, for messages.
pub const DOT_NAMES: &str = "white, black, x, v, difference-K, ratio-K, sum-K, none";

/// The colour family and rule of `COLOUR=RULE`, said by `name` (`--line` or `line:`).
///
/// # Errors
/// What was expected, quoting `value`.
pub fn line_meaning(value: &str, name: &str) -> Result<(String, LineRule), String> {
    let (colour, rule) = colour_and(value, name, "RULE")?;
    match LineRule::from_name(rule) {
        Some(rule) => Ok((colour, rule)),
        None => {
            Err(format!("expected a line rule in {name} {value} ({LINE_NAMES}), found `{rule}`"))
        }
    }
}

/// The colour family and dot of `COLOUR=DOT` (`None` for `none`), said by `name` (`--dot` or
/// `dot:`).
///
/// # Errors
/// What was expected, quoting `value`.
pub fn dot_meaning(value: &str, name: &str) -> Result<(String, Option<Dot>), String> {
    let (colour, dot) = colour_and(value, name, "DOT")?;
    let lower = dot.to_ascii_lowercase();
    let numbered = |prefix: &str| {
        lower.strip_prefix(prefix)?.parse::<usize>().ok().filter(|&k| (1..=99).contains(&k))
    };
    let dot = match lower.as_str() {
        "white" | "kropki-white" => Some(Dot::WHITE),
        "black" | "kropki-black" => Some(Dot::BLACK),
        "x" => Some(Dot::X),
        "v" => Some(Dot::V),
        "none" => None,
        _ => Some(
            numbered("difference-")
                .map(Dot::Difference)
                .or_else(|| numbered("ratio-").filter(|&k| k >= 2).map(Dot::Ratio))
                .or_else(|| numbered("sum-").filter(|&k| k >= 3).map(Dot::Sum))
                .ok_or_else(|| format!("expected {DOT_NAMES} in {name} {value}, found `{dot}`"))?,
        ),
    };
    Ok((colour, dot))
}

/// The colour family before `=` and the text after it.
fn colour_and<'a>(value: &'a str, name: &str, what: &str) -> Result<(String, &'a str), String> {
    let Some((colour, rest)) = value.split_once('=') else {
        return Err(format!("expected {name} COLOUR={what}, found `{value}`"));
    };
    let colour = colour.trim().to_ascii_lowercase().replace("gray", "grey");
    if !Colour::FAMILY_NAMES.contains(&colour.as_str()) {
        let families = Colour::FAMILY_NAMES.join(", ");
        return Err(format!("expected a colour ({families}) in {name} {value}, found `{colour}`"));
    }
    Ok((colour, rest.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meanings_are_read_and_bad_ones_refused_saying_what_was_expected() {
        assert_eq!(
            line_meaning("Cyan=region-sum", "line:"),
            Ok(("cyan".into(), LineRule::RegionSum))
        );
        assert_eq!(line_meaning("white=sum-10", "--line").unwrap().1, LineRule::Sum(10));
        assert_eq!(dot_meaning("gray=black", "dot:"), Ok(("grey".into(), Some(Dot::BLACK))));
        assert_eq!(dot_meaning("blue=sum-7", "dot:").unwrap().1, Some(Dot::Sum(7)));
        assert_eq!(dot_meaning("red=none", "dot:").unwrap().1, None);
        let error = line_meaning("cyan=fibonacci", "line:").unwrap_err();
        assert!(error.contains("expected a line rule in line: cyan=fibonacci"), "{error}");
        let error = dot_meaning("mauve=white", "--dot").unwrap_err();
        assert!(error.contains("expected a colour"), "{error}");
        assert!(dot_meaning("green", "dot:").unwrap_err().contains("COLOUR=DOT"));
    }
}
