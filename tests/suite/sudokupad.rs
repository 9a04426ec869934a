//! Checks SudokuPad links: every puzzle of `puzzles/` goes out as an `scl` link and comes back
//! the same puzzle through the link reader (or the writer names the rule it cannot draw), the
//! link forms SudokuPad takes are read, short ids are refused with what to paste instead, and
//! what lines and dots of a colour mean can be said by flags or by `line:`/`dot:` lines.

use std::fs;
use std::path::Path;

use satdoku::model::dot_relation::DotRelation;
use satdoku::model::fpuzzles::{sudokupad_link, write_fpuzzles};
use satdoku::model::parse::{parse_document, parse_puzzle};
use satdoku::model::rule::Dot;
use satdoku::model::sudokupad::{
    LineRule, Payload, decode_link, puzzle_link, read_value, scl_link, write_sudokupad,
};
use satdoku::{ParseOptions, Puzzle, Rule};
use serde_json::Value;

/// The curated collection.
const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles");

/// Grid and givens, rules, solution, metadata.
type Parts = (String, Vec<Rule>, Option<String>, Vec<(String, String)>);

/// A puzzle's parts that a link carries, in a fixed order: sizes and regions, givens, rules
/// (sorted, without empty mark lists, each dot's cells in order), solution, metadata.
fn parts(puzzle: &Puzzle) -> Parts {
    let mut rules: Vec<Rule> = puzzle
        .rules()
        .iter()
        .filter(|rule| !matches!(rule, Rule::Even(c) | Rule::Odd(c) if c.is_empty()))
        .map(|rule| match rule {
            // A dot says the same of its two cells either way round.
            Rule::Dot { cells: [a, b], dot } => {
                Rule::Dot { cells: [*a.min(b), *a.max(b)], dot: *dot }
            }
            rule => rule.clone(),
        })
        .collect();
    rules.sort();
    let mut metadata = puzzle.metadata().to_vec();
    metadata.sort();
    let regions = format!("{:?} {}", puzzle.geometry(), puzzle.givens().to_line());
    (regions, rules, puzzle.solution().map(|s| s.to_line()), metadata)
}

/// The puzzle an `scl` link reads back as.
fn through_scl(label: &str, link: &str) -> Puzzle {
    let payload = decode_link(link).unwrap_or_else(|| panic!("{label}: not a link"));
    let payload = payload.unwrap_or_else(|e| panic!("{label}: {e}"));
    assert!(matches!(payload, Payload::SudokuPad(_)), "{label}");
    parse_puzzle(&payload.into_json(), &ParseOptions::new())
        .unwrap_or_else(|e| panic!("{label}: {e}\n{link}"))
}

/// Asserts that `puzzle` reads back the same from its `scl` link, and that the rules text the
/// link carries says each of `said`.
fn comes_back_saying(label: &str, puzzle: &Puzzle, said: &[&str]) {
    let link = scl_link(puzzle).unwrap();
    assert_eq!(parts(&through_scl(label, &link)), parts(puzzle), "{label}: {link}");
    let document = write_sudokupad(puzzle).unwrap();
    let rules = document["metadata"]["rules"].as_str().unwrap();
    for said in said {
        assert!(rules.contains(said), "{label}: {said}\n{rules}");
    }
}

/// Every puzzle of the curated collection, with its path.
fn collection() -> Vec<(String, Puzzle)> {
    let mut paths: Vec<_> = fs::read_dir(Path::new(PUZZLES))
        .expect("puzzles/")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = path.display().to_string();
            let text = fs::read_to_string(&path).unwrap();
            let puzzle = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, puzzle)
        })
        .collect()
}

#[test]
fn every_collection_puzzle_comes_back_through_an_scl_link() {
    let (mut written, mut refused) = (0, Vec::new());
    for (name, puzzle) in collection() {
        // Negative dots of numbers have no sentence the reader reads back: refused by name.
        let undrawable =
            |rule: &Rule| matches!(rule, Rule::Negative(dot) if !Dot::ALL.contains(dot));
        match scl_link(&puzzle) {
            Ok(link) => {
                assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
                let back = through_scl(&name, &link);
                assert_eq!(parts(&back), parts(&puzzle), "{name}\n{link}");
                written += 1;
            }
            Err(error) => {
                let more_digits = !puzzle.geometry().has_one_of_each_digit();
                assert!(more_digits || puzzle.rules().iter().any(undrawable), "{name}: {error}");
                refused.push(name);
            }
        }
    }
    assert!(written >= 50, "only {written} puzzles written; refused: {refused:?}");
}

#[test]
fn every_collection_puzzle_comes_back_through_its_sudokupad_link() {
    for (name, puzzle) in collection() {
        let link = match puzzle_link(&puzzle) {
            Ok(link) => link,
            // Digits past N without same-digits: no rules text states them.
            Err(_) if !puzzle.geometry().has_one_of_each_digit() => continue,
            Err(error) => panic!("{name}: {error}"),
        };
        let payload = decode_link(&link).expect("a link").unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = parse_puzzle(&payload.into_json(), &ParseOptions::new())
            .unwrap_or_else(|e| panic!("{name}: {e}\n{link}"));
        // The f-puzzles form carries a title and an author, not every metadata line.
        let (grid, rules, solution, _) = parts(&puzzle);
        let (back_grid, back_rules, back_solution, _) = parts(&back);
        assert_eq!((back_grid, back_rules, back_solution), (grid, rules, solution), "{name}");
    }
}

#[test]
fn sudokupad_link_forms_are_read() {
    let puzzle: Puzzle = "1............... anti-king".parse().unwrap();
    let link = scl_link(&puzzle).unwrap();
    let payload = link.strip_prefix("https://sudokupad.app/").unwrap();
    for form in [
        link.clone(),
        format!("https://sudokupad.app/?puzzleid={payload}"),
        format!("sudokupad.app/{payload}"),
        format!("https://app.crackingthecryptic.com/{}", payload.replace("scl", "ctc")),
        format!("https://sudokupad.app/{}", payload.replace('+', "%2B")),
        payload.to_string(),
    ] {
        assert_eq!(parts(&through_scl(&form, &form)), parts(&puzzle), "{form}");
    }
    let json = write_fpuzzles(&puzzle).unwrap();
    for form in [sudokupad_link(&json), sudokupad_link(&json).replace("fpuzzles", "fpuz")] {
        assert!(matches!(decode_link(&form), Some(Ok(Payload::FPuzzles(_)))), "{form}");
    }
}

#[test]
fn short_ids_and_broken_payloads_are_refused_with_a_reason() {
    let Some(Err(message)) = decode_link("https://sudokupad.app/idmeojecon") else {
        panic!("a short id must be refused")
    };
    assert!(
        message.contains("short SudokuPad puzzle id") && message.contains("network"),
        "{message}"
    );
    assert!(message.contains("scl"), "{message}");
    let Some(Err(message)) = decode_link("https://sudokupad.app/sclN4Ig!!!") else {
        panic!("a broken payload must be refused")
    };
    assert!(message.contains("expected base64"), "{message}");
}

/// The SudokuPad document of `puzzle` with its rules text taken out: the colours of its lines
/// then say nothing of their rules.
pub(crate) fn without_rules_text(puzzle: &Puzzle) -> String {
    let mut document = write_sudokupad(puzzle).unwrap();
    if let Some(metadata) = document.get_mut("metadata").and_then(Value::as_object_mut) {
        metadata.remove("rules");
    }
    if let Some(cages) = document.get_mut("cages").and_then(Value::as_array_mut) {
        cages.retain(|cage| !cage["value"].as_str().is_some_and(|v| v.starts_with("rules:")));
    }
    document.to_string()
}

#[test]
fn what_lines_and_dots_mean_is_said_by_options_or_by_lines_of_the_input() {
    let text = fs::read_to_string(format!("{PUZZLES}/renban-159.txt")).unwrap();
    let puzzle: Puzzle = text.parse().unwrap();
    let document = without_rules_text(&puzzle);
    let error = parse_puzzle(&document, &ParseOptions::new()).unwrap_err();
    assert!(error.message().contains("say what it means with --line pink=RULE"), "{error}");
    let said = ParseOptions::new().line("pink", LineRule::Renban);
    assert_eq!(parts(&parse_puzzle(&document, &said).unwrap()), parts(&puzzle));
    // The same said in the input, for the documents and links after it.
    let entries = parse_document(&format!("line: pink=renban\n{document}\n"), &ParseOptions::new());
    let [entry] = &entries[..] else { panic!("expected one puzzle, found {}", entries.len()) };
    assert_eq!(parts(entry.puzzle.as_ref().unwrap()), parts(&puzzle));
    // A dot meaning: the white dot said to be nothing is not read.
    let input = format!("line: pink=renban\ndot: white=none\n{document}\n");
    let entries = parse_document(&input, &ParseOptions::new());
    let read = entries[0].puzzle.as_ref().unwrap();
    assert!(!read.rules().iter().any(|r| matches!(r, Rule::Dot { dot: Dot::WHITE, .. })));
    assert_eq!(read.rules().len() + 1, puzzle.rules().len());
    // A line that says nothing satdoku reads is an error at its line; the puzzle after it is
    // read without it (and refused for its lines).
    let entries =
        parse_document(&format!("line: pink=fibonacci\n{document}\n"), &ParseOptions::new());
    let messages: Vec<String> =
        entries.iter().map(|e| e.puzzle.as_ref().unwrap_err().to_string()).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(
        messages[0].starts_with("line 1, column 1: expected a line rule in line: pink=fibonacci"),
        "{messages:?}"
    );
    assert!(messages[1].contains("--line pink=RULE"), "{messages:?}");
    let entries = parse_document(&format!("dot: mauve=white\n{document}\n"), &ParseOptions::new());
    assert!(entries[0].puzzle.as_ref().unwrap_err().to_string().contains("expected a colour"));
}

/// A 4x4 SudokuPad document with dots between r1c1 and r1c2 and between r3c1 and r3c2, each
/// `(fill, text)`, under `rules`.
fn numbered_dots(dots: [(&str, &str); 2], rules: &str) -> Value {
    let cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
    let dot = |row: f64, (fill, text): (&str, &str)| {
        serde_json::json!({"center": [row, 1], "width": 0.3,
        "height": 0.3, "rounded": true, "backgroundColor": fill,
        "borderColor": "#000000", "text": text})
    };
    serde_json::json!({"cells": cells, "overlays": [dot(0.5, dots[0]), dot(2.5, dots[1])],
        "metadata": {"rules": rules}})
}

/// The dots a puzzle has, in order.
fn dots_of(puzzle: &Puzzle) -> Vec<Dot> {
    let dot = |rule: &Rule| if let Rule::Dot { dot, .. } = rule { Some(*dot) } else { None };
    puzzle.rules().iter().filter_map(dot).collect()
}

#[test]
fn a_number_on_a_dot_is_read_as_the_dot_option_of_its_colour_says() {
    const WHITE: &str = "#FFFFFF";
    let unsaid = "Digits separated by a numbered white dot obey it.";
    let document = |number: &str| numbered_dots([(WHITE, "2"), (WHITE, number)], unsaid);
    let error = parse_puzzle(&document("2").to_string(), &ParseOptions::new()).unwrap_err();
    let error = error.to_string();
    assert!(error.contains("`2` on a white dot between r1c1 and r1c2 cannot be read"), "{error}");
    // A sum of 2 fits no two digits: the advice leaves it out.
    assert!(error.contains("--dot white=DOT (difference-2 or ratio-2)"), "{error}");
    // The option the error names reads both dots.
    let said = ParseOptions::new().dot("white", Some(Dot::Difference(2)));
    let read = parse_puzzle(&document("2").to_string(), &said).unwrap();
    assert_eq!(dots_of(&read), [Dot::Difference(2); 2]);
    // A dot of the same colour with another number is not read as the option's: refused.
    let error = parse_puzzle(&document("3").to_string(), &said).unwrap_err().to_string();
    assert!(error.contains("the `3` on a white dot between r3c1 and r3c2 does not fit"), "{error}");
    assert!(error.contains("--dot white=difference-2"), "{error}");
}

#[test]
fn a_number_on_a_dot_is_read_as_the_rules_text_says_with_a_note() {
    const WHITE: &str = "#FFFFFF";
    const BLACK: &str = "#000000";
    let options = ParseOptions::new();
    // SudokuPad's converter's difference dots, explained by the text.
    let text = "Digits separated by a white dot with a number differ by that number.";
    let (read, notes) =
        read_value(&numbered_dots([(WHITE, "2"), (WHITE, "3")], text), &options).unwrap();
    assert_eq!(dots_of(&read), [Dot::Difference(2), Dot::Difference(3)]);
    let note = "read the numbers on white dots as differences (rules text: \"Digits separated";
    assert!(notes.iter().any(|n| n.contains(note)), "{notes:?}");
    // One sentence for two colours: each reads its own clause.
    let text = "White dots: the digits differ by the number on the dot; black dots: the number \
                is the ratio of the digits.";
    let (read, _) =
        read_value(&numbered_dots([(WHITE, "1"), (BLACK, "3")], text), &options).unwrap();
    assert_eq!(dots_of(&read), [Dot::Difference(1), Dot::Ratio(3)]);
    let text = "Digits on a dot add up to the number on it.";
    let read = read_value(&numbered_dots([(WHITE, "7"), (BLACK, "3")], text), &options);
    assert_eq!(dots_of(&read.unwrap().0), [Dot::Sum(7), Dot::Sum(3)]);
    // A number no two digits fit is refused, saying why.
    let text = "Digits separated by a white dot differ by the number on it.";
    let error = read_value(&numbered_dots([(WHITE, "5"), (WHITE, "1")], text), &options);
    let error = error.unwrap_err().to_string();
    assert!(error.contains("no two of the digits 1 to 4 have a difference of 5"), "{error}");
    // A text naming two kinds for one colour says nothing certain: refused.
    let text = "A white dot's number is the difference or the ratio of its digits.";
    let error = read_value(&numbered_dots([(WHITE, "2"), (WHITE, "1")], text), &options);
    let error = error.unwrap_err().to_string();
    assert!(error.contains("--dot white=DOT (difference-2 or ratio-2)"), "{error}");
}

#[test]
fn totalled_cages_are_killer_or_rellik_cages_as_the_rules_text_and_their_colours_say() {
    let document = |rules: &str| {
        let cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
        serde_json::json!({"cells": cells, "cages": [{"cells": [[0, 0], [0, 1]], "value": 4}],
            "metadata": {"rules": rules}})
        .to_string()
    };
    let rellik = parse_puzzle(
        &document("Rellik cages: no set of digits sums to the total."),
        &ParseOptions::new(),
    );
    let rules = rellik.expect("a rellik puzzle").rules().to_vec();
    assert!(matches!(rules[..], [Rule::Rellik { sum: 4, .. }]), "{rules:?}");
    let both = document("Killer cages add up to their totals. Rellik cages never do.");
    let error =
        parse_puzzle(&both, &ParseOptions::new()).expect_err("killer and rellik").to_string();
    assert!(error.contains("names both killer and rellik cages"), "{error}");
    // Told apart by colour, as the text gives it: a red and a blue cage, in either order.
    let cage = |at: usize, colour: &str| serde_json::json!({"cells": [[at, 0], [at, 1]], "value": 4, "outlineC": colour});
    let coloured = |rules: &str| {
        let cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
        let cages = [cage(0, "#E04040"), cage(2, "#3070F0")];
        let document = serde_json::json!({"cells": cells, "cages": cages,
            "metadata": {"rules": rules}});
        parse_puzzle(&document.to_string(), &ParseOptions::new())
            .map(|puzzle| puzzle.rules().iter().map(Rule::name).collect::<Vec<_>>())
            .map_err(|e| e.to_string())
    };
    let red_rellik = Ok(vec!["cage", "rellik"]);
    for rules in [
        "Killer cages add up to their totals. Red cages are rellik cages.",
        "Blue cages are killer cages. Rellik cages (red) never add up to theirs.",
        "Blue cages are killer cages. Rellik cages never add up to theirs.",
    ] {
        assert_eq!(coloured(rules), red_rellik, "{rules}");
    }
    // A colour no sentence gives, when both kinds have colours, is refused.
    let error = coloured("Green cages are killer cages. Red cages are rellik cages.").unwrap_err();
    assert!(error.contains("does not say which cages drawn blue are"), "{error}");
}

#[test]
fn a_rules_text_asking_for_digits_other_than_1_to_n_refuses_the_puzzle() {
    // Read as digits 1 to 4, Sudoku-Bench 78 had no solution, and without a recorded solution
    // nothing said so: its "same subset" sentence sets the digits (below); any other range
    // past N is refused.
    let document = |size: usize, rules: &str| {
        let row = Value::Array(vec![serde_json::json!({}); size]);
        serde_json::json!({"cells": vec![row; size], "metadata": {"rules": rules}}).to_string()
    };
    let any =
        "Fill the grid with digits 1-9, such that no digit repeats in any row, column or box.";
    let error = parse_puzzle(&document(4, any), &ParseOptions::new()).expect_err("1-9 on 4x4");
    let error = error.to_string();
    assert!(error.contains("asks for digits 1 to 9 on a 4x4 grid"), "{error}");
    assert!(error.contains("satdoku reads digits past 4 only as"), "{error}");
    let zero = "Place the digits 0-8 once in each row, column and box.";
    assert!(parse_puzzle(&document(9, zero), &ParseOptions::new()).is_err(), "0-8");
    // The usual digits are read as usual, and so is a range naming some of them.
    let entropic =
        "Each line holds a low digit (1-3), a middle digit (4-6) and a high digit (7-9).";
    for (size, rules) in [(4, "Fill the grid with the digits 1-4."), (9, entropic)] {
        let puzzle = parse_puzzle(&document(size, rules), &ParseOptions::new());
        assert!(puzzle.is_ok(), "{rules}: {puzzle:?}");
    }
}

#[test]
fn the_same_subset_in_every_house_sets_the_digits_and_the_rule() {
    // Sudoku-Bench 78's sentence: the digits 1 to 9 on a 4×4 grid, the same 4 in every house.
    let rules = "Place the same 4-digit subset from the digits 1 \u{2013} 9 in each row, column \
                 and 2 x 2 box.";
    let row = Value::Array(vec![serde_json::json!({}); 4]);
    let mut cells = vec![row; 4];
    cells[0][0] = serde_json::json!({"value": 7});
    let document = serde_json::json!({"cells": cells, "metadata": {"rules": rules}}).to_string();
    let entries = satdoku::model::parse::parse_document(&document, &ParseOptions::new());
    let puzzle = entries[0].puzzle.as_ref().expect("78's sentence reads");
    assert_eq!(puzzle.geometry().digits(), 9);
    // A given past N, within the digits the sentence states, is read.
    assert_eq!(puzzle.givens().to_line(), "7...............");
    assert_eq!(puzzle.rules(), [satdoku::Rule::SameDigits]);
    let note = entries[0].warnings.iter().find(|w| w.contains("same-digits"));
    assert!(note.is_some_and(|n| n.contains("digits as 1 to 9")), "{:?}", entries[0].warnings);
}

#[test]
fn a_shape_nothing_reads_is_refused_with_advice_that_fits_its_place() {
    let cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
    let refusal = |center: [f64; 2]| {
        let shape = serde_json::json!({"center": center, "width": 0.6, "height": 0.6,
            "rounded": true, "backgroundColor": "#FF0000", "text": "?"});
        let document = serde_json::json!({"cells": cells, "overlays": [shape]});
        read_value(&document, &ParseOptions::new()).unwrap_err().to_string()
    };
    let on_cell = refusal([0.5, 0.5]);
    assert!(on_cell.contains("on r1c1 cannot be read"), "{on_cell}");
    assert!(on_cell.contains("odd or even marks") && !on_cell.contains("--dot"), "{on_cell}");
    let on_edge = refusal([0.5, 1.0]);
    assert!(on_edge.contains("between r1c1 and r1c2") && on_edge.contains("--dot red=DOT"));
    let outside = refusal([-0.5, 0.5]);
    assert!(outside.contains("outside the grid") && !outside.contains("--dot"), "{outside}");
}

#[test]
fn double_arrows_go_out_as_lines_with_end_circles_and_come_back_with_a_note() {
    let path = format!("{PUZZLES}/double-arrow-6x6.txt");
    let puzzle: Puzzle = fs::read_to_string(path).unwrap().parse().unwrap();
    let document = write_sudokupad(&puzzle).unwrap();
    let (back, notes) = read_value(&document, &ParseOptions::new()).unwrap();
    assert_eq!(parts(&back), parts(&puzzle));
    assert!(notes.iter().any(|n| n.contains("read as a double arrow (rules text")), "{notes:?}");
    // Without the rules text, the line is refused, and --line says what it is.
    let bare = without_rules_text(&puzzle);
    let error = parse_puzzle(&bare, &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("--line orange=RULE"), "{error}");
    let said = ParseOptions::new().line("orange", LineRule::DoubleArrow);
    assert_eq!(parts(&parse_puzzle(&bare, &said).unwrap()).1, parts(&puzzle).1);
}

#[test]
fn given_centre_marks_are_candidates_with_a_note_and_corner_marks_are_refused() {
    let path = format!("{PUZZLES}/candidates-6x6-pencil-pairs.txt");
    let puzzle: Puzzle = fs::read_to_string(path).unwrap().parse().unwrap();
    let document = write_sudokupad(&puzzle).unwrap();
    assert_eq!(document["cells"][0][5]["centremarks"], serde_json::json!([1, 3]));
    let (back, notes) = read_value(&document, &ParseOptions::new()).unwrap();
    assert_eq!(parts(&back), parts(&puzzle));
    let note = notes.iter().find(|n| n.contains("given centre marks read as candidates"));
    assert!(note.is_some_and(|n| n.contains("r1c6 13, r2c2 16")), "{notes:?}");
    // SudokuPad keeps marks as strings; a 4x4 grid with marks in r2c3.
    let read = |fields: Value| {
        let mut cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
        cells[1][2] = fields;
        read_value(&serde_json::json!({"cells": cells}), &ParseOptions::new())
    };
    let (marked, _) = read(serde_json::json!({"centremarks": ["2", "4"]})).unwrap();
    let digits = [2, 4].into_iter().filter_map(satdoku::Digit::new).collect();
    let cell = satdoku::Cell::new(1, 2);
    assert_eq!(marked.rules(), [Rule::Candidates { cell, digits }]);
    let error = read(serde_json::json!({"pencilMarks": [1, 2]})).unwrap_err().to_string();
    assert!(error.contains("given corner marks [1,2] in r2c3"), "{error}");
    assert!(error.contains("centre marks, or as a `candidates:` line"), "{error}");
    let error = read(serde_json::json!({"centremarks": [5]})).unwrap_err().to_string();
    assert!(error.contains("expected given centre marks of digits 1 to 4 in r2c3"), "{error}");
    // SudokuPad's f-puzzles converter does not read `givenPencilMarks`: the link is an scl.
    assert!(puzzle_link(&puzzle).unwrap().starts_with("https://sudokupad.app/scl"));
}

#[test]
fn extrema_and_quadruples_drawn_as_sudokupads_converter_draws_them_are_read_back() {
    for (file, note) in [
        ("maximum-6x6-fortress", "read as maximum cells (SudokuPad's drawing of f-puzzles'"),
        ("quadruple-6x6-quad-bike", "read as a quadruple (SudokuPad's drawing of f-puzzles'"),
    ] {
        let path = format!("{PUZZLES}/{file}.txt");
        let puzzle: Puzzle = fs::read_to_string(path).unwrap().parse().unwrap();
        let (back, notes) = read_value(&write_sudokupad(&puzzle).unwrap(), &ParseOptions::new())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(parts(&back), parts(&puzzle), "{file}");
        assert!(notes.iter().any(|n| n.contains(note)), "{file}: {notes:?}");
    }
}

#[test]
fn dots_of_a_relation_combining_others_are_read_from_the_rules_text_or_the_dot_option() {
    // A 4x4 with red dots between r1c1 and r1c2 and between r3c1 and r3c2, and `rules`.
    let document = |rules: &str| {
        let cells: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
        let dot = |row: f64| {
            serde_json::json!({"center": [row, 1], "width": 0.3, "height": 0.3,
            "rounded": true, "backgroundColor": "#E02020", "borderColor": "#000000"})
        };
        serde_json::json!({"cells": cells, "overlays": [dot(0.5), dot(2.5)],
            "metadata": {"rules": rules}})
        .to_string()
    };
    let relation = |name: &str| DotRelation::from_name(name).unwrap();
    let combined = |puzzle: &Puzzle| -> Vec<DotRelation> {
        let relations = puzzle.rules().iter().filter_map(|rule| match rule {
            Rule::CombinedDot { relation, .. } => Some(relation.clone()),
            _ => None,
        });
        relations.collect()
    };
    let grey = "Cells separated by a red dot are either consecutive or in a 1:2 ratio (or both).";
    let read = parse_puzzle(&document(grey), &ParseOptions::new()).unwrap();
    assert_eq!(combined(&read), vec![relation("white|black"); 2]);
    assert!(!read.rules().iter().any(|r| matches!(r, Rule::NegativeCombined(_))));
    // "All dots are given" gives the negative of the relation, and "non-consecutive" in the
    // dots' sentence is theirs, not a global rule; nor are "even" and "odd" marks.
    let red = "Digits separated by a red dot are non-consecutive and contain one even digit and \
        one odd digit. All dots are given!";
    let read = parse_puzzle(&document(red), &ParseOptions::new()).unwrap();
    let both = relation("non-consecutive&different-parity");
    assert_eq!(combined(&read), vec![both.clone(); 2]);
    assert!(read.rules().contains(&Rule::NegativeCombined(both)), "{:?}", read.rules());
    assert!(!read.rules().contains(&Rule::NonConsecutive));
    // Without a sentence, the option says it; without either, the error names the option.
    let error = parse_puzzle(&document(""), &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("--dot red=DOT"), "{error}");
    assert!(error.contains("combined with | (or) and & (and)"), "{error}");
    let said = ParseOptions::new().dot_relation("red", Some(relation("x|v")));
    assert_eq!(combined(&parse_puzzle(&document(""), &said).unwrap()), vec![relation("x|v"); 2]);
}

#[test]
fn lines_of_one_colour_family_and_dots_of_several_relations_come_back() {
    // Thermometers and sequence lines are grey, slow thermometers and lockout lines red,
    // modular and differences-count lines brown, entropic lines and double arrows orange: the
    // rules text spells each one's colour out. Each combined relation takes a colour of its
    // own, its negative rule naming that colour.
    let text = "size: 6\n\
        rules: negative-non-consecutive&different-parity negative-white\n\
        thermo: r1c1 r1c2 r1c3\nsequence: r1c4 r1c5 r1c6\n\
        slow-thermo: r2c1 r2c2\nlockout: r2c4 r2c5 r2c6\n\
        modular: r3c1 r3c2 r3c3\ndifferences-count: r3c4 r3c5\n\
        entropic: r4c1 r4c2 r4c3\ndouble-arrow: r4c4 r4c5 r4c6\n\
        combined-dot: x|v r5c1 r5c2\ncombined-dot: white|black r5c3 r5c4\n\
        combined-dot: non-consecutive&different-parity r6c1 r6c2\n\
        combined-dot: not-sum-7&same-parity|difference-3 r6c5 r6c6\n\
        kropki-white: r6c3 r6c4\n\
        givens:\n......\n......\n......\n......\n......\n......\n";
    let puzzle: Puzzle = text.parse().unwrap();
    comes_back_saying(
        "one colour family",
        &puzzle,
        &[
            "a grey (#CFCFCF) thermometer",
            "a grey (#808080) line",
            " dot are either summing to 10, or summing to 5.",
            "All possible white dots are given.",
        ],
    );
    // One style of a family names its colour by its word alone.
    let sequence: Puzzle =
        "size: 4\nsequence: r1c1 r1c2\ngivens:\n....\n....\n....\n....\n".parse().unwrap();
    let document = write_sudokupad(&sequence).unwrap();
    assert!(!document["metadata"]["rules"].as_str().unwrap().contains("(#"), "{document}");
}

#[test]
fn a_negative_combined_rule_without_its_dots_is_refused_by_name() {
    let text = "size: 4\nrules: negative-x|v\ngivens:\n....\n....\n....\n....\n";
    let error = scl_link(&text.parse().unwrap()).unwrap_err();
    assert!(error.to_string().contains("negative-combined rules without a dot"), "{error}");
}

#[test]
fn diagonals_of_equal_totals_go_out_as_unnumbered_arrows_and_come_back_with_a_note() {
    let text = "size: 4\nequal-products: r1c2 r2c3 r3c4 / r4c1 r3c2 r2c3 r1c4 / r2c1 r3c2 r4c3\n\
        givens: ................\n";
    let puzzle: Puzzle = text.parse().unwrap();
    let document = write_sudokupad(&puzzle).unwrap();
    let (back, notes) = read_value(&document, &ParseOptions::new()).unwrap();
    assert_eq!(parts(&back), parts(&puzzle));
    let note = notes.iter().find(|n| n.contains("arrows without a number"));
    assert!(note.is_some_and(|n| n.contains("has the same product")), "{notes:?}");
    // f-puzzles cannot say it: the SudokuPad link is an scl one.
    assert!(write_fpuzzles(&puzzle).is_err());
    assert_eq!(
        parts(&through_scl("equal products", &puzzle_link(&puzzle).unwrap())),
        parts(&puzzle)
    );
    // Without the sentence, the arrows are refused at their place.
    let error = parse_puzzle(&without_rules_text(&puzzle), &ParseOptions::new()).unwrap_err();
    assert!(error.to_string().contains("arrow outside the cells cannot be read"), "{error}");
    // One arrow is no group: refused, naming the sentence and the diagonal.
    let one: Puzzle =
        "size: 4\nlittle-killer: 5 r1c2 r2c3 r3c4\ngivens: ................\n".parse().unwrap();
    let mut document = write_sudokupad(&one).unwrap();
    document["overlays"] = serde_json::json!([]);
    document["metadata"]["rules"] = "Every indicated diagonal has the same sum.".into();
    let error = parse_puzzle(&document.to_string(), &ParseOptions::new()).unwrap_err();
    let error = error.to_string();
    assert!(
        error.contains("1 arrows without a number") && error.contains("r1c2-r2c3-r3c4"),
        "{error}"
    );
    // Two groups cannot be told apart: the writer refuses them.
    let two = "size: 4\nequal-sums: r1c2 r2c3 / r2c1 r3c2\nequal-sums: r3c1 r4c2 / r4c3 r3c4\n\
        givens: ................\n";
    assert!(write_sudokupad(&two.parse::<Puzzle>().unwrap()).is_err());
}

/// A 4x4 SudokuPad document with a line of `colour` through `cells` (`[row, column]`, 0-based),
/// a small circle `(centre, fill)` and `rules`.
fn line_and_dot(colour: &str, cells: &[[usize; 2]], dot: ([f64; 2], &str), rules: &str) -> String {
    let grid: Vec<Value> = (0..4).map(|_| serde_json::json!([{}, {}, {}, {}])).collect();
    let points: Vec<[f64; 2]> =
        cells.iter().map(|[r, c]| [*r as f64 + 0.5, *c as f64 + 0.5]).collect();
    let line = serde_json::json!({"color": colour, "thickness": 10, "wayPoints": points});
    let (centre, fill) = dot;
    let dot = serde_json::json!({"center": centre, "width": 0.3, "height": 0.3, "rounded": true,
        "backgroundColor": fill, "borderColor": if fill == "#FFFFFF" { "#000000" } else { fill }});
    serde_json::json!({"cells": grid, "lines": [line], "overlays": [dot],
        "metadata": {"rules": rules}})
    .to_string()
}

#[test]
fn a_zippers_centre_mark_is_one_of_its_colour_and_a_dot_there_stays_a_rule() {
    let zipper = "Zipper lines: digits on a lavender line the same distance from its centre have \
                  the same sum.";
    let row = [[0, 0], [0, 1], [0, 2], [0, 3]];
    let cells = |names: &[&str]| -> Vec<satdoku::Cell> {
        names.iter().map(|name| satdoku::Cell::from_name(name).unwrap()).collect()
    };
    let zipper_rule = Rule::Zipper(cells(&["r1c1", "r1c2", "r1c3", "r1c4"]));
    let options = ParseOptions::new();
    // A lavender dot on the middle edge of a lavender zipper: its centre mark, with a note.
    let (read, notes) = read_value(
        &serde_json::from_str(&line_and_dot("#DFC5FE", &row, ([0.5, 2.0], "#DFC5FE"), zipper))
            .unwrap(),
        &options,
    )
    .unwrap();
    assert_eq!(read.rules(), std::slice::from_ref(&zipper_rule));
    let note = "the purple circle between r1c2 and r1c3 set aside: the centre mark of the zipper";
    assert!(notes.iter().any(|n| n.contains(note)), "{notes:?}");
    // On an odd line, the mark is on the middle cell.
    let short = line_and_dot("#DFC5FE", &row[..3], ([0.5, 1.5], "#DFC5FE"), zipper);
    let read = parse_puzzle(&short, &options).unwrap();
    assert_eq!(read.rules(), [Rule::Zipper(cells(&["r1c1", "r1c2", "r1c3"]))]);
    // A white kropki dot there is a kropki dot, not the mark.
    let white = line_and_dot("#DFC5FE", &row, ([0.5, 2.0], "#FFFFFF"), zipper);
    let read = parse_puzzle(&white, &options).unwrap();
    let [b, c] = [cells(&["r1c2"])[0], cells(&["r1c3"])[0]];
    let kropki = Rule::Dot { cells: [b, c], dot: Dot::WHITE };
    assert_eq!(read.rules().len(), 2);
    assert!(read.rules().contains(&zipper_rule) && read.rules().contains(&kropki));
    // A black dot on a black zipper may be either: refused with its place, and read as the
    // option says.
    let black_zipper = zipper.replace("lavender", "black");
    let black = line_and_dot("#000000", &row, ([0.5, 2.0], "#000000"), &black_zipper);
    let error = parse_puzzle(&black, &options).unwrap_err().to_string();
    assert!(error.contains("the black circle between r1c2 and r1c3"), "{error}");
    assert!(error.contains("centre mark or a black kropki dot"), "{error}");
    assert!(error.contains("--dot black=DOT"), "{error}");
    let said = ParseOptions::new().dot("black", Some(Dot::BLACK));
    let read = parse_puzzle(&black, &said).unwrap();
    assert!(read.rules().contains(&Rule::Dot { cells: [b, c], dot: Dot::BLACK }));
    let none = ParseOptions::new().dot("black", None);
    assert_eq!(parse_puzzle(&black, &none).unwrap().rules(), std::slice::from_ref(&zipper_rule));
    // The writer draws zippers in a colour no dot has: a kropki dot on the centre comes back.
    let puzzle: Puzzle =
        "................\nzipper: r1c1 r1c2 r1c3 r1c4\nkropki-black: r1c2 r1c3".parse().unwrap();
    let link = scl_link(&puzzle).unwrap();
    assert_eq!(parts(&through_scl("zipper and dot", &link)), parts(&puzzle));
}

/// A 9x9 puzzle with a combined dot of each of `relations`, in turn along the rows, and
/// `rules`.
fn combined_dots(relations: &[String], rules: &str) -> Puzzle {
    let dots: Vec<String> = relations
        .iter()
        .enumerate()
        .map(|(i, relation)| {
            let (r, c) = (i / 8 + 1, i % 8 + 1);
            format!("combined-dot: {relation} r{r}c{c} r{r}c{}\n", c + 1)
        })
        .collect();
    let givens = ".".repeat(81);
    format!("rules: {rules}\n{}givens: {givens}\n", dots.concat()).parse().unwrap()
}

#[test]
fn more_than_seven_combined_relations_take_shades_spelt_out_and_come_back() {
    // Nine relations: the eighth and ninth take darker shades of the first two (red, blue),
    // and the sentences of all four spell their colours out.
    let relations: Vec<String> = (4..13).map(|k| format!("sum-3|sum-{k}")).collect();
    let puzzle = combined_dots(&relations, "negative-sum-3|sum-11");
    comes_back_saying(
        "nine relations",
        &puzzle,
        &[
            "Digits joined by a red (#E04040) dot are",
            "Digits joined by a red (#B33333) dot are",
            "Digits joined by a blue (#3070F0) dot are",
            "All possible red (#B33333) dots are given.",
            "Digits joined by a green dot are",
        ],
    );
    // Past the shades that keep a hue, the refusal says why.
    let relations: Vec<String> =
        (3..=17).flat_map(|a| (a + 1..=17).map(move |b| format!("sum-{a}|sum-{b}"))).collect();
    let error = scl_link(&combined_dots(&relations[..49], "")).unwrap_err().to_string();
    assert!(error.contains("combined-dot rules of more than 48 relations"), "{error}");
    assert!(error.contains("grey or black"), "{error}");
    assert!(scl_link(&combined_dots(&relations[..48], "")).is_ok());
}

#[test]
fn clones_and_indexers_with_a_rule_only_scl_says_go_out_as_scl_and_come_back() {
    // Combined dots have no f-puzzles key: the link is scl, with the clone and the indexers
    // shaded in colours of their own and listed cell by cell in the rules text.
    let text = "size: 6\nclone: r1c1 r1c2 = r4c4 r4c5\ncolumn-indexer: r1c6 r2c6\n\
        row-indexer: r6c1\ncombined-dot: x|v r3c1 r3c2\n\
        givens:\n......\n......\n......\n......\n......\n......\n";
    let puzzle: Puzzle = text.parse().unwrap();
    let link = puzzle_link(&puzzle).unwrap();
    assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
    let payload = decode_link(&link).unwrap().unwrap();
    let (back, notes) =
        read_value(&serde_json::from_str(&payload.into_json()).unwrap(), &ParseOptions::new())
            .unwrap();
    assert_eq!(parts(&back), parts(&puzzle));
    let note = "the yellow cells r1c1-r1c2-r4c4-r4c5 read as clones (rules text: \"Clones: the \
                digits in the yellow (#F0E68C) cells r1c1 r1c2 are those in r4c4 r4c5";
    assert!(notes.iter().any(|n| n.contains(note)), "{notes:?}");
    // A text naming clones any other way, over cells shaded alike, is refused, not misread.
    let shaded = "{\"cells\": [[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]], \
        \"underlays\": [{\"center\": [0.5, 0.5], \"width\": 1, \"height\": 1, \"backgroundColor\": \"#CFCFCF\"}, \
        {\"center\": [3.5, 3.5], \"width\": 1, \"height\": 1, \"backgroundColor\": \"#CFCFCF\"}], \
        \"metadata\": {\"rules\": \"Grey cells are clones: they hold the same digit.\"}}";
    let error = parse_puzzle(shaded, &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("names clones, and none is drawn"), "{error}");
    // A listed cell without its shading: the drawing and the text disagree, refused.
    let mut document = write_sudokupad(&puzzle).unwrap();
    document["underlays"].as_array_mut().unwrap().remove(0);
    let error = read_value(&document, &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("lists r1c1 among clones"), "{error}");
    assert!(error.contains("no yellow shading is drawn on it"), "{error}");
}

#[test]
fn look_and_say_clues_go_out_as_cages_and_arrows_and_come_back_with_a_note() {
    let text = "size: 4\nlook-and-say: 0311 r1c1 r1c2 r2c1\nlook-and-say: 22 r1c1 r2c2 r3c3 r4c4\n\
        givens: ................\n";
    let puzzle: Puzzle = text.parse().unwrap();
    let document = write_sudokupad(&puzzle).unwrap();
    // The cage's clue is text, so that its leading 0 stays.
    assert_eq!(document["cages"][0]["value"], "0311", "{document}");
    let (back, notes) = read_value(&document, &ParseOptions::new()).unwrap();
    assert_eq!(parts(&back), parts(&puzzle));
    let said = |what: &str| notes.iter().any(|n| n.contains(what) && n.contains("look-and-say"));
    assert!(said("with 0311 read as a look-and-say clue (rules text"), "{notes:?}");
    assert!(said("the arrow with 22 outside the grid"), "{notes:?}");
    // f-puzzles cannot say it: the SudokuPad link is an scl one.
    assert!(write_fpuzzles(&puzzle).is_err());
    assert_eq!(parts(&through_scl("look-and-say", &puzzle_link(&puzzle).unwrap())), parts(&puzzle));
    // Without the rules text, the arrow's number is a little killer's: 22 on four cells of a
    // 4×4 grid is out of reach, so the puzzle is refused rather than misread.
    assert!(parse_puzzle(&without_rules_text(&puzzle), &ParseOptions::new()).is_err());
    // Sudoku-Bench 90's sentence reads an indicated diagonal.
    let mut document = write_sudokupad(&puzzle).unwrap();
    document["cages"] = serde_json::json!([]);
    document["metadata"]["rules"] = "An indicated diagonal is read as a 'Look and Say' clue, \
        where the first digit indicates the amount of times the second digit appears along the \
        diagonal."
        .into();
    let (back, _) = read_value(&document, &ParseOptions::new()).unwrap();
    assert_eq!(back.rules(), &puzzle.rules()[1..]);
    // The sentence with nothing drawn that it reads refuses the puzzle.
    let mut bare = document.clone();
    bare["arrows"] = serde_json::json!([]);
    bare["overlays"] = serde_json::json!([]);
    let error = read_value(&bare, &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("names look-and-say clues, and none is drawn"), "{error}");
    // Named beside little killers, whose numbers are drawn alike, the arrow is refused.
    document["metadata"]["rules"] =
        "Look-and-say diagonals are read in pairs. Little killer clues give sums.".into();
    let error = read_value(&document, &ParseOptions::new()).unwrap_err().to_string();
    assert!(error.contains("names both little killers and look-and-say"), "{error}");
    // Beside killer cages, whose totals are drawn alike, the writer refuses look-and-say cages.
    let mixed =
        "size: 4\nlook-and-say: 11 r1c1 r1c2\ncage: 7 r3c3 r3c4\ngivens: ................\n";
    let error = write_sudokupad(&mixed.parse::<Puzzle>().unwrap()).unwrap_err().to_string();
    assert!(error.contains("look-and-say cages beside killer or rellik cages"), "{error}");
}
