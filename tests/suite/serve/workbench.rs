//! satdoku's extension commands over a real `satdoku serve`: each answer checked against what
//! the command line says about the same puzzle, progress and cancel on `generate`, the time
//! limit, and bad requests answered `invalid` with what was expected.

use serde_json::{Value, json};

use super::server::{Client, Server};
use crate::cli::{given_count, run};

/// The book's 6x6 killer: unique, with an explanation of a hundred-odd steps.
const KILLER: &str = "killer-6x6-extreme";

/// The final message of `command` on `data` with `options`, after any progress messages.
fn ask(client: &mut Client, command: &str, data: &str, options: Value) -> Value {
    let mut request = json!({"nonce": 1, "command": command, "dataType": "satdoku", "data": data});
    request.as_object_mut().unwrap().extend(options.as_object().unwrap().clone());
    let messages = client.exchange(&request);
    messages.last().cloned().expect("a final message")
}

/// The number of givens in a `puzzle` message.
fn givens(message: &Value) -> usize {
    message["givens"].as_array().unwrap().iter().filter(|digit| **digit != 0).count()
}

#[test]
fn render_draws_the_puzzle_and_links_to_it_as_satdoku_link_does() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let link = run(&["link", KILLER], "").stdout.trim().to_string();
    let message = ask(&mut client, "render", &link, json!({}));
    assert_eq!(message["type"], "puzzle", "{message}");
    assert_eq!(message["nonce"], 1);
    assert!(message["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(message["title"], "6x6 Extreme Killer");
    assert_eq!(message["size"], 6);
    assert_eq!(message["fpuzzles"], link, "the link back is the CLI's");
    let sudokupad = run(&["link", "--sudokupad", KILLER], "").stdout.trim().to_string();
    assert_eq!(message["sudokupad"], sudokupad);
    // The text it answers reads back as the same puzzle.
    let relinked = run(&["link", "-"], message["text"].as_str().unwrap());
    assert_eq!(relinked.stdout.trim(), link);
}

#[test]
fn explain_and_rate_answer_as_the_command_line_does() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let explained = ask(&mut client, "explain", KILLER, json!({}));
    let cli = run(&["explain", "-f", "json", KILLER], "").json().remove(0);
    assert_eq!(explained["outcome"], cli["outcome"]);
    let texts = |steps: &Value| -> Vec<Value> {
        steps.as_array().unwrap().iter().map(|step| step["text"].clone()).collect()
    };
    assert_eq!(texts(&explained["steps"]), texts(&cli["steps"]));
    // Each step names the cells to highlight, as reading-order indices on the 6x6.
    for step in explained["steps"].as_array().unwrap() {
        let cells = step["cells"].as_array().unwrap();
        assert!(cells.iter().all(|cell| cell.as_u64().unwrap() < 36), "{step}");
    }
    let rated = ask(&mut client, "rate", KILLER, json!({}));
    let cli = run(&["rate", "-f", "json", KILLER], "").json().remove(0);
    for field in ["grade", "hardest", "steps", "rounds", "bifurcations", "outcome"] {
        assert_eq!(rated[field], cli[field], "{field}: {rated} against {cli}");
    }
}

#[test]
fn minimise_and_complete_make_unique_puzzles() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let full = "1234341221434321";
    let minimal = ask(&mut client, "minimise", full, json!({}));
    assert_eq!(minimal["type"], "puzzle", "{minimal}");
    let cli = run(&["minimise", "-f", "line", full], "").stdout;
    assert_eq!(givens(&minimal), given_count(cli.trim()));
    assert_eq!(minimal["removed"].as_u64().unwrap() as usize, 16 - givens(&minimal));
    let open = "1...............";
    let completed = ask(&mut client, "complete", open, json!({}));
    assert_eq!(completed["givens"][0], 1, "the original given stays");
    let checked = run(&["check", "-"], completed["text"].as_str().unwrap());
    assert_eq!(checked.stdout.trim(), "unique", "{completed}");
}

#[test]
fn generate_reports_each_attempt_then_the_puzzle() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let request = json!({"nonce": 5, "command": "generate", "dataType": "satdoku",
        "data": "................", "seed": 3, "givensAtMost": 5, "symmetry": "none"});
    let messages = client.exchange(&request);
    let (last, progress) = messages.split_last().unwrap();
    assert_eq!(last["type"], "puzzle", "{last}");
    assert!(givens(last) <= 5);
    assert_eq!(last["attempts"].as_u64().unwrap() as usize, progress.len());
    for (number, message) in progress.iter().enumerate() {
        assert_eq!(message["type"], "progress");
        assert_eq!(message["nonce"], 5);
        assert_eq!(message["attempt"].as_u64().unwrap() as usize, number + 1);
    }
}

#[test]
fn generate_makes_the_puzzles_satdoku_generate_makes() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let made = ask(&mut client, "generate", "................", json!({"seed": 3}));
    assert_eq!(made["attempts"], 1);
    let cli = run(&["generate", "--size", "4", "--seed", "3", "-f", "line"], "").stdout;
    let line: String = made["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|digit| match digit.as_u64().unwrap() {
            0 => '.',
            digit => char::from_digit(digit as u32, 10).unwrap(),
        })
        .collect();
    assert_eq!(line, cli.trim());
}

#[test]
fn a_generate_that_cannot_succeed_is_cancelled_and_the_connection_serves_on() {
    let server = Server::start(&[]);
    let mut client = server.client();
    // No 9x9 puzzle has no givens: the attempts go on until cancelled.
    let request = json!({"nonce": 1, "command": "generate", "dataType": "satdoku",
        "data": ".".repeat(81), "givensAtMost": 0});
    client.send(&request);
    let first = client.receive();
    assert_eq!(first["type"], "progress", "{first}");
    client.send(&json!({"nonce": 2, "command": "cancel"}));
    let canceled = loop {
        let message = client.receive();
        if message["nonce"] == 2 {
            break message;
        }
    };
    assert_eq!(canceled["type"], "canceled");
    let version = ask(&mut client, "version", "", json!({}));
    assert_eq!(version["type"], "version");
}

#[test]
fn a_job_past_the_servers_time_limit_says_so() {
    let server = Server::start(&["--timeout", "1"]);
    let mut client = server.client();
    let stopped = ask(&mut client, "generate", &".".repeat(81), json!({"givensAtMost": 0}));
    assert_eq!(stopped["type"], "invalid", "{stopped}");
    let message = stopped["message"].as_str().unwrap();
    let expected = "Stopped by the server's time limit (1 s, `satdoku serve --timeout`) before \
                    `generate` was done.";
    assert_eq!(message, expected);
}

#[test]
fn bad_requests_say_what_was_expected() {
    let server = Server::start(&[]);
    let mut client = server.client();
    let cases = [
        (
            json!({"command": "render", "data": "size: 4\nboxes: 2x2\n1..5\n....\n....\n...."}),
            "line 3, column 4",
        ),
        (json!({"command": "render", "data": "   "}), "found nothing"),
        (
            json!({"command": "render", "data": "https://www.f-puzzles.com/?load=xyz"}),
            "cannot read the link",
        ),
        (
            json!({"command": "render", "dataType": "pencil", "data": "1..............."}),
            "expected `dataType`",
        ),
        (json!({"command": "render"}), "expected a `data` field"),
        (
            json!({"command": "generate", "data": "................", "seed": "x"}),
            "expected `seed` to be a whole number",
        ),
        (
            json!({"command": "generate", "data": "................", "symmetry": "spiral"}),
            "expected `symmetry` to be one of none",
        ),
        (json!({"command": "minimise", "data": "1..............."}), "several solutions"),
        (json!({"command": "render", "data": "/etc/passwd"}), "expected"),
    ];
    for (request, expected) in cases {
        let answer = client.exchange(&request).pop().unwrap();
        assert_eq!(answer["type"], "invalid", "{request} -> {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains(expected), "{request}: expected `{expected}` in `{message}`");
    }
}

#[test]
fn the_page_and_its_script_and_style_are_served_from_the_binary() {
    let server = Server::start(&[]);
    let (status, page) = server.get("/");
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    for file in ["/workbench.js", "/workbench.css"] {
        assert!(page.contains(&format!("\"{file}\"")), "the page loads {file}");
        let (status, body) = server.get(file);
        assert!(status.starts_with("HTTP/1.1 200"), "{file}: {status}");
        assert!(!body.is_empty());
    }
    let (_, script) = server.get("/workbench.js");
    assert!(
        script.contains("`ws://${location.host}/`"),
        "the page talks to the server that served it"
    );
}

#[test]
fn the_pages_own_origin_may_connect_and_another_sites_may_not() {
    let server = Server::start(&[]);
    let own = format!("http://{}", server.address);
    let mut client = server.client_from(Some(&own)).expect("the page's origin");
    assert_eq!(ask(&mut client, "version", "", json!({}))["type"], "version");
    assert!(server.client_from(Some("https://example.com")).is_err());
}
