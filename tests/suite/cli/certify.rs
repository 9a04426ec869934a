//! `--proof DIR`, `check --certify` and `satdoku verify CNF PROOF`: certificates written,
//! named in the output, checked by the in-tree checker; tampered proofs rejected (exit 1), bad
//! files refused (exit 2), other engines refused.

use std::path::{Path, PathBuf};

use super::{
    EMPTY_4X4, MULTI_4X4, NONE_4X4, SQLITE, SQLITE_LINE, assert_bad_input, assert_success, run,
};

/// A fresh folder in the system's temporary folder for one test's certificates.
fn folder(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("satdoku-cli-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&path);
    path
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

#[test]
fn check_certify_says_unique_certified() {
    let output = run(&["check", "--certify", SQLITE], "");
    assert_success(&output);
    assert_eq!(output.stdout, "unique (certified)\n");
}

#[test]
fn check_certify_certifies_no_solution_but_not_several() {
    let output = run(&["check", "--certify", "-f", "line"], &format!("{NONE_4X4}\n{MULTI_4X4}\n"));
    assert_eq!(output.code, 1, "{output}");
    assert_eq!(output.lines(), ["no solution (certified)", "multiple solutions"]);
    let json = run(&["check", "--certify", "-f", "json"], &format!("{NONE_4X4}\n{MULTI_4X4}\n"));
    let objects = json.json();
    assert_eq!(objects[0]["certified"], true);
    assert_eq!(objects[1]["certified"], false);
    assert!(objects[1]["proof"].is_null() && objects[1]["proof_cnf"].is_null());
}

#[test]
fn check_proof_writes_files_that_verify_accepts() {
    let dir = folder("check-proof");
    let output = run(&["check", "--proof", text(&dir), "-f", "line"], &format!("{SQLITE_LINE}\n"));
    assert_success(&output);
    let (cnf, proof) = (dir.join("puzzle-1.cnf"), dir.join("puzzle-1.drat"));
    assert_eq!(output.stdout, format!("unique proof: {} {}\n", text(&cnf), text(&proof)));
    let cnf_text = std::fs::read_to_string(&cnf).unwrap();
    assert!(cnf_text.starts_with("c satdoku certificate: "), "{cnf_text}");
    assert!(cnf_text.contains("c var 1 r1c1=1\n"), "{cnf_text}");
    let verified = run(&["verify", text(&cnf), text(&proof)], "");
    assert_success(&verified);
    assert!(verified.stdout.starts_with("verified: "), "{verified}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn json_names_the_certificate_files() {
    let dir = folder("json-proof");
    let output = run(&["solve", "--proof", text(&dir), "-f", "json"], &format!("{SQLITE_LINE}\n"));
    assert_success(&output);
    let object = output.json_one();
    assert_eq!(object["proof_cnf"], text(&dir.join("puzzle-1.cnf")));
    assert_eq!(object["proof"], text(&dir.join("puzzle-1.drat")));
    assert!(object.get("certified").is_none(), "only --certify checks: {object}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn count_proof_certifies_an_exact_count() {
    let dir = folder("count-proof");
    let output = run(&["count", "--proof", text(&dir)], &format!("{EMPTY_4X4}\n"));
    // Exit 1: the puzzle is not unique; the count of 288 is exact, and certified.
    assert_eq!((output.code, output.stderr.as_str()), (1, ""), "{output}");
    assert!(output.stdout.starts_with("288 proof: "), "{output}");
    let cnf = std::fs::read_to_string(dir.join("puzzle-1.cnf")).unwrap();
    assert!(cnf.contains("c clauses blocking: 288\n"), "every solution is blocked");
    let verified =
        run(&["verify", text(&dir.join("puzzle-1.cnf")), text(&dir.join("puzzle-1.drat"))], "");
    assert_success(&verified);
    // A count cut by --max has nothing to certify: no files.
    let cut = run(&["count", "--max", "10", "--proof", text(&dir)], &format!("{MULTI_4X4}\n"));
    assert_eq!(cut.stdout, "10+\n", "{cut}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Writes `cnf` and `proof` to a fresh folder and runs `satdoku verify` on them.
fn verify(test: &str, cnf: &str, proof: &str) -> super::Output {
    let dir = folder(test);
    std::fs::create_dir_all(&dir).unwrap();
    let (cnf_path, proof_path) = (dir.join("f.cnf"), dir.join("p.drat"));
    std::fs::write(&cnf_path, cnf).unwrap();
    std::fs::write(&proof_path, proof).unwrap();
    let output = run(&["verify", text(&cnf_path), text(&proof_path)], "");
    std::fs::remove_dir_all(&dir).unwrap();
    output
}

/// All eight clauses over three variables, and a refutation of them.
const EIGHT: &str = "p cnf 3 8\n1 2 3 0\n1 2 -3 0\n1 -2 3 0\n1 -2 -3 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 3 0\n-1 -2 -3 0\n";

#[test]
fn verify_accepts_a_valid_proof_and_rejects_a_missing_lemma_with_its_line() {
    let valid = verify("verify-valid", EIGHT, "1 2 0\n1 0\n2 0\n0\n");
    assert_success(&valid);
    assert_eq!(
        valid.stdout,
        "verified: 3 lemmas checked, 0 deletions (0 of reason clauses ignored)\n"
    );
    let missing = verify("verify-missing", EIGHT, "1 0\n2 0\n0\n");
    assert_eq!(missing.code, 1, "{missing}");
    assert_eq!(
        missing.stdout,
        "rejected: proof line 1: lemma `1 0` is not RUP: unit propagation on its negation finds no conflict\n"
    );
    let deletion = verify("verify-deletion", EIGHT, "1 2 0\nd 1 3 0\n1 0\n2 0\n0\n");
    assert_eq!(deletion.code, 1, "{deletion}");
    assert!(
        deletion.stdout.starts_with("rejected: proof line 2: deletion of `1 3 0`"),
        "{deletion}"
    );
}

#[test]
fn verify_rejects_satdokus_proof_without_its_last_lemmas() {
    let dir = folder("verify-truncated");
    // A hard puzzle: unit propagation alone does not refute its certificate.
    assert_success(&run(&["check", "--proof", text(&dir), "puzzles/golden-nugget.txt"], ""));
    let proof = std::fs::read_to_string(dir.join("puzzle-1.drat")).unwrap();
    let json = run(
        &[
            "verify",
            "-f",
            "json",
            text(&dir.join("puzzle-1.cnf")),
            text(&dir.join("puzzle-1.drat")),
        ],
        "",
    );
    let conflict = json.json_one()["conflict_line"].as_u64().expect("lemmas were needed") as usize;
    // Everything from the lemma that reaches the conflict on is cut.
    let kept: String = proof.lines().take(conflict - 1).map(|line| format!("{line}\n")).collect();
    std::fs::write(dir.join("cut.drat"), kept).unwrap();
    let cut = run(&["verify", text(&dir.join("puzzle-1.cnf")), text(&dir.join("cut.drat"))], "");
    assert_eq!(cut.code, 1, "{cut}");
    assert!(
        cut.stdout.starts_with("rejected: the proof ends without deriving the empty clause"),
        "{cut}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_refuses_bad_files_with_line_and_column() {
    let bad_cnf = verify("verify-bad-cnf", "p cnf 2 1\n1 x 0\n", "0\n");
    assert_bad_input(&bad_cnf, &["f.cnf:2:3: expected a literal or 0, found `x`"]);
    let bad_proof = verify("verify-bad-proof", EIGHT, "1 2 0\n1 d 0\n");
    assert_bad_input(&bad_proof, &["p.drat:2:3: expected a literal or 0, found `d` inside a step"]);
    let missing = run(&["verify", "no-such.cnf", "no-such.drat"], "");
    assert_bad_input(&missing, &["cannot read `no-such.cnf`"]);
}

#[test]
fn certificates_need_the_sat_engine() {
    let output = run(&["check", "--certify", "--engine", "dlx"], &format!("{SQLITE_LINE}\n"));
    assert_bad_input(&output, &["expected --engine sat with --certify", "found --engine dlx"]);
    let output =
        run(&["count", "--proof", "x", "--engine", "backtrack"], &format!("{SQLITE_LINE}\n"));
    assert_bad_input(&output, &["expected --engine sat with --proof"]);
}

/// Issue 19 point 7: `--proof DIR` makes DIR only when a certificate is written into it.
#[test]
fn proof_folder_appears_only_with_a_certificate() {
    let dir = folder("no-certificate");
    let bad = run(&["check", "--proof", text(&dir)], "12.x\n");
    assert_bad_input(&bad, &["<stdin>:1:"]);
    assert!(!dir.exists(), "bad input left {}", dir.display());
    let several = run(&["check", "--proof", text(&dir)], &format!("{MULTI_4X4}\n"));
    assert_eq!((several.code, several.stdout.as_str()), (1, "multiple solutions\n"));
    assert!(!dir.exists(), "an answer without a certificate left {}", dir.display());
    let empty_16x16 = format!("{}\n", ".".repeat(256));
    let stopped = run(&["count", "--timeout", "0.1", "--proof", text(&dir)], &empty_16x16);
    assert_eq!(stopped.code, 4, "{stopped}");
    assert!(!dir.exists(), "a timeout left {}\n{stopped}", dir.display());
    assert_success(&run(&["check", "--proof", text(&dir), SQLITE], ""));
    assert!(dir.join("puzzle-1.drat").is_file(), "{}", dir.display());
    std::fs::remove_dir_all(&dir).unwrap();
    let file = folder("proof-is-a-file");
    std::fs::write(&file, "").unwrap();
    let output = run(&["check", "--proof", text(&file), SQLITE], "");
    assert_bad_input(&output, &["expected a folder for --proof, found the file"]);
    std::fs::remove_file(&file).unwrap();
}
