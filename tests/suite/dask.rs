//! The wide search on Dask distributed (`scripts/dask/ci.sh`): a local cluster of two
//! workers runs the sharded `generate --hard`, merges and de-duplicates what they stream,
//! rates it in batches, and checks the merged puzzles. The script installs
//! `dask[distributed]` from PyPI into `~/.cache/satdoku/dask-venv` (once per machine) and
//! skips, saying so, without python3, pip or the registry.

use std::process::Command;

#[test]
fn the_sharded_search_runs_on_a_local_dask_cluster_of_two_workers() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/dask/ci.sh");
    let output = Command::new("bash")
        .args([script, env!("CARGO_BIN_EXE_satdoku")])
        .output()
        .expect("bash runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if let Some(reason) = stdout.lines().find(|line| line.starts_with("SKIPPED: ")) {
        eprintln!("dask: {reason}");
        return;
    }
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("dask: ok"), "{stdout}\n{stderr}");
    eprintln!("dask: {}", stdout.lines().next().unwrap_or_default());
}
