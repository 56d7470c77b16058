//! Waiting for the page's URL and load state (`waitForURL`, `waitForLoadState`). Both wake on
//! the page's own navigation and lifecycle events rather than polling, so a step that waits
//! for the next page resumes as soon as the browser says it is there.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use serde_json::Value;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// How long a wait sleeps without an event before it looks again anyway (a missed event must
/// not cost more than this).
const RECHECK: Duration = Duration::from_millis(100);

/// The events after which a URL or load state may have changed.
fn moves(event: &CdpEvent) -> bool {
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
        let mut events = self.connection().subscribe();
        loop {
            let url = self.url().await?;
            if expected.matches(&url) {
                return match wait_until {
                    crate::navigation::WaitUntil::Commit => Ok(()),
                    crate::navigation::WaitUntil::Load => self.load_state_untraced("load").await,
                    crate::navigation::WaitUntil::DomContentLoaded => {
                        self.load_state_untraced("domcontentloaded").await
                    }
                    crate::navigation::WaitUntil::NetworkIdle => self.load_state_untraced("networkidle").await,
                };
            }
            if Instant::now() >= deadline {
                return Err(BrowserError::Timeout {
                    what: format!("URL {} (last: {url})", expected.describe()),
                    ms: self.timeout.as_millis(),
                });
            }
            self.next_move(&mut events, deadline).await;
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
        let _noted = crate::pending::note(format!("page.waitForLoadState('{state}')"));
        let wanted = match crate::navigation::WaitUntil::parse(state)? {
            crate::navigation::WaitUntil::DomContentLoaded => "DOMContentLoaded",
            crate::navigation::WaitUntil::NetworkIdle => "networkIdle",
            crate::navigation::WaitUntil::Load | crate::navigation::WaitUntil::Commit => "load",
        };
        let deadline = Instant::now() + self.timeout;
        let mut events = self.connection().subscribe();
        loop {
            let loader = self.main_loader().await;
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
            self.next_move(&mut events, deadline).await;
        }
    }

    /// The loader id of the main frame's current document (`None` if the frame tree cannot be
    /// read, e.g. while the renderer swaps).
    async fn main_loader(&self) -> Option<String> {
        let tree = self.send("Page.getFrameTree", serde_json::json!({})).await.ok()?;
        tree.pointer("/frameTree/frame/loaderId").and_then(Value::as_str).map(str::to_string)
    }

    /// Returns after an event of this page that may move its URL or load state, after
    /// [`RECHECK`], or at `deadline`.
    async fn next_move(&self, events: &mut broadcast::Receiver<Arc<CdpEvent>>, deadline: Instant) {
        let until = (Instant::now() + RECHECK).min(deadline);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, events.recv()).await {
                Ok(Ok(event)) if event.session_id.as_deref() == Some(self.session_id()) && moves(&event) => return,
                Ok(Ok(_)) | Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
                _ => return,
            }
        }
    }
}
