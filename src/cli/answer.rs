//! One counting answer from any engine (SAT, backtracking or dancing links), timed, in the
//! shape `solve`, `count` and `check` print. A count a limit stopped is a lower bound, and says
//! so.

use std::time::Instant;

use satdoku::engine::count::{CountOptions, try_count};
use satdoku::reference::{backtrack, dlx};
use satdoku::{Grid, Limits, Puzzle, Stop};
use serde_json::{Value, json};

use super::args::Engine;
use super::input::Position;
use super::output::stats_json;

/// The solutions of a puzzle counted up to a bound by one engine.
pub struct Answer {
    engine: Engine,
    solutions: usize,
    exact: bool,
    solution: Option<Grid>,
    stats: Value,
    time_ms: f64,
    stopped: Option<Stop>,
}

impl Answer {
    /// Counts the solutions of `puzzle` up to `max` with `engine`, stopping at `limits`.
    /// With `conflicts`, the SAT engine also counts its conflicts (about twice the time).
    pub fn count(
        engine: Engine,
        puzzle: &Puzzle,
        max: usize,
        conflicts: bool,
        limits: &Limits,
    ) -> anyhow::Result<Answer> {
        let start = Instant::now();
        // Each engine's count, exactness, first solution, its own measure of work, and stop.
        let (solutions, exact, solution, stats, stopped) = match engine {
            Engine::Sat => {
                let options = CountOptions::up_to(max).count_conflicts(conflicts);
                let count = try_count(puzzle, &options, limits)?;
                let solution = count.first_solutions().first().cloned();
                let stats = stats_json(count.stats());
                (count.count(), count.is_exact(), solution, stats, count.stopped())
            }
            Engine::Backtrack => {
                let count = backtrack::try_count_up_to(puzzle, max, limits);
                let stats = json!({ "backtracks": count.backtracks });
                (count.solutions, count.exhausted, count.first, stats, count.stopped)
            }
            Engine::Dlx => {
                let count = dlx::try_count_up_to(puzzle, max, limits)?;
                let stats = json!({ "nodes": count.nodes });
                (count.solutions, count.exhausted, count.first, stats, count.stopped)
            }
        };
        let time_ms = start.elapsed().as_secs_f64() * 1e3;
        Ok(Answer { engine, solutions, exact, solution, stats, time_ms, stopped })
    }

    /// The limit that stopped the count, if one did: the count is then a lower bound.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Milliseconds the count took, lowering and encoding included.
    pub fn time_ms(&self) -> f64 {
        self.time_ms
    }

    /// The first solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        self.solution.as_ref()
    }

    /// How many solutions were found (at most the bound).
    pub fn solutions(&self) -> usize {
        self.solutions
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.solutions == 1 && self.exact
    }

    /// Whether the count tells no, one or several solutions: not when a limit stopped it
    /// before a second solution.
    pub fn is_decided(&self) -> bool {
        self.stopped.is_none() || self.solutions >= 2
    }

    /// The count as people read it: `288`, `1000+` when the bound stopped it, or
    /// `at least 12 (timeout)` when a limit did.
    pub fn count_text(&self) -> String {
        match self.stopped {
            Some(stop) => format!("at least {} ({})", self.solutions, stop.name()),
            None if self.exact => self.solutions.to_string(),
            None => format!("{}+", self.solutions),
        }
    }

    /// The JSON object of the answer (fields documented in the README).
    pub fn to_json(&self, position: Position) -> Value {
        json!({
            "puzzle": position.number,
            "line": position.line,
            "engine": self.engine.name(),
            "solutions": self.solutions,
            "exact": self.exact,
            "limit": self.stopped.map(Stop::name),
            "unique": self.is_decided().then(|| self.is_unique()),
            "solution": self.solution.as_ref().map(Grid::to_line),
            "stats": self.stats,
            "time_ms": self.time_ms,
        })
    }
}
