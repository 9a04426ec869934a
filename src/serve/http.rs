//! The front door of every TCP connection: peek at the request head, then hand a websocket
//! upgrade at `/` to the protocol (after checking its Origin) and answer a plain GET with
//! the workbench page; anything else gets a short HTTP error.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::{Shared, connection, page};

/// The largest request head read; a longer one gets a 431.
const MAX_HEAD: usize = 16 * 1024;

/// How long a client may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest websocket message and frame accepted (a puzzle is a few kilobytes).
const MAX_MESSAGE: usize = 1 << 20;

/// The origins of the f-puzzles editor, whose userscript drives the solver.
const FPUZZLES_ORIGINS: [&str; 2] = ["https://www.f-puzzles.com", "https://f-puzzles.com"];

/// What the head of a request says, as far as routing needs.
struct Head {
    /// Its length in bytes, up to and including the blank line.
    length: usize,
    method: String,
    path: String,
    /// Whether it asks to upgrade to a websocket.
    upgrade: bool,
}

/// Serves one TCP connection: `admitted` is false when the server already has its most
/// connections, and then the client gets a 503.
pub(crate) async fn handle(mut stream: TcpStream, shared: &Arc<Shared>, admitted: bool) {
    let head = match tokio::time::timeout(HEAD_TIMEOUT, peek_head(&stream)).await {
        Ok(Ok(head)) => head,
        Ok(Err(status)) => {
            return respond(&mut stream, status, "text/plain", status_text(status)).await;
        }
        Err(_) => return,
    };
    if !admitted {
        let message = "too many connections to satdoku serve; close one and try again\n";
        return respond(&mut stream, StatusCode::SERVICE_UNAVAILABLE, "text/plain", message).await;
    }
    if head.upgrade {
        upgrade(stream, shared, &head).await;
    } else {
        serve_page(&mut stream, &head).await;
    }
}

/// Reads the request head without consuming it (the websocket handshake reads it again).
///
/// # Errors
/// The status to answer with: 431 when the head is too long, 400 when it is not HTTP.
async fn peek_head(stream: &TcpStream) -> Result<Head, StatusCode> {
    let mut buffer = vec![0; MAX_HEAD];
    let mut seen = 0;
    loop {
        let read = stream.peek(&mut buffer).await.map_err(|_| StatusCode::BAD_REQUEST)?;
        if read == 0 {
            return Err(StatusCode::BAD_REQUEST);
        }
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buffer[..read]) {
            Ok(httparse::Status::Complete(length)) => return Ok(head(&request, length)),
            Ok(httparse::Status::Partial) if read == MAX_HEAD => {
                return Err(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
            }
            Ok(httparse::Status::Partial) => {}
            Err(_) => return Err(StatusCode::BAD_REQUEST),
        }
        // Peeking again returns at once with the same bytes: wait for more to arrive.
        if read == seen {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        seen = read;
    }
}

/// The routing facts of a parsed request head `length` bytes long.
fn head(request: &httparse::Request, length: usize) -> Head {
    let header = |name: &str| {
        let found = request.headers.iter().find(|h| h.name.eq_ignore_ascii_case(name));
        found.map(|h| String::from_utf8_lossy(h.value).to_ascii_lowercase())
    };
    Head {
        length,
        method: request.method.unwrap_or_default().to_string(),
        path: request.path.unwrap_or_default().to_string(),
        upgrade: header("upgrade").is_some_and(|value| value.contains("websocket")),
    }
}

/// Completes the websocket handshake (refusing other paths and foreign origins with a 403)
/// and serves the connection.
async fn upgrade(stream: TcpStream, shared: &Arc<Shared>, head: &Head) {
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    let shared_for_check = Arc::clone(shared);
    let path = head.path.clone();
    // tungstenite's `Callback` fixes the signature, with its large error response.
    #[allow(clippy::result_large_err)]
    let check = move |request: &Request, response: Response| match check_upgrade(
        &shared_for_check,
        &path,
        request,
    ) {
        Ok(()) => Ok(response),
        Err((status, message)) => Err(refusal(status, message)),
    };
    let accepted =
        tokio_tungstenite::accept_hdr_async_with_config(stream, check, Some(config)).await;
    if let Ok(socket) = accepted {
        connection::serve(socket, Arc::clone(shared)).await;
    }
}

/// Refuses an upgrade at another path than `/`, or from an origin that is neither
/// f-puzzles, nor this server's own page, nor absent (a client that is not a browser).
///
/// # Errors
/// The status and message of the refusal.
fn check_upgrade(
    shared: &Shared,
    path: &str,
    request: &Request,
) -> Result<(), (StatusCode, String)> {
    if path.split('?').next() != Some("/") {
        return Err((StatusCode::NOT_FOUND, format!("no websocket at `{path}`; it is at `/`")));
    }
    let origin = request.headers().get("origin").map(|value| value.to_str().unwrap_or("?"));
    match origin {
        None => Ok(()),
        Some(origin) if allowed_origin(shared, origin) => Ok(()),
        Some(origin) => Err((
            StatusCode::FORBIDDEN,
            format!(
                "satdoku serve accepts websockets from f-puzzles and its own page only, not \
                 from `{origin}`"
            ),
        )),
    }
}

/// Whether a page at `origin` may drive the solver: f-puzzles, or this server's own page
/// under a loopback name or the address it listens on.
fn allowed_origin(shared: &Shared, origin: &str) -> bool {
    let origin = origin.trim_end_matches('/').to_ascii_lowercase();
    if FPUZZLES_ORIGINS.contains(&origin.as_str()) {
        return true;
    }
    let port = shared.address.port();
    let own = ["localhost".to_string(), "127.0.0.1".to_string(), "[::1]".to_string()];
    let host = match shared.address.ip() {
        std::net::IpAddr::V4(ip) => ip.to_string(),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
    };
    own.iter().chain([&host]).any(|name| origin == format!("http://{name}:{port}"))
}

/// An HTTP error response saying `message`.
fn refusal(status: StatusCode, message: String) -> ErrorResponse {
    let mut response = ErrorResponse::new(Some(message + "\n"));
    *response.status_mut() = status;
    response
}

/// Answers a plain HTTP request: GET of one of the page's files, else 404 or 405.
async fn serve_page(stream: &mut TcpStream, head: &Head) {
    let mut consumed = vec![0; head.length];
    if stream.read_exact(&mut consumed).await.is_err() {
        return;
    }
    if head.method != "GET" {
        return respond(stream, StatusCode::METHOD_NOT_ALLOWED, "text/plain", "only GET here\n")
            .await;
    }
    let path = head.path.split('?').next().unwrap_or("");
    match page::FILES.iter().find(|file| file.path == path) {
        Some(file) => respond(stream, StatusCode::OK, file.content_type, file.body).await,
        None => respond(stream, StatusCode::NOT_FOUND, "text/plain", "not found\n").await,
    }
}

/// The reason phrase of `status` with a newline, as a plain-text body.
fn status_text(status: StatusCode) -> &'static str {
    match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "request header fields too large\n",
        _ => "bad request\n",
    }
}

/// Writes a complete HTTP/1.1 response and closes the connection.
async fn respond(stream: &mut TcpStream, status: StatusCode, content_type: &str, body: &str) {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(body.as_bytes()).await;
    let _ = stream.shutdown().await;
}
