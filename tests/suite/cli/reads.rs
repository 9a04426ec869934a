//! Bounded reads and the smaller input faults (issue 19 points 6 and 7, issue 20 point 5):
//! every file read whole has a size bound and fails at once past it (`/dev/zero` included),
//! a regions file is read as regions, and a missing file says so.

use std::time::Duration;

use super::{Output, TempFile, assert_bad_input, run, run_command, run_within, satdoku};

/// Much longer than any of these runs needs: they stop after reading one byte past a bound.
const QUICK: Duration = Duration::from_secs(20);

/// A CNF and a proof that `verify` accepts (x1 ∨ x2 and its three sign variants).
const CNF: &[u8] = b"p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";
const PROOF: &[u8] = b"1 0\n0\n";

/// A file of `bytes` bytes made of `unit` repeated (cut at the end).
fn file_of(name: &str, unit: &[u8], bytes: usize) -> TempFile {
    let contents: Vec<u8> = unit.iter().copied().cycle().take(bytes).collect();
    TempFile::new(name, &contents)
}

/// Asserts a refusal for size: exit 2 at once, the file and its bound named.
fn assert_too_large(output: &Output, file: &str, what: &str) {
    assert_bad_input(output, &[&format!("{file}: expected {what} of at most "), "MiB"]);
}

#[test]
fn verify_refuses_an_endless_cnf_or_proof_at_once() {
    let (cnf, proof) = (TempFile::new("ok.cnf", CNF), TempFile::new("ok.drat", PROOF));
    assert_eq!(run(&["verify", cnf.path(), proof.path()], "").code, 0);
    let output = run_within(&["verify", "/dev/zero", proof.path()], QUICK);
    assert_too_large(&output, "/dev/zero", "a DIMACS CNF");
    let output = run_within(&["verify", cnf.path(), "/dev/zero"], QUICK);
    assert_too_large(&output, "/dev/zero", "a DRAT proof");
}

#[test]
fn verify_refuses_files_just_over_the_bound() {
    let (cnf, proof) = (TempFile::new("over.cnf", CNF), TempFile::new("over.drat", PROOF));
    let long_cnf = file_of("long.cnf", b"c comment line\n", (64 << 20) + 1);
    let output = run_within(&["verify", long_cnf.path(), proof.path()], QUICK);
    assert_too_large(&output, long_cnf.path(), "a DIMACS CNF");
    let long_proof = file_of("long.drat", b"c comment line\n", (64 << 20) + 1);
    let output = run_within(&["verify", cnf.path(), long_proof.path()], QUICK);
    assert_too_large(&output, long_proof.path(), "a DRAT proof");
}

#[test]
fn verify_reports_a_binary_proof_at_its_first_bad_byte() {
    let cnf = TempFile::new("binary.cnf", CNF);
    let binary = TempFile::new("binary.drat", b"1 0\n2 \xff\x01 0\n");
    let output = run(&["verify", cnf.path(), binary.path()], "");
    let at = format!("{}:2:3: expected UTF-8 text in a DRAT proof, found byte 0xff", binary.path());
    assert_bad_input(&output, &[&at]);
}

#[test]
fn generate_refuses_an_endless_or_oversized_regions_file() {
    let output = run_within(&["generate", "--regions", "/dev/zero"], QUICK);
    assert_too_large(&output, "/dev/zero", "a regions file");
    let long = file_of("long-regions.txt", b"# comment\n", (1 << 20) + 1);
    let output = run_within(&["generate", "--regions", long.path()], QUICK);
    assert_too_large(&output, long.path(), "a regions file");
}

#[test]
fn an_empty_or_binary_regions_file_is_reported_at_its_start_as_regions() {
    let empty = TempFile::new("empty-regions.txt", b"");
    let output = run(&["generate", "--regions", empty.path()], "");
    let at = format!("{}:1:1: expected rows of region symbols, found none", empty.path());
    assert_bad_input(&output, &[&at]);
    assert!(!output.stderr.contains("givens"), "{output}");
    let binary = TempFile::new("binary-regions.txt", b"\x00\x01\x02\n\x03\x04\x05\n");
    let output = run(&["generate", "--regions", binary.path()], "");
    assert_bad_input(&output, &[&format!("{}:1:1: ", binary.path()), "--regions"]);
    assert!(!output.stderr.contains("givens"), "{output}");
    let latin1 = TempFile::new("latin1-regions.txt", b"aabb\naa\xe9b\n");
    let output = run(&["generate", "--regions", latin1.path()], "");
    let at = format!("{}:2:3: expected UTF-8 text in a regions file", latin1.path());
    assert_bad_input(&output, &[&at]);
}

#[test]
fn a_regions_file_of_another_size_than_size_is_refused() {
    let nine = "111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n\
                777888999\n777888999\n777888999\n";
    let regions = TempFile::new("nine-regions.txt", nine.as_bytes());
    let output = run(&["generate", "--size", "6", "--regions", regions.path()], "");
    let expected = format!("{}: expected regions for --size 6, found a 9x9 layout", regions.path());
    assert_bad_input(&output, &[&expected]);
    let output = run(&["generate", "--size", "9", "--regions", regions.path()], "");
    assert_eq!(output.code, 0, "{output}");
    assert!(output.stdout.contains("size: 9"), "{output}");
}

#[test]
fn a_puzzle_longer_than_the_bound_spoils_itself_only() {
    let padding = format!("  # {}\n", "x".repeat(4 << 20));
    let long = format!("title: long\n1...{padding}....{padding}....{padding}....{padding}....\n");
    let file = TempFile::new("long-puzzle.txt", format!("{long}\n1234341221434321\n").as_bytes());
    let output = run_within(&["solve", "-f", "line", file.path()], QUICK);
    assert_eq!(output.code, 2, "{output}");
    assert!(output.stdout.starts_with("1234341221434321 unique\n"), "{output}");
    assert_eq!(output.lines().len(), 1, "{output}");
    let at = format!("{}:1:1: expected a puzzle of at most 16 MiB", file.path());
    assert!(output.stderr.contains(&at), "{output}");
}

/// Issue 20 point 5: a missing file says so, and a path that `"$SATDOKU_DATASETS/..."` made
/// with the variable unset names the variable.
#[test]
fn a_missing_file_says_no_such_file_and_names_an_unset_datasets_variable() {
    let output = run(&["solve", "nosuchfile.txt"], "");
    assert_bad_input(&output, &["cannot read `nosuchfile.txt`: no such file"]);
    assert!(!output.stderr.contains("SATDOKU_DATASETS"), "{output}");
    for path in ["/magictour-top95.txt", "/variants/evenodd-9x9-129.txt"] {
        let output = run_command(satdoku(&["solve", path]).env_remove("SATDOKU_DATASETS"), "");
        let expected = format!(
            "cannot read `{path}`: no such file; if it was meant as `$SATDOKU_DATASETS{path}`: `$SATDOKU_DATASETS` is unset: set it to"
        );
        assert_bad_input(&output, &[&expected]);
        let set = run_command(satdoku(&["solve", path]).env("SATDOKU_DATASETS", "/x"), "");
        assert_bad_input(&set, &[&format!("cannot read `{path}`: no such file")]);
        assert!(!set.stderr.contains("SATDOKU_DATASETS"), "{set}");
    }
}

/// Issue 20 point 5: an empty stdin (`cat "$SATDOKU_DATASETS/x" | satdoku count` with the
/// variable unset) names the likely cause.
#[test]
fn an_empty_stdin_names_the_likely_cause() {
    let output = run_command(satdoku(&["count"]).env_remove("SATDOKU_DATASETS"), "");
    let hint = "hint: stdin held no puzzle: if a command before `|` failed";
    assert_bad_input(&output, &["<stdin>:1:1: empty input", hint, "`$SATDOKU_DATASETS` is unset"]);
    let set = run_command(satdoku(&["count"]).env("SATDOKU_DATASETS", "/x"), "");
    assert_bad_input(&set, &[hint]);
    assert!(!set.stderr.contains("SATDOKU_DATASETS"), "{set}");
    let headers = run(&["count"], "rules: diagonal\n");
    assert_bad_input(&headers, &["found only header lines"]);
    assert!(!headers.stderr.contains("hint"), "{headers}");
}

/// Issue 19 point 7: an f-puzzles link (or its bare `N4Ig...` payload) on a line of a file or
/// of stdin is read like any other puzzle, one per line in a batch; one that does not decode
/// is an error at its line, and the rest go on.
#[test]
fn links_on_lines_of_a_file_or_stdin_are_puzzles() {
    let link = run(&["link", "little-killer-4x4-peak"], "");
    assert_eq!(link.code, 0, "{link}");
    let link = link.stdout.trim().to_string();
    let payload = link.split_once("load=").expect("a ?load= link").1;
    let solution = "1423324123144132 unique";
    let output = run(&["solve", "-f", "line"], &format!("{link}\n"));
    assert_eq!((output.code, output.stdout.trim()), (0, solution), "{output}");
    let batch = format!("{link}\n{payload}\n1234341221434321\nhttps://f-puzzles.com/?load=xx\n");
    let file = TempFile::new("links.txt", batch.as_bytes());
    let output = run(&["solve", "-f", "line", file.path()], "");
    assert_eq!(output.code, 2, "{output}");
    assert_eq!(output.lines(), [solution, solution, "1234341221434321 unique"], "{output}");
    let at = format!("{}:4:1: cannot read the puzzle link: expected an LZ-String", file.path());
    assert!(output.stderr.contains(&at), "{output}");
    assert!(!output.stderr.contains("unknown header key"), "{output}");
}
