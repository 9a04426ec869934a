//! Every command of the f-puzzles protocol against facts the library's cold engines (the
//! ones `satdoku candidates`, `count` and `explain` run) establish independently.

use std::time::{Duration, Instant};

use satdoku::{Cell, Digit, Placement, Puzzle};
use serde_json::json;

use super::server::{Client, Server, bundled, payload, payload_with};

/// A classic puzzle that hidden singles solve.
const EASY: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

/// [`EASY`] with its first ten givens removed: many solutions.
fn sparse() -> Puzzle {
    let mut removed = 0;
    let line: String = EASY
        .chars()
        .map(|c| match c {
            '.' => '.',
            _ if removed < 10 => {
                removed += 1;
                '.'
            }
            c => c,
        })
        .collect();
    line.parse().expect("a puzzle")
}

/// The empty 9×9 grid's payload: far too many solutions to count.
fn empty_9x9() -> String {
    payload(&".".repeat(81).parse().expect("the empty grid"))
}

/// Sends `count` of the empty 9×9 grid under nonce 1: progress for as long as the test wants.
fn start_long_count(client: &mut Client) {
    client.send(
        &json!({"nonce": 1, "command": "count", "dataType": "fpuzzles", "data": empty_9x9()}),
    );
}

#[test]
fn true_candidates_with_counts_match_the_cold_engine() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let puzzle = sparse();
    let expected = satdoku::true_candidates(&puzzle, Some(8)).expect("true candidates");
    let data = payload_with(&puzzle, |doc| doc["truecandidatesoptions"] = json!(["colored"]));
    let answer = client.answer(1, "truecandidates", &data);
    assert_eq!(answer["type"], "truecandidates", "{answer}");
    let counts = answer["solutionsPerCandidate"].as_array().expect("a list");
    assert_eq!(counts.len(), 729);
    let mut several = 0;
    for cell in puzzle.geometry().cells() {
        for value in 1..=9 {
            let digit = Digit::new(value).unwrap();
            let index = (cell.row() * 9 + cell.column()) * 9 + value - 1;
            let want = match expected.solutions_with(Placement::new(cell, digit)) {
                Some((count, _)) if expected.get(cell).contains(digit) => count,
                _ => 0,
            };
            assert_eq!(counts[index], want, "{cell:?} {value}");
            several += usize::from(want > 1);
        }
    }
    assert!(several > 0, "a puzzle with candidates in several solutions");
    // Without options, each true candidate is 1; an edit with a given more narrows them.
    let plain = client.answer(2, "truecandidates", &payload(&puzzle));
    let plain = plain["solutionsPerCandidate"].as_array().expect("a list");
    assert!(plain.iter().all(|n| *n == 0 || *n == 1));
    assert_eq!(
        plain.iter().filter(|n| **n == 1).count(),
        counts.iter().filter(|n| **n != 0).count()
    );
}

#[test]
fn a_cap_above_eight_and_no_solution() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let empty: Puzzle = ".".repeat(16).parse().unwrap();
    let data = payload_with(&empty, |doc| {
        doc["truecandidatesoptions"] = json!(["truecandidatesnumsolutions=100"]);
    });
    let answer = client.answer(1, "truecandidates", &data);
    // The empty 4×4 has 288 grids, 72 through each candidate: all under the cap of 100.
    assert!(answer["solutionsPerCandidate"].as_array().unwrap().iter().all(|n| *n == 72));
    let clash = payload_with(&empty, |doc| {
        doc["grid"][0][0] = json!({"value": 1, "given": true});
        doc["grid"][1][1] = json!({"givenPencilMarks": [1]});
    });
    let answer = client.answer(2, "truecandidates", &clash);
    assert_eq!(answer, json!({"nonce": 2, "type": "invalid", "message": "No solutions found."}));
}

#[test]
fn given_pencil_marks_restrict_like_givens() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let empty: Puzzle = ".".repeat(16).parse().unwrap();
    let data = payload_with(&empty, |doc| doc["grid"][0][0] = json!({"givenPencilMarks": [2]}));
    let answer = client.answer(1, "truecandidates", &data);
    let counts = &answer["solutionsPerCandidate"];
    assert_eq!(counts.as_array().unwrap()[..4], [json!(0), json!(1), json!(0), json!(0)]);
    let counted = client.answer(2, "count", &data);
    assert_eq!(
        (counted["count"].clone(), counted["inProgress"].clone()),
        (json!(72), json!(false))
    );
}

#[test]
fn solve_check_and_count_answer_with_validated_facts() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let miracle = bundled("miracle");
    let solved = client.answer(1, "solve", &payload(&miracle));
    let digits: String = solved["solution"]
        .as_array()
        .expect("a solution")
        .iter()
        .map(|d| char::from_digit(d.as_u64().unwrap() as u32, 10).unwrap())
        .collect();
    let grid = satdoku::Grid::from_line(miracle.geometry(), &digits).expect("a grid");
    assert!(satdoku::validate(&miracle, &grid).is_ok());
    let unique = client.answer(2, "check", &payload(&miracle));
    assert_eq!((unique["type"].clone(), unique["count"].clone()), (json!("count"), json!(1)));
    let several = client.answer(3, "check", &payload(&sparse()));
    assert_eq!(several["count"], 2);
    let classic_4x4: Puzzle = "1...............".parse().unwrap();
    let counted = client.request(4, "count", &payload(&classic_4x4));
    assert_eq!(counted.last().unwrap()["count"], 72);
    assert!(counted[..counted.len() - 1].iter().all(|m| m["inProgress"] == true));
}

#[test]
fn estimate_answers_the_exact_count_as_the_userscript_reads_an_estimate() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let classic_4x4: Puzzle = "1...............".parse().unwrap();
    let answers = client.request(1, "estimate", &payload(&classic_4x4));
    assert_eq!(answers.len(), 1, "no count-typed progress: {answers:?}");
    assert_eq!(
        answers[0],
        json!({"nonce": 1, "type": "estimate", "estimate": 72, "stderr": 0, "relErrPercent": 0,
               "ci95_lower": 72, "ci95_upper": 72, "iterations": 1})
    );
}

#[test]
fn a_long_count_reports_progress_and_stops_at_cancel() {
    let server = Server::start(&[]);
    let mut client = server.client();
    start_long_count(&mut client);
    let mut progress = Vec::new();
    while progress.len() < 3 {
        let message = client.receive();
        assert_eq!(
            (message["type"].clone(), message["inProgress"].clone()),
            (json!("count"), json!(true))
        );
        progress.push(message["count"].as_u64().unwrap());
    }
    assert!(progress.windows(2).all(|pair| pair[0] <= pair[1]), "{progress:?}");
    let asked = Instant::now();
    client.send(&json!({"nonce": 2, "command": "cancel"}));
    // Progress already on its way may arrive first; then the cancel's answer, at once.
    let canceled = loop {
        let message = client.receive();
        if message["nonce"] == 2 {
            break message;
        }
    };
    assert_eq!(canceled, json!({"nonce": 2, "type": "canceled"}));
    assert!(asked.elapsed() < Duration::from_secs(1));
    // The connection goes on serving, and nothing more comes of the cancelled count.
    let solved = client.answer(3, "solve", &payload(&bundled("miracle")));
    assert_eq!(solved["type"], "solved");
}

#[test]
fn a_new_request_cancels_the_running_one() {
    let server = Server::start(&[]);
    let mut client = server.client();
    start_long_count(&mut client);
    let first = client.receive();
    assert_eq!(first["nonce"], 1);
    client.send(&json!({"nonce": 2, "command": "check", "dataType": "fpuzzles", "data": payload(&bundled("miracle"))}));
    let answer = loop {
        let message = client.receive();
        if message["nonce"] == 2 {
            break message;
        }
        assert_eq!(message["inProgress"], true, "only progress of the old count: {message}");
    };
    assert_eq!(answer["count"], 1);
}

#[test]
fn a_count_the_time_limit_stops_says_so() {
    let server = Server::start(&["--timeout", "0.5"]);
    let mut client = server.client();
    let answer = client.answer(1, "count", &empty_9x9());
    assert_eq!(answer["type"], "invalid");
    let message = answer["message"].as_str().unwrap();
    assert!(message.starts_with("Stopped by the server's time limit (0.5 s"), "{message}");
}

#[test]
fn two_connections_are_served_at_once() {
    let server = Server::start(&[]);
    let mut counting = server.client();
    let mut asking = server.client();
    start_long_count(&mut counting);
    assert_eq!(counting.receive()["inProgress"], true);
    // The other connection is answered while the first still counts.
    let answer = asking.answer(7, "check", &payload(&bundled("miracle")));
    assert_eq!(answer["count"], 1);
    assert_eq!(counting.receive()["nonce"], 1);
}

#[test]
fn solve_path_gives_the_explanation_and_the_solved_grid() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let puzzle: Puzzle = EASY.parse().unwrap();
    let answer = client.answer(1, "solvepath", &payload(&puzzle));
    assert_eq!(
        (answer["type"].clone(), answer["isValid"].clone()),
        (json!("logical"), json!(true))
    );
    let explanation = satdoku::logic::explain(&puzzle);
    let message = answer["message"].as_str().unwrap();
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines.len(), explanation.steps().len() + 1, "{message}");
    assert_eq!(lines[0], explanation.steps()[0].to_string());
    assert_eq!(lines.last(), Some(&"Solved."));
    let solution = explanation.solution().unwrap();
    for (index, cell) in answer["cells"].as_array().unwrap().iter().enumerate() {
        let digit = solution.get(Cell::new(index / 9, index % 9)).unwrap();
        assert_eq!(cell["value"], digit.value());
    }
}

#[test]
fn step_fills_the_candidates_first_then_takes_one_step_from_the_position() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let puzzle: Puzzle = EASY.parse().unwrap();
    let first = client.answer(1, "step", &payload(&puzzle));
    assert_eq!(first["message"], "Initial candidates.\n");
    // The userscript puts those candidates in the centre marks and asks again.
    let cells = first["cells"].as_array().unwrap().clone();
    let marked = payload_with(&puzzle, |doc| {
        for (index, cell) in cells.iter().enumerate() {
            if cell["value"] == 0 {
                doc["grid"][index / 9][index % 9]["centerPencilMarks"] = cell["candidates"].clone();
            }
        }
    });
    let second = client.answer(2, "step", &marked);
    let expected = satdoku::logic::explain(&puzzle).steps()[0].to_string();
    assert_eq!(second["message"], format!("{expected}\n"), "{second}");
    // An entered digit that breaks a rule makes the position invalid.
    let wrong = payload_with(&puzzle, |doc| doc["grid"][0][0] = json!({"value": 4}));
    let invalid = client.answer(3, "step", &wrong);
    assert_eq!(invalid["isValid"], false, "{invalid}");
    assert!(invalid["message"].as_str().unwrap().starts_with("Board is invalid!"));
}

#[test]
fn disabled_contradictions_leave_a_hard_puzzle_stuck() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let hard = bundled("platinum-blonde");
    let data = payload_with(&hard, |doc| doc["disabledlogic"] = json!(["contradictions"]));
    let answer = client.answer(1, "solvepath", &data);
    let message = answer["message"].as_str().unwrap();
    assert!(!message.contains("bifurcation"), "{message}");
    assert!(message.trim_end().ends_with("logical steps found."), "{message}");
    let logical = payload_with(&hard, |doc| doc["truecandidatesoptions"] = json!(["logical"]));
    let answer = client.answer(2, "truecandidates", &logical);
    let counts = answer["solutionsPerCandidate"].as_array().unwrap();
    // Unique: 81 true candidates; the logic engine without limits solves it too.
    assert_eq!(counts.iter().filter(|n| **n == 1).count(), 81);
}

/// [`EASY`] with a green line over `cells` that only the rules text names (a renban), as a
/// setter draws one in f-puzzles with the pen tool.
fn with_rules_text_line(cells: [&str; 2]) -> String {
    let puzzle: Puzzle = EASY.parse().unwrap();
    payload_with(&puzzle, |doc| {
        doc["ruleset"] = json!("Digits along the green line are a renban: consecutive digits.");
        doc["line"] = json!([{"lines": [cells], "outlineC": "#67F067", "width": 0.5}]);
    })
}

#[test]
fn what_the_drawings_were_read_as_is_said_in_the_answers() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let note = "Note: the green line r1c3-r1c4 read as renban (rules text: \"Digits along the \
                green line are a renban: consecutive digits.\").";
    // The givens 4 and 3 on the line: the puzzle as before, the note before the steps.
    let path = client.answer(1, "solvepath", &with_rules_text_line(["R1C3", "R1C4"]));
    let message = path["message"].as_str().unwrap();
    assert_eq!(message.lines().next(), Some(note), "{message}");
    assert!(message.ends_with("Solved.\n"), "{message}");
    let step = client.answer(2, "step", &with_rules_text_line(["R1C3", "R1C4"]));
    assert_eq!(step["message"], format!("{note}\nInitial candidates.\n"), "{step}");
    // The solution holds 8 and 6 there: the line is why there is none.
    let broken = with_rules_text_line(["R1C1", "R1C2"]);
    let none = client.answer(3, "truecandidates", &broken);
    let note = note.replace("r1c3-r1c4", "r1c1-r1c2");
    assert_eq!(none["type"], "invalid", "{none}");
    assert_eq!(none["message"], format!("No solutions found.\n{note}"), "{none}");
    assert_eq!(client.answer(4, "solve", &broken)["message"], none["message"]);
    // The workbench page shows the reader's notes of the puzzle it draws.
    let rendered = client.exchange(&json!({"nonce": 5, "command": "render", "data": broken}));
    let warnings = rendered.last().unwrap()["warnings"].to_string();
    assert!(warnings.contains("the green line r1c1-r1c2 read as renban"), "{warnings}");
}
