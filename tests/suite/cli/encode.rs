//! `satdoku encode`: one puzzle's CNF as DIMACS, with `c var` comments naming placements.

use std::collections::BTreeMap;

use crate::cli::{EMPTY_4X4, MIRACLE, MULTI_4X4, assert_bad_input, assert_success, run};

/// A DIMACS file read back: the `c var` map, the header counts and the clauses.
struct Dimacs {
    comments: Vec<String>,
    names: BTreeMap<i64, String>,
    variables: usize,
    clauses: Vec<Vec<i64>>,
}

fn read_dimacs(text: &str) -> Dimacs {
    let mut comments = Vec::new();
    let mut names = BTreeMap::new();
    let mut header = None;
    let mut clauses = Vec::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("c ") {
            assert!(header.is_none(), "comment after the `p cnf` line: {line}");
            if let Some(var) = comment.strip_prefix("var ") {
                let (number, name) = var.split_once(' ').expect("`c var N NAME`");
                names.insert(number.parse().unwrap(), name.to_string());
            }
            comments.push(line.to_string());
        } else if let Some(counts) = line.strip_prefix("p cnf ") {
            let counts: Vec<usize> =
                counts.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(counts.len(), 2, "{line}");
            header = Some((counts[0], counts[1]));
        } else {
            assert!(header.is_some(), "clause before the `p cnf` line: {line}");
            let literals: Vec<i64> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(literals.last(), Some(&0), "clause not ended by 0: {line}");
            clauses.push(literals[..literals.len() - 1].to_vec());
        }
    }
    let (variables, clause_count) = header.expect("no `p cnf` line");
    assert_eq!(clauses.len(), clause_count, "the header's clause count");
    for clause in &clauses {
        assert!(!clause.is_empty());
        for literal in clause {
            assert!(
                *literal != 0 && literal.unsigned_abs() as usize <= variables,
                "literal {literal} out of range 1..={variables}"
            );
        }
    }
    Dimacs { comments, names, variables, clauses }
}

impl Dimacs {
    /// Whether the grid (a line of digits) satisfies every clause, reading each variable as
    /// the placement its `c var` comment names.
    fn satisfied_by(&self, grid: &str) -> bool {
        let size = (grid.len() as f64).sqrt() as usize;
        let holds = |variable: i64| {
            let name = &self.names[&variable];
            let (cell, digit) = name.split_once('=').unwrap();
            let (row, column) = cell[1..].split_once('c').unwrap();
            let index =
                (row.parse::<usize>().unwrap() - 1) * size + column.parse::<usize>().unwrap() - 1;
            grid[index..=index] == *digit
        };
        self.clauses.iter().all(|clause| {
            clause.iter().any(|&literal| {
                let value = holds(literal.abs());
                if literal > 0 { value } else { !value }
            })
        })
    }
}

#[test]
fn the_empty_4x4_grid_has_one_variable_per_placement() {
    let output = run(&["encode"], EMPTY_4X4);
    assert_success(&output);
    let dimacs = read_dimacs(&output.stdout);
    assert_eq!(
        &dimacs.comments[..4],
        [
            "c satdoku CNF, extended encoding",
            "c rules: classic",
            "c size: 4 boxes: 2x2",
            "c givens: ................",
        ]
    );
    assert_eq!(dimacs.variables, 64);
    assert_eq!(dimacs.names.len(), 64);
    let expected: Vec<String> = (1..=4)
        .flat_map(|r| (1..=4).flat_map(move |c| (1..=4).map(move |d| format!("r{r}c{c}={d}"))))
        .collect();
    assert_eq!(dimacs.names.values().cloned().collect::<Vec<_>>(), expected);
    assert_eq!(dimacs.names.keys().next(), Some(&1));
    assert!(output.stdout.contains("\nc var 1 r1c1=1\n"));
}

#[test]
fn solutions_satisfy_the_cnf_and_broken_grids_do_not() {
    let output = run(&["encode"], EMPTY_4X4);
    assert_success(&output);
    let dimacs = read_dimacs(&output.stdout);
    assert!(dimacs.satisfied_by("1234341221434321"));
    assert!(dimacs.satisfied_by("4321214334121234"));
    // Two 1s in row 1, two 1s in column 1, two 1s in the first box.
    assert!(!dimacs.satisfied_by("1134341221434321"));
    assert!(!dimacs.satisfied_by("1234142321434321"));
    assert!(!dimacs.satisfied_by("1234213421434321"));
}

#[test]
fn rules_reach_the_cnf() {
    let output = run(&["encode", "--rules", "diagonal"], EMPTY_4X4);
    assert_success(&output);
    let dimacs = read_dimacs(&output.stdout);
    assert_eq!(dimacs.comments[1], "c rules: diagonal-, diagonal+");
    // A classic solution with 1, 4, 4, 1 on the main diagonal breaks `diagonal-`.
    assert!(!dimacs.satisfied_by("1234341221434321"));
    assert!(dimacs.satisfied_by("1234341243212143"));
}

#[test]
fn the_miracle_header_matches_the_readme() {
    let output = run(&["encode", MIRACLE], "");
    assert_success(&output);
    let dimacs = read_dimacs(&output.stdout);
    assert_eq!(
        &dimacs.comments[..4],
        [
            "c satdoku CNF, extended encoding",
            "c rules: anti-king, anti-knight, non-consecutive",
            "c size: 9 boxes: 3x3",
            "c givens: ......................................1............2.............................",
        ]
    );
    assert!(dimacs.comments[4].starts_with("c var 1 r1c1="), "{}", dimacs.comments[4]);
    assert!(dimacs.satisfied_by(
        "483726159726159483159483726837261594261594837594837261372615948615948372948372615"
    ));
}

#[test]
fn a_batch_is_refused() {
    let output = run(&["encode"], &format!("{EMPTY_4X4}\n{MULTI_4X4}\n"));
    assert_bad_input(&output, &["expected one puzzle, found several"]);
}

#[test]
fn a_bad_puzzle_writes_nothing() {
    let output = run(&["encode"], "1..x\n");
    assert_bad_input(&output, &["<stdin>:1:1:", "found 4 symbols"]);
    let output = run(&["encode"], "11..............\n");
    assert_bad_input(&output, &["<stdin>:1:2:", "contradictory givens"]);
}
