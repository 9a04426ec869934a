//! What a connection keeps between its requests: the warm solver of the rule set it last saw
//! (compiled rules and an open SAT session, reused while only givens and marks change), and
//! recent answers by the identity of their question.

use std::collections::VecDeque;

use satdoku::Puzzle;
use satdoku::engine::warm::WarmSolver;

use super::protocol::Reply;

/// The answers a connection remembers; the oldest goes first.
const CACHED: usize = 64;

/// A connection's warm state, used by one job at a time.
#[derive(Debug, Default)]
pub(crate) struct Workspace {
    warm: Option<WarmSolver>,
    answers: VecDeque<(String, Reply)>,
}

impl Workspace {
    /// The warm solver for `puzzle`'s rule set: the one kept when the rules are the same,
    /// else a new one (which compiles them).
    pub fn warm(&mut self, puzzle: &Puzzle) -> &mut WarmSolver {
        if !self.warm.as_ref().is_some_and(|warm| warm.fits(puzzle)) {
            self.warm = Some(WarmSolver::new(puzzle));
        }
        self.warm.as_mut().expect("filled above")
    }

    /// The answer remembered for the question `identity`, if any.
    pub fn cached(&self, identity: &str) -> Option<Reply> {
        let found = self.answers.iter().find(|(question, _)| question == identity);
        found.map(|(_, reply)| reply.clone())
    }

    /// Remembers `reply` as the answer to `identity`, forgetting the oldest past [`CACHED`].
    pub fn remember(&mut self, identity: String, reply: Reply) {
        if self.answers.len() == CACHED {
            self.answers.pop_front();
        }
        self.answers.push_back((identity, reply));
    }
}
