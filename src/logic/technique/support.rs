//! Support: a candidate that no still-possible tuple of a table (a cage, a line, an
//! enumerated sum) contains goes. Every rule lowered to tables takes part through this one
//! technique.

use super::Technique;
use crate::ir::Placement;
use crate::logic::board::Board;
use crate::logic::state::State;
use crate::logic::step::{Step, cell_list};

/// The unsupported candidates of the first table that has some.
pub(super) fn find(board: &Board, state: &State) -> Option<Step> {
    for table in &board.tables {
        let supported = state.supported(&table.cells, &table.tuples);
        let eliminations: Vec<Placement> = table
            .cells
            .iter()
            .zip(&supported)
            .flat_map(|(&cell, support)| {
                state.get(cell).difference(*support).iter().map(move |d| Placement::new(cell, d))
            })
            .collect();
        if eliminations.is_empty() {
            continue;
        }
        let cells = cell_list(&table.cells);
        let reason = match table.line {
            Some(line) => format!("no tuple of {cells} on {} allows it", board.lines[line].name),
            None => format!("no tuple of the {} over {cells} allows it", table.origin),
        };
        let mut step = Step::new(Technique::Support, reason);
        step.eliminations = eliminations;
        step.cells = table.cells.clone();
        return Some(step);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{Constraint, Ir, IrBuilder};
    use crate::model::geometry::{Cell, Geometry};
    use crate::model::grid::Grid;

    #[test]
    fn a_sum_removes_what_it_cannot_reach() {
        let geometry = Geometry::with_usual_boxes(4).unwrap();
        let mut builder = IrBuilder::new(geometry);
        let cells = vec![Cell::new(0, 0), Cell::new(0, 1)];
        builder.push(Constraint::Sum { cells, total: 3, distinct: true });
        let ir: Ir = builder.build();
        let board = Board::new(&ir);
        let state = State::start(&board, &ir, &Grid::empty(geometry)).unwrap();
        let step = find(&board, &state).expect("a sum of 3 over two cells rules out 3 and 4");
        assert_eq!(step.eliminations.len(), 4);
        assert!(step.to_string().contains("no tuple of the table over r1c1,r1c2"), "{step}");
    }
}
