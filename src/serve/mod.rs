//! `satdoku serve`: one process, one port, answering the f-puzzles solver protocol over a
//! websocket at `/` and serving the workbench page at `http://HOST:PORT/`.
//!
//! The server owns connections, jobs, cancellation, caching and limits, nothing of the puzzle
//! logic: every command is a thin call into the library.
//!
//! ```text
//! TCP ──▶ http (peek the request head) ──▶ page (plain GET)
//!                                      └─▶ connection (websocket upgrade, Origin checked)
//!                                             └─▶ job::dispatch ──▶ fpuzzles / workbench commands
//! ```
//!
//! The design is async at the edges and sync at the core: tokio accepts connections and moves
//! frames (one reader loop and one writer task per connection), and each request runs as a
//! job on a blocking thread with its own [`satdoku::Limits`], sending its progress and final
//! messages through the connection's channel. A new request, a `cancel` or a disconnect raises
//! the running job's interrupt flag.

mod connection;
mod fpuzzles;
mod http;
mod job;
mod page;
mod protocol;
mod workbench;
mod workspace;

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How the server runs: where it listens and how long a job may take.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to listen on (a loopback address unless the user asks otherwise).
    pub host: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// The longest any one job may run.
    pub timeout: Duration,
    /// Whether to open the workbench page in the browser once listening.
    pub open: bool,
}

/// The most connections (websocket or page) served at once; more are refused with a 503.
const MAX_CONNECTIONS: usize = 32;

/// What every connection shares: the options and the address the server listens on.
#[derive(Debug)]
pub(crate) struct Shared {
    /// The options the server was started with.
    pub options: Options,
    /// The address bound (with the port `--port 0` picked).
    pub address: SocketAddr,
}

/// Runs the server until Ctrl-C (or SIGTERM): binds, prints `listening on http://ADDRESS/` on
/// stdout, then serves every connection.
///
/// # Errors
/// When the address cannot be bound (in use, not this machine's) or the runtime cannot start.
pub fn run(options: Options) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    let served = runtime.block_on(serve(options));
    // Jobs still running are interrupted by the end of the process; do not wait for them.
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}

/// Binds, announces the address, and accepts connections until a stop signal.
async fn serve(options: Options) -> anyhow::Result<()> {
    let wanted = SocketAddr::new(options.host, options.port);
    let listener =
        TcpListener::bind(wanted).await.with_context(|| format!("cannot listen on {wanted}"))?;
    let address = listener.local_addr().context("cannot read the address bound")?;
    announce(&options, address);
    let shared = Arc::new(Shared { options, address });
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let accepting = async {
        loop {
            let Ok((stream, _)) = listener.accept().await else { continue };
            let shared = Arc::clone(&shared);
            let slot = Arc::clone(&slots).try_acquire_owned().ok();
            tokio::spawn(async move {
                http::handle(stream, &shared, slot.is_some()).await;
                drop(slot);
            });
        }
    };
    tokio::select! {
        () = accepting => Ok(()),
        () = stop_signal() => {
            eprintln!("satdoku serve: stopped");
            Ok(())
        }
    }
}

/// Prints the address on stdout (tests and scripts read it there), warns on stderr about an
/// address other machines can reach, and opens the page when asked.
fn announce(options: &Options, address: SocketAddr) {
    let url = format!("http://{address}/");
    if !options.host.is_loopback() {
        eprintln!(
            "warning: listening on {}, not a loopback address: any machine that can reach this \
             one can use the solver (the websocket still refuses pages from other sites)",
            options.host
        );
    }
    println!("listening on {url}");
    if options.open {
        open_in_browser(&url);
    }
}

/// Opens `url` with the system's opener; a failure is a warning, not an error.
fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        std::process::Command::new("open").arg(url).spawn()
    } else if cfg!(windows) {
        std::process::Command::new("cmd").args(["/C", "start", "", url]).spawn()
    } else {
        std::process::Command::new("xdg-open").arg(url).spawn()
    };
    if let Err(error) = opener {
        eprintln!("warning: cannot open {url} in a browser: {error}");
    }
}

/// Resolves at Ctrl-C, or at SIGTERM on Unix.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut terminate) = signal(SignalKind::terminate()) {
            tokio::select! {
                () = ctrl_c() => {}
                _ = terminate.recv() => {}
            }
            return;
        }
    }
    ctrl_c().await;
}

/// Resolves at Ctrl-C; never, when no handler can be installed (then Ctrl-C ends the process
/// the usual way).
async fn ctrl_c() {
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
