//! `satdoku generate`: minimal unique puzzles, the same for a seed whatever `--jobs`.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::cli::{
    assert_bad_input, assert_extends, assert_minimal, assert_success, check_lines, given_count, run,
};

fn generate(args: &[&str]) -> crate::cli::Output {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let output = run(&all, "");
    assert_success(&output);
    output
}

#[test]
fn three_unique_puzzles_whatever_the_jobs() {
    let one = generate(&["--count", "3", "--seed", "5", "-f", "line", "--jobs", "1"]);
    let two = generate(&["--count", "3", "--seed", "5", "-f", "line", "--jobs", "2"]);
    assert_eq!(one.stdout, two.stdout);
    let lines = one.lines();
    assert_eq!(lines.len(), 3, "{one}");
    for line in &lines {
        assert_eq!(line.len(), 81, "{one}");
    }
    assert_ne!(lines[0], lines[1]);
    assert_eq!(check_lines(&lines, &[]), (0, vec!["unique".to_string(); 3]), "{one}");

    let other = generate(&["--count", "3", "--seed", "6", "-f", "line", "--jobs", "2"]);
    assert_eq!(other.lines().len(), 3, "{other}");
    assert_ne!(other.stdout, one.stdout);
}

#[test]
fn puzzle_k_depends_only_on_the_seed_and_k() {
    let three = generate(&["--count", "3", "--seed", "5", "-f", "line", "--jobs", "3"]);
    let one = generate(&["--count", "1", "--seed", "5", "-f", "line"]);
    assert_eq!(three.lines()[0], one.stdout.trim_end());
}

#[test]
fn generated_puzzles_are_minimal() {
    let output = generate(&["--seed", "11", "-f", "line"]);
    assert_minimal(output.stdout.trim_end(), &[], &[]);
}

#[test]
fn miracle_puzzles_are_unique_under_their_rules() {
    let output = generate(&["--rules", "miracle", "--seed", "1", "--count", "2", "-f", "json"]);
    let objects = output.json();
    assert_eq!(objects.len(), 2, "{output}");
    for (index, object) in objects.iter().enumerate() {
        assert_eq!(object["index"], index);
        assert_eq!(object["puzzle"], index + 1);
        assert_eq!(object["line"], index + 1);
        assert_eq!(object["seed"], 1);
        assert_eq!(object["size"], 9);
        assert!(object["attempts"].as_u64().is_some_and(|a| a >= 1), "{object}");
        assert_eq!(object["stats"]["conflicts"], serde_json::Value::Null);
        let rules = object["rules"].as_str().unwrap();
        assert_eq!(rules, "anti-king, anti-knight, non-consecutive");
        let givens = object["givens"].as_str().unwrap();
        let solution = object["solution"].as_str().unwrap();
        assert_eq!(object["given_count"].as_u64(), Some(given_count(givens) as u64));
        assert_extends(solution, givens);
        // Unique under the rules the JSON names, with the solution it names; not without.
        let solved = run(&["solve", "-f", "json", "--rules", rules], givens);
        assert_success(&solved);
        let solved = solved.json_one();
        assert_eq!(solved["unique"], true, "{givens}");
        assert_eq!(solved["solution"], solution);
        assert_eq!(check_lines(&[givens], &[]).0, 1);
    }
}

#[test]
fn small_grids_with_rules_and_symmetry() {
    let output = generate(&[
        "--size",
        "6",
        "--rules",
        "diagonal",
        "--symmetry",
        "rotational",
        "--count",
        "2",
        "--seed",
        "4",
        "-f",
        "line",
    ]);
    let lines = output.lines();
    assert_eq!(lines.len(), 2, "{output}");
    for line in &lines {
        // The one-line form names the rules after the givens.
        let givens = line.strip_suffix(" diagonal-,diagonal+").expect("the rules, named");
        let cells: Vec<char> = givens.chars().collect();
        assert_eq!(cells.len(), 36);
        for i in 0..36 {
            assert_eq!(cells[i] == '.', cells[35 - i] == '.', "cell {i}: {line}");
        }
    }
    // Unique under the rules the lines carry, and under the flag.
    assert_eq!(check_lines(&lines, &[]).0, 0);
    let givens: Vec<&str> = lines.iter().map(|line| &line[..36]).collect();
    assert_eq!(check_lines(&givens, &["--rules", "diagonal"]).0, 0);
}

#[test]
fn givens_at_most_is_met() {
    let output = generate(&["--givens-at-most", "24", "--seed", "2", "-f", "json"]);
    let object = output.json_one();
    assert!(object["given_count"].as_u64().is_some_and(|n| n <= 24), "{object}");
}

#[test]
fn an_unreachable_givens_bound_exits_1() {
    // A 4×4 puzzle needs at least four givens: the search prints the fewest it found.
    let args =
        ["generate", "--size", "4", "--givens-at-most", "1", "--attempts", "3", "-f", "line"];
    let output = run(&args, "");
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.lines().len(), 1, "{output}");
    assert!(
        output.stderr.starts_with("error: 0 of 1 puzzles reached 1 givens or fewer"),
        "{output}"
    );
    // With --symmetry, plain generation restarts until a puzzle is small enough.
    let symmetric = [&args[..7], &["--symmetry", "rotational"]].concat();
    let output = run(&symmetric, "");
    assert_eq!((output.code, output.stdout.as_str()), (1, ""), "{output}");
    assert!(output.stderr.starts_with("error: puzzle 1: "), "{output}");
}

#[test]
fn pretty_is_the_puzzle_text_format() {
    let output = generate(&["--size", "4", "--seed", "3", "--count", "2"]);
    let blocks: Vec<&str> = output.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{output}");
    assert!(blocks[0].starts_with("# seed 3 puzzle 1: "), "{output}");
    assert!(blocks[1].starts_with("# seed 3 puzzle 2: "), "{output}");
    for block in blocks {
        let check = run(&["check"], block);
        assert_success(&check);
        assert_eq!(check.stdout, "unique\n");
    }
}

#[test]
fn bad_rules_and_boxes_are_bad_input() {
    let output = run(&["generate", "--rules", "bogus"], "");
    assert_bad_input(&output, &["unknown rule `bogus`", "--rules"]);
    let output = run(&["generate", "--size", "7"], "");
    assert_bad_input(&output, &["7x7", "--boxes"]);
    let output = run(&["generate", "--size", "6", "--boxes", "3x3"], "");
    assert_bad_input(&output, &["6x6", "--boxes"]);
    let output = run(&["generate", "--boxes", "three"], "");
    assert_bad_input(&output, &["--boxes", "`three`"]);
}

#[test]
fn a_closed_pipe_exits_0() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satdoku"))
        .args(["generate", "--size", "4", "--count", "1000", "--jobs", "1", "-f", "line"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start satdoku");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn regions_give_unique_minimal_jigsaw_puzzles() {
    // The regions of puzzles/irregular-6x6-piggly-wiggly.txt.
    let regions = "111223\n112223\n415233\n455533\n444556\n466666\n";
    let path = std::env::temp_dir().join(format!("satdoku-regions-{}.txt", std::process::id()));
    std::fs::write(&path, regions).unwrap();
    let file = path.to_str().unwrap();
    let output = generate(&["--regions", file, "--seed", "2", "--count", "2"]);
    let blocks: Vec<&str> = output.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{output}");
    for block in blocks {
        assert!(block.contains("regions:\n1 1 1 2 2 3\n1 1 2 2 2 3\n"), "{block}");
        assert_success(&run(&["check"], block));
        let puzzle: satdoku::Puzzle = block.parse().unwrap();
        assert!(satdoku::count_up_to(&puzzle, 2).unwrap().is_unique());
        // Minimal: removing any one given leaves several solutions.
        for (cell, _) in puzzle.givens().filled() {
            let mut givens = puzzle.givens().clone();
            givens.set(cell, None);
            let count = satdoku::count_up_to(&puzzle.with_givens(givens), 2).unwrap();
            assert_eq!(count.count(), 2, "{cell} is not needed in\n{block}");
        }
    }
    let bad = "111223\n112223\n415233\n455533\n444555\n466666\n";
    std::fs::write(&path, bad).unwrap();
    let output = run(&["generate", "--regions", file], "");
    assert_bad_input(&output, &[file, ":3:3:", "expected regions of 6 cells", "--regions"]);
    std::fs::remove_file(&path).unwrap();
}
