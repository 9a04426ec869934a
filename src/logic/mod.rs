//! The logic engine: a human-style solver over the IR and candidate bitsets, a layer beside the
//! SAT engines. It explains a puzzle step by step in a solver's words, and rates it.
//!
//! Deductions are applied one at a time, the cheapest that applies first, restarting from the
//! cheapest after every step (as Sudoku Explainer and HoDoKu do): hidden and naked singles,
//! table supports, common exclusions (pointing, claiming and their variant forms), outside
//! clues (sandwiches, X-sums, skyscrapers, by every way of meeting them), naked and
//! hidden subsets, fish over any two families of houses, XY- and XYZ-wings, unique rectangles
//! and BUG+1 (only when the caller knows the puzzle is unique: [`ExplainOptions::unique`]),
//! chains (X-chains, W-wings, XY-chains, AICs, taking the links of every rule's tables and
//! cages), forcing chains (a contradiction, or what every candidate of a cell or every place of
//! a digit in a house forces, within twelve candidates, told as the chain), and when nothing
//! else applies a bifurcation
//! (assume a candidate, propagate, reach a contradiction), so every unique puzzle gets a
//! finite rating. [`hint`] gives the next placement and only the steps it needs. Each technique is a module of
//! `technique/` with its name, its cost on a Sudoku Explainer-like scale and a soundness test.
//!
//! The engine reads only the IR ([`crate::Ir`]): houses, `Exclude` pairs (with the rule that
//! lowered each, which explanations cite), domains, tables and sums. Every rule, present or
//! future, takes part without a new technique. Its cheapest tier (placing a digit removes
//! what it excludes; naked and hidden singles; table supports) is the propagation core that
//! [`crate::ir::propagate::propagate`] runs before encoding and the batch engines run as their
//! pre-pass (`prepass.rs`, from a rule set's compiled board), and the guess-and-propagate search
//! (`search.rs`) settles each guess with: there is one implementation.
//!
//! Use [`explain`] for the steps, [`rate`] for a difficulty [`Rating`] (score and [`Grade`]);
//! [`crate::count_up_to`] to prove uniqueness (the engine assumes nothing about it).
//!
//! # Example
//! ```
//! use satdoku::logic::{self, Grade, Technique};
//!
//! let puzzle: satdoku::Puzzle =
//!     "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..".parse()?;
//! let explanation = logic::explain(&puzzle);
//! assert!(explanation.is_solved());
//! // Its first step, in a solver's words.
//! assert_eq!(explanation.steps()[0].to_string(), "r6c1=2: the only place for 2 in box 4");
//! let rating = logic::rate(&puzzle);
//! assert_eq!(rating.hardest(), Some(Technique::HiddenSingle));
//! // Hidden singles only: the easy grade, a score below 2.
//! assert_eq!(rating.grade(), Grade::Easy);
//! assert!(rating.score() < 2.0);
//! # Ok::<(), satdoku::Error>(())
//! ```

pub(crate) mod board;
mod exclusion_sets;
mod explain;
mod fill_memo;
mod forcing;
mod hint;
mod implication;
mod line;
mod link;
mod locked;
mod plateau;
mod position;
mod prepass;
mod rating;
mod required;
mod rule_links;
mod scratch;
mod search;
pub(crate) mod state;
mod step;
mod supports;
mod technique;
mod top;

pub use explain::{ExplainOptions, Explanation, Outcome, explain, explain_with};
pub use forcing::Proofs;
pub use hint::hint;
pub use plateau::{PlateauRating, rate_plateau, state_score};
pub use position::{Position, Walk, explain_from};
pub use rating::{Grade, Rating, rate, rate_with, rate_with_depth};
pub use step::Step;
pub use technique::Technique;
pub use top::{TopRating, forcing_score, rate_top};

pub(crate) use prepass::Prepass;
pub(crate) use search::{Found, Search, Unfinished, applies};
pub(crate) use state::State;
pub(crate) use supports::Ended;
