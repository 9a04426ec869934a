//! Symmetries of the grid that puzzle setters keep their givens under.

use std::fmt;

use super::geometry::Cell;

/// A symmetry of the givens' pattern: givens related by it are kept or removed together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: each given on its own.
    #[default]
    None,
    /// Half-turn rotation about the centre (the classic newspaper symmetry).
    Rotational,
    /// Quarter-turn rotations about the centre (all four).
    Quarter,
    /// Reflection in the main diagonal (r1c1..rNcN).
    Diagonal,
    /// Reflection in the anti-diagonal (rNc1..r1cN).
    AntiDiagonal,
    /// Reflection left to right.
    Mirror,
    /// Reflection top to bottom.
    Flip,
    /// Every symmetry of the square at once (rotations and reflections).
    Full,
}

impl Symmetry {
    /// Every symmetry, for option lists.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Full,
    ];

    /// The name users write.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Quarter => "quarter",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Full => "full",
        }
    }

    /// The symmetry with this [`Symmetry::name`].
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|symmetry| symmetry.name() == name)
    }

    /// The cells `cell` is tied to on an N×N grid, itself included, sorted and distinct.
    pub fn orbit(self, cell: Cell, size: usize) -> Vec<Cell> {
        let last = size - 1;
        let (r, c) = (cell.row(), cell.column());
        let transpose = |r, c| (c, r);
        let half_turn = (last - r, last - c);
        let mut images = match self {
            Symmetry::None => vec![],
            Symmetry::Rotational => vec![half_turn],
            Symmetry::Quarter => vec![(c, last - r), half_turn, (last - c, r)],
            Symmetry::Diagonal => vec![transpose(r, c)],
            Symmetry::AntiDiagonal => vec![(last - c, last - r)],
            Symmetry::Mirror => vec![(r, last - c)],
            Symmetry::Flip => vec![(last - r, c)],
            Symmetry::Full => vec![
                (c, last - r),
                half_turn,
                (last - c, r),
                transpose(r, c),
                (last - c, last - r),
                (r, last - c),
                (last - r, c),
            ],
        };
        images.push((r, c));
        let mut orbit: Vec<Cell> = images.into_iter().map(|(r, c)| Cell::new(r, c)).collect();
        orbit.sort();
        orbit.dedup();
        orbit
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_are_closed_under_their_symmetry() {
        for symmetry in Symmetry::ALL {
            for row in 0..9 {
                for column in 0..9 {
                    let orbit = symmetry.orbit(Cell::new(row, column), 9);
                    for &member in &orbit {
                        assert_eq!(symmetry.orbit(member, 9), orbit, "{symmetry} at {member}");
                    }
                }
            }
        }
        assert_eq!(Symmetry::Rotational.orbit(Cell::new(4, 4), 9), vec![Cell::new(4, 4)]);
        assert_eq!(Symmetry::Quarter.orbit(Cell::new(0, 1), 9).len(), 4);
        assert_eq!(Symmetry::Full.orbit(Cell::new(0, 1), 9).len(), 8);
    }
}
