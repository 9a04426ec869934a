//! The `encodings/` folder kept in step with the encoder.
//!
//! - Each reference DIMACS file is regenerated in memory and compared line by line; with
//!   `SATDOKU_BLESS=1` in the environment the files are rewritten instead.
//! - Each count table of the documents (a Markdown table whose header starts with `| count |`)
//!   is compared with what the code produces, and so is the one `p cnf V C` line of each
//!   document.
//! - The reference CNF is handed to varisat as plain DIMACS and its models are counted with
//!   blocking clauses over the `c var` placement variables.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use satdoku::encode::dimacs::write_puzzle_dimacs;
use satdoku::encode::{ClauseFamily, EncodeOptions, encode};
use satdoku::ir::Constraint;
use satdoku::ir::propagate::propagate;
use satdoku::{Ir, Puzzle};
use varisat::{ExtendFormula, Lit, Solver};

/// The reference DIMACS files: file name, rules, size of the empty grid.
const REFERENCES: [(&str, &str, usize); 3] = [
    ("classic-9x9.cnf", "classic", 9),
    ("diagonal-9x9.cnf", "diagonal", 9),
    ("miracle-9x9.cnf", "miracle", 9),
];

/// The documents and the puzzle each one's `p cnf` line is about, as a column header of a
/// count table (`None`: no such line).
const DOCUMENTS: [(&str, Option<&str>); 9] = [
    ("README.md", None),
    ("base.md", Some("classic 9×9")),
    ("diagonal.md", Some("diagonal 9×9")),
    ("anti-king.md", Some("anti-king 9×9")),
    ("anti-knight.md", Some("anti-knight 9×9")),
    ("non-consecutive.md", Some("non-consecutive 9×9")),
    ("even-odd.md", Some("example")),
    ("miracle.md", Some("miracle 9×9")),
    ("chess.md", Some("anti-camel 9×9")),
];

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("encodings")
}

fn blessing() -> bool {
    std::env::var("SATDOKU_BLESS").is_ok_and(|value| value == "1")
}

/// The empty `size`×`size` grid under `rules`, with the usual boxes.
fn empty(rules: &str, size: usize) -> Puzzle {
    let text = format!("rules: {rules}\n{}", ".".repeat(size * size));
    text.parse().unwrap_or_else(|error| panic!("rules `{rules}`, size {size}: {error}"))
}

fn dimacs(puzzle: &Puzzle) -> String {
    let mut out = Vec::new();
    write_puzzle_dimacs(puzzle, &mut out).expect("writing to memory");
    String::from_utf8(out).expect("DIMACS is ASCII")
}

/// `None` when the texts agree, else where and how they first differ.
fn first_difference(expected: &str, found: &str) -> Option<String> {
    let mut expected_lines = expected.lines();
    let mut found_lines = found.lines();
    for number in 1.. {
        match (expected_lines.next(), found_lines.next()) {
            (None, None) => break,
            (a, b) if a == b => continue,
            (a, b) => {
                let show =
                    |line: Option<&str>| line.map_or("<end of file>".into(), |l| format!("`{l}`"));
                return Some(format!(
                    "line {number}: the file has {}, the encoder writes {}",
                    show(a),
                    show(b)
                ));
            }
        }
    }
    (expected != found).then(|| "the files differ in their line endings".to_string())
}

#[test]
fn reference_dimacs_files_match_the_encoder() {
    let mut stale = Vec::new();
    for (name, rules, size) in REFERENCES {
        let path = folder().join(name);
        let generated = dimacs(&empty(rules, size));
        if blessing() {
            fs::write(&path, &generated).unwrap_or_else(|e| panic!("writing {name}: {e}"));
            continue;
        }
        let Ok(stored) = fs::read_to_string(&path) else {
            stale.push(format!("{name}: missing (run with SATDOKU_BLESS=1 to write it)"));
            continue;
        };
        if let Some(difference) = first_difference(&stored, &generated) {
            stale.push(format!("{name}: {difference}"));
        }
    }
    assert!(
        stale.is_empty(),
        "the reference files are out of date (run `SATDOKU_BLESS=1 cargo test --test suite encodings` \
         once the change is intended):\n{}",
        stale.join("\n")
    );
}

/// Every count a document's table may state, by row name, for one puzzle.
fn counts(puzzle: &Puzzle) -> BTreeMap<String, i64> {
    let ir = Ir::lower(puzzle);
    let candidates = propagate(&ir, puzzle.givens()).expect("the document puzzles are solvable");
    let options = EncodeOptions::default();
    let encoding = encode(&ir, &candidates, options);
    let var_map = encoding.var_map();
    let placements = var_map.placements().len();
    let size = ir.geometry().size();

    let mut rows = BTreeMap::new();
    let mut put = |name: &str, value: usize| {
        rows.insert(name.to_string(), i64::try_from(value).expect("small"));
    };
    let constraints = ir.constraints();
    let of_kind = |kind: fn(&Constraint) -> bool| constraints.iter().filter(|c| kind(c)).count();
    put("IR houses", of_kind(|c| matches!(c, Constraint::House(_))));
    put("IR exclusions", of_kind(|c| matches!(c, Constraint::Exclude(..))));
    put("IR domains", of_kind(|c| matches!(c, Constraint::Domain(..))));
    put("IR tables", of_kind(|c| matches!(c, Constraint::Table { .. } | Constraint::Sum { .. })));
    put("placement variables", placements);
    put("auxiliary variables", encoding.var_count() - placements);
    put("variables", encoding.var_count());
    let mut family = BTreeMap::new();
    for &(f, count) in encoding.family_counts() {
        put(f.name(), count);
        family.insert(f, count);
    }
    put("clauses", encoding.clause_count());

    // What the families would write without removing repeated binary clauses.
    let mut house_amo = 0;
    for constraint in constraints {
        if let Constraint::House(cells) = constraint {
            for digit in (0..size).map(satdoku::Digit::from_index) {
                let n = cells
                    .iter()
                    .filter(|&&cell| var_map.var(satdoku::Placement::new(cell, digit)).is_some())
                    .count();
                house_amo += match n {
                    0 | 1 => 0,
                    n if n <= options.get_pairwise_up_to() => n * (n - 1) / 2,
                    n => 3 * n - 4,
                };
            }
        }
    }
    let live_exclusions = constraints
        .iter()
        .filter(|c| match c {
            Constraint::Exclude(a, b) => var_map.var(*a).is_some() && var_map.var(*b).is_some(),
            _ => false,
        })
        .count();
    put(
        "house at-most-one dropped as duplicates",
        house_amo - family[&ClauseFamily::HouseAtMostOne],
    );
    put("exclusion dropped as duplicates", live_exclusions - family[&ClauseFamily::Exclusion]);
    rows
}

/// The puzzle of the document's one ```` ```puzzle ```` block.
fn example(document: &str, name: &str) -> Puzzle {
    let start = document
        .find("```puzzle\n")
        .unwrap_or_else(|| panic!("{name}: an `example` column needs a ```puzzle block"));
    let text = &document[start + "```puzzle\n".len()..];
    let text = &text[..text.find("```").expect("a closed block")];
    text.parse().unwrap_or_else(|error| panic!("{name}: the example puzzle: {error}"))
}

/// The puzzle a column or a `p cnf` line is about: `classic 9×9`, `anti-king 9x9`, `example`.
fn column_puzzle(header: &str, document: &str, name: &str) -> Puzzle {
    if header == "example" {
        return example(document, name);
    }
    let (rules, shape) = header
        .rsplit_once(' ')
        .unwrap_or_else(|| panic!("{name}: column `{header}`: expected `RULES N×N` or `example`"));
    let (rows, columns) = shape
        .split_once(['×', 'x'])
        .unwrap_or_else(|| panic!("{name}: column `{header}`: expected a shape N×N"));
    assert_eq!(rows, columns, "{name}: column `{header}`: a square grid");
    empty(rules, rows.parse().expect("a size"))
}

fn cells(line: &str) -> Vec<String> {
    let line = line.trim().trim_start_matches('|').trim_end_matches('|');
    line.split('|').map(|cell| cell.trim().replace('`', "")).collect()
}

fn number(text: &str) -> Option<i64> {
    let text = text.replace('\u{2212}', "-");
    text.strip_prefix('+').unwrap_or(&text).parse().ok()
}

/// Checks every count table of `document`; returns how many tables there were.
fn check_tables(document: &str, name: &str, errors: &mut Vec<String>) -> usize {
    let lines: Vec<&str> = document.lines().collect();
    let mut tables = 0;
    let mut at = 0;
    while at < lines.len() {
        let header = cells(lines[at]);
        if !lines[at].trim_start().starts_with('|') || header[0] != "count" {
            at += 1;
            continue;
        }
        tables += 1;
        let columns: Vec<Option<BTreeMap<String, i64>>> = header[1..]
            .iter()
            .map(|h| (h != "change").then(|| counts(&column_puzzle(h, document, name))))
            .collect();
        let mut seen = Vec::new();
        at += 2; // the header and the alignment row
        while at < lines.len() && lines[at].trim_start().starts_with('|') {
            let row = cells(lines[at]);
            assert_eq!(row.len(), header.len(), "{name} line {}: row width", at + 1);
            for (column, cell) in row[1..].iter().enumerate() {
                let expected = match &columns[column] {
                    Some(counts) => counts.get(&row[0]).copied(),
                    None => {
                        let first = columns[0].as_ref().expect("`change` is not the first");
                        let before = columns[column - 1].as_ref().expect("a puzzle column");
                        first.get(&row[0]).zip(before.get(&row[0])).map(|(a, b)| b - a)
                    }
                };
                let Some(expected) = expected else {
                    errors.push(format!("{name} line {}: unknown row `{}`", at + 1, row[0]));
                    break;
                };
                if number(cell) != Some(expected) {
                    errors.push(format!(
                        "{name} line {}: `{}` under `{}` is {cell}, the code gives {expected}",
                        at + 1,
                        row[0],
                        header[column + 1]
                    ));
                }
            }
            seen.push(row[0].clone());
            at += 1;
        }
        let required = ClauseFamily::ALL.iter().map(|f| f.name()).chain(["variables", "clauses"]);
        for row in required {
            if !seen.iter().any(|s| s == row) {
                errors.push(format!("{name}: a count table lacks the row `{row}`"));
            }
        }
    }
    tables
}

#[test]
fn documented_counts_match_the_encoder() {
    let mut errors = Vec::new();
    for (name, puzzle) in DOCUMENTS {
        let path = folder().join(name);
        let document = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tables = check_tables(&document, name, &mut errors);
        let p_lines: Vec<&str> =
            document.lines().map(str::trim).filter(|l| l.starts_with("p cnf ")).collect();
        match puzzle {
            None => assert!(p_lines.is_empty(), "{name}: no `p cnf` line expected"),
            Some(header) => {
                assert!(tables > 0, "{name}: no count table (a table starting `| count |`)");
                assert_eq!(p_lines.len(), 1, "{name}: expected one `p cnf V C` line");
                let puzzle = column_puzzle(header, &document, name);
                let text = dimacs(&puzzle);
                let expected = text.lines().find(|l| l.starts_with("p cnf ")).expect("a p line");
                if p_lines[0] != expected {
                    errors.push(format!(
                        "{name}: states `{}`, the code writes `{expected}`",
                        p_lines[0]
                    ));
                }
            }
        }
    }
    assert!(errors.is_empty(), "the documents disagree with the code:\n{}", errors.join("\n"));
}

#[test]
fn the_index_names_every_file() {
    let readme = fs::read_to_string(folder().join("README.md")).expect("encodings/README.md");
    let mut names: Vec<String> = fs::read_dir(folder())
        .expect("the encodings folder")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    names.sort();
    for name in &names {
        assert!(readme.contains(&format!("({name})")), "README.md does not link {name}");
    }
    for (name, _) in DOCUMENTS {
        assert!(names.contains(&name.to_string()) || name == "README.md", "{name} is missing");
    }
    assert!(readme.contains("SATDOKU_BLESS=1"), "README.md explains how to regenerate the files");
}

/// The number of models of a DIMACS text, told apart by its `c var` placement variables,
/// found by varisat alone with one blocking clause per model.
fn count_models(cnf: &str, cells: usize) -> usize {
    let placements: Vec<Lit> = cnf
        .lines()
        .filter_map(|line| line.strip_prefix("c var "))
        .map(|rest| {
            let number = rest.split_whitespace().next().expect("a variable number");
            Lit::from_dimacs(number.parse().expect("a number"))
        })
        .collect();
    assert!(!placements.is_empty(), "the header maps the placement variables");
    let mut solver = Solver::new();
    solver.add_dimacs_cnf(cnf.as_bytes()).expect("valid DIMACS");
    let mut models = 0;
    while solver.solve().expect("no solver error") {
        let model = solver.model().expect("a model");
        let chosen: Vec<Lit> =
            placements.iter().copied().filter(|lit| model.contains(lit)).collect();
        assert_eq!(chosen.len(), cells, "each model places one digit in each cell");
        let blocking: Vec<Lit> = chosen.iter().map(|&lit| !lit).collect();
        solver.add_clause(&blocking);
        models += 1;
    }
    models
}

#[test]
fn an_outside_solver_counts_the_empty_miracle_and_the_empty_4x4() {
    let generated = dimacs(&empty("miracle", 9));
    let miracle = if blessing() {
        generated
    } else {
        fs::read_to_string(folder().join("miracle-9x9.cnf")).expect("encodings/miracle-9x9.cnf")
    };
    assert_eq!(count_models(&miracle, 81), 72, "solutions of the empty miracle grid");
    assert_eq!(count_models(&dimacs(&empty("classic", 4)), 16), 288, "empty 4×4 grids");
}
