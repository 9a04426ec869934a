//! The puzzles `serve_latency` times: every 9×9 puzzle of `puzzles/` and the f-puzzles
//! datasets, as published and with a fifth of its givens removed (seed 21), by rule group.

use std::path::{Path, PathBuf};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use satdoku::model::fpuzzles::{parse_fpuzzles, write_fpuzzles};
use satdoku::{ParseOptions, Puzzle, Rule};

/// One puzzle version to time.
pub struct Case {
    /// The rule group ([`group`]).
    pub group: String,
    /// `published` or `fifth removed`.
    pub edit: &'static str,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Every 9×9 puzzle, as published and with a fifth of its givens removed.
pub fn cases(root: &Path) -> Vec<Case> {
    let mut published = Vec::new();
    for entry in sorted_files(&root.join("puzzles"), "txt") {
        let text = std::fs::read_to_string(&entry).unwrap_or_default();
        if let Ok(puzzle) = text.parse::<Puzzle>() {
            published.push(puzzle);
        }
    }
    let datasets = std::env::var_os("SATDOKU_DATASETS")
        .map_or_else(|| root.join("../shared/datasets"), PathBuf::from)
        .join("variants/fpuzzles");
    for folder in sorted_files(&datasets, "") {
        for file in sorted_files(&folder, "json") {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            if let Ok(puzzle) = parse_fpuzzles(&text, &ParseOptions::new()) {
                published.push(puzzle);
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut cases = Vec::new();
    for puzzle in published {
        if puzzle.geometry().size() != 9 || write_fpuzzles(&puzzle).is_err() {
            continue;
        }
        let group = group(&puzzle);
        let mut givens: Vec<_> = puzzle.givens().filled().map(|(cell, _)| cell).collect();
        givens.shuffle(&mut rng);
        let mut reduced = puzzle.givens().clone();
        for &cell in &givens[..givens.len() / 5] {
            reduced.set(cell, None);
        }
        let reduced = puzzle.with_givens(reduced);
        cases.push(Case { group: group.clone(), edit: "published", puzzle });
        // Fewer than five givens: removing a fifth removes none, and is no edit.
        if givens.len() >= 5 {
            cases.push(Case { group, edit: "fifth removed", puzzle: reduced });
        }
    }
    cases
}

/// The files of `folder` ending in `extension` (every entry when empty), sorted.
fn sorted_files(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| extension.is_empty() || path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// The rule group: the rules' names, without empty odd/even lists; `classic` when none.
fn group(puzzle: &Puzzle) -> String {
    let mut names: Vec<&str> = puzzle
        .rules()
        .iter()
        .filter(|rule| !matches!(rule, Rule::Even(cells) | Rule::Odd(cells) if cells.is_empty()))
        .map(Rule::name)
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() { "classic".into() } else { names.join("+") }
}
