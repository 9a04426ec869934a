//! One counting answer from any engine (SAT, backtracking, dancing links or the course's
//! textbook solver), timed, in the
//! shape `solve`, `count` and `check` print. A count a limit stopped is a lower bound, and says
//! so.

use std::time::Instant;

use satdoku::engine::count::CountOptions;
use satdoku::engine::counter::Counter;
use satdoku::reference::textbook::{self, Implications};
use satdoku::reference::{backtrack, dlx};
use satdoku::{Cell, Grid, Puzzle, Stop};
use serde_json::{Value, json};

use super::ExitStatus;
use super::args::Engine;
use super::guard;
use super::input::Position;
use super::limits;
use super::output::{diagnose, stats_json};

/// What an engine counted of its work: the answer's JSON `stats`, made only when JSON is
/// written (a line answer needs none of it).
enum Work {
    /// The SAT engine's statistics.
    Sat(satdoku::session::Stats),
    /// Backtracking's backtracks.
    Backtracks(u64),
    /// Dancing links' search nodes.
    Nodes(u64),
    /// The textbook solver's backtracks to the first solution and in all, in its mode.
    Textbook { backtracks: u64, total: u64, implications: Implications },
}

impl Work {
    /// `{"variables":..}`, `{"backtracks":N}`, `{"nodes":N}` or the textbook's three fields.
    fn to_json(&self) -> Value {
        match *self {
            Work::Sat(stats) => stats_json(stats),
            Work::Backtracks(backtracks) => json!({ "backtracks": backtracks }),
            Work::Nodes(nodes) => json!({ "nodes": nodes }),
            Work::Textbook { backtracks, total, implications } => json!({
                "backtracks": backtracks,
                "backtracks_total": total,
                "implications": implications.name(),
            }),
        }
    }
}

/// The solutions of a puzzle counted up to a bound by one engine.
pub struct Answer {
    engine: Engine,
    solutions: usize,
    exact: bool,
    solution: Option<Grid>,
    /// The first cell where the puzzle's recorded `solution:` differs from the one found.
    recorded_differs: Option<Option<Cell>>,
    work: Work,
    time_ms: f64,
    stopped: Option<Stop>,
}

impl Answer {
    /// Counts the solutions of `puzzle` up to `max` with `engine`, stopping at the limits of
    /// `counter`; the SAT engine counts through `counter`, which keeps the rule set compiled
    /// for the next puzzle.
    /// With `conflicts`, the SAT engine also counts its conflicts (about three times the time).
    pub fn count(
        engine: Engine,
        counter: &mut Counter,
        puzzle: &Puzzle,
        max: usize,
        conflicts: bool,
    ) -> anyhow::Result<Answer> {
        let limits = &counter.limits().clone();
        let start = Instant::now();
        // Each engine's count, exactness, first solution, its own measure of work, and the
        // limit that stopped it.
        let (solutions, exact, solution, work, stopped) = match engine {
            Engine::Sat => {
                let options = CountOptions::up_to(max).count_conflicts(conflicts);
                let count = counter.count(puzzle, &options)?;
                // The second solution backs a "several solutions" verdict: it is checked too.
                for second in count.first_solutions().iter().skip(1) {
                    guard::validated(puzzle, second)?;
                }
                let solution = count.first_solutions().first().cloned();
                (
                    count.count(),
                    count.is_exact(),
                    solution,
                    Work::Sat(count.stats()),
                    count.stopped(),
                )
            }
            Engine::Backtrack => {
                let count = backtrack::try_count_up_to(puzzle, max, limits);
                let work = Work::Backtracks(count.backtracks);
                (count.solutions, count.exhausted, count.first, work, count.stopped)
            }
            Engine::Dlx => {
                let count = dlx::try_count_up_to(puzzle, max, limits)?;
                let work = Work::Nodes(count.nodes);
                (count.solutions, count.exhausted, count.first, work, count.stopped)
            }
            Engine::Textbook | Engine::TextbookImplications | Engine::TextbookRepeat => {
                let implications = match engine {
                    Engine::TextbookImplications => Implications::Once,
                    Engine::TextbookRepeat => Implications::Repeat,
                    _ => Implications::None,
                };
                let count = textbook::try_count_up_to(puzzle, implications, max, limits);
                let (backtracks, total) = (count.backtracks, count.backtracks_total);
                let work = Work::Textbook { backtracks, total, implications };
                (count.solutions, count.exhausted, count.first, work, count.stopped)
            }
        };
        // Every solution printed passes the independent validator first (an internal error
        // otherwise, exit 3).
        if let Some(first) = &solution {
            guard::validated(puzzle, first)?;
        }
        let time_ms = start.elapsed().as_secs_f64() * 1e3;
        let recorded_differs = puzzle
            .solution()
            .map(|recorded| solution.as_ref().and_then(|found| found.differences(recorded).next()));
        Ok(Answer { engine, solutions, exact, solution, recorded_differs, work, time_ms, stopped })
    }

    /// The limit that stopped the count, if one did: the count is then a lower bound.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// Whether the count tells no, one or several solutions: not when a limit stopped it
    /// before a second solution.
    pub fn is_decided(&self) -> bool {
        self.stopped.is_none() || self.solutions >= 2
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

    /// Whether [`Answer::solutions`] is the exact count.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.solutions == 1 && self.exact
    }

    /// `unique`, `no solution` or `multiple solutions`; `unknown (timeout)` when a limit
    /// stopped the count before it could tell.
    pub fn verdict(&self) -> String {
        match (self.stopped, self.solutions) {
            (_, 2..) => "multiple solutions".to_string(),
            (Some(stop), _) => format!("unknown ({})", stop.name()),
            (None, 0) => "no solution".to_string(),
            (None, _) if self.exact => "unique".to_string(),
            (None, _) => "multiple solutions".to_string(),
        }
    }

    /// The exit status every counting command shares: success for a unique puzzle whose
    /// recorded solution (if any) is the one found, failure otherwise; the limit's status (4 or
    /// 130) when a limit stopped the count.
    pub fn status(&self) -> ExitStatus {
        if let Some(stop) = self.stopped {
            return limits::status(stop);
        }
        let recorded_ok = !matches!(self.recorded_differs, Some(Some(_)));
        if self.is_unique() && recorded_ok { ExitStatus::Success } else { ExitStatus::Failure }
    }

    /// Warns on stderr when the puzzle's recorded solution is not the solution found.
    pub fn warn_about_recorded(&self, position: Position, quiet: bool) {
        if let (Some(Some(cell)), false) = (self.recorded_differs, quiet) {
            diagnose(&format!(
                "warning: puzzle {} (line {}): the recorded solution differs from the solution \
                 found at {cell}{}",
                position.number,
                position.line,
                if self.is_unique() { "" } else { " (the puzzle has several solutions)" }
            ));
        }
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

    /// The JSON object of the answer (fields documented in docs/commands.md).
    pub fn to_json(&self, position: Position) -> Value {
        let mut object = json!({
            "puzzle": position.number,
            "line": position.line,
            "engine": self.engine.name(),
            "solutions": self.solutions,
            "exact": self.exact,
            "unique": self.is_decided().then(|| self.is_unique()),
            "solution": self.solution.as_ref().map(Grid::to_line),
            "recorded_solution": self.recorded_differs.map(|differs| match differs {
                None => "matches",
                Some(_) => "differs",
            }),
            "stats": self.work.to_json(),
            "time_ms": self.time_ms,
        });
        limits::label_json(&mut object, self.stopped, "exact");
        object
    }
}
