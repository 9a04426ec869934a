//! `--timeout` and Ctrl-C on the command line: a hard search stops within a generous bound of
//! its limit, exits 4 (timeout) or 130 (interrupted), and prints what it found, labelled as
//! partial in every format; a limit not reached changes nothing.

use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{EMPTY_4X4, Output, SQLITE_LINE, TempFile, run};

/// The exit code of a run a `--timeout` stopped.
const TIMED_OUT: i32 = 4;
/// The exit code of a run Ctrl-C stopped.
const INTERRUPTED: i32 = 130;
/// How long a run with `--timeout 1` may take in all, on a loaded machine.
const PATIENCE: Duration = Duration::from_secs(5);
/// How long a run may take past its `--timeout`, on a loaded machine.
const GRACE: Duration = Duration::from_secs(4);

fn empty(size: usize) -> String {
    ".".repeat(size * size)
}

/// Runs `satdoku ARGS` on `stdin`, checks it ended within [`GRACE`] of its `--timeout` with
/// exit 4.
fn run_timed_out(args: &[&str], stdin: &str) -> Output {
    let start = Instant::now();
    let output = run(args, stdin);
    let patience = timeout_of(args) + GRACE;
    assert!(start.elapsed() < patience, "took {:?}\n{output}", start.elapsed());
    assert_eq!(output.code, TIMED_OUT, "a timeout exits 4\n{output}");
    output
}

/// The `--timeout` of `args`, in seconds.
fn timeout_of(args: &[&str]) -> Duration {
    let at = args.iter().position(|&arg| arg == "--timeout").expect("a --timeout");
    Duration::from_secs_f64(args[at + 1].parse().expect("seconds"))
}

/// The N of an `at least N (timeout)` line.
fn lower_bound(line: &str, label: &str) -> usize {
    let number = line.strip_prefix("at least ").and_then(|rest| rest.strip_suffix(label));
    number.and_then(|n| n.trim().parse().ok()).unwrap_or_else(|| panic!("not a bound: {line}"))
}

#[test]
fn count_on_the_empty_16x16_stops_at_the_timeout_with_at_least_n() {
    let output = run_timed_out(&["count", "--max", "1000000", "--timeout", "1"], &empty(16));
    let lines = output.lines();
    assert_eq!(lines.len(), 1, "{output}");
    assert!(lower_bound(lines[0], "(timeout)") < 1_000_000);
    let json =
        run_timed_out(&["count", "--max", "1000000", "--timeout", "1", "-f", "json"], &empty(16));
    let object = json.json_one();
    assert_eq!(object["exact"], false);
    assert_eq!(object["limit"], "timeout");
    assert!(object["solutions"].as_u64().unwrap() >= 2 || object["unique"].is_null());
}

#[test]
fn candidates_on_the_empty_25x25_stop_at_the_timeout_labelled_partial() {
    let output = run_timed_out(&["candidates", "--timeout", "1", "-f", "json"], &empty(25));
    let object = output.json_one();
    assert_eq!((&object["complete"], &object["limit"]), (&false.into(), &"timeout".into()));
    let line = run_timed_out(&["candidates", "--timeout", "1", "-f", "line"], &empty(25));
    assert!(line.stdout.trim_end().ends_with("(partial: timeout)"), "{line}");
    let pretty = run_timed_out(&["candidates", "--timeout", "1"], &empty(25));
    assert!(pretty.stdout.starts_with("partial (timeout)"), "{pretty}");
}

#[test]
fn one_long_sat_call_is_stopped_from_inside() {
    // The empty 16×16 miracle: the first SAT call alone runs for minutes. The search before
    // it takes about 0.3 s of CPU, which a loaded machine (load 10, two cores) stretched past
    // 2 s: the limit leaves it room to reach the SAT call.
    let puzzle = format!("rules: miracle\n{}", empty(16));
    let output = run_timed_out(&["solve", "--timeout", "5", "-f", "json"], &puzzle);
    let object = output.json_one();
    assert_eq!(object["stats"]["solve_calls"], 1);
    assert_eq!((&object["solution"], &object["unique"]), (&().into(), &().into()));
    let line = run_timed_out(&["check", "--timeout", "5"], &puzzle);
    assert_eq!(line.stdout, "unknown (timeout)\n");
}

#[test]
fn dancing_links_on_the_empty_anti_knight_9x9_stops_at_the_timeout() {
    let args = ["solve", "--engine", "dlx", "--rules", "anti-knight", "--timeout", "1", "-f"];
    let output = run_timed_out(&[&args[..], &["line"]].concat(), &empty(9));
    assert_eq!(output.stdout, "unknown (timeout)\n");
}

#[test]
fn the_textbook_engine_stops_at_the_timeout() {
    // The course's solver needs minutes on this puzzle, built against its cell order.
    let args = ["solve", "--engine", "textbook", "--timeout", "1", "-f", "line"];
    let output = run_timed_out(&[&args[..], &["brute-force-near-worst-case"]].concat(), "");
    assert!(output.stdout.ends_with("unknown (timeout)\n"), "{output}");
}

/// A minimal anti-knight puzzle (the third of `satdoku generate --rules anti-knight --count 20
/// --seed 1`) whose solve takes about 5 s, nearly all of it in bifurcations of depth 2 and 3,
/// after a few easy steps.
const SLOW_TO_RATE: &str =
    "4.......5..7..6....6......4.5..................3.....2..2..............3.8......1 anti-knight";

#[test]
fn rate_and_explain_stop_in_their_bifurcations_with_the_steps_so_far() {
    let rated = run_timed_out(&["rate", "--timeout", "1", "-f", "json"], SLOW_TO_RATE);
    let object = rated.json_one();
    assert_eq!((&object["complete"], &object["limit"]), (&false.into(), &"timeout".into()));
    assert_eq!(object["outcome"], "timeout");
    let line = run_timed_out(&["rate", "--timeout", "1", "-f", "line"], SLOW_TO_RATE);
    assert!(line.stdout.ends_with("\ttimeout\t(partial: timeout)\n"), "{line}");
    let explained = run_timed_out(&["explain", "--timeout", "1"], SLOW_TO_RATE);
    let last = explained.lines().last().copied().unwrap_or_default();
    assert!(last.starts_with("partial (timeout): the solve stopped after "), "{explained}");
    // The steps found before the limit are printed, numbered.
    assert!(explained.stdout.starts_with("  1. "), "{explained}");
}

#[test]
fn a_hard_search_stops_at_the_timeout_with_its_best_puzzle_labelled() {
    let args = ["generate", "--hard", "--attempts", "100000", "--timeout", "1", "-f", "json"];
    let output = run_timed_out(&args, "");
    let object = output.json_one();
    assert_eq!((&object["complete"], &object["limit"]), (&false.into(), &"timeout".into()));
    let givens: satdoku::Puzzle = object["givens"].as_str().unwrap().parse().unwrap();
    assert!(satdoku::count_up_to(&givens, 2).unwrap().is_unique(), "{output}");
}

#[test]
fn engines_that_produce_no_partial_answer_say_so_on_stderr() {
    // A limit of zero is reached before the first SAT call.
    for args in [
        &["minimise", "--timeout", "0"][..],
        &["complete", "--timeout", "0"],
        &["generate", "--size", "4", "--timeout", "0"],
        &["generate", "--size", "4", "--hard", "--timeout", "0"],
    ] {
        let output = run_timed_out(args, SQLITE_LINE);
        assert_eq!(output.stdout, "", "{output}");
        assert!(output.stderr.contains("no result: the time limit was reached"), "{output}");
    }
}

#[test]
fn a_timeout_not_reached_changes_nothing() {
    let output = run(&["count", "--timeout", "600", "-f", "json"], EMPTY_4X4);
    assert_eq!(output.code, 1, "288 solutions: not unique, exit 1\n{output}");
    let object = output.json_one();
    assert_eq!(object["solutions"], 288);
    assert!(object.get("limit").is_none(), "{object}");
}

/// Runs `satdoku ARGS FILE` with `input` in FILE, sends it Ctrl-C after half a second, and
/// checks it then ended within [`PATIENCE`] with exit 130; its stdout.
#[cfg(unix)]
fn run_interrupted(args: &[&str], input: &str) -> String {
    run_interrupted_after(Duration::from_millis(500), args, input).stdout
}

/// [`run_interrupted`] with Ctrl-C sent after `delay`; its output.
#[cfg(unix)]
fn run_interrupted_after(delay: Duration, args: &[&str], input: &str) -> Output {
    run_interrupted_when(|_| std::thread::sleep(delay), 1, args, input)
}

/// [`run_interrupted`] with `presses` Ctrl-C sent back to back once `ready` (given the process
/// id) returns; its output.
#[cfg(unix)]
fn run_interrupted_when(
    ready: impl FnOnce(u32),
    presses: usize,
    args: &[&str],
    input: &str,
) -> Output {
    // A file of its own: two tests interrupting the same command run side by side.
    static FILES: AtomicUsize = AtomicUsize::new(0);
    let name = format!("ctrl-c-{}-{}.txt", args[0], FILES.fetch_add(1, Ordering::Relaxed));
    let file = TempFile::new(&name, input.as_bytes());
    let child = Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(args)
        .arg(file.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start satdoku");
    ready(child.id());
    let start = Instant::now();
    for _ in 0..presses {
        let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(sent.success());
    }
    let output = child.wait_with_output().unwrap();
    assert!(start.elapsed() < PATIENCE, "took {:?}", start.elapsed());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(INTERRUPTED), "{stdout}{stderr}");
    Output { code: INTERRUPTED, stdout, stderr }
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_partial_count_and_exits_130() {
    let stdout = run_interrupted(&["count", "--max", "100000000"], &empty(9));
    assert!(lower_bound(stdout.trim_end(), "(interrupted)") > 0);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_explain_inside_a_bifurcation_scan() {
    // The empty 16×16: its first bifurcation scan alone takes seconds.
    let stdout = run_interrupted(&["explain", "-f", "json"], &empty(16));
    let object: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        (&object["outcome"], &object["limit"]),
        (&"interrupted".into(), &"interrupted".into())
    );
}

/// The empty 16×16 miracle: the search before its first SAT call takes about 0.3 s of CPU,
/// and that call then runs for minutes.
fn miracle_16x16() -> String {
    format!("rules: miracle\n{}", empty(16))
}

/// How much CPU the empty 16×16 miracle may use before its first SAT call, five times what it
/// takes: a process that has used more is inside that call, however loaded the machine.
const MIRACLE_BEFORE_SAT: Duration = Duration::from_millis(1500);

/// Waits until process `pid` has used `cpu` of CPU time (user and system, all threads, from
/// `/proc/PID/stat`), for at most a minute of wall time.
#[cfg(target_os = "linux")]
fn wait_for_cpu(pid: u32, cpu: Duration) {
    // `/proc` counts CPU time in USER_HZ ticks, 100 a second on Linux.
    let used = || {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command name (which may hold spaces) start at the state.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(Duration::from_millis(ticks * 10))
    };
    let start = Instant::now();
    while used().is_some_and(|used| used < cpu) {
        assert!(start.elapsed() < Duration::from_secs(60), "process {pid} hardly ran");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn one_ctrl_c_stops_a_long_sat_call_without_a_timeout() {
    // Sent once the process is surely inside its first SAT call: one Ctrl-C stops it from
    // inside, labelled (without the check, solve_calls is 0 and the run goes on for minutes).
    let ready = |pid| wait_for_cpu(pid, MIRACLE_BEFORE_SAT);
    let output = run_interrupted_when(ready, 1, &["solve", "-f", "json"], &miracle_16x16());
    let object: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
    assert_eq!(object["limit"], "interrupted", "{output}");
    assert_eq!(object["stats"]["solve_calls"], 1, "{output}");
}

#[cfg(target_os = "linux")]
#[test]
fn two_signals_back_to_back_are_one_ctrl_c_with_its_answer() {
    // What `timeout -s INT` does: it signals the process, then its whole process group. The
    // two arrive within microseconds; they must not count as the second Ctrl-C that exits at
    // once, without a word.
    let ready = |pid| wait_for_cpu(pid, MIRACLE_BEFORE_SAT);
    let output = run_interrupted_when(ready, 2, &["solve", "-f", "json"], &miracle_16x16());
    let object: serde_json::Value = serde_json::from_str(&output.stdout).unwrap();
    assert_eq!(object["limit"], "interrupted", "{output}");
}

/// A batch of `lines` copies of one classic puzzle the pre-pass answers at once.
fn classic_batch(lines: usize) -> String {
    format!("{SQLITE_LINE}\n").repeat(lines)
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_batch_between_puzzles_and_reads_no_more() {
    let lines = 400_000;
    let output = run_interrupted_after(
        Duration::from_secs(1),
        &["check", "-f", "line"],
        &classic_batch(lines),
    );
    let answered = output.stdout.lines().count();
    assert!(answered < lines, "{answered} of {lines} answered");
    assert!(output.stdout.lines().all(|line| line == "unique"));
    assert!(output.stderr.contains("the rest of the input was not read"), "{}", output.stderr);
}

#[test]
fn a_timeout_bounds_a_whole_batch_and_labels_every_puzzle_left() {
    let lines = 300_000;
    let path =
        std::env::temp_dir().join(format!("satdoku-batch-timeout-{}.txt", std::process::id()));
    std::fs::write(&path, classic_batch(lines)).unwrap();
    let file = path.display().to_string();
    let output = run(&["count", "--timeout", "0.5", "-f", "line", &file], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.code, TIMED_OUT, "a timeout exits 4");
    let answered = output.stdout.lines().count();
    let unanswered =
        output.stderr.lines().filter(|l| l.ends_with("no result: the time limit was reached"));
    assert_eq!(answered + unanswered.count(), lines, "every puzzle is answered or labelled");
    assert!(answered < lines);
}
