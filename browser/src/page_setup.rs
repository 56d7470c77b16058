//! Setting a new page up in one go: its commands are queued back to back and their answers
//! collected afterwards. A page the browser holds before its first load (a popup, see
//! `popups.rs`) answers most commands only once it runs, so everything it must have before it
//! loads anything is queued before it is let go; a page we open ourselves gets the same
//! settings without a round trip each.

use crate::error::Result;
use crate::page::Page;
use serde_json::{json, Map, Value};
use std::future::Future;
use std::pin::Pin;

type Reply = Pin<Box<dyn Future<Output = Result<Value>> + Send>>;
type Then = Box<dyn FnOnce(&Page, Value) + Send>;

/// The commands queued for one page, answered by [`Setup::finish`].
pub(crate) struct Setup<'p> {
    page: &'p Page,
    queued: Vec<(Reply, Option<Then>)>,
}

impl<'p> Setup<'p> {
    /// Nothing queued yet for `page`.
    pub(crate) fn new(page: &'p Page) -> Setup<'p> {
        Setup { page, queued: Vec::new() }
    }

    /// The page being set up.
    pub(crate) fn page(&self) -> &'p Page {
        self.page
    }

    /// Queues `method` now; its answer is awaited by [`Setup::finish`].
    pub(crate) fn send(&mut self, method: &str, params: Value) {
        let reply = self.page.connection().queue_raw(method, params, Some(self.page.session_id()));
        self.queued.push((Box::pin(reply), None));
    }

    /// [`Setup::send`], handing the answer to `then` once it comes.
    pub(crate) fn send_then(&mut self, method: &str, params: Value, then: impl FnOnce(&Page, Value) + Send + 'static) {
        let reply = self.page.connection().queue_raw(method, params, Some(self.page.session_id()));
        self.queued.push((Box::pin(reply), Some(Box::new(then))));
    }

    /// Waits for every answer, in order; the first failure is the result (later answers are
    /// still collected, so none is left waiting).
    pub(crate) async fn finish(self) -> Result<()> {
        let mut failed = None;
        for (reply, then) in self.queued {
            match reply.await {
                Ok(value) => {
                    if let Some(then) = then {
                        then(self.page, value);
                    }
                }
                Err(e) => {
                    failed.get_or_insert(e);
                }
            }
        }
        failed.map_or(Ok(()), Err)
    }

    /// The page's own domains: page and lifecycle events, the runtime, and its first document
    /// (which counts as loaded, as in Playwright, unless the watcher saw a later one first).
    pub(crate) fn enable(&mut self) {
        self.send("Page.enable", json!({}));
        self.send("Page.setLifecycleEventsEnabled", json!({ "enabled": true }));
        self.send("Runtime.enable", json!({}));
        // The browser's own console messages (a resource that failed to load…), as Playwright's.
        self.send("Log.enable", json!({}));
        // Every page behaves as the focused, visible one, as in Playwright: a tab behind
        // another (the opener of a popup) would otherwise stop painting, and waits for a frame
        // would never end there.
        self.send("Emulation.setFocusEmulationEnabled", json!({ "enabled": true }));
        // Its dedicated workers are reported as they start (`workers.rs`); optional, so a
        // browser that refuses it still gives a page.
        self.page.connection().send_detached(
            "Target.setAutoAttach",
            crate::workers::auto_attach(),
            Some(self.page.session_id()),
        );
        self.send_then("Page.getFrameTree", json!({}), |page, tree| {
            if let Ok(mut frames) = page.inner.frames.lock() {
                frames.take_tree(&tree["frameTree"]);
            }
            let loader = tree.pointer("/frameTree/frame/loaderId").and_then(Value::as_str).unwrap_or("");
            if let Ok(mut state) = page.inner.lifecycle.lock() {
                if state.0.is_empty() {
                    state.0 = loader.to_string();
                }
            }
        });
    }

    /// The viewport (CSS pixels, with the device the page emulates), as `Page::set_viewport_size`.
    pub(crate) fn viewport(&mut self, width: u32, height: u32) {
        if let Ok(mut v) = self.page.inner.viewport.lock() {
            *v = (width, height);
        }
        self.send("Emulation.setDeviceMetricsOverride", self.page.inner.metrics(width, height));
    }

    /// The context's extra HTTP headers (the page has none of its own yet).
    pub(crate) fn context_headers(&mut self, headers: &Map<String, Value>) {
        if let Ok(mut h) = self.page.inner.extra_headers.lock() {
            h.context = headers.clone();
        }
        self.send("Network.enable", json!({}));
        self.send("Network.setExtraHTTPHeaders", json!({ "headers": headers }));
    }

    /// No network at all.
    pub(crate) fn offline(&mut self) {
        self.send("Network.enable", json!({}));
        self.send("Network.emulateNetworkConditions", network_conditions(true));
    }

    /// A script run in every new document before the page's own (remembered, so that a reset
    /// page forgets it); `now`: in the document the page has already too (a new page's blank
    /// one, as Playwright's `newPage` does).
    pub(crate) fn init_script(&mut self, source: &str, now: bool) {
        let kept = source.to_string();
        let params = json!({ "source": source, "runImmediately": now });
        self.send_then("Page.addScriptToEvaluateOnNewDocument", params, move |page, added| {
            if let (Some(id), Ok(mut ids)) = (added["identifier"].as_str(), page.inner.init_scripts.lock()) {
                ids.push((id.to_string(), kept, true));
            }
        });
    }

    /// Where `navigator.geolocation` says the user is.
    pub(crate) fn geolocation(&mut self, latitude: f64, longitude: f64) {
        self.send("Emulation.setGeolocationOverride", geolocation_params(latitude, longitude));
    }

    /// Emulated media (`change` over what is emulated now, as `Page::emulate_media`).
    pub(crate) fn media(&mut self, change: &crate::emulation::MediaEmulation) -> Result<()> {
        let next = change.over(&self.page.inner.media.lock().map(|m| m.clone()).unwrap_or_default());
        self.send("Emulation.setEmulatedMedia", next.params()?);
        if let Ok(mut media) = self.page.inner.media.lock() {
            *media = next;
        }
        Ok(())
    }

    /// Request interception as the page's network state wants it (routes, credentials, the
    /// `file:` gate).
    pub(crate) fn interception(&mut self) {
        let (method, params) = self.page.inner.network.interception();
        self.send(method, params);
    }
}

/// The network conditions of an offline (or normal) page.
pub(crate) fn network_conditions(offline: bool) -> Value {
    json!({ "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 })
}

/// Where `navigator.geolocation` says the user is.
pub(crate) fn geolocation_params(latitude: f64, longitude: f64) -> Value {
    json!({ "latitude": latitude, "longitude": longitude, "accuracy": 1 })
}
