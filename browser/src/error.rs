//! Errors of the browser layer.

/// What can go wrong driving a browser.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// No Chromium-family browser was found.
    #[error("no Chromium browser found (looked for {looked_for})\n  hint: install one (Debian: `apt-get install -y chromium`) or pass --browser-path / set CHROME_PATH")]
    NotFound { looked_for: String },
    /// The browser process could not be started or did not open its DevTools endpoint.
    #[error("cannot launch {executable}: {reason}")]
    Launch { executable: String, reason: String },
    /// The DevTools connection failed or closed (the browser crashed or was killed).
    #[error("browser connection lost: {0}")]
    Disconnected(String),
    /// The browser answered a command with an error.
    #[error("{method} failed: {message}")]
    Protocol { method: String, message: String },
    /// A navigation failed: Chromium's `net::ERR_…` name and the URL, as Playwright reports it.
    #[error("{error} at {url}")]
    Navigation { url: String, error: String },
    /// Something did not happen in time.
    #[error("timed out after {ms} ms waiting for {what}")]
    Timeout { what: String, ms: u128 },
    /// A locator that must name one element (an action, a state query, a single-element
    /// assertion) matched several: fails at once, as waiting cannot make the locator unique.
    #[error("{0}")]
    StrictMode(String),
    /// JavaScript evaluated in the page threw.
    #[error("{0}")]
    Evaluation(String),
    /// A request was refused by the caller's policy (a redirect to a host it does not allow).
    #[error("{0}")]
    Refused(String),
    /// The page's renderer crashed (out of memory, killed): nothing on the page can be done
    /// any more. Playwright's words.
    #[error("Target crashed")]
    TargetCrashed,
    /// A response or event had an unexpected shape.
    #[error("unexpected reply to {method}: {reason}")]
    Decode { method: String, reason: String },
}

/// Results of the browser layer.
pub type Result<T> = std::result::Result<T, BrowserError>;
