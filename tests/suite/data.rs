//! Where the public datasets are: `$SATDOKU_DATASETS`, or `../shared/datasets` beside the
//! crate. A test that needs them and finds none records a skip; when the test binary ends, one
//! line on stderr says how many tests skipped and where the data was looked for.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// The environment variable naming the datasets folder.
pub const VARIABLE: &str = "SATDOKU_DATASETS";

/// The tests that skipped their dataset part, in the order they did.
static SKIPPED: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// Whether the summary at exit is registered.
static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Where the datasets are looked for.
pub fn location() -> PathBuf {
    match std::env::var_os(VARIABLE) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/datasets")),
    }
}

/// The datasets folder, or `None` when it is absent: then `test` is recorded as skipped and
/// counted in the summary printed when the test binary exits.
pub fn datasets(test: &str) -> Option<PathBuf> {
    let dir = location();
    if dir.is_dir() {
        return Some(dir);
    }
    SKIPPED.lock().unwrap_or_else(|e| e.into_inner()).push(test.to_string());
    if !REGISTERED.swap(true, Ordering::SeqCst) {
        // SAFETY: `summary` is a plain `extern "C" fn` with no arguments, as atexit expects.
        unsafe { libc::atexit(summary) };
    }
    None
}

/// Prints the skip summary, once, straight to stderr (past the harness's output capture).
extern "C" fn summary() {
    let skipped = SKIPPED.lock().unwrap_or_else(|e| e.into_inner());
    let line = format!(
        "\nSKIPPED: {} dataset tests checked nothing: no datasets at {} (set {VARIABLE} to \
         their folder): {}\n",
        skipped.len(),
        location().display(),
        skipped.join(", ")
    );
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
