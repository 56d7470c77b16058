//! A session's browser: where it comes from (`BrowserSource`), the share of it one session holds
//! (`BrowserLease`) and a worker's own browser (`LocalBrowser`). Owns opening, gating and
//! closing contexts; knows nothing of steps, JS or hosts (ADR 0022).

mod local;
mod scenario;
mod source;

pub use local::LocalBrowser;
pub use scenario::BrowserLease;
pub use source::{start_browser, BrowserSettings, BrowserSource, Isolation, SourceFuture};
