//! The one dispatch point: a command name and its JSON request become a job, run on a
//! blocking thread with its own [`Limits`] (the server's timeout and an interrupt flag), which
//! sends progress and partial messages while it works and one final message at its end.
//!
//! A command is registered by a `(name, handler)` entry in the `COMMANDS` list of
//! `fpuzzles/` (the f-puzzles protocol) or of `workbench/` (satdoku's extensions).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use itertools::Itertools;
use satdoku::Limits;
use serde_json::Value;
use tokio::sync::mpsc::UnboundedSender;
use tokio_tungstenite::tungstenite::Message;

use super::protocol::{Invalid, Reply, Request};
use super::workspace::Workspace;
use super::{fpuzzles, workbench};
use crate::cli::guard;

/// A command's work: from the job (its request, limits, workspace), the final reply, or why
/// the request is `invalid`. Progress goes through [`Job::progress`] on the way.
pub(crate) type Handler = fn(&mut Job<'_>) -> Result<Reply, Invalid>;

/// One request at work.
pub(crate) struct Job<'a> {
    request: &'a Request,
    limits: Limits,
    timeout: Duration,
    outbox: &'a Outbox,
    workspace: &'a mut Workspace,
}

impl<'a> Job<'a> {
    /// The request being answered.
    pub fn request(&self) -> &Request {
        self.request
    }

    /// The job's limits: the server's `--timeout` from the job's start, and the interrupt flag
    /// a `cancel`, a newer request or a disconnect raises. Pass them to every `try_` call.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The server's `--timeout`, for messages that say a job reached it.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Sends `reply` now, before the final one (a progress or partial message); nothing once
    /// the job is cancelled.
    pub fn progress(&self, reply: &Reply) {
        self.outbox.send(reply);
    }

    /// A handle that sends progress as [`Job::progress`] does, and can be held while the
    /// workspace is borrowed (inside a library call's progress callback).
    pub fn reporter(&self) -> Reporter<'a> {
        Reporter(self.outbox)
    }

    /// What the connection keeps between requests (the warm solver, the cache).
    pub fn workspace(&mut self) -> &mut Workspace {
        self.workspace
    }
}

/// Sends a job's progress messages (see [`Job::reporter`]).
#[derive(Clone, Copy)]
pub(crate) struct Reporter<'a>(&'a Outbox);

impl Reporter<'_> {
    /// Sends `reply` now, unless the job is cancelled.
    pub fn send(&self, reply: &Reply) {
        self.0.send(reply);
    }
}

/// Where a job's messages go: its connection's channel, tagged with the request's nonce, and
/// silenced once the job is cancelled (the client has moved on to another request).
pub(crate) struct Outbox {
    sender: UnboundedSender<Message>,
    nonce: Value,
    cancelled: Arc<AtomicBool>,
}

impl Outbox {
    /// An outbox for the request tagged `nonce`, cancelled when `cancelled` is raised.
    pub fn new(
        sender: UnboundedSender<Message>,
        nonce: Value,
        cancelled: Arc<AtomicBool>,
    ) -> Outbox {
        Outbox { sender, nonce, cancelled }
    }

    /// Sends `reply` unless the job is cancelled (a closed connection drops it).
    fn send(&self, reply: &Reply) {
        if !self.cancelled.load(Ordering::Relaxed) {
            let _ = self.sender.send(Message::text(reply.to_frame(&self.nonce)));
        }
    }
}

/// The handler registered for `command`, if any.
fn handler(command: &str) -> Option<Handler> {
    let commands = fpuzzles::COMMANDS.iter().chain(workbench::COMMANDS);
    commands.into_iter().find(|(name, _)| *name == command).map(|&(_, handler)| handler)
}

/// The `invalid` reply to a command nobody registered, listing those that are.
fn unknown(command: &str) -> Invalid {
    let mut known = fpuzzles::COMMANDS.iter().chain(workbench::COMMANDS).map(|(name, _)| name);
    Invalid::new(format!(
        "unknown command `{}`; expected one of cancel, {}",
        super::protocol::abbreviated(command),
        known.join(", ")
    ))
}

/// Answers `request` to its end (on the connection's worker thread) unless it was cancelled
/// before it started: runs the handler with the job's limits, and sends its final reply
/// through `outbox`. A panic in the handler becomes an `invalid` reply naming the saved bug
/// report, and a fresh workspace.
pub(crate) fn run(
    request: &Request,
    workspace: &mut Workspace,
    outbox: &Outbox,
    timeout: Duration,
) {
    let Some(handler) = handler(&request.command) else {
        outbox.send(&unknown(&request.command).into());
        return;
    };
    if outbox.cancelled.load(Ordering::Relaxed) {
        return;
    }
    let limits = Limits::new().interrupt(Arc::clone(&outbox.cancelled)).timeout(timeout);
    let mut job = Job { request, limits, timeout, outbox, workspace };
    let answer = catch_unwind(AssertUnwindSafe(|| handler(&mut job)));
    let reply = match answer {
        Ok(Ok(reply)) => reply,
        Ok(Err(invalid)) => invalid.into(),
        Err(payload) => {
            *workspace = Workspace::default();
            let subject = format!("# request: {}\n", Value::Object(request.fields.clone()));
            Invalid::new(guard::panicked_at(&subject, &*payload).to_string()).into()
        }
    };
    outbox.send(&reply);
}
