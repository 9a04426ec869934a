//! Limits on the command line: `--timeout` and Ctrl-C become one library [`Limits`] per run,
//! and a stop becomes its exit status and the label of a partial result.
//!
//! The first Ctrl-C raises the interrupt flag: the engines stop at their next check (inside a
//! SAT call too) and the partial results are printed, labelled, with exit 130; a batch starts
//! no puzzle after it and reads no more input. A second Ctrl-C exits at once, saying so.
//!
//! Signals within [`SAME_PRESS`] of the first are that same Ctrl-C: `timeout -s INT` signals
//! the process and then its whole process group, so one stop arrives twice, microseconds
//! apart, and must not end the run before it prints what it found.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use satdoku::{Limits, Stop};
use serde_json::Value;

use super::ExitStatus;
use super::args::LimitArgs;
use super::output::diagnose;

/// The limits of this run: the deadline `--timeout` sets from now, and the Ctrl-C flag. Both
/// stop a SAT call from inside, within milliseconds.
pub fn limits(args: &LimitArgs) -> Limits {
    let limits = match interrupt_flag() {
        Some(flag) => Limits::new().interrupt(flag),
        None => Limits::new(),
    };
    match args.timeout {
        Some(timeout) => limits.timeout(timeout),
        None => limits,
    }
}

/// How long after the first Ctrl-C another signal counts as the same one.
const SAME_PRESS: Duration = Duration::from_millis(250);

/// The flag the Ctrl-C handler raises, installed on first use; `None` when no handler could be
/// installed (then Ctrl-C ends the process the usual way).
fn interrupt_flag() -> Option<Arc<AtomicBool>> {
    static FLAG: OnceLock<Option<Arc<AtomicBool>>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        let mut first: Option<Instant> = None;
        let installed = ctrlc::set_handler(move || match first {
            None => {
                first = Some(Instant::now());
                raised.store(true, Ordering::Relaxed);
            }
            Some(at) if at.elapsed() < SAME_PRESS => {}
            Some(_) => {
                // Straight to stderr: the results pending on stdout may be half written.
                let mut stderr = std::io::stderr().lock();
                let _ = writeln!(stderr, "error: interrupted twice: stopped at once, no result");
                std::process::exit(ExitStatus::Interrupted as i32);
            }
        });
        installed.is_ok().then_some(flag)
    })
    .clone()
}

/// The exit status of a run a limit stopped.
pub fn status(stop: Stop) -> ExitStatus {
    match stop {
        Stop::Timeout => ExitStatus::TimedOut,
        Stop::Interrupted => ExitStatus::Interrupted,
        _ => ExitStatus::Interrupted,
    }
}

/// The exit status of a result: `done` when no limit stopped it.
pub fn status_or(stopped: Option<Stop>, done: ExitStatus) -> ExitStatus {
    stopped.map_or(done, status)
}

/// Says on stderr that puzzle `number` has no result because a limit stopped it first.
pub fn report_stopped(number: usize, stop: Stop) -> ExitStatus {
    diagnose(&format!("error: puzzle {number}: no result: {stop}"));
    status(stop)
}

/// Adds the JSON fields of a partial result to `object` when a limit stopped it:
/// `"limit": "timeout"` (or `"interrupted"`) and `flag: false` (`"exact"`, `"minimal"`,
/// `"complete"`); nothing otherwise, so complete results keep their usual fields (and can be
/// read back as records).
pub fn label_json(object: &mut Value, stopped: Option<Stop>, flag: &str) {
    if let (Some(stop), Some(object)) = (stopped, object.as_object_mut()) {
        object.insert("limit".to_string(), Value::from(stop.name()));
        object.insert(flag.to_string(), Value::from(false));
    }
}
