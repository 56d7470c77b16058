//! A context's storage state in and out (Playwright's `context.storageState()` and the
//! `storageState` option; the types are `storage_state.rs`): reading cookies and each open
//! origin's `localStorage`, and loading them into a fresh context without contacting the site.

use crate::context::BrowserContext;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use crate::storage_state::{OriginState, StorageState};
use serde_json::json;

/// Reads an open page's origin and `localStorage` (`null` for opaque origins).
const READ_LOCAL_STORAGE: &str = "(() => { const origin = location.origin; if (!origin || origin === 'null') return null; \
     try { return { origin, localStorage: Object.keys(localStorage).map((name) => ({ name, value: localStorage.getItem(name) })) }; } \
     catch { return null; } })()";

impl BrowserContext {
    /// The context's cookies and the `localStorage` of the origins its open pages show.
    pub async fn storage_state(&self) -> Result<StorageState> {
        let cookies = self.cookies(&[]).await?;
        let mut origins: Vec<OriginState> = Vec::new();
        for page in self.open_pages() {
            let Ok(found) = page.evaluate_untraced(READ_LOCAL_STORAGE).await else { continue };
            let Ok(Some(state)) = serde_json::from_value::<Option<OriginState>>(found) else { continue };
            if !state.local_storage.is_empty() && !origins.iter().any(|o| o.origin == state.origin) {
                origins.push(state);
            }
        }
        Ok(StorageState { cookies, origins })
    }

    /// Writes [`BrowserContext::storage_state`] to `path` (pretty JSON) and returns it.
    pub async fn save_storage_state(&self, path: &str) -> Result<StorageState> {
        let state = self.storage_state().await?;
        let text = serde_json::to_string_pretty(&state).unwrap_or_default();
        std::fs::write(path, text)
            .map_err(|e| BrowserError::Evaluation(format!("storageState: cannot write {path}: {e}")))?;
        Ok(state)
    }

    /// Replaces the context's storage with `state` (Playwright's `context.setStorageState`):
    /// its cookies and the storage of every origin its pages showed (closed ones' too) or
    /// `state` names are cleared first, then `state` is loaded as into a fresh context.
    pub async fn set_storage_state(&self, state: &StorageState) -> Result<()> {
        self.clear_cookies().await?;
        let pages = self.open_pages();
        let mut origins = self.origins_seen();
        origins.extend(state.origins.iter().map(|o| o.origin.clone()));
        if !origins.is_empty() {
            // Storage is cleared through one of the context's pages (a scratch one if none).
            let scratch = match pages.first() {
                Some(_) => None,
                None => Some(self.new_page().await?),
            };
            let page = pages.first().or(scratch.as_ref()).ok_or_else(|| BrowserError::Evaluation("no page".into()))?;
            for origin in &origins {
                let params = json!({ "origin": origin, "storageTypes": "all" });
                page.send("Storage.clearDataForOrigin", params).await?;
            }
            if let Some(mut scratch) = scratch {
                let _ = scratch.close().await;
            }
        }
        self.load_storage_state(state).await
    }

    /// Loads cookies and local storage into this (fresh) context. Each origin's storage is
    /// written from a scratch page whose request to the origin is answered locally, so the
    /// site is not contacted and nothing of it runs.
    pub async fn load_storage_state(&self, state: &StorageState) -> Result<()> {
        self.load_storage_state_on(state, None).await
    }

    /// [`BrowserContext::load_storage_state`] writing local storage from `page` (left on
    /// `about:blank`) instead of a scratch page of its own.
    pub(crate) async fn load_storage_state_on(&self, state: &StorageState, page: Option<&Page>) -> Result<()> {
        if !state.cookies.is_empty() {
            self.add_cookies(&state.cookies).await?;
        }
        let origins: Vec<&OriginState> = state.origins.iter().filter(|o| !o.local_storage.is_empty()).collect();
        if origins.is_empty() {
            return Ok(());
        }
        let mut scratch = match page {
            Some(p) => p.clone(),
            None => self.new_page().await?,
        };
        // Routing on: the page's watcher leaves paused requests to the routes, so the only
        // answer is `seed_origin`'s (a plain `Fetch.enable` let the watcher continue them too,
        // and whichever answer came first won: the site could be contacted).
        scratch.switch_routing(true).await?;
        let mut outcome = Ok(());
        for origin in origins {
            outcome = seed_origin(&scratch, origin).await;
            if outcome.is_err() {
                break;
            }
        }
        if page.is_some() {
            scratch.switch_routing(false).await?;
            scratch.goto("about:blank").await?;
            scratch.send("Page.resetNavigationHistory", json!({})).await?;
            if let Ok(mut seen) = scratch.inner.origins.lock() {
                seen.clear();
            }
        } else {
            let _ = scratch.close().await;
        }
        outcome
    }
}

async fn seed_origin(page: &Page, origin: &OriginState) -> Result<()> {
    let mut events = page.connection().subscribe();
    let session = page.session_id().to_string();
    let answer = async {
        loop {
            let event = match events.recv().await {
                Ok(event) => event,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            };
            if event.method == "Fetch.requestPaused" && event.session_id.as_deref() == Some(session.as_str()) {
                let reply = json!({
                    "requestId": event.params["requestId"],
                    "responseCode": 200,
                    "responseHeaders": [{ "name": "Content-Type", "value": "text/html" }],
                    "body": "",
                });
                let _ = page.send("Fetch.fulfillRequest", reply).await;
            }
        }
    };
    let url = format!("{}/", origin.origin.trim_end_matches('/'));
    tokio::select! {
        done = page.goto(&url) => done?,
        _ = answer => {}
    }
    let items = serde_json::to_string(&origin.local_storage).unwrap_or_else(|_| "[]".into());
    page.evaluate_untraced(&format!(
        "(() => {{ for (const {{ name, value }} of {items}) localStorage.setItem(name, value); }})()"
    ))
    .await
    .map(|_| ())
}
