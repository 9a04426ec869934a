//! Irregular regions (jigsaw): N regions of N cells each that replace the boxes, so that grids
//! without a box shape (7×7, 5×5) and jigsaw puzzles work.
//!
//! A layout is stored once per process and shared: [`Regions`] is a `Copy` handle to it, so
//! that [`super::geometry::Geometry`] stays `Copy` like the size and box shape it replaces. Each
//! distinct layout costs N² bytes for the life of the process (81 bytes for 9×9), which a
//! batch of jigsaw puzzles with all-different layouts pays once per puzzle.

use std::collections::HashSet;
use std::fmt;
use std::sync::{LazyLock, Mutex};

use super::geometry::Cell;

/// The layouts seen so far, each stored once.
static LAYOUTS: LazyLock<Mutex<HashSet<&'static Vec<u8>>>> = LazyLock::new(Default::default);

/// A partition of an N×N grid into N regions of N cells, regions numbered in reading order of
/// their first cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Regions {
    /// The 0-based region of each cell, cells in reading order (a thin pointer keeps
    /// `Geometry`, and every `Grid`, small).
    region_of: &'static Vec<u8>,
}

/// Why a layout is not N regions of N cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionsError {
    /// The layout does not give a region to each of the N² cells.
    CellCount {
        /// N² cells expected.
        expected: usize,
        /// The cells given.
        found: usize,
    },
    /// A region does not have N cells.
    RegionSize {
        /// The region's first cell in reading order.
        first: Cell,
        /// The number of cells it has.
        cells: usize,
        /// N.
        expected: usize,
    },
}

impl fmt::Display for RegionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegionsError::CellCount { expected, found } => {
                write!(f, "expected a region for each of {expected} cells, found {found}")
            }
            RegionsError::RegionSize { first, cells, expected } => write!(
                f,
                "expected regions of {expected} cells, found {cells} in the region of {first}"
            ),
        }
    }
}

impl Regions {
    /// The layout of an N×N grid (`size` = N) where cell `i` (reading order) lies in the region
    /// labelled `labels[i]`; any N distinct labels will do.
    ///
    /// # Errors
    /// When `labels` does not have N² entries, or some label does not name exactly N cells.
    pub fn new<T: Eq + Copy>(size: usize, labels: &[T]) -> Result<Regions, RegionsError> {
        if labels.len() != size * size {
            return Err(RegionsError::CellCount { expected: size * size, found: labels.len() });
        }
        let mut seen: Vec<T> = Vec::new();
        let mut region_of = Vec::with_capacity(labels.len());
        for label in labels {
            let region = seen.iter().position(|l| l == label).unwrap_or_else(|| {
                seen.push(*label);
                seen.len() - 1
            });
            region_of.push(region.min(u8::MAX as usize) as u8);
        }
        for label in &seen {
            let cells = labels.iter().filter(|l| *l == label).count();
            if cells != size {
                let first = labels.iter().position(|l| l == label).expect("a seen label");
                let first = Cell::new(first / size, first % size);
                return Err(RegionsError::RegionSize { first, cells, expected: size });
            }
        }
        Ok(Regions { region_of: intern(region_of) })
    }

    /// The 0-based region of the cell with this reading-order index.
    pub fn region_of(self, index: usize) -> usize {
        self.region_of[index] as usize
    }

    /// The region of each cell, in reading order.
    pub fn labels(self) -> &'static [u8] {
        self.region_of.as_slice()
    }
}

impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let symbols: String = self.region_of.iter().map(|&r| region_symbol(r as usize)).collect();
        write!(f, "regions {symbols}")
    }
}

/// The symbol the text format writes for a 0-based region: `1`–`9`, then `A`–`Z`.
pub fn region_symbol(region: usize) -> char {
    char::from_digit(region as u32 + 1, 36).map_or('?', |c| c.to_ascii_uppercase())
}

/// The stored copy of `layout`, stored now if it is new.
fn intern(layout: Vec<u8>) -> &'static Vec<u8> {
    let mut layouts = LAYOUTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&stored) = layouts.get(&layout) {
        return stored;
    }
    let stored: &'static Vec<u8> = Box::leak(Box::new(layout));
    layouts.insert(stored);
    stored
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_layouts_are_equal_whatever_their_labels() {
        let a = Regions::new(4, b"aabbaabbccddccdd").unwrap();
        let b = Regions::new(4, b"1122112233443344").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.region_of(15), 3);
        assert!(std::ptr::eq(a.labels(), b.labels()));
    }

    #[test]
    fn wrong_sizes_name_the_region() {
        let error = Regions::new(4, b"aaabaabbccddccdd").unwrap_err();
        let expected = RegionsError::RegionSize { first: Cell::new(0, 0), cells: 5, expected: 4 };
        assert_eq!(error, expected);
        assert_eq!(error.to_string(), "expected regions of 4 cells, found 5 in the region of r1c1");
        assert!(matches!(Regions::new(4, b"aab"), Err(RegionsError::CellCount { .. })));
    }
}
