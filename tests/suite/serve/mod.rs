//! `satdoku serve` over real sockets: the binary started on a free port, spoken to by a
//! websocket client (`server.rs`), and its page driven in a headless browser (`browser.rs`).

mod browser;
mod server;
mod workbench;

pub use server::{Client, Server};
