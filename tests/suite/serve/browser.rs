//! The workbench page in a real browser: `tests/browser/workbench.mjs` drives Debian's
//! chromium (through playwright-core, which never downloads a browser) against a real
//! `satdoku serve --port 0`: it pastes a link, sees "unique" and the picture, turns on the true
//! candidates, steps through the explanation and saves a screenshot. Without node, the
//! installed playwright-core or chromium the test says so on stderr and checks nothing
//! (`.ci/run` installs all three). `SATDOKU_BLESS=1` saves the screenshot as the book's
//! `docs/images/workbench.png`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::server::Server;

/// The puzzle pasted: the book's 6x6 Extreme Killer (unique; its explanation takes a few
/// tenths of a second), as an f-puzzles link made by `satdoku link`.
const PUZZLE: &str = "killer-6x6-extreme";

/// The browser's executable: `$SATDOKU_CHROMIUM`, else Debian's.
pub(super) fn chromium() -> PathBuf {
    std::env::var_os("SATDOKU_CHROMIUM").map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from)
}

/// The folder of the node script.
pub(super) fn script_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser")
}

/// What is missing to run the test, if anything.
pub(super) fn missing() -> Option<String> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|output| output.status.success()) {
        return Some("node is not installed".to_string());
    }
    let playwright = script_folder().join("node_modules/playwright-core");
    if !playwright.is_dir() {
        return Some(format!(
            "{} is missing (run `npm ci` in tests/browser)",
            playwright.display()
        ));
    }
    let browser = chromium();
    if !browser.is_file() {
        return Some(format!("no chromium at {} (apt-get install chromium)", browser.display()));
    }
    None
}

/// Where the screenshot goes: the book's image when blessing, else the target folder.
fn screenshot_path() -> PathBuf {
    let bless = std::env::var("SATDOKU_BLESS").is_ok_and(|value| value == "1");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if bless {
        let images = root.join("docs/images");
        std::fs::create_dir_all(&images).expect("docs/images can be made");
        images.join("workbench.png")
    } else {
        root.join("target/workbench.png")
    }
}

/// The f-puzzles link of a bundled puzzle, as `satdoku link` prints it.
fn link(puzzle: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["link", puzzle])
        .output()
        .expect("satdoku runs");
    assert!(output.status.success(), "satdoku link {puzzle} failed");
    String::from_utf8(output.stdout).expect("a link is text").trim().to_string()
}

#[test]
fn the_workbench_page_answers_in_a_headless_browser() {
    if let Some(reason) = missing() {
        let line = format!("\nSKIPPED: the workbench browser test checked nothing: {reason}\n");
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
        return;
    }
    let server = Server::start(&[]);
    let screenshot = screenshot_path();
    let output = Command::new("node")
        .current_dir(script_folder())
        .arg("workbench.mjs")
        .arg(format!("http://{}/", server.address))
        .arg(link(PUZZLE))
        .arg(&screenshot)
        .output()
        .expect("node runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the browser test failed:\n{stderr}");
    let seen: Value = serde_json::from_slice(&output.stdout).expect("the script prints JSON");
    assert_eq!(seen["picture"], 1, "the puzzle is drawn: {seen}");
    assert_eq!(seen["title"], "6x6 Extreme Killer", "{seen}");
    // A unique puzzle's true candidates are its solution: one in each empty cell.
    assert_eq!(seen["candidates"], seen["empty"], "{seen}");
    assert!(seen["steps"].as_u64().unwrap() > 3, "{seen}");
    let position = seen["position"].as_str().unwrap();
    assert!(position.starts_with("step 2 of "), "{seen}");
    assert!(seen["highlighted"].as_u64().unwrap() > 0, "the step's cells are highlighted: {seen}");
    assert!(!seen["stepText"].as_str().unwrap().is_empty(), "{seen}");
    // The rating shown is the command line's: `score 2.9 (medium), ...` shows as `2.9 medium, ...`.
    let rate = Command::new(env!("CARGO_BIN_EXE_satdoku")).args(["rate", PUZZLE]).output();
    let rate = String::from_utf8(rate.expect("satdoku rate runs").stdout).unwrap();
    let score = rate.split_whitespace().nth(1).expect("a score");
    assert!(seen["rating"].as_str().unwrap().starts_with(&format!("{score} ")), "{seen}\n{rate}");
    let png = std::fs::read(&screenshot).expect("the screenshot is saved");
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is a PNG");
}
