//! The map between SAT variables and placements: one variable per candidate placement, in
//! reading order, then the auxiliary variables some clause families need.

use varisat::{Lit, Var};

use crate::ir::Placement;
use crate::ir::propagate::Candidates;
use crate::model::geometry::Geometry;

/// Which variable stands for which placement.
#[derive(Clone, Debug)]
pub struct VarMap {
    geometry: Geometry,
    by_slot: Vec<Option<Var>>,
    placements: Vec<Placement>,
    aux_count: usize,
}

impl VarMap {
    /// One variable for each placement `candidates` still allows, numbered in reading order.
    pub fn new(candidates: &Candidates) -> VarMap {
        let geometry = candidates.geometry();
        let mut by_slot = vec![None; geometry.slot_count()];
        let placements: Vec<Placement> = candidates.placements().collect();
        for (index, &placement) in placements.iter().enumerate() {
            by_slot[slot(geometry, placement)] = Some(Var::from_index(index));
        }
        VarMap { geometry, by_slot, placements, aux_count: 0 }
    }

    /// The variable of `placement`, or `None` when propagation ruled it out.
    pub fn var(&self, placement: Placement) -> Option<Var> {
        self.by_slot[slot(self.geometry, placement)]
    }

    /// The positive literal of `placement`, if it has a variable.
    pub fn lit(&self, placement: Placement) -> Option<Lit> {
        self.var(placement).map(Var::positive)
    }

    /// The placement a variable stands for, or `None` for an auxiliary variable.
    pub fn placement(&self, var: Var) -> Option<Placement> {
        self.placements.get(var.index()).copied()
    }

    /// The placements with a variable, in variable order.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The number of variables, placements and auxiliaries.
    pub fn var_count(&self) -> usize {
        self.placements.len() + self.aux_count
    }

    /// A fresh auxiliary variable.
    pub fn new_aux(&mut self) -> Var {
        self.aux_count += 1;
        Var::from_index(self.var_count() - 1)
    }

    /// The geometry of the grid.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }
}

fn slot(geometry: Geometry, placement: Placement) -> usize {
    geometry.slot(placement.cell, placement.digit)
}
