//! A running `satdoku serve --port 0` and a websocket client for it.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use satdoku::Puzzle;
use satdoku::model::fpuzzles::write_fpuzzles;
use serde_json::{Value, json};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long a test waits for any one message.
const PATIENCE: Duration = Duration::from_secs(30);

/// The server process, killed when dropped.
pub struct Server {
    pub child: Child,
    /// `127.0.0.1:PORT`, as printed.
    pub address: String,
}

impl Server {
    /// Starts `satdoku serve --port 0 ARGS` and reads the address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_satdoku"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("satdoku serve starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the address line");
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("expected `listening on http://ADDRESS/`, found `{line}`"))
            .to_string();
        Server { child, address }
    }

    /// A websocket client connected without an Origin header.
    pub fn client(&self) -> Client {
        self.client_from(None).expect("the websocket opens")
    }

    /// A websocket client connected with `origin` (none when `None`).
    pub fn client_from(&self, origin: Option<&str>) -> Result<Client, tungstenite::Error> {
        let mut request = format!("ws://{}/", self.address).into_client_request()?;
        if let Some(origin) = origin {
            request.headers_mut().insert("Origin", origin.parse().expect("a header value"));
        }
        let (socket, _) = tungstenite::connect(request)?;
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).expect("a read timeout");
        }
        Ok(Client { socket })
    }

    /// A plain HTTP GET of `path`: the status line and the body.
    pub fn get(&self, path: &str) -> (String, String) {
        use std::io::{Read, Write};
        let mut stream = TcpStream::connect(&self.address).expect("the server accepts");
        write!(stream, "GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.address).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).expect("a response");
        let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
        (head.lines().next().unwrap_or("").to_string(), body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A websocket client of the server.
pub struct Client {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Sends `message` as a text frame.
    pub fn send(&mut self, message: &Value) {
        self.send_frame(Message::text(message.to_string()));
    }

    /// Sends any frame.
    pub fn send_frame(&mut self, frame: Message) {
        self.try_send_frame(frame).expect("the frame is sent");
    }

    /// Sends one frame; the error when the connection fails while it is written.
    pub fn try_send_frame(&mut self, frame: Message) -> Result<(), tungstenite::Error> {
        self.socket.send(frame)
    }

    /// The next message, as JSON.
    pub fn receive(&mut self) -> Value {
        loop {
            match self.socket.read().expect("a message before the timeout") {
                Message::Text(text) => return serde_json::from_str(&text).expect("JSON"),
                Message::Close(frame) => panic!("the server closed the connection: {frame:?}"),
                _ => {}
            }
        }
    }

    /// The next frame, whatever it is, or the error that ends the connection.
    pub fn read_frame(&mut self) -> Result<Message, tungstenite::Error> {
        self.socket.read()
    }

    /// Sends `command` with the f-puzzles `data` under `nonce`, and collects the messages up
    /// to its final one (every `count` in progress before it).
    pub fn request(&mut self, nonce: u64, command: &str, data: &str) -> Vec<Value> {
        self.exchange(
            &json!({"nonce": nonce, "command": command, "dataType": "fpuzzles", "data": data}),
        )
    }

    /// Sends `request` and collects the messages up to its final one: those in progress
    /// (`inProgress: true`, or `type: "progress"` from satdoku's own commands) before it.
    pub fn exchange(&mut self, request: &Value) -> Vec<Value> {
        self.send(request);
        let nonce = request.get("nonce").cloned().unwrap_or(Value::Null);
        let mut messages = Vec::new();
        loop {
            let message = self.receive();
            assert_eq!(message["nonce"], nonce, "{message}");
            let done = message["inProgress"] != true && message["type"] != "progress";
            messages.push(message);
            if done {
                return messages;
            }
        }
    }

    /// The final message of [`Client::request`].
    pub fn answer(&mut self, nonce: u64, command: &str, data: &str) -> Value {
        self.request(nonce, command, data).pop().expect("a final message")
    }
}

/// The f-puzzles document of `puzzle` with `edit` applied to its JSON, as the userscript
/// sends it: LZ-String base64.
pub fn payload_with(puzzle: &Puzzle, edit: impl FnOnce(&mut Value)) -> String {
    let json = write_fpuzzles(puzzle).expect("an f-puzzles document");
    let mut document: Value = serde_json::from_str(&json).expect("JSON");
    edit(&mut document);
    lz_str::compress_to_base64(&document.to_string())
}

/// The payload of `puzzle` as written.
pub fn payload(puzzle: &Puzzle) -> String {
    payload_with(puzzle, |_| {})
}

/// A bundled puzzle, by file name.
pub fn bundled(name: &str) -> Puzzle {
    let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).expect("a bundled puzzle").parse().expect("a puzzle")
}
