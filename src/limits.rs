//! Limits on a search: a deadline and an interrupt flag, checked by every engine that can run
//! for long (the SAT session between and inside solver calls, the reference engines between
//! search nodes).
//!
//! An engine that meets a limit stops and returns what it found so far, labelled with the
//! [`Stop`] that ended it; operations that can stop this way are named `try_…`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a search stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Stop {
    /// The deadline passed (`--timeout`).
    #[error("the time limit was reached")]
    Timeout,
    /// The interrupt flag was raised (Ctrl-C).
    #[error("interrupted")]
    Interrupted,
}

impl Stop {
    /// The name in JSON output: `timeout` or `interrupted`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Timeout => "timeout",
            Stop::Interrupted => "interrupted",
        }
    }
}

/// When a search must stop: at a deadline, when an interrupt flag is raised, both, or never
/// (the default). Cheap to clone; clones share the flag.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use satdoku::Limits;
/// use satdoku::engine::count::{CountOptions, try_count};
///
/// let empty: satdoku::Puzzle = ".".repeat(256).parse()?;
/// // The empty 16×16 has far too many solutions to count: stop after 100 ms.
/// let limits = Limits::new().timeout(Duration::from_millis(100));
/// let counted = try_count(&empty, &CountOptions::up_to(1_000_000), &limits)?;
/// assert_eq!(counted.stopped(), Some(satdoku::Stop::Timeout));
/// // What was found is a lower bound, not the count.
/// assert!(!counted.is_exact());
/// # Ok::<(), satdoku::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    deadline: Option<Instant>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit.
    pub fn new() -> Limits {
        Limits::default()
    }

    /// Stop `timeout` from now. [default: never]
    pub fn timeout(self, timeout: Duration) -> Limits {
        // A timeout too large for the clock is no limit.
        match Instant::now().checked_add(timeout) {
            Some(deadline) => self.deadline(deadline),
            None => self,
        }
    }

    /// Stop at `deadline`. [default: never]
    pub fn deadline(mut self, deadline: Instant) -> Limits {
        self.deadline = Some(deadline);
        self
    }

    /// Stop once `flag` is true (a Ctrl-C handler raises it). [default: none]
    pub fn interrupt(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.interrupt = Some(flag);
        self
    }

    /// The deadline, if any.
    pub fn get_deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether any limit is set (an unlimited search skips the checks, and a limited SAT call
    /// is stoppable from inside, at a cost of about 6% of its time).
    pub fn is_limited(&self) -> bool {
        self.deadline.is_some() || self.interrupt.is_some()
    }

    /// The limit that has been reached, if one has: the interrupt first, then the deadline.
    pub fn reached(&self) -> Option<Stop> {
        if self.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            Some(Stop::Interrupted)
        } else if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            Some(Stop::Timeout)
        } else {
            None
        }
    }

    /// `Err` with the limit reached, if one has: for `?` in search loops.
    ///
    /// # Errors
    /// The [`Stop`] that is due.
    pub fn check(&self) -> Result<(), Stop> {
        self.reached().map_or(Ok(()), Err)
    }
}

/// Checks limits every `period` calls of [`Ticker::tick`]: for the inner loops of the
/// reference engines, where reading the clock at every node would cost more than the node.
#[derive(Debug)]
pub(crate) struct Ticker<'a> {
    limits: &'a Limits,
    ticks: u32,
}

impl<'a> Ticker<'a> {
    /// Checks between 4096 ticks: a fraction of a millisecond of search.
    const PERIOD: u32 = 4096;

    /// A ticker over `limits`.
    pub(crate) fn new(limits: &'a Limits) -> Ticker<'a> {
        Ticker { limits, ticks: 0 }
    }

    /// Counts one step; every [`Ticker::PERIOD`] steps, the limit reached if any.
    pub(crate) fn tick(&mut self) -> Option<Stop> {
        self.ticks += 1;
        if self.ticks < Self::PERIOD || !self.limits.is_limited() {
            return None;
        }
        self.ticks = 0;
        self.limits.reached()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_limit_is_never_reached() {
        assert_eq!(Limits::new().reached(), None);
        assert!(!Limits::new().is_limited());
    }

    #[test]
    fn a_past_deadline_is_a_timeout() {
        let limits = Limits::new().timeout(Duration::ZERO);
        assert_eq!(limits.check(), Err(Stop::Timeout));
    }

    #[test]
    fn the_interrupt_wins_over_the_deadline_and_is_shared_by_clones() {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new().timeout(Duration::ZERO).interrupt(Arc::clone(&flag));
        let clone = limits.clone();
        flag.store(true, Ordering::Relaxed);
        assert_eq!(clone.reached(), Some(Stop::Interrupted));
    }

    #[test]
    fn a_huge_timeout_is_no_limit() {
        assert_eq!(Limits::new().timeout(Duration::MAX).get_deadline(), None);
    }

    #[test]
    fn a_ticker_checks_once_per_period() {
        let limits = Limits::new().timeout(Duration::ZERO);
        let mut ticker = Ticker::new(&limits);
        let stops = (0..2 * Ticker::PERIOD).filter(|_| ticker.tick().is_some()).count();
        assert_eq!(stops, 2);
    }
}
