//! Playwright in the JS world: `this.page`, `this.context`, `this.browser`, `this.request` and
//! the web-first half of `expect`, as JS classes (`js/playwright.js`, `js/expect.js`) over one
//! native call that runs each operation on the scenario's Rust `Page` (see
//! docs/architecture.md, "JS world and browser bindings").
//!
//! Owns the bridge's table of operations (`operations.rs`, ADR 0026) and the gates applied from
//! it; may not talk CDP itself (the `browser` crate does) nor trust a key the script sends.

mod assert;
mod dispatch;
mod events;
mod files;
mod gates;
mod locator;
mod operations;
mod request;
mod routes;
mod screenshots;
mod session;
mod video;

pub use dispatch::handle;
pub use session::{session, Session};
