//! What the user says lines and dots of a colour mean: `--line COLOUR=RULE` and
//! `--dot COLOUR=DOT` on the command line, `line: COLOUR=RULE` and `dot: COLOUR=DOT` lines in
//! an input, read the same way here.

use super::colour::Colour;
use super::lines::{LINE_NAMES, LineRule};
use crate::model::dot_relation::DotRelation;

/// The dots `--dot` and `dot:` name, for messages.
pub const DOT_NAMES: &str = "white, black, x, v, difference-K, ratio-K, sum-K, none; or dots \
    combined with | (or) and & (and), as x|v or non-consecutive&different-parity";

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

/// The colour family and dot relation of `COLOUR=DOT` (`None` for `none`), said by `name`
/// (`--dot` or `dot:`): a dot (`white`, `sum-7`, ...) or dots combined with `|` (or) and `&`
/// (and), such as `x|v` or `non-consecutive&different-parity`.
///
/// # Errors
/// What was expected, quoting `value`.
pub fn dot_meaning(value: &str, name: &str) -> Result<(String, Option<DotRelation>), String> {
    let (colour, dot) = colour_and(value, name, "DOT")?;
    if dot.eq_ignore_ascii_case("none") {
        return Ok((colour, None));
    }
    let relation = DotRelation::from_name(dot)
        .ok_or_else(|| format!("expected {DOT_NAMES} in {name} {value}, found `{dot}`"))?;
    Ok((colour, Some(relation)))
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
    use crate::model::rule::Dot;

    #[test]
    fn meanings_are_read_and_bad_ones_refused_saying_what_was_expected() {
        assert_eq!(
            line_meaning("Cyan=region-sum", "line:"),
            Ok(("cyan".into(), LineRule::RegionSum))
        );
        assert_eq!(line_meaning("white=sum-10", "--line").unwrap().1, LineRule::Sum(10));
        let dot = |value: &str| dot_meaning(value, "dot:").unwrap().1.and_then(|r| r.dot());
        assert_eq!(dot_meaning("gray=black", "dot:").unwrap().0, "grey");
        assert_eq!(dot("gray=black"), Some(Dot::BLACK));
        assert_eq!(dot("blue=sum-7"), Some(Dot::Sum(7)));
        let xv = dot_meaning("green=x|v", "--dot").unwrap().1.unwrap();
        assert_eq!(xv.to_string(), "x|v");
        assert!(dot_meaning("red=x|purple", "--dot").unwrap_err().contains("combined with"));
        assert_eq!(dot_meaning("red=none", "dot:").unwrap().1, None);
        let error = line_meaning("cyan=fibonacci", "line:").unwrap_err();
        assert!(error.contains("expected a line rule in line: cyan=fibonacci"), "{error}");
        let error = dot_meaning("mauve=white", "--dot").unwrap_err();
        assert!(error.contains("expected a colour"), "{error}");
        assert!(dot_meaning("green", "dot:").unwrap_err().contains("COLOUR=DOT"));
    }
}
