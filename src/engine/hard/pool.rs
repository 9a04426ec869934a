//! The search's persistent pool: the hardest puzzles found so far, the parents of every move.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::score::Score;
use crate::model::puzzle::Puzzle;

/// How many members a parent is the best of: the pressure towards the top. On classic rules,
/// 600 attempts, seeds 1 to 4, tournaments of 2, 4, 8 and 16 ended at median fine scores of
/// 8.18, 8.28, 8.32 and 7.46 (16 loses the pool's variety and stalls).
const TOURNAMENT: usize = 8;

/// A puzzle of the pool (with its solution recorded) and its score.
#[derive(Clone, Debug)]
pub(super) struct Member {
    pub(super) puzzle: Puzzle,
    pub(super) score: Score,
}

/// Up to `size` puzzles; when full, a newcomer replaces the worst member if it scores at least
/// as much (ties let the pool move across plateaus).
pub(super) struct Pool {
    members: Vec<Member>,
    size: usize,
}

impl Pool {
    /// An empty pool of `size` places.
    pub(super) fn new(size: usize) -> Pool {
        Pool { members: Vec::with_capacity(size), size: size.max(1) }
    }

    /// Puts `member` in the pool while it has room, or in place of the worst member when it
    /// scores at least as much; whether it went in.
    pub(super) fn admit(&mut self, member: Member) -> bool {
        if self.members.len() < self.size {
            self.members.push(member);
            return true;
        }
        let worst = self.worst().expect("a full pool has members");
        if member.score.order(&self.members[worst].score).is_ge() {
            self.members[worst] = member;
            return true;
        }
        false
    }

    /// The best member's score, if any.
    pub(super) fn best(&self) -> Option<Score> {
        self.members.iter().map(|m| m.score).max_by(|a, b| a.order(b))
    }

    /// A parent for the next move: the best of [`TOURNAMENT`] members drawn at random.
    pub(super) fn choose(&self, rng: &mut ChaCha8Rng) -> &Member {
        assert!(!self.members.is_empty(), "the pool is never empty");
        let draw = |rng: &mut ChaCha8Rng| &self.members[rng.random_range(0..self.members.len())];
        let mut best = draw(rng);
        for _ in 1..TOURNAMENT {
            let other = draw(rng);
            if other.score.order(&best.score).is_gt() {
                best = other;
            }
        }
        best
    }

    /// Restarts the pool from its best: keeps the `keep` highest members (at least one).
    pub(super) fn cut_to_best(&mut self, keep: usize) {
        self.members.sort_by(|a, b| b.score.order(&a.score));
        self.members.truncate(keep.max(1));
    }

    fn worst(&self) -> Option<usize> {
        (0..self.members.len()).min_by(|&a, &b| self.members[a].score.order(&self.members[b].score))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    fn member(value: f64) -> Member {
        let puzzle = format!("rules: classic\n{}", ".".repeat(16)).parse().unwrap();
        Member { puzzle, score: Score::screened(value) }
    }

    #[test]
    fn a_full_pool_keeps_the_best_and_restarts_from_them() {
        let mut pool = Pool::new(3);
        for value in [1.0, 5.0, 3.0] {
            assert!(pool.admit(member(value)));
        }
        assert!(!pool.admit(member(0.5)), "below the worst");
        assert!(pool.admit(member(2.0)), "replaces 1.0");
        assert_eq!(pool.best(), Some(Score::screened(5.0)));
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let drawn: Vec<f64> = (0..50).map(|_| pool.choose(&mut rng).score.value).collect();
        assert!(drawn.iter().filter(|&&v| v == 5.0).count() > drawn.len() / 2, "{drawn:?}");
        pool.cut_to_best(1);
        assert_eq!(pool.best(), Some(Score::screened(5.0)));
        assert!((0..10).all(|_| pool.choose(&mut rng).score.value == 5.0), "only the best");
    }
}
