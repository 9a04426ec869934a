//! Brute force: every classic 4×4 grid (288 of them), to filter by the validator under any
//! rule set, independently of every engine.

use std::collections::HashSet;

use satdoku::{Cell, Digit, Geometry, Grid};

/// Every solution of the empty 4×4 grid under the classic rules, from all 24⁴ choices of four
/// row permutations, kept when columns and boxes hold four different digits.
pub fn classic_4x4_grids() -> Vec<Grid> {
    let geometry = Geometry::with_usual_boxes(4).expect("4×4 has boxes");
    let permutations = permutations_of_1_to_4();
    let mut grids = Vec::new();
    for &r0 in &permutations {
        for &r1 in &permutations {
            for &r2 in &permutations {
                for &r3 in &permutations {
                    let rows = [r0, r1, r2, r3];
                    if all_different(|c, i| rows[i][c])
                        && all_different(|b, i| box_digit(&rows, b, i))
                    {
                        let mut grid = Grid::empty(geometry);
                        for (r, row) in rows.iter().enumerate() {
                            for (c, &value) in row.iter().enumerate() {
                                grid.set(Cell::new(r, c), Digit::new(value));
                            }
                        }
                        grids.push(grid);
                    }
                }
            }
        }
    }
    grids
}

fn permutations_of_1_to_4() -> Vec<[usize; 4]> {
    let mut permutations = Vec::new();
    for code in 0..256usize {
        let row = [code % 4 + 1, code / 4 % 4 + 1, code / 16 % 4 + 1, code / 64 + 1];
        if (1..=4).all(|v| row.contains(&v)) {
            permutations.push(row);
        }
    }
    permutations
}

/// The `i`-th digit of box `b` (2×2 boxes, reading order).
fn box_digit(rows: &[[usize; 4]; 4], b: usize, i: usize) -> usize {
    let (top, left) = (b / 2 * 2, b % 2 * 2);
    rows[top + i / 2][left + i % 2]
}

/// Whether, for each of the four units, `digit(unit, i)` for i in 0..4 are four different digits.
fn all_different(digit: impl Fn(usize, usize) -> usize) -> bool {
    (0..4).all(|unit| (0..4).map(|i| digit(unit, i)).collect::<HashSet<_>>().len() == 4)
}
