//! Which local files a page may load. In the MCP and script hosts an agent drives the browser
//! after reading untrusted pages, so a page must not become a way to read the user's files:
//! every `file:` request of a gated page (a typed URL, a clicked link, a redirect, an iframe, an
//! image) pauses at the network layer and is failed unless the file lies below an allowed root.
//! Only `file:` requests pause, so the gate costs nothing for ordinary pages.

use crate::page::{Page, PageInner};
use crate::Result;
use serde_json::json;
use std::path::PathBuf;
use std::sync::Arc;

/// A check a `file:` URL must pass; the reason when it does not.
pub type UrlGate = Arc<dyn Fn(&str) -> std::result::Result<(), String> + Send + Sync>;

/// The gate that lets through only files below `roots` (symbolic links resolved, so a link
/// inside a root that points outside it is refused).
pub fn file_roots_gate(roots: Vec<PathBuf>) -> UrlGate {
    Arc::new(move |url: &str| {
        if !is_file_url(url) {
            return Ok(());
        }
        let refused = || {
            format!(
                "{url} is refused: file: pages may only come from script_root or artifacts_root ({})",
                roots.iter().map(|r| r.display().to_string()).collect::<Vec<_>>().join(", ")
            )
        };
        let parsed = url::Url::parse(url.trim()).map_err(|_| refused())?;
        // `to_file_path` decodes escapes and refuses hosts other than localhost.
        let path = parsed.to_file_path().map_err(|_| refused())?;
        let real = path.canonicalize().map_err(|_| refused())?;
        // Resolved at each check: a root may be created after the gate (artifacts on first write).
        if roots.iter().filter_map(|r| r.canonicalize().ok()).any(|root| real.starts_with(root)) {
            Ok(())
        } else {
            Err(refused())
        }
    })
}

/// Whether `url` is a `file:` URL (any case, leading blanks ignored, as browsers read it).
pub(crate) fn is_file_url(url: &str) -> bool {
    url.trim_start().get(..5).is_some_and(|s| s.eq_ignore_ascii_case("file:"))
}

impl Page {
    /// Fails every `file:` request of this page that `gate` refuses.
    pub async fn gate_file_urls(&self, gate: UrlGate) -> Result<()> {
        if let Ok(mut g) = self.inner.file_gate.lock() {
            *g = Some(gate);
        }
        self.sync_interception().await
    }

    /// Sets the page's request interception to what routing, credentials and the file gate
    /// need together (one `Fetch.enable` holds all patterns of a session).
    pub(crate) async fn sync_interception(&self) -> Result<()> {
        let routing = self.inner.routing.load(std::sync::atomic::Ordering::Relaxed);
        let auth = self.has_credentials();
        let gated = self.inner.file_gate.lock().map(|g| g.is_some()).unwrap_or(false);
        let (method, params) = if routing || auth {
            ("Fetch.enable", crate::credentials::fetch_params(auth))
        } else if gated {
            ("Fetch.enable", json!({ "patterns": [{ "urlPattern": "file:*", "requestStage": "Request" }] }))
        } else {
            ("Fetch.disable", json!({}))
        };
        self.inner.connection.call_raw(method, params, Some(&self.inner.session)).await?;
        Ok(())
    }
}

/// Answers a paused request the gate refuses (failed as blocked, noted among the page's
/// console errors so the step or tool says why); false when the gate lets it through.
pub(crate) async fn refuse_if_gated(page: &PageInner, params: &serde_json::Value) -> bool {
    let url = params.pointer("/request/url").and_then(serde_json::Value::as_str).unwrap_or("");
    if !is_file_url(url) {
        return false;
    }
    let gate = page.file_gate.lock().ok().and_then(|g| g.clone());
    let Some(Err(reason)) = gate.map(|g| g(url)) else { return false };
    if let Ok(mut errors) = page.console_errors.lock() {
        errors.push(format!("blocked: {reason}"));
    }
    let reply = json!({ "requestId": params["requestId"], "errorReason": "BlockedByClient" });
    let _ = page.connection.call_raw("Fetch.failRequest", reply, Some(&page.session)).await;
    true
}

/// `error` of a failed navigation, with the gate's reason when the gate refused it.
pub(crate) fn explain(page: &PageInner, error: String) -> String {
    if !error.contains("ERR_BLOCKED_BY_CLIENT") {
        return error;
    }
    let reason = page
        .console_errors
        .lock()
        .ok()
        .and_then(|errors| errors.iter().rev().find_map(|e| e.strip_prefix("blocked: ").map(str::to_string)));
    match reason {
        Some(reason) => format!("{error}: {reason}"),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_below_the_roots_pass() {
        let dir = std::env::temp_dir().join(format!("ferridriver-file-gate-{}", std::process::id()));
        let root = dir.join("root");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a b.html"), "x").unwrap();
        std::fs::write(dir.join("secret.txt"), "s").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("link.txt")).unwrap();
        let gate = file_roots_gate(vec![root.clone()]);
        let url = |p: &std::path::Path| url::Url::from_file_path(p).unwrap().to_string();
        assert!(gate(&url(&root.join("sub/a b.html"))).is_ok());
        assert!(gate(&url(&dir.join("secret.txt"))).is_err());
        assert!(gate(&format!("{}/sub/../../secret.txt", url(&root))).is_err(), "dot segments");
        assert!(gate(&url(&root.join("link.txt"))).is_err(), "a link out of the root");
        assert!(gate("file://otherhost/etc/passwd").is_err());
        assert!(gate("FILE:///etc/passwd").is_err());
        assert!(gate(&url(&root.join("missing.html"))).is_err());
        assert!(gate("https://example.com/").is_ok(), "only file: URLs are gated");
        assert!(gate("/relative/page.html").is_ok());
        assert!(is_file_url("  File:///x") && !is_file_url("https://x"));
        let later = dir.join("later");
        let gate = file_roots_gate(vec![later.clone()]);
        std::fs::create_dir_all(&later).unwrap();
        std::fs::write(later.join("page.html"), "x").unwrap();
        assert!(gate(&url(&later.join("page.html"))).is_ok(), "a root made after the gate");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
