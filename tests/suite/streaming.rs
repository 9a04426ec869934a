//! Streamed batches: a long batch runs through `satdoku check` in bounded memory, answers in
//! input order, and gives the same answers one puzzle at a time. The memory is reported, not
//! asserted (it depends on the allocator and the machine).

use std::io::Write;
use std::process::{Child, Command, Stdio};

/// A 4×4 puzzle with one solution, one with several (12), and one that does not parse.
const LINES: [(&str, &str); 3] =
    [("123434122143432.", "unique"), ("1234............", "multiple solutions"), ("12.x", "")];

/// Runs `satdoku check --jobs JOBS` on `input`; its stdout and its peak memory in KiB.
fn check(input: &[u8], jobs: &str) -> (String, i64) {
    check_with(input, &["--jobs", jobs])
}

/// Runs `satdoku check --quiet ARGS` with `input` on stdin; its stdout and its peak memory in
/// KiB.
fn check_with(input: &[u8], args: &[&str]) -> (String, i64) {
    let mut child = start_check(args);
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("satdoku ends");
    writer.join().expect("the writer ends").expect("the input is written");
    // SAFETY: getrusage fills the struct it is given; RUSAGE_CHILDREN covers waited children.
    let peak = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    };
    (String::from_utf8(output.stdout).expect("UTF-8 output"), peak)
}

/// `satdoku check --quiet ARGS` started with stdin and stdout piped to this process.
fn start_check(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["check", "--quiet"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("satdoku runs")
}

/// `count` lines cycling through [`LINES`], and the answers `check` gives them.
fn batch(count: usize) -> (Vec<u8>, Vec<&'static str>) {
    let mut input = Vec::new();
    for i in 0..count {
        input.extend(LINES[i % 3].0.as_bytes());
        input.push(b'\n');
    }
    let expected = (0..count).map(|i| LINES[i % 3].1).filter(|answer| !answer.is_empty());
    (input, expected.collect())
}

#[test]
fn a_hundred_thousand_line_batch_streams_in_order() {
    let count = 100_000;
    let (input, expected) = batch(count);
    let (output, peak) = check(&input, "2");
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), expected.len());
    assert!(answers == expected, "answers out of order");
    let line = format!(
        "streaming: {count} lines checked, peak memory of the largest child so far {peak} KiB\n"
    );
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

#[test]
fn a_streamed_batch_answers_as_one_puzzle_at_a_time() {
    let lines: Vec<&str> = LINES.iter().map(|(line, _)| *line).collect();
    let batch = lines.join("\n") + "\n";
    let (together, _) = check(batch.as_bytes(), "2");
    let alone: String =
        lines.iter().map(|line| check(format!("{line}\n").as_bytes(), "1").0).collect();
    assert_eq!(together, alone);
}

#[test]
fn a_file_read_in_chunks_then_stdin_answer_in_order() {
    // A file goes to the workers in full chunks, stdin in chunks of what has arrived; the
    // answers keep the order of the inputs either way.
    let (input, mut expected) = batch(10_000);
    let path = std::env::temp_dir().join(format!("satdoku-chunks-{}.txt", std::process::id()));
    std::fs::write(&path, &input).expect("a temporary file");
    let (stdin, tail) = batch(5);
    let file = path.to_str().expect("a UTF-8 path");
    let (output, _) = check_with(&stdin, &["--jobs", "2", file, "-"]);
    std::fs::remove_file(&path).expect("the temporary file goes");
    expected.extend(tail);
    assert!(output.lines().eq(expected), "answers out of order");
}

#[test]
fn a_pipe_still_open_gets_the_answers_to_what_has_arrived() {
    // The first 64 lines decide that the input is a batch; then one more line. Each time the
    // answers must come while stdin stays open: no puzzle waits for input still to come.
    let mut child = start_check(&["--jobs", "2"]);
    let mut stdin = child.stdin.take().expect("a pipe");
    let stdout = child.stdout.take().expect("a pipe");
    let (answer, answers) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout).lines() {
            let _ = answer.send(line.expect("UTF-8 output"));
        }
    });
    let (first, expected) = batch(64);
    let wait = std::time::Duration::from_secs(60);
    let mut send_and_hear = |input: &[u8], expected: &[&str]| {
        stdin.write_all(input).and_then(|()| stdin.flush()).expect("satdoku reads");
        for expected in expected {
            let heard = answers.recv_timeout(wait);
            assert_eq!(heard.as_deref(), Ok(*expected), "an answer held back");
        }
    };
    send_and_hear(&first, &expected);
    send_and_hear(b"1234............\n", &["multiple solutions"]);
    drop(stdin);
    assert_eq!(child.wait().expect("satdoku ends").code(), Some(2), "a bad line was in it");
}
