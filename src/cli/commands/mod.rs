//! One module per subcommand.

pub mod check;
pub mod count;
pub mod encode;
pub mod rules;
pub mod solve;
