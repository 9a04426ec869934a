//! What the server refuses and how it survives: foreign origins, garbage, binary and
//! oversized frames, unknown commands, undecodable data; the page; Ctrl-C.

use std::io::ErrorKind;
use std::time::{Duration, Instant};

use serde_json::json;
use tungstenite::Message;

use super::server::{Server, bundled, payload};

#[test]
fn a_page_on_another_site_cannot_open_the_websocket() {
    let server = Server::start(&[]);
    let refused = server.client_from(Some("https://evil.example")).err().expect("refused");
    match refused {
        tungstenite::Error::Http(response) => assert_eq!(response.status(), 403),
        other => panic!("expected a 403, found {other}"),
    }
    for allowed in ["https://www.f-puzzles.com", "https://f-puzzles.com"] {
        assert!(server.client_from(Some(allowed)).is_ok(), "{allowed}");
    }
    let own = format!("http://{}", server.address);
    let mut client = server.client_from(Some(&own)).expect("the server's own page");
    assert_eq!(client.answer(1, "check", &payload(&bundled("miracle")))["count"], 1);
}

#[test]
fn garbage_gets_invalid_and_the_connection_goes_on() {
    let server = Server::start(&[]);
    let mut client = server.client();
    client.send_frame(Message::text("this is not JSON"));
    let answer = client.receive();
    assert_eq!(answer["type"], "invalid");
    let message = answer["message"].as_str().unwrap();
    assert!(message.starts_with("expected a JSON request, found invalid JSON: "), "{message}");
    assert!(message.contains("at line 1 column"), "{message}");
    client.send_frame(Message::binary(vec![0, 159, 146, 150]));
    let answer = client.receive();
    assert!(answer["message"].as_str().unwrap().contains("binary frame"), "{answer}");
    client.send(&json!([1, 2, 3]));
    assert_eq!(client.receive()["type"], "invalid");
    let unknown = client.answer(4, "frobnicate", "");
    let message = unknown["message"].as_str().unwrap();
    assert!(
        message.starts_with("unknown command `frobnicate`; expected one of cancel, truecandidates")
    );
    let undecodable = client.answer(5, "solve", "%%% not a payload %%%");
    let message = undecodable["message"].as_str().unwrap();
    assert!(message.starts_with("expected `data` to be the LZ-String base64"), "{message}");
    let broken = lz_str::compress_to_base64("{\"size\": 9, \"grid\": [}");
    let message = client.answer(6, "solve", &broken)["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("in the decoded f-puzzles JSON") && message.contains("line 1"),
        "{message}"
    );
    let unsupported = lz_str::compress_to_base64(
        &serde_json::to_string(&json!({"size": 4, "grid": [[{}, {}, {}, {}], [{}, {}, {}, {}],
            [{}, {}, {}, {}], [{}, {}, {}, {}]], "spiralsum": [{"cells": ["R1C1"]}]}))
        .unwrap(),
    );
    let message = client.answer(7, "truecandidates", &unsupported)["message"].to_string();
    assert!(message.contains("spiralsum"), "{message}");
    client.send(&json!({"nonce": 8, "command": "solve"}));
    let message = client.receive()["message"].to_string();
    assert!(message.contains("expected a `data` field"), "{message}");
    // Still serving.
    assert_eq!(client.answer(9, "check", &payload(&bundled("miracle")))["count"], 1);
}

#[test]
fn an_oversized_frame_is_refused_with_a_message_and_a_close() {
    let server = Server::start(&[]);
    let mut client = server.client();
    // The server refuses the frame from its header, and may close before the client has
    // written the rest: the write then fails, and the reset of the unread rest may overtake
    // the `invalid` message. Either way the connection ends, which it would not (the read
    // would time out) if the frame were accepted.
    let sent = client.try_send_frame(Message::text("x".repeat(2 << 20)));
    assert!(matches!(sent, Ok(()) | Err(tungstenite::Error::Io(_))), "{sent:?}");
    let mut answers = Vec::new();
    let ended = loop {
        match client.read_frame() {
            Ok(Message::Text(text)) => answers.push(text.to_string()),
            Ok(Message::Close(Some(frame))) => break format!("close {}", u16::from(frame.code)),
            Ok(_) => {}
            Err(tungstenite::Error::Io(error))
                if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                panic!("the connection is still open after an oversized frame: {answers:?}")
            }
            Err(error) => break error.to_string(),
        }
    };
    assert!(ended == "close 1009" || !ended.starts_with("close"), "{ended}");
    for answer in &answers {
        let answer: serde_json::Value = serde_json::from_str(answer).expect("JSON");
        assert_eq!(answer["type"], "invalid", "{answer}");
        assert!(answer["message"].as_str().unwrap().contains("too long"), "{answer}");
    }
    // The server goes on serving others.
    let mut other = server.client();
    assert_eq!(other.answer(1, "check", &payload(&bundled("miracle")))["count"], 1);
}

#[test]
fn the_page_is_served_on_the_same_port() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(body.contains("<html"), "{body}");
    assert_eq!(server.get("/no-such-file").0, "HTTP/1.1 404 Not Found");
}

#[test]
fn ctrl_c_stops_the_server_cleanly() {
    let mut server = Server::start(&[]);
    let mut client = server.client();
    client.send(&json!({"nonce": 1, "command": "count", "dataType": "fpuzzles",
        "data": payload(&".".repeat(81).parse().unwrap())}));
    assert_eq!(client.receive()["inProgress"], true);
    let pid = libc::pid_t::try_from(server.child.id()).expect("a pid");
    // SAFETY: kill sends a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("the child's status") {
            break status;
        }
        assert!(asked.elapsed() < Duration::from_secs(5), "still running after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    let mut stderr = String::new();
    std::io::Read::read_to_string(server.child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains("satdoku serve: stopped"), "{stderr}");
}

#[test]
fn another_host_than_loopback_is_warned_about() {
    let mut server = Server::start(&["--host", "0.0.0.0"]);
    // Once a client is served, the server listens for signals too.
    let mut client = server.client();
    assert_eq!(client.answer(1, "check", &payload(&bundled("miracle")))["count"], 1);
    let pid = libc::pid_t::try_from(server.child.id()).expect("a pid");
    // SAFETY: kill sends a signal to the child this test started.
    unsafe { libc::kill(pid, libc::SIGTERM) };
    let _ = server.child.wait();
    let mut stderr = String::new();
    std::io::Read::read_to_string(server.child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains("warning: listening on 0.0.0.0, not a loopback address"), "{stderr}");
}
