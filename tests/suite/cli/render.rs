//! `satdoku render`: the SVG on stdout or in a file written whole, `--solution` and
//! `--candidates`, and nothing written when the input is bad or there is nothing to draw.

use crate::cli::{MULTI_4X4, NONE_4X4, SQLITE, assert_bad_input, assert_success, run};

/// A fresh empty folder for output files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("satdoku-render-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_picture_goes_to_stdout_or_whole_to_a_file() {
    let output = run(&["render", "puzzles/arrow-eddies.txt"], "");
    assert_success(&output);
    assert!(output.stdout.starts_with("<svg ") && output.stdout.ends_with("</svg>\n"));
    assert!(output.stdout.contains("<title>Eddies</title>"), "the puzzle's title");
    let dir = scratch("file");
    let file = dir.join("eddies.svg");
    let written = run(&["render", "puzzles/arrow-eddies.txt", "-o", file.to_str().unwrap()], "");
    assert_success(&written);
    assert_eq!(written.stdout, "");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), output.stdout);
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary file is left behind");
}

#[test]
fn solution_and_candidates_add_digits() {
    let plain = run(&["render", SQLITE], "");
    let solved = run(&["render", SQLITE, "--solution"], "");
    assert_success(&solved);
    let digits = |svg: &str| svg.matches("</text>").count();
    assert_eq!((digits(&plain.stdout), digits(&solved.stdout)), (30, 81));
    let candidates = run(&["render", MULTI_4X4, "--candidates"], "");
    assert_success(&candidates);
    assert!(digits(&candidates.stdout) > 16, "small digits in the empty cells");
}

#[test]
fn nothing_is_written_when_there_is_nothing_to_draw() {
    let dir = scratch("nothing");
    let file = dir.join("out.svg");
    let path = file.to_str().unwrap();
    assert_bad_input(&run(&["render", "not-a-puzzle", "-o", path], ""), &["cannot read"]);
    let several = run(&["render", MULTI_4X4, "--solution", "-o", path], "");
    assert_eq!((several.code, several.stdout.as_str()), (1, ""), "{several}");
    assert!(several.stderr.contains("several solutions"), "{several}");
    let none = run(&["render", NONE_4X4, "--candidates"], "");
    assert_eq!((none.code, none.stdout.as_str()), (1, ""), "{none}");
    assert!(!file.exists(), "no file is written");
}
