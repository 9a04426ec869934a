//! Why two placements cannot both hold: the words an explanation cites.

use super::board::Board;

/// The reason two placements exclude each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Link {
    /// They are two digits of one cell.
    Cell,
    /// They are one digit in two cells of this house (an index into [`Board::houses`]).
    House(usize),
    /// A rule's `Exclude` (anti-knight, non-consecutive, ...).
    Rule(&'static str),
}

impl Link {
    /// The name of the reason: `row 5`, `anti-knight`, `one digit per cell`.
    pub fn describe(self, board: &Board) -> String {
        match self {
            Link::Cell => "one digit per cell".to_string(),
            Link::House(house) => board.houses[house].name.to_string(),
            Link::Rule(rule) => rule.to_string(),
        }
    }
}

/// The distinct reasons of `links`, named and joined with commas (sorted, for stable output).
pub(crate) fn describe_all(board: &Board, links: impl IntoIterator<Item = Link>) -> String {
    let mut links: Vec<Link> = links.into_iter().collect();
    links.sort();
    links.dedup();
    let names: Vec<String> = links.into_iter().map(|link| link.describe(board)).collect();
    names.join(", ")
}
