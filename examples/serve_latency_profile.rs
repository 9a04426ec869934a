//! True candidates with counts up to 8 on a warm solver, in process, for the cases of
//! `serve_latency` whose label (`case N GROUP EDIT`, as its `SERVE_LATENCY_DEBUG` lines name
//! them) contains a filter: the slow cases, isolated for `perf record` or
//! `perf stat -e instructions` (instruction counts do not depend on the machine's load).
//!
//! ```text
//! cargo run --release --features tools --example serve_latency_profile -- FILTER [REPEATS]
//! ```
//!
//! Each case gets its own warm solver; the first call opens its SAT session. Then the cold
//! library call (`engine::candidates::try_true_candidates`, what `satdoku candidates
//! --count-up-to 8` runs). Every call is timed in wall and in CPU milliseconds of this thread
//! (less sensitive to the machine's load).

use std::path::PathBuf;
use std::time::Instant;

use satdoku::Limits;
use satdoku::engine::candidates::try_true_candidates;
use satdoku::engine::warm::WarmSolver;

#[path = "serve_latency/cases.rs"]
mod cases;

fn main() {
    let mut args = std::env::args().skip(1);
    let filter = args.next().unwrap_or_default();
    let repeats: usize = args.next().map_or(1, |n| n.parse().expect("REPEATS is a number"));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (index, case) in cases::cases(&root).iter().enumerate() {
        let label = format!("case {index} {} {}", case.group, case.edit);
        if !label.contains(&filter) {
            continue;
        }
        let mut warm = WarmSolver::new(&case.puzzle);
        for _ in 0..repeats {
            let (start, cpu) = (Instant::now(), thread_cpu_ms());
            let found = warm
                .try_true_candidates(&case.puzzle, &[], Some(8), &Limits::new())
                .expect("the SAT solver answers");
            let (ms, cpu) = (start.elapsed().as_secs_f64() * 1000.0, thread_cpu_ms() - cpu);
            let candidates: usize =
                case.puzzle.geometry().cells().map(|c| found.get(c).len()).sum();
            println!("{label}: {ms:.1} ms ({cpu:.1} ms CPU), {candidates} candidates");
        }
        let (start, cpu) = (Instant::now(), thread_cpu_ms());
        try_true_candidates(&case.puzzle, Some(8), &Limits::new()).expect("the SAT solver answers");
        let (ms, cpu) = (start.elapsed().as_secs_f64() * 1000.0, thread_cpu_ms() - cpu);
        println!("{label}: cold library {ms:.1} ms ({cpu:.1} ms CPU)");
    }
}

/// The CPU time this thread has used, in milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut time = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `time` is a valid timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    assert_eq!(status, 0, "the thread's CPU clock is readable");
    time.tv_sec as f64 * 1000.0 + time.tv_nsec as f64 / 1e6
}
