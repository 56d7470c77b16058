//! A context's HAR recordings (`har_recorder.rs`): Playwright's `recordHar` option (started
//! with the context), `tracing.startHar` / `stopHar`, and `routeFromHAR` with `update` (of one
//! page or of all). Each is written when it is stopped, or when the context closes or is given
//! back at the end of its scenario.

use crate::context::BrowserContext;
use crate::context_options::RecordHar;
use crate::error::{BrowserError, Result};
use crate::har_recorder::{check, recorders_push, HarRecorder};
use crate::page::Page;
use serde_json::json;
use std::sync::PoisonError;

/// Recordings taken from a context with their bodies read, to be written.
pub(crate) struct EndedHars {
    hars: Vec<HarRecorder>,
    browser_version: String,
}

impl EndedHars {
    /// Writes each one, off the runtime's threads (bodies are compressed into a zip); the
    /// first failure is the answer, after all were tried.
    pub(crate) async fn write(self) -> Result<()> {
        let EndedHars { hars, browser_version } = self;
        let written = tokio::task::spawn_blocking(move || {
            hars.iter().map(|har| har.write(&browser_version)).find_map(std::result::Result::err)
        })
        .await;
        match written {
            Ok(None) => Ok(()),
            Ok(Some(e)) => Err(BrowserError::Evaluation(e)),
            Err(e) => Err(BrowserError::Evaluation(format!("recordHar: the writer failed: {e}"))),
        }
    }
}

impl BrowserContext {
    /// Starts recording a HAR of this context's pages, those open now and later (of `page`
    /// only, when given); the id [`BrowserContext::stop_har`] takes.
    pub async fn start_har(&self, options: RecordHar, page: Option<&Page>) -> Result<u64> {
        check(&options).map_err(BrowserError::Evaluation)?;
        let recorder = HarRecorder::start(options, page.map(|p| p.inner.trace_id()));
        recorders_push(&self.har_slot(), recorder.clone());
        for open in self.open_pages() {
            if page.is_none_or(|p| p.target_id() == open.target_id()) {
                recorder.page_opened(&open.inner.trace_id());
                open.inner.watch_network().await?;
            }
        }
        Ok(recorder.id())
    }

    /// Ends recording `id` and writes its HAR.
    pub async fn stop_har(&self, id: u64) -> Result<()> {
        let slot = self.har_slot();
        let found = slot.lock().unwrap_or_else(PoisonError::into_inner).iter().find(|h| h.id() == id).cloned();
        let har = found.ok_or_else(|| BrowserError::Evaluation("HAR recording has not been started".into()))?;
        // Still fed while its last answers finish; only then out of the slot.
        let ended = self.settle(vec![har]).await;
        slot.lock().unwrap_or_else(PoisonError::into_inner).retain(|h| h.id() != id);
        ended.write().await
    }

    /// Ends every recording of the context and writes them (the context lives on, given back
    /// for another scenario).
    pub async fn end_hars(&self) -> Result<()> {
        self.settled_hars().await.write().await
    }

    /// Takes every recording once its answers finished and their bodies were read (what is
    /// still unfinished after a few seconds is left out).
    pub(crate) async fn settled_hars(&self) -> EndedHars {
        let slot = self.har_slot();
        let hars = crate::har_recorder::recorders(&slot);
        let ended = self.settle(hars).await;
        let ids: Vec<u64> = ended.hars.iter().map(HarRecorder::id).collect();
        slot.lock().unwrap_or_else(PoisonError::into_inner).retain(|h| !ids.contains(&h.id()));
        ended
    }

    async fn settle(&self, hars: Vec<HarRecorder>) -> EndedHars {
        let mut browser_version = String::new();
        if !hars.is_empty() {
            // Side by side: each waits a few seconds at most, together too.
            let mut settling = tokio::task::JoinSet::new();
            for har in &hars {
                let har = har.clone();
                settling.spawn(async move { har.settle().await });
            }
            while settling.join_next().await.is_some() {}
            if let Ok(version) = self.connection().call_raw("Browser.getVersion", json!({}), None).await {
                let product = version["product"].as_str().unwrap_or("");
                browser_version = product.rsplit('/').next().unwrap_or(product).to_string();
            }
        }
        EndedHars { hars, browser_version }
    }
}
