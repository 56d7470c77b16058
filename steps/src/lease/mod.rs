//! A session's browser: where it comes from (`BrowserSource`), the share of it one session holds
//! (`BrowserLease`) and a worker's own browser (`WorkerBrowser`: launched here, attached
//! over CDP, or a session on a Selenium Grid). Owns opening, gating and
//! closing contexts; knows nothing of steps, JS or hosts (ADR 0022).

mod grid;
mod local;
mod scenario;
mod source;

pub use grid::{check_grid, end_all_grid_sessions, GridSettings};
pub use local::{StartedBrowser, WorkerBrowser};
pub use scenario::{BrowserLease, OpenObserver};
pub use source::{start_browser, BrowserSettings, BrowserSource, Isolation, SourceFuture};
