//! A board's scratch space: what a technique remembers between questions (answers it can
//! find again from the candidates), kept beside the board and started afresh with each copy.

use std::ops::Deref;

/// `T`, remembered beside a board: a copy of the board starts it empty (its answers are cheap
/// to find again), and debug output shows it as `Scratch(..)`.
#[derive(Default)]
pub(crate) struct Scratch<T>(T);

impl<T: Default> Clone for Scratch<T> {
    fn clone(&self) -> Scratch<T> {
        Scratch::default()
    }
}

impl<T> std::fmt::Debug for Scratch<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Scratch(..)")
    }
}

impl<T> Deref for Scratch<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
