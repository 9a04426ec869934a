//! Common exclusion: when every candidate of a house-digit (all places a digit can go in a
//! house), or every candidate of a cell, excludes the same placement, that placement goes:
//! one of them holds. Through the IR's `Exclude` pairs this one rule is pointing and claiming
//! for boxes and lines and their variant forms (diagonals, anti-king, anti-knight,
//! non-consecutive). Pointing (from a box, through one line) costs 2.6, claiming 2.8, and the
//! other forms 2.8.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::link::{Link, describe_all};
use crate::logic::state::State;
use crate::logic::step::{Step, cells_of};
use crate::model::digit::Digit;
use crate::model::geometry::HouseKind;

/// The first common exclusion: from boxes, then lines and other houses, then cells.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    // Most houses and cells have no common exclusion: bitsets say which do, in a few words
    // each, before the exact search names what goes and why.
    let quick = board.exclusion_sets().map(|sets| (sets, sets.alive(state)));
    let mut common = Vec::new();
    let may_exclude = |places: &[Placement], common: &mut Vec<u64>| {
        quick.as_ref().is_none_or(|(sets, alive)| {
            sets.common(places.iter().map(|&p| board.slot(p)), alive, common)
        })
    };
    let boxes = board.houses.iter().filter(|h| h.full && h.kind == Some(HouseKind::Box));
    let others = board.houses.iter().filter(|h| h.full && h.kind != Some(HouseKind::Box));
    // One buffer for every house-digit's places: this runs in every bifurcation's propagation.
    let mut places: Vec<Placement> = Vec::new();
    for house in boxes.chain(others) {
        for digit in (0..board.geometry.digits()).map(Digit::from_index) {
            places.clear();
            let here = house.cells.iter().map(|&c| Placement::new(c, digit));
            places.extend(here.filter(|&p| state.allows(p)));
            if places.len() < 2 || !may_exclude(&places, &mut common) {
                continue;
            }
            let what = || format!("every {digit} in {}", house.name);
            if let Some(step) = excluded_by_all(board, state, &places, what, house.kind) {
                return Some(step);
            }
        }
    }
    for cell in board.geometry.cells().filter(|&c| !state.is_placed(board, c)) {
        places.clear();
        places.extend(state.get(cell).iter().map(|d| Placement::new(cell, d)));
        if places.len() >= 2 && may_exclude(&places, &mut common) {
            let what = || format!("every candidate of {cell:?}");
            if let Some(step) = excluded_by_all(board, state, &places, what, None) {
                return Some(step);
            }
        }
    }
    None
}

/// The step removing every candidate that all of `places` exclude, if there is one; `what`
/// names `places` in its reason.
fn excluded_by_all(
    board: &Board,
    state: &State,
    places: &[Placement],
    what: impl FnOnce() -> String,
    source: Option<HouseKind>,
) -> Option<Step> {
    let mut eliminations = Vec::new();
    for target in board.excluded(places[0]) {
        if !state.allows(target) || places.contains(&target) || eliminations.contains(&target) {
            continue;
        }
        if places.iter().all(|&p| board.excludes(p, target)) {
            eliminations.push(target);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    // Found: now the links that say why, for the reason and the technique's name.
    let links: Vec<Link> = (eliminations.iter())
        .flat_map(|&target| places.iter().filter_map(move |&p| board.sees(p, target)))
        .collect();
    let through_one_line = links.iter().all(|l| matches!(l, Link::House(_)));
    let technique = match source {
        Some(HouseKind::Box) if through_one_line => Technique::Pointing,
        Some(HouseKind::Row | HouseKind::Column) if through_one_line => Technique::Claiming,
        _ => Technique::CommonExclusion,
    };
    let them = if eliminations.len() == 1 { "it" } else { "them" };
    let reason = format!("{} sees {them} ({})", what(), describe_all(board, links));
    let mut step = Step::new(technique, reason);
    step.eliminations = eliminations;
    step.cells = cells_of(places);
    step.digits = places.iter().map(|p| p.digit).collect();
    Some(step)
}

#[cfg(test)]
mod tests {
    use crate::logic::technique::{Finder, test_util};

    #[test]
    fn common_exclusions_are_sound() {
        test_util::assert_sound(Finder::CommonExclusion);
    }

    #[test]
    fn the_bitsets_pass_exactly_the_places_that_exclude_something() {
        // The bitsets only skip work: they must never skip a house-digit or a cell whose
        // places have a common exclusion, nor pass one that has none.
        let (mut passed, mut skipped) = (0, 0);
        for (board, states, _) in test_util::states() {
            let sets = board.exclusion_sets().expect("test grids are small");
            for state in states.iter().step_by(3) {
                let alive = sets.alive(state);
                for cell in board.geometry.cells().filter(|&c| !state.is_placed(board, c)) {
                    let places: Vec<_> =
                        state.get(cell).iter().map(|d| super::Placement::new(cell, d)).collect();
                    if places.len() < 2 {
                        continue;
                    }
                    let slots = places.iter().map(|&p| board.slot(p));
                    let quick = sets.common(slots, &alive, &mut Vec::new());
                    let exact =
                        super::excluded_by_all(board, state, &places, String::new, None).is_some();
                    assert_eq!(quick, exact, "{places:?}");
                    *(if quick { &mut passed } else { &mut skipped }) += 1;
                }
            }
        }
        assert!(passed > 0 && skipped > 0, "{passed} passed, {skipped} skipped");
    }
}
