//! A context's downloads: accepted into a private directory of its own (removed with the
//! context), refused with Playwright's announcement, or cancelled one by one.

use crate::context::BrowserContext;
use crate::error::{BrowserError, Result};
use serde_json::json;

/// Playwright's words for a download in a context made with `acceptDownloads: false`.
const REFUSED_DOWNLOADS: &str = "Pass { acceptDownloads: true } when you are creating your browser context.";

impl BrowserContext {
    /// Stops the download `guid` of this context; one that already ended stays as it is.
    pub async fn cancel_download(&self, guid: &str) -> Result<()> {
        let params = json!({ "guid": guid, "browserContextId": self.id() });
        self.connection().call_raw("Browser.cancelDownload", params, None).await.map(|_| ())
    }

    /// Accepts this context's downloads into a directory of its own (removed with the
    /// context), each saved under its [`crate::events::PageEvent::Download`] `guid`; returns the
    /// directory. Downloads are then reported as page events.
    pub async fn accept_downloads(&self) -> Result<std::path::PathBuf> {
        if let Some(dir) = self.downloads_dir() {
            return Ok(dir);
        }
        if self.refuses_downloads() {
            return Err(BrowserError::Evaluation(REFUSED_DOWNLOADS.into()));
        }
        let dir = std::env::temp_dir().join(format!("ferridriver-downloads-{}-{}", std::process::id(), self.id()));
        // A new directory of our own (an existing one with this name is not ours), private.
        let mut builder = std::fs::DirBuilder::new();
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
            .create(&dir)
            .map_err(|e| BrowserError::Evaluation(format!("cannot create a downloads directory: {e}")))?;
        let params = json!({
            "behavior": "allowAndName",
            "browserContextId": self.id(),
            "downloadPath": dir.to_string_lossy(),
            "eventsEnabled": true,
        });
        if let Err(e) = self.connection().call_raw("Browser.setDownloadBehavior", params, None).await {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(e);
        }
        if let Ok(mut d) = self.downloads_slot().lock() {
            *d = Some(dir.clone());
        }
        Ok(dir)
    }

    /// Has the downloads a refusing context cancels reported as page events (Playwright
    /// announces them, then fails them), none of them saved.
    pub async fn announce_refused_downloads(&self) -> Result<()> {
        let params = json!({ "behavior": "deny", "browserContextId": self.id(), "eventsEnabled": true });
        self.connection().call_raw("Browser.setDownloadBehavior", params, None).await.map(|_| ())
    }

    /// The directory of accepted downloads, once [`BrowserContext::accept_downloads`] ran.
    pub fn downloads_dir(&self) -> Option<std::path::PathBuf> {
        self.downloads_slot().lock().ok().and_then(|d| d.clone())
    }
}
