//! `satdoku serve` from outside: the real binary on a free port, driven by a websocket client
//! as the f-puzzles userscript drives it; satdoku's own commands (`workbench.rs`); the workbench
//! page in a headless browser (`browser.rs`).

mod browser;
mod protocol;
mod safety;
mod server;
mod userscript;
mod workbench;
