//! Watch mode (`ferridriver bdd --watch`).

mod events;
mod fingerprint;
mod session;

pub use session::{run_watch, Reaction, Selection, Watch};
