//! One module per subcommand.

pub mod bench;
pub mod candidates;
pub mod check;
pub mod complete;
pub mod count;
pub mod encode;
pub mod explain;
pub mod generate;
pub mod hard;
pub mod link;
pub mod minimise;
pub mod puzzles;
pub mod rate;
pub mod render;
pub mod rules;
pub mod serve;
pub mod solve;
pub mod verify;
