//! Limits at the library level: every `try_` engine stops at a deadline or an interrupt with
//! an honest partial result, a stop inside one long SAT call included; limits not reached
//! change nothing. Wall-time bounds are generous (5 s for a 1 s limit or less) so a loaded
//! machine does not fail them; nothing else about speed is asserted.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use satdoku::encode::encode_puzzle;
use satdoku::engine::candidates::try_true_candidates;
use satdoku::engine::complete::try_complete;
use satdoku::engine::count::{CountOptions, try_count};
use satdoku::engine::generate::{GenerateOptions, try_generate};
use satdoku::engine::minimise::{MinimiseOptions, try_minimise};
use satdoku::logic::{ExplainOptions, Outcome, explain_with, rate_with};
use satdoku::reference::textbook::{self, Implications};
use satdoku::reference::{backtrack, dlx};
use satdoku::session::Session;
use satdoku::{Limits, Puzzle, Stop};

/// The generous bound on how long a search may run past a limit of at most 1 s.
const PATIENCE: Duration = Duration::from_secs(5);

fn empty(size: usize, rules: &str) -> Puzzle {
    format!("rules: {rules}\n{}", ".".repeat(size * size)).parse().unwrap()
}

/// A limit that is already reached.
fn past() -> Limits {
    Limits::new().timeout(Duration::ZERO)
}

/// Runs `search`, checks it took less than [`PATIENCE`], and returns its result.
fn timed<T>(search: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = search();
    assert!(start.elapsed() < PATIENCE, "took {:?}", start.elapsed());
    result
}

#[test]
fn a_count_stopped_by_the_deadline_is_a_lower_bound_of_valid_solutions() {
    let puzzle = empty(16, "classic");
    let limits = Limits::new().timeout(Duration::from_millis(300));
    let counted = timed(|| try_count(&puzzle, &CountOptions::up_to(1_000_000), &limits).unwrap());
    assert_eq!(counted.stopped(), Some(Stop::Timeout));
    assert!(!counted.is_exact());
    assert_eq!(counted.try_uniqueness().is_some(), counted.count() >= 2);
    for solution in counted.first_solutions() {
        assert!(satdoku::validate(&puzzle, solution).is_ok());
    }
}

#[test]
fn an_interrupt_raised_from_another_thread_stops_a_count() {
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits::new().interrupt(Arc::clone(&flag));
    let raiser = thread::spawn(move || {
        thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
    });
    let puzzle = empty(16, "classic");
    let counted = timed(|| try_count(&puzzle, &CountOptions::up_to(1_000_000), &limits).unwrap());
    raiser.join().unwrap();
    assert_eq!(counted.stopped(), Some(Stop::Interrupted));
}

/// The empty 16×16 under anti-king, anti-knight and non-consecutive: its first SAT call runs
/// for minutes (killed after 40 s when measured), so only a stop inside the call ends it.
#[test]
fn a_stop_ends_one_long_sat_call_from_inside() {
    let puzzle = empty(16, "miracle");
    let flag = Arc::new(AtomicBool::new(false));
    let limits = Limits::new().interrupt(Arc::clone(&flag));
    let mut session = Session::limited(encode_puzzle(&puzzle, puzzle.givens()).unwrap(), &limits);
    let raiser = thread::spawn(move || {
        thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let error = timed(|| session.solve(&[]).unwrap_err());
    raiser.join().unwrap();
    assert_eq!(error.stop(), Some(Stop::Interrupted));
    assert_eq!(session.stats().solve_calls, 1, "one call, stopped from inside");
    // The session is done: later calls stop at once instead of reaching a broken solver.
    assert_eq!(session.solve(&[]).unwrap_err().stop(), Some(Stop::Interrupted));
}

#[test]
fn true_candidates_stopped_are_a_labelled_subset() {
    let puzzle: Puzzle = "12..............".parse().unwrap();
    let all = satdoku::true_candidates(&puzzle, Some(5)).unwrap();
    let stopped = try_true_candidates(&puzzle, Some(5), &past()).unwrap();
    assert_eq!(stopped.stopped(), Some(Stop::Timeout));
    for cell in puzzle.geometry().cells() {
        assert!(stopped.get(cell).iter().all(|digit| all.get(cell).contains(digit)));
    }
    let big = empty(25, "classic");
    let limits = Limits::new().timeout(Duration::from_secs(1));
    let found = timed(|| try_true_candidates(&big, None, &limits).unwrap());
    assert_eq!(found.stopped(), Some(Stop::Timeout));
}

#[test]
fn minimise_complete_and_generate_report_the_stop() {
    let unique: Puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let error = try_minimise(&unique, &MinimiseOptions::new(), &past()).unwrap_err();
    assert_eq!(error.stop(), Some(Stop::Timeout));
    let open: Puzzle = "1...............".parse().unwrap();
    assert_eq!(try_complete(&open, true, &past()).unwrap_err().stop(), Some(Stop::Timeout));
    let template = empty(4, "classic");
    let error = try_generate(&template, 0, &GenerateOptions::new(), &past()).unwrap_err();
    assert_eq!(error.stop(), Some(Stop::Timeout));
}

#[test]
fn the_reference_engines_stop_with_a_lower_bound() {
    let anti_knight = empty(9, "anti-knight");
    let limits = Limits::new().timeout(Duration::from_millis(300));
    let dlx_count = timed(|| dlx::try_count_up_to(&anti_knight, 1, &limits).unwrap());
    assert_eq!((dlx_count.stopped, dlx_count.exhausted), (Some(Stop::Timeout), false));
    let classic = empty(9, "classic");
    let limits = Limits::new().timeout(Duration::from_millis(300));
    let counted = timed(|| backtrack::try_count_up_to(&classic, usize::MAX, &limits));
    assert_eq!((counted.stopped, counted.exhausted), (Some(Stop::Timeout), false));
    assert!(counted.solutions > 0);
    let limits = Limits::new().timeout(Duration::from_millis(300));
    let course =
        timed(|| textbook::try_count_up_to(&classic, Implications::Once, 1 << 40, &limits));
    assert_eq!((course.stopped, course.exhausted), (Some(Stop::Timeout), false));
    assert!(course.solutions > 0);
}

#[test]
fn the_logic_engine_stops_inside_a_bifurcation_scan_with_its_steps_so_far() {
    // The empty 16×16: no step but bifurcations, whose first scan alone takes seconds.
    let limits = Limits::new().timeout(Duration::from_millis(300));
    let options = ExplainOptions::new().limits(limits);
    let explanation = timed(|| explain_with(&empty(16, "classic"), &options));
    assert_eq!(explanation.outcome(), &Outcome::Limited(Stop::Timeout));
    assert_eq!(explanation.stopped(), Some(Stop::Timeout));
    // A rating stopped the same way says so; a limit not reached changes nothing.
    let rated = rate_with(&empty(16, "classic"), &ExplainOptions::new().limits(past()));
    assert_eq!((rated.stopped(), rated.steps()), (Some(Stop::Timeout), 0));
    let far = ExplainOptions::new().limits(Limits::new().timeout(Duration::from_secs(3600)));
    let puzzle: Puzzle = "1.3434122143432.".parse().unwrap();
    assert!(explain_with(&puzzle, &far).is_solved());
}

#[test]
fn limits_not_reached_change_nothing() {
    let far = Limits::new().timeout(Duration::from_secs(3600));
    let puzzle = empty(4, "classic");
    let counted = try_count(&puzzle, &CountOptions::up_to(1000), &far).unwrap();
    assert_eq!((counted.count(), counted.is_exact(), counted.stopped()), (288, true, None));
    let by_backtracking = backtrack::try_count_up_to(&puzzle, 1000, &far);
    assert_eq!((by_backtracking.solutions, by_backtracking.stopped), (288, None));
    let by_dlx = dlx::try_count_up_to(&puzzle, 1000, &far).unwrap();
    assert_eq!((by_dlx.solutions, by_dlx.stopped), (288, None));
    let limited = try_true_candidates(&puzzle, None, &far).unwrap();
    let free = satdoku::true_candidates(&puzzle, None).unwrap();
    assert_eq!(limited.stopped(), None);
    assert!(puzzle.geometry().cells().all(|cell| limited.get(cell) == free.get(cell)));
}
