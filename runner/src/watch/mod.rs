//! Watch mode (`ferridriver bdd --watch`).
//!
//! Owns what changed, what to run again and the terminal while waiting; runs through the same
//! `execute` path as a one-shot run (its workers keep their sessions' browsers between runs).
//! May not run a step or touch a browser itself.

mod events;
mod fingerprint;
mod session;

pub use session::{run_watch, Reaction, Selection, Watch};
