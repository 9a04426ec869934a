//! One websocket connection: a reader loop that turns each text frame into a job, and a
//! writer task that sends every job's messages, in order, through one sink.
//!
//! One job runs per connection at a time, on the connection's own worker thread, which owns
//! the workspace (the warm SAT session cannot move between threads): a new request, a
//! `cancel` or the end of the connection raises the running job's interrupt flag, and the
//! worker takes the next job once the old one has stopped (within milliseconds: every engine
//! checks its limits inside SAT calls too). A job whose flag is raised before it starts is
//! skipped.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::Shared;
use super::job::{self, Outbox};
use super::protocol::{Invalid, Reply, Request};
use super::workspace::Workspace;

/// A connection's state between frames: where messages go, where jobs go, and the interrupt
/// flag of the latest job.
struct Connection {
    sender: UnboundedSender<Message>,
    jobs: mpsc::Sender<(Request, Outbox)>,
    running: Option<Arc<AtomicBool>>,
}

/// Starts the worker thread of a connection: it runs each job it receives, in order, with
/// the connection's workspace, until the connection drops its sender.
fn worker(timeout: Duration) -> std::io::Result<mpsc::Sender<(Request, Outbox)>> {
    let (jobs, received) = mpsc::channel::<(Request, Outbox)>();
    std::thread::Builder::new().name("satdoku-serve-jobs".into()).spawn(move || {
        let mut workspace = Workspace::default();
        for (request, outbox) in received {
            job::run(&request, &mut workspace, &outbox, timeout);
        }
    })?;
    Ok(jobs)
}

/// Serves one websocket until the client closes it or a frame breaks the protocol.
pub(crate) async fn serve(socket: WebSocketStream<TcpStream>, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let Ok(jobs) = worker(shared.options.timeout) else { return };
    let (sender, mut outgoing) = unbounded_channel::<Message>();
    let writer = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut connection = Connection { sender, jobs, running: None };
    while let Some(frame) = stream.next().await {
        match frame {
            Ok(Message::Text(text)) => connection.request(text.as_str()),
            Ok(Message::Binary(_)) => connection.refuse(
                &serde_json::Value::Null,
                Invalid::new("expected a text frame with a JSON request, found a binary frame"),
            ),
            Ok(Message::Close(_)) => break,
            Ok(_) => {}
            Err(error) => {
                connection.fail(&error);
                break;
            }
        }
    }
    connection.cancel_running();
    drop(connection);
    let _ = writer.await;
}

impl Connection {
    /// Answers the text of one frame: `cancel` at once, any other command as a new job (which
    /// cancels the one running).
    fn request(&mut self, text: &str) {
        let request = match Request::parse(text) {
            Ok(request) => request,
            Err((nonce, invalid)) => return self.refuse(&nonce, invalid),
        };
        self.cancel_running();
        if request.command == "cancel" {
            let frame = Reply::new("canceled").to_frame(&request.nonce);
            let _ = self.sender.send(Message::text(frame));
            return;
        }
        let cancelled = Arc::new(AtomicBool::new(false));
        self.running = Some(Arc::clone(&cancelled));
        let outbox = Outbox::new(self.sender.clone(), request.nonce.clone(), cancelled);
        // The worker ends only with the connection: a send cannot fail while it lives.
        let _ = self.jobs.send((request, outbox));
    }

    /// Raises the interrupt flag of the running job, if any.
    fn cancel_running(&mut self) {
        if let Some(flag) = self.running.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Answers a frame that is not a request with `invalid`.
    fn refuse(&self, nonce: &serde_json::Value, invalid: Invalid) {
        let _ = self.sender.send(Message::text(Reply::from(invalid).to_frame(nonce)));
    }

    /// Says why the connection ends when a frame breaks the protocol (too large, badly
    /// masked, not UTF-8), in an `invalid` message and the close frame.
    fn fail(&self, error: &tokio_tungstenite::tungstenite::Error) {
        use tokio_tungstenite::tungstenite::Error;
        let (code, short, message) = match error {
            Error::Capacity(cause) => (CloseCode::Size, "too large", format!("{cause}")),
            Error::Utf8(_) => {
                (CloseCode::Invalid, "not UTF-8", "expected UTF-8 text in a text frame".into())
            }
            Error::ConnectionClosed | Error::AlreadyClosed | Error::Io(_) => return,
            other => (CloseCode::Protocol, "protocol error", format!("websocket error: {other}")),
        };
        self.refuse(&serde_json::Value::Null, Invalid::new(message));
        let close = CloseFrame { code, reason: short.into() };
        let _ = self.sender.send(Message::Close(Some(close)));
    }
}
