//! The public "Fpuzzles-SudokuSolver" userscript itself against `satdoku serve`:
//! `tests/browser/userscript.mjs` loads it from `$SATDOKU_USERSCRIPT` (never part of the
//! repository) into headless chromium on a stand-in f-puzzles page, clicks every button it
//! hooks, and this test checks what the script wrote back: the real solution, "unique", the
//! estimate, the count's progress and cancel, the explanation. Skipped, saying so on stderr,
//! without the userscript, node, playwright-core or chromium.

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use satdoku::model::fpuzzles::write_fpuzzles;
use satdoku::{Grid, Puzzle};
use serde_json::Value;

use super::browser::{missing, script_folder};
use super::server::{Server, bundled};

/// The unique puzzle the buttons are clicked on (a miracle: anti-king, anti-knight and
/// consecutive rules, as f-puzzles writes them).
const UNIQUE: &str = "miracle";

/// The userscript's path, or why the test cannot run.
fn userscript() -> Result<PathBuf, String> {
    let path = std::env::var_os("SATDOKU_USERSCRIPT")
        .map(PathBuf::from)
        .ok_or("SATDOKU_USERSCRIPT is not set (the path of Fpuzzles-SudokuSolver.user.js)")?;
    if !path.is_file() {
        return Err(format!("no userscript at {}", path.display()));
    }
    missing().map_or(Ok(path), Err)
}

/// Writes `puzzle` as an f-puzzles document into the target folder.
fn document(name: &str, puzzle: &Puzzle) -> PathBuf {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("target/userscript-{name}.json"));
    std::fs::write(&path, write_fpuzzles(puzzle).expect("an f-puzzles document")).expect("written");
    path
}

/// The digits the script left in the grid, as a grid of `puzzle`.
fn grid_of(puzzle: &Puzzle, seen: &Value) -> Grid {
    let digits: String = seen["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|value| char::from_digit(value.as_u64().unwrap_or(0) as u32, 10).unwrap_or('.'))
        .map(|digit| if digit == '0' { '.' } else { digit })
        .collect();
    Grid::from_line(puzzle.geometry(), &digits).expect("a grid")
}

#[test]
fn every_button_the_userscript_hooks_answers_in_a_headless_browser() {
    let script = match userscript() {
        Ok(path) => path,
        Err(reason) => {
            let line =
                format!("\nSKIPPED: the userscript browser test checked nothing: {reason}\n");
            let _ = std::io::stderr().lock().write_all(line.as_bytes());
            return;
        }
    };
    let unique = bundled(UNIQUE);
    let many: Puzzle = ".".repeat(81).parse().expect("an empty 9x9");
    let server = Server::start(&[]);
    let output = Command::new("node")
        .current_dir(script_folder())
        .arg("userscript.mjs")
        .arg(&server.address)
        .arg(&script)
        .arg(document("unique", &unique))
        .arg(document("many", &many))
        .output()
        .expect("node runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the userscript test failed:\n{stderr}");
    let seen: Value = serde_json::from_slice(&output.stdout).expect("the driver prints JSON");
    // A unique puzzle's true candidates are its solution: the script places each single one.
    let solution = grid_of(&unique, &seen["trueCandidates"]);
    assert!(satdoku::validate(&unique, &solution).is_ok(), "{}", seen["trueCandidates"]);
    assert_eq!(grid_of(&unique, &seen["solve"]), solution, "{}", seen["solve"]);
    assert_eq!(seen["check"]["console"], "There is a unique solution.", "{}", seen["check"]);
    let estimate = seen["estimate"]["console"].as_str().unwrap();
    assert!(estimate.contains("~ 1.000e+0 (Rel.Err: 0.00%)"), "{estimate}");
    let path = seen["solvePath"]["console"].as_str().unwrap();
    assert!(path.lines().count() > 3, "{path}");
    let placed = grid_of(&unique, &seen["solvePath"]);
    for cell in unique.geometry().cells() {
        if let Some(digit) = placed.get(cell) {
            assert_eq!(solution.get(cell), Some(digit), "solution path at {cell:?}: {path}");
        }
    }
    let step = &seen["step"];
    assert!(!step["console"].as_str().unwrap().is_empty(), "{step}");
    assert!(
        step["marks"].as_array().unwrap().iter().any(|marks| marks.as_u64() > Some(1)),
        "{step}"
    );
    let progress = seen["countProgress"]["console"].as_str().unwrap();
    assert!(
        progress.starts_with("Found ") && progress.ends_with(" solutions so far..."),
        "{progress}"
    );
    let cancelled = seen["countCancelled"]["console"].as_str().unwrap();
    assert!(cancelled.ends_with("Operation canceled."), "{cancelled}");
}
