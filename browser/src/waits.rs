//! Waiting for the page's URL and load state (`waitForURL`, `waitForLoadState`). Both wake when
//! the page's watcher has taken in a navigation or lifecycle event (`PageInner::moved`, bumped
//! after the state is written, so a wait never reads it half-way), rather than polling; a step
//! that waits for the next page resumes as soon as the browser says it is there.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use serde_json::Value;
use std::time::Instant;
use tokio::sync::watch;

/// The events after which a URL or load state may have changed.
pub(crate) fn moves(event: &CdpEvent) -> bool {
    matches!(
        event.method.as_str(),
        "Page.frameNavigated" | "Page.navigatedWithinDocument" | "Page.lifecycleEvent" | "Page.frameStoppedLoading"
    )
}

impl Page {
    /// Waits until the URL matches (after navigations, redirects or client-side routing),
    /// then until its document is loaded (Playwright's default `waitUntil: 'load'`).
    pub async fn wait_for_url(&self, expected: impl Into<crate::text_match::TextMatch>) -> Result<()> {
        self.wait_for_url_with(expected, crate::navigation::WaitUntil::Load).await
    }

    /// [`Page::wait_for_url`] with the load state to reach once the URL matches.
    pub async fn wait_for_url_with(
        &self,
        expected: impl Into<crate::text_match::TextMatch>,
        wait_until: crate::navigation::WaitUntil,
    ) -> Result<()> {
        let expected = expected.into();
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "waitForURL",
            params: serde_json::json!({ "url": expected.describe(), "waitUntil": wait_until.name(),
                "timeout": self.timeout.as_millis() as u64 }),
            title: Some(format!("Wait for URL {}", expected.describe())),
            waiting_for: None,
        };
        self.inner.traced(action, self.url_untraced(expected, wait_until)).await
    }

    async fn url_untraced(
        &self,
        expected: crate::text_match::TextMatch,
        wait_until: crate::navigation::WaitUntil,
    ) -> Result<()> {
        let _noted = crate::pending::note(format!("page.waitForURL({})", expected.describe()));
        let deadline = Instant::now() + self.timeout;
        // Subscribed before the first look: a move in between is not missed.
        let mut moved = self.inner.moved.subscribe();
        let timed_out = |last: &str| BrowserError::Timeout {
            what: format!("URL {} (last: {last})", expected.describe()),
            ms: self.timeout.as_millis(),
        };
        loop {
            self.not_crashed()?;
            // A page that does not answer ends the wait at its deadline, as this wait's.
            let Some(url) = before(deadline, self.url()).await else {
                return Err(timed_out("the page did not answer"));
            };
            let url = url?;
            if expected.matches(&url) {
                // The load state within the same time: the timeout covers the whole wait.
                return match wait_until {
                    crate::navigation::WaitUntil::Commit => Ok(()),
                    crate::navigation::WaitUntil::Load => self.load_state_by("load", deadline).await,
                    crate::navigation::WaitUntil::DomContentLoaded => {
                        self.load_state_by("domcontentloaded", deadline).await
                    }
                    crate::navigation::WaitUntil::NetworkIdle => self.load_state_by("networkidle", deadline).await,
                };
            }
            if Instant::now() >= deadline {
                return Err(timed_out(&url));
            }
            next_move(&mut moved, deadline).await;
        }
    }

    /// Waits until the main frame's current document reached `state` (`load`,
    /// `domcontentloaded` or `networkidle`); at once if it already has. The document is the one
    /// the frame shows now (its loader id), so the previous page's `load` does not count.
    pub async fn wait_for_load_state(&self, state: &str) -> Result<()> {
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "waitForLoadState",
            params: serde_json::json!({ "state": state, "timeout": self.timeout.as_millis() as u64 }),
            title: Some(format!("Wait for load state \"{state}\"")),
            waiting_for: None,
        };
        self.inner.traced(action, self.load_state_untraced(state)).await
    }

    async fn load_state_untraced(&self, state: &str) -> Result<()> {
        self.load_state_by(state, Instant::now() + self.timeout).await
    }

    /// [`Page::wait_for_load_state`] until `deadline`.
    pub(crate) async fn load_state_by(&self, state: &str, deadline: Instant) -> Result<()> {
        let _noted = crate::pending::note(format!("page.waitForLoadState('{state}')"));
        let wanted = match crate::navigation::WaitUntil::parse(state)? {
            crate::navigation::WaitUntil::DomContentLoaded => "DOMContentLoaded",
            crate::navigation::WaitUntil::NetworkIdle => "networkIdle",
            crate::navigation::WaitUntil::Load | crate::navigation::WaitUntil::Commit => "load",
        };
        let mut moved = self.inner.moved.subscribe();
        loop {
            self.not_crashed()?;
            let Some(loader) = before(deadline, self.main_loader()).await else {
                // Past the deadline the page was not asked at all; before it, it did not answer.
                let why = if Instant::now() >= deadline { "" } else { " (the page did not answer)" };
                return Err(BrowserError::Timeout {
                    what: format!("load state {state}{why}"),
                    ms: self.timeout.as_millis(),
                });
            };
            let reached = self
                .inner
                .lifecycle
                .lock()
                .map_or(true, |l| loader.as_deref().is_none_or(|id| l.0 == id) && l.1.iter().any(|n| n == wanted));
            if reached {
                return Ok(());
            }
            if Instant::now() >= deadline {
                return Err(BrowserError::Timeout {
                    what: format!("load state {state}"),
                    ms: self.timeout.as_millis(),
                });
            }
            next_move(&mut moved, deadline).await;
        }
    }

    /// The loader id of the main frame's current document (`None` if the frame tree cannot be
    /// read, e.g. while the renderer swaps).
    async fn main_loader(&self) -> Option<String> {
        let tree = self.send("Page.getFrameTree", serde_json::json!({})).await.ok()?;
        tree.pointer("/frameTree/frame/loaderId").and_then(Value::as_str).map(str::to_string)
    }
}

/// Returns once the page's watcher took in an event that may move its URL or load state, or at
/// `deadline`.
async fn next_move(moved: &mut watch::Receiver<u64>, deadline: Instant) {
    let _ = tokio::time::timeout_at(deadline.into(), moved.changed()).await;
}

impl Page {
    /// Fails a wait of this page whose renderer crashed (its watcher wakes the waits then):
    /// nothing will move any more.
    fn not_crashed(&self) -> Result<()> {
        match self.connection().crashed(self.session_id()) {
            true => Err(BrowserError::TargetCrashed),
            false => Ok(()),
        }
    }
}

/// `look`, unless `deadline` comes first (`None`).
async fn before<T>(deadline: Instant, look: impl std::future::Future<Output = T>) -> Option<T> {
    tokio::time::timeout_at(deadline.into(), look).await.ok()
}
