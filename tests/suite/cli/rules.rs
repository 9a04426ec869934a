//! `satdoku rules`: the rule names `--rules` and `rules:` accept.

use crate::cli::{EMPTY_4X4, assert_success, run};

#[test]
fn every_readme_rule_is_listed() {
    let output = run(&["rules"], "");
    assert_success(&output);
    let names: Vec<&str> =
        output.lines().iter().filter_map(|line| line.split_whitespace().next()).collect();
    for name in [
        "classic",
        "diagonal",
        "diagonal+",
        "diagonal-",
        "anti-king",
        "anti-knight",
        "non-consecutive",
        "miracle",
    ] {
        assert!(names.contains(&name), "{name} missing\n{output}");
    }
    let miracle = output.lines().into_iter().find(|line| line.starts_with("miracle ")).unwrap();
    assert!(miracle.contains("anti-king + anti-knight + non-consecutive"), "{miracle}");
    assert!(output.stdout.contains("even:"), "{output}");
    assert!(output.stdout.contains("odd:"), "{output}");
}

#[test]
fn every_listed_rule_is_accepted() {
    let output = run(&["rules"], "");
    let names: Vec<String> = output
        .lines()
        .iter()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| !name.ends_with(','))
        .map(String::from)
        .collect();
    assert!(names.len() >= 8, "{output}");
    for name in &names {
        // No rule makes the empty 4×4 grid unique: accepted, counted, exit 1.
        let flag = run(&["count", "--rules", name], EMPTY_4X4);
        assert_eq!((flag.code, flag.stderr.as_str()), (1, ""), "rule {name}\n{flag}");
        let header = run(&["count"], &format!("rules: {name}\ngivens: {EMPTY_4X4}\n"));
        assert_eq!((header.code, header.stderr.as_str()), (1, ""), "rule {name}\n{header}");
        assert_eq!(flag.stdout, header.stdout, "rule {name}");
    }
}
