//! `page.waitForNavigation`: the next navigation of the main frame (a new document, or a
//! same-document one such as a fragment or `history.pushState`) whose URL matches, as
//! Playwright's deprecated but widely used call does. A navigation that does not match is let
//! pass and the wait goes on, within one time limit.

use crate::error::{BrowserError, Result};
use crate::navigation::{NavigateOptions, NavigationResponse, Start};
use crate::page::Page;
use crate::text_match::TextMatch;
use std::time::Instant;

impl Page {
    /// Waits for the next main-frame navigation (to a URL matching `url`, when given) and then
    /// for `options.wait_until` on its document; the main resource's response, or `None` for a
    /// same-document navigation. The events are watched from the call on: start the wait
    /// before the action that navigates (`Promise.all([page.waitForNavigation(), click])`).
    pub async fn wait_for_navigation(
        &self,
        url: Option<TextMatch>,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "waitForNavigation",
            params: serde_json::json!({ "url": url.as_ref().map(TextMatch::describe),
                "waitUntil": options.wait_until.name(),
                "timeout": options.timeout.unwrap_or(self.timeout).as_millis() as u64 }),
            title: Some("Wait for navigation".into()),
            waiting_for: None,
        };
        self.inner.traced(action, self.navigation_untraced(url, options)).await
    }

    async fn navigation_untraced(
        &self,
        url: Option<TextMatch>,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let _noted = crate::pending::note("page.waitForNavigation()".to_string());
        let mut events = self.connection().subscribe();
        let limit = options.timeout.unwrap_or(self.timeout);
        let deadline = Instant::now() + limit;
        let timed_out = || BrowserError::Timeout {
            what: match &url {
                Some(u) => format!("a navigation to {}", u.describe()),
                None => "a navigation".to_string(),
            },
            ms: limit.as_millis(),
        };
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(timed_out());
            }
            let this = NavigateOptions { timeout: Some(left), ..options };
            let (response, committed) =
                match self.await_navigation_to(&mut events, Start::Next, this, "navigation").await {
                    Err(BrowserError::Timeout { .. }) => return Err(timed_out()),
                    other => other?,
                };
            // The URLs this navigation committed, not the history's (a navigation after it may
            // already show there); the history only when no commit was seen. Any of them may
            // be the one asked for (two `pushState`s in a row are two navigations).
            let moved = if committed.is_empty() { vec![self.url().await?] } else { committed };
            if url.as_ref().is_none_or(|u| moved.iter().any(|m| u.matches(m))) {
                return Ok(response);
            }
        }
    }
}
