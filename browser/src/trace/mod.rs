//! Recording traces in Playwright's format (ADR 0024).
//! An observer of pages and contexts: may not change what a page does, only record it.

pub(crate) mod archive;
pub(crate) mod network;
pub(crate) mod recorder;
pub(crate) mod screencast;
pub(crate) mod selector;
pub(crate) mod snapshot;
pub(crate) mod traced;
pub(crate) mod tracing_api;
pub(crate) mod user_recording;
