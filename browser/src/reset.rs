//! Isolation by reset: one context per worker, brought back to its configured state between
//! scenarios instead of replaced (a fresh incognito context and page cost Chromium ~200 ms of
//! CPU; a reset a few milliseconds). What a scenario can leave behind, and how it goes:
//!
//! - extra pages: closed; the kept page: pending dialog dismissed, `about:blank`, history reset,
//!   dialogs dismissed and file choosers cancelled again (no listener is left);
//! - cookies: all cleared; per origin any frame showed: local storage, IndexedDB, Cache
//!   Storage, service workers, file systems (`Storage.clearDataForOrigin`), session storage
//!   (`DOMStorage.clear`);
//! - permissions: reset, then the configured ones granted again;
//! - geolocation, extra HTTP headers, offline, viewport: back to the configured values;
//! - init scripts: removed; request routing: off;
//! - the configured storage state: loaded again.
//!
//! Not reset: the HTTP cache and the DNS cache (they hold no scenario state a page can read),
//! and a download already written to disk.

use crate::context::BrowserContext;
use crate::context_options::ContextOptions;
use crate::error::Result;
use crate::page::Page;
use serde_json::json;
use std::collections::BTreeSet;

impl BrowserContext {
    /// Brings the context back to `options` (what it was created with), keeping `keep` as its
    /// one page, on `about:blank`.
    pub async fn reset(&self, keep: &Page, options: &ContextOptions) -> Result<()> {
        self.forget_user_tracing().await;
        // The routes that asked for it went with the scenario's JS world.
        self.route_new_pages(false);
        self.forget_locator_handlers();
        let mut origins: BTreeSet<String> = BTreeSet::new();
        for mut page in self.open_pages() {
            if let Ok(seen) = page.inner.origins.lock() {
                origins.extend(seen.iter().cloned());
            }
            if page.inner.frame_id != keep.inner.frame_id {
                let _ = page.close().await;
            }
        }
        self.close_other_targets(keep).await;
        self.forget_pages_except(keep);
        // The scenario's dialog and file-chooser listeners went with its JS world: dialogs are
        // dismissed again and file choosers cancelled, not held for an answer nobody gives
        // (first, so a dialog opening after the one dismissed below goes too).
        keep.set_manual_dialogs(false);
        let _ = keep.intercept_file_choosers(false).await;
        // A dialog left open would block the navigation below.
        let _ = keep.send("Page.handleJavaScriptDialog", json!({ "accept": false })).await;
        // A coverage run the scenario left on ends with it (the next may start its own); after
        // the dialog, which would hold the page's answers.
        let _ = keep.stop_js_coverage(false).await;
        let _ = keep.stop_css_coverage().await;
        keep.set_routing(false).await?;
        let scripts: Vec<(String, String, bool)> =
            keep.inner.init_scripts.lock().map(|mut ids| std::mem::take(&mut *ids)).unwrap_or_default();
        for (id, _, _) in scripts {
            let _ = keep.send("Page.removeScriptToEvaluateOnNewDocument", json!({ "identifier": id })).await;
        }
        keep.blank_from_inside().await?;
        keep.send("Page.resetNavigationHistory", json!({})).await?;
        if !origins.is_empty() {
            keep.send("DOMStorage.enable", json!({})).await?;
        }
        for origin in &origins {
            keep.send("Storage.clearDataForOrigin", json!({ "origin": origin, "storageTypes": "all" })).await?;
            let session = json!({ "storageId": { "securityOrigin": origin, "isLocalStorage": false } });
            let _ = keep.send("DOMStorage.clear", session).await;
        }
        if let Ok(mut seen) = keep.inner.origins.lock() {
            seen.clear();
        }
        // The next test case's page starts with no console messages or page errors of this one.
        if let Ok(mut recent) = keep.inner.recent.lock() {
            recent.clear();
        }
        self.clear_cookies().await?;
        self.reset_settings(keep, options).await?;
        match &options.storage_state {
            Some(crate::context_options::StorageStateSource::Path(path)) => {
                self.load_storage_state_on(&crate::storage_state::StorageState::read(path)?, Some(keep)).await?
            }
            Some(crate::context_options::StorageStateSource::State(state)) => {
                self.load_storage_state_on(state, Some(keep)).await?
            }
            None => {}
        }
        Ok(())
    }
}
