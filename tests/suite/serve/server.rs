//! A `satdoku serve` for a test, on a free port, and a websocket client to talk to it.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long a client waits for any one message before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running `satdoku serve --port 0`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`, as the server printed it.
    address: String,
}

impl Server {
    /// Starts the server with the default options.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts the server with `args` after `serve --port 0`, and waits for the address it
    /// prints.
    pub fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_satdoku"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("satdoku serve starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout is piped");
        BufReader::new(stdout).read_line(&mut line).expect("the server prints its address");
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("expected `listening on http://ADDRESS/`, found `{line}`"))
            .to_string();
        Server { child, address }
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn http_url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// The websocket's address, `ws://127.0.0.1:PORT/`.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/", self.address)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A websocket connection to a [`Server`].
pub struct Client {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects without an Origin header, as the console tools do.
    pub fn connect(server: &Server) -> Client {
        let request = server.ws_url().into_client_request().expect("a websocket request");
        Client::open(request).expect("the server accepts the connection")
    }

    /// Connects as a page of `origin` would.
    ///
    /// # Errors
    /// The handshake's failure (a refused Origin is an HTTP 403).
    pub fn connect_with_origin(server: &Server, origin: &str) -> tungstenite::Result<Client> {
        let mut request = server.ws_url().into_client_request()?;
        let origin = HeaderValue::from_str(origin).expect("an origin is a header value");
        request.headers_mut().insert("Origin", origin);
        Client::open(request)
    }

    fn open(request: tungstenite::handshake::client::Request) -> tungstenite::Result<Client> {
        let (socket, _) = tungstenite::connect(request)?;
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).expect("a read timeout can be set");
        }
        Ok(Client { socket })
    }

    /// Sends `request` as a text frame.
    pub fn send(&mut self, request: &Value) {
        self.socket.send(Message::text(request.to_string())).expect("the request is sent");
    }

    /// The next JSON message.
    pub fn receive(&mut self) -> Value {
        loop {
            match self.socket.read().expect("a message arrives in time") {
                Message::Text(text) => {
                    return serde_json::from_str(&text).expect("every message is JSON");
                }
                Message::Close(frame) => panic!("the server closed the connection: {frame:?}"),
                _ => {}
            }
        }
    }

    /// The first message that `wanted` accepts, the others skipped.
    pub fn receive_until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self.receive();
            if wanted(&message) {
                return message;
            }
        }
    }

    /// Sends `request` and collects its messages (those with its nonce) up to its final one:
    /// progress messages (`type: "progress"` or `inProgress: true`) first, the answer last.
    pub fn request(&mut self, request: &Value) -> Vec<Value> {
        self.send(request);
        let nonce = request.get("nonce").cloned().unwrap_or(Value::Null);
        let mut messages = Vec::new();
        loop {
            let message = self.receive_until(|message| message["nonce"] == nonce);
            let progress = message["type"] == "progress" || message["inProgress"] == true;
            messages.push(message);
            if !progress {
                return messages;
            }
        }
    }
}
