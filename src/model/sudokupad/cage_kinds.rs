//! Cages with totals: killer cages, or rellik cages when the rules text names them. When it
//! names both, each cage is told apart by its colour, as the text gives it ("Cages with red
//! borders are rellik cages"): a cage of a colour only the rellik sentences name is a rellik
//! cage, one of a colour only the killer sentences name a killer cage, and when only one kind
//! is given colours, a cage of another colour is of the other kind. Anything else is refused.

use super::colour::Colour;
use super::elements::cells_name;
use super::text::{RulesText, quote};
use crate::model::geometry::Cell;
use crate::model::rule::Rule;

/// The rule of a cage with total `sum` drawn in `colour`, with a note for every inference.
///
/// # Errors
/// A cage the rules text does not say the kind of, with its place.
pub fn totalled_cage(
    cells: Vec<Cell>,
    sum: usize,
    colour: Colour,
    text: &RulesText,
    notes: &mut Vec<String>,
) -> Result<Rule, String> {
    if !text.names("rellik") {
        return Ok(Rule::Killer { cells, sum: Some(sum) });
    }
    let place = cells_name(&cells);
    let (rellik, why) = match text.names("killer") {
        false => (true, "the rules text names rellik cages".to_string()),
        true => kind_by_colour(colour, text).ok_or_else(|| {
            format!(
                "the cage {place} with total {sum} cannot be read: the rules text names both \
                 killer and rellik cages, and does not say which cages {} are",
                drawn(colour)
            )
        })?,
    };
    if !rellik {
        notes.push(format!("the cage {place} {} read as a killer cage: {why}", drawn(colour)));
        return Ok(Rule::Killer { cells, sum: Some(sum) });
    }
    notes.push(format!(
        "the cage {place} read as a rellik cage (no set of its digits adds up to {sum}): {why}"
    ));
    Ok(Rule::Rellik { cells, sum })
}

/// Whether a cage of `colour` is a rellik cage by the colours the text gives each kind, and
/// why; `None` when the text does not say.
fn kind_by_colour(colour: Colour, text: &RulesText) -> Option<(bool, String)> {
    let family = colour.name();
    let [rellik, killer] = [("rellik", "killer"), ("killer", "rellik")].map(|(kind, other)| {
        let sentences = text.naming(kind, other);
        let coloured =
            sentences.iter().find(|s| Colour::families_in(&s.to_lowercase()).contains(&family));
        (
            sentences.iter().any(|s| !Colour::families_in(&s.to_lowercase()).is_empty()),
            coloured.map(|s| quote(s)),
        )
    });
    match (rellik, killer) {
        ((_, Some(sentence)), (_, None)) => Some((true, format!("rules text: \"{sentence}\""))),
        ((_, None), (_, Some(sentence))) => Some((false, format!("rules text: \"{sentence}\""))),
        ((true, None), (false, None)) => {
            Some((false, "the rules text gives rellik cages another colour".into()))
        }
        ((false, None), (true, None)) => {
            Some((true, "the rules text gives killer cages another colour".into()))
        }
        _ => None,
    }
}

/// How a cage's colour is said in a note: `drawn red`, or `without a colour`.
fn drawn(colour: Colour) -> String {
    match colour.name() {
        "none" => "without a colour".into(),
        family => format!("drawn {family}"),
    }
}
