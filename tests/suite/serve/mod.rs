//! `satdoku serve` from outside: the real binary on a free port, driven by a websocket client
//! as the f-puzzles userscript drives it.

mod protocol;
mod safety;
mod server;
