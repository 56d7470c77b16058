//! Playwright-shaped browser automation over the Chrome DevTools Protocol.
//!
//! Owns the CDP transport, browsers, contexts, pages, locators, the network decisions of a page
//! (`network.rs`) and `expect`. May not know of tests, steps, JS or reports: nothing here
//! depends on another ferridriver crate.
//!
//! Chromium is driven with chromiumoxide's typed protocol (`chromiumoxide_cdp`) over a
//! WebSocket connection of our own (see docs/adr/0006-cdp-transport.md): the build enables
//! `serde_json/arbitrary_precision`, under which chromiumoxide's own connection drops every
//! event that carries a float. Our connection tells responses from events by their `id` and
//! keeps event parameters as JSON until a caller asks for a typed event.
//!
//! This crate knows nothing of tests, JS or reports.

mod actions;
mod aria;
mod aria_snapshot;
mod bindings;
mod browser;
mod click;
mod connection;
mod context;
mod context_downloads;
mod context_har;
mod context_options;
mod context_setup;
mod context_storage;
mod cookie;
mod cookie_jar;
mod coverage;
mod credentials;
mod defaults;
mod drag;
mod element_handles;
mod emulation;
mod error;
mod evaluate_expression;
mod event_api;
mod events;
mod expect;
mod file_chooser;
mod file_gate;
mod frame_locator;
mod frame_navigation;
mod frame_tree;
mod frames;
mod handles;
mod har_recorder;
mod helper_objects;
pub mod http_core;
mod input_files;
mod keyboard;
mod launch;
mod locator;
mod locator_handlers;
mod navigation;
mod network;
mod page;
mod page_api;
mod page_network;
mod page_setup;
mod page_watch;
mod pdf;
mod pending;
mod popups;
mod raw_headers;
mod recent_events;
mod recent_requests;
mod request;
mod reset;
mod resolve;
mod response_details;
mod routes;
mod screenshot;
mod select;
mod selector;
mod selector_engines;
mod storage_state;
mod tap;
mod text_match;
mod trace;
mod video;
mod video_encoder;
mod wait_navigation;
mod waits;
mod workers;

pub use browser::Browser;
pub use click::{ClickOptions, Position};
#[cfg(feature = "fault-injection")]
pub use connection::FaultPlan;
pub use connection::{CdpEvent, Connection};
pub use context::BrowserContext;
pub use context_options::{
    ContextOptions, Geolocation, Proxy, RecordHar, RecordVideo, StorageStateSource, UrlFilter, Viewport,
};
pub use cookie::Cookie;
pub use coverage::{CssCoverageEntry, CssRange, JsCoverageEntry};
pub use credentials::{CredentialsList, HttpCredentials};
pub use drag::DragOptions;
pub use element_handles::PinWhich;
pub use emulation::MediaEmulation;
pub use error::{BrowserError, Result};
pub use events::{PageEvent, WebSocketEvent};
pub use expect::{expect, expect_page, ExpectError, LocatorAssertions, PageAssertions};
pub use file_gate::{file_roots_gate, is_file_url, UrlGate};
pub use frame_locator::FrameLocator;
pub use frame_tree::FrameInfo;
pub use http_core::RedirectCheck;
pub use input_files::InputFile;
pub use launch::{browser_switches, find_browser, kill_launched_browsers, LaunchOptions};
pub use locator::{Locator, RoleStates};
pub use navigation::{NavigateOptions, NavigationResponse, WaitUntil};
pub use page::Page;
pub use pdf::{Margins, PdfOptions};
pub use pending::{pending_action, timed_out};
pub use raw_headers::ReportedResponse;
pub use recent_requests::KeptRequest;
pub use request::{ApiRequest, ApiResponse, RequestOptions};
pub use response_details::{NavigationRequest, ResponseDetails};
pub use routes::{RouteOverrides, RouteResponse};
pub use screenshot::{Clip, ImageType, ScreenshotOptions};
pub use select::OptionSpec;
pub use selector_engines::SelectorEngines;
pub use storage_state::{NameValue, OriginState, StorageState};
pub use text_match::TextMatch;
pub use trace::recorder::{SourceLocation, TraceOptions, Tracer};
pub use trace::traced::with_call_site;
pub use trace::tracing_api::TracingStart;
pub use video::{Filming, Video};
pub use workers::WorkerInfo;
