//! One request from the JS Playwright classes, parsed, and what its failure looks like in JS;
//! the page and locator it is about. Shared by every operation module.

use super::locator::{build, PartSpec};
use super::operations::Operation;
use super::session::Session;
use crate::JsErrorName;
use ferridriver_browser::{BrowserError, Locator, Page};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;

/// One operation, as `js/playwright.js` sends it.
#[derive(Debug, Deserialize)]
pub(super) struct Request {
    pub target: String,
    #[serde(default)]
    pub page: usize,
    #[serde(default)]
    pub parts: Vec<PartSpec>,
    pub op: String,
    #[serde(default)]
    pub args: Vec<Value>,
    /// Milliseconds, from a `{ timeout }` option.
    #[serde(default)]
    pub timeout: Option<f64>,
    /// `expect(…).not`.
    #[serde(default)]
    pub not: bool,
    /// `false` when the locator's actions must not let the page's locator handlers run first.
    #[serde(default)]
    pub intercept: Option<bool>,
    /// The browser context a `context` request is about (0: the scenario's).
    #[serde(default)]
    pub context: usize,
    /// The test case the calling JS object belongs to (see `Session::generation`).
    #[serde(default)]
    pub generation: Option<u64>,
    /// The stack of the user's call (its frames in the bundle), for the `.ts` line a trace
    /// shows each action at.
    #[serde(default)]
    pub site: Option<String>,
    /// The tool whose handler's code made this call, as Rust saw it when the call was made
    /// (never read from the JSON: a script cannot choose whose `allow.net` applies).
    #[serde(skip)]
    pub running: Option<usize>,
    /// Its row of the table, once looked up (the names of its arguments come from there).
    #[serde(skip)]
    pub operation: Option<&'static Operation>,
}

impl Request {
    pub(super) fn timeout(&self) -> Option<Duration> {
        self.timeout.filter(|t| t.is_finite() && *t >= 0.0).map(|t| Duration::from_millis(t as u64))
    }

    /// Argument `i`, deserialised; an error names it as the table does.
    pub(super) fn arg<T: DeserializeOwned>(&self, i: usize) -> Result<T, Failure> {
        let value = self.args.get(i).cloned().unwrap_or(Value::Null);
        let what = self.operation.and_then(|o| o.args.get(i)).copied().unwrap_or("argument");
        serde_json::from_value(value).map_err(|e| Failure::type_error(format!("{}: {what}: {e}", self.op)))
    }
}

/// Why an operation failed: the JS error's name and message.
#[derive(Debug)]
pub(super) struct Failure {
    pub name: JsErrorName,
    pub message: String,
}

impl Failure {
    pub(super) fn type_error(message: String) -> Self {
        Failure { name: JsErrorName::TypeError, message }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure { name: JsErrorName::Error, message }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure { name: JsErrorName::Error, message: message.into() }
    }
}

impl From<BrowserError> for Failure {
    fn from(e: BrowserError) -> Self {
        let name = match e {
            BrowserError::Timeout { .. } => JsErrorName::TimeoutError,
            // A redirect to a host the running handler's allow.net does not list.
            BrowserError::Refused(_) => JsErrorName::SandboxViolation,
            _ => JsErrorName::Error,
        };
        Failure { name, message: e.to_string() }
    }
}

/// The page a request is about, with the request's timeout for navigations and waits.
pub(super) async fn page_of(session: &Session, r: &Request) -> Result<Page, Failure> {
    let mut page = session.page(r.page).await?;
    if let Some(t) = r.timeout() {
        page.timeout = t;
    }
    Ok(page)
}

/// The locator a request describes, with its `{ timeout }`.
pub(super) fn locator_of(page: &Page, r: &Request) -> Result<Locator, Failure> {
    let mut locator = build(page, &r.parts)?;
    if r.intercept == Some(false) {
        locator = locator.without_locator_handlers();
    }
    Ok(match r.timeout() {
        Some(t) => locator.with_timeout(t),
        None => locator,
    })
}
