//! Navigations as Playwright has them: `goto`, `reload`, `goBack`/`goForward` and waiting for
//! a URL resolve at the `waitUntil` point of the document that finally settles in the page's
//! main frame. Server redirects, scripts that send the page elsewhere while it loads
//! (`location.href`, `location.replace`) and `<meta http-equiv=refresh>` are followed; a
//! same-document navigation (hash, `pushState`) resolves at once; a download, an HTTP 204, an
//! aborted or failed load fails with Chromium's `net::ERR_…` name and the URL. Only main-frame
//! events count: an iframe's load is not the page's.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// When a navigation counts as done.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum WaitUntil {
    /// The `load` event (Playwright's default).
    #[default]
    Load,
    /// `DOMContentLoaded`.
    DomContentLoaded,
    /// No network connections for 500 ms (Chromium's `networkIdle` lifecycle event).
    NetworkIdle,
    /// The response arrived and the document was committed.
    Commit,
}

impl WaitUntil {
    /// Reads Playwright's names: `load`, `domcontentloaded`, `networkidle`, `commit`.
    pub fn parse(value: &str) -> Result<WaitUntil> {
        Ok(match value {
            "load" => WaitUntil::Load,
            "domcontentloaded" => WaitUntil::DomContentLoaded,
            "networkidle" => WaitUntil::NetworkIdle,
            "commit" => WaitUntil::Commit,
            other => {
                return Err(BrowserError::Evaluation(format!(
                    "waitUntil: expected one of (load|domcontentloaded|networkidle|commit), got {other:?}"
                )))
            }
        })
    }

    /// Playwright's name of the state.
    pub fn name(self) -> &'static str {
        match self {
            WaitUntil::Load => "load",
            WaitUntil::DomContentLoaded => "domcontentloaded",
            WaitUntil::NetworkIdle => "networkidle",
            WaitUntil::Commit => "commit",
        }
    }

    pub(crate) fn lifecycle(self) -> Option<&'static str> {
        match self {
            WaitUntil::Load => Some("load"),
            WaitUntil::DomContentLoaded => Some("DOMContentLoaded"),
            WaitUntil::NetworkIdle => Some("networkIdle"),
            WaitUntil::Commit => None,
        }
    }
}

/// How to navigate.
#[derive(Debug, Clone, Copy, Default)]
pub struct NavigateOptions {
    pub wait_until: WaitUntil,
    /// Overrides the page's navigation timeout.
    pub timeout: Option<Duration>,
}

/// The main resource's response of a navigation (after redirects).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct NavigationResponse {
    /// The request id (a document's is its loader id): what `Network.getResponseBody` takes.
    pub id: String,
    pub url: String,
    pub status: u16,
    pub status_text: String,
    /// Header names in lower case.
    pub headers: BTreeMap<String, String>,
    /// The server's address, the protocol, TLS, the headers as named (`response_details.rs`).
    #[serde(flatten)]
    pub details: crate::response_details::ResponseDetails,
    /// The request that got it, after the hops it was redirected from (first first).
    pub requests: Vec<crate::response_details::NavigationRequest>,
}

impl NavigationResponse {
    pub(crate) fn from_event(id: &str, response: &Value) -> NavigationResponse {
        let headers = response["headers"]
            .as_object()
            .map(|h| h.iter().map(|(k, v)| (k.to_ascii_lowercase(), v.as_str().unwrap_or("").to_string())).collect())
            .unwrap_or_default();
        NavigationResponse {
            id: id.to_string(),
            url: response["url"].as_str().unwrap_or("").to_string(),
            status: response["status"].as_u64().unwrap_or(0) as u16,
            status_text: response["statusText"].as_str().unwrap_or("").to_string(),
            headers,
            details: crate::response_details::ResponseDetails::of(response),
            requests: Vec::new(),
        }
    }
}

/// Where the navigation being awaited begins.
pub(crate) enum Start {
    /// `Page.navigate` started this document load.
    Loader(String),
    /// The next main-frame navigation (reload, history).
    Next,
}

/// The longest `<meta http-equiv=refresh>` delay that is followed (seconds); a page that
/// refreshes later has finished loading.
const FOLLOWED_REFRESH: f64 = 2.0;
/// Meta refreshes followed at most, so that a page refreshing itself forever still resolves.
const REFRESH_HOPS: u32 = 5;

/// Reads the delay of a pending `<meta http-equiv=refresh>` of the document (-1: none).
const META_REFRESH: &str = "(() => { const m = document.querySelector('meta[http-equiv=\"refresh\" i]'); \
     if (!m) return -1; const d = parseFloat(m.getAttribute('content') || ''); return isNaN(d) ? -1 : d; })()";

impl Page {
    /// Navigates to `url` and waits as `options` say; returns the main response when the page
    /// watches its network (`Page::watch_network`, which the JS `goto` turns on).
    pub async fn goto_with(&self, url: &str, options: NavigateOptions) -> Result<Option<NavigationResponse>> {
        let action = self.navigation_action("Frame", "goto", Some(url), options);
        self.inner.traced(action, self.goto_untraced(url, options)).await
    }

    /// What a trace records of a navigation.
    fn navigation_action(
        &self,
        class: &'static str,
        method: &'static str,
        url: Option<&str>,
        options: NavigateOptions,
    ) -> crate::trace::traced::Action<'static> {
        let timeout = options.timeout.unwrap_or(self.timeout).as_millis() as u64;
        let mut params = json!({ "waitUntil": options.wait_until.name(), "timeout": timeout });
        if let Some(url) = url {
            params["url"] = json!(url);
        }
        crate::trace::traced::Action { class, method, params, title: None, waiting_for: None }
    }

    async fn goto_untraced(&self, url: &str, options: NavigateOptions) -> Result<Option<NavigationResponse>> {
        let _noted = crate::pending::note(format!("page.goto('{url}')"));
        let limit = options.timeout.unwrap_or(self.timeout);
        // The time limit covers the request too: Chromium answers `Page.navigate` only once the
        // response's headers came.
        let started = Instant::now();
        let mut events = self.connection().subscribe();
        let navigate = self.send("Page.navigate", json!({ "url": url }));
        let timed_out = || BrowserError::Timeout {
            what: format!("{url} to {}", describe(options.wait_until)),
            ms: limit.as_millis(),
        };
        let nav = tokio::time::timeout(limit, navigate).await.map_err(|_| timed_out())??;
        // What is left of the limit is the wait's (its timeout still names the whole limit).
        let options = NavigateOptions { timeout: Some(limit.saturating_sub(started.elapsed())), ..options };
        let whole_limit = |e: BrowserError| match e {
            BrowserError::Timeout { .. } => timed_out(),
            other => other,
        };
        if nav["isDownload"].as_bool() == Some(true) {
            return Err(BrowserError::Navigation {
                url: url.to_string(),
                error: "net::ERR_ABORTED (the response is a download: wait for the page's download event instead)"
                    .into(),
            });
        }
        if let Some(error) = nav["errorText"].as_str().filter(|e| !e.is_empty()) {
            let error = crate::page_network::explain(&self.inner, error.to_string());
            return Err(BrowserError::Navigation { url: url.to_string(), error });
        }
        match nav["loaderId"].as_str() {
            // Same-document navigation (a fragment change): nothing to load, but the renderer
            // commits it after the browser has answered.
            None => {
                let deadline = Instant::now() + options.timeout.unwrap_or(self.timeout);
                self.settle_same_document(&mut events, None, deadline, url).await.map(|_| None).map_err(whole_limit)
            }
            Some(loader) => self
                .await_navigation(&mut events, Start::Loader(loader.to_string()), options, url)
                .await
                .map_err(whole_limit),
        }
    }

    /// Sends the page to `about:blank` from inside it (a renderer-initiated navigation keeps
    /// the page's renderer process, which the next scenario on the same site reuses).
    pub(crate) async fn blank_from_inside(&self) -> Result<()> {
        if self.url().await.is_ok_and(|u| u == "about:blank") {
            return Ok(());
        }
        let mut events = self.connection().subscribe();
        let quick = NavigateOptions { wait_until: WaitUntil::Load, timeout: Some(Duration::from_secs(2)) };
        let inside = match self.send("Runtime.evaluate", json!({ "expression": "location.href = 'about:blank'" })).await
        {
            Ok(_) => self.await_navigation(&mut events, Start::Next, quick, "about:blank").await.map(|_| ()),
            Err(e) => Err(e),
        };
        // Scripts disabled, or the page held on: navigate from the outside.
        match inside {
            Ok(()) => Ok(()),
            Err(_) => self.goto_untraced("about:blank", NavigateOptions::default()).await.map(|_| ()),
        }
    }

    /// Reloads and waits as `options` say.
    pub async fn reload_with(&self, options: NavigateOptions) -> Result<Option<NavigationResponse>> {
        let action = self.navigation_action("Page", "reload", None, options);
        self.inner
            .traced(action, async {
                let _noted = crate::pending::note("page.reload()".to_string());
                let mut events = self.connection().subscribe();
                self.send("Page.reload", json!({})).await?;
                self.await_navigation(&mut events, Start::Next, options, "reload").await
            })
            .await
    }

    /// Goes `delta` entries through the history (-1 back, 1 forward); `Ok(None)` with nothing
    /// there to go to, else the entry's response (none for a same-document entry).
    pub async fn history_with(
        &self,
        delta: i64,
        options: NavigateOptions,
    ) -> Result<Option<Option<NavigationResponse>>> {
        let method = if delta < 0 { "goBack" } else { "goForward" };
        let action = self.navigation_action("Page", method, None, options);
        self.inner.traced(action, self.history_untraced(delta, options)).await
    }

    async fn history_untraced(
        &self,
        delta: i64,
        options: NavigateOptions,
    ) -> Result<Option<Option<NavigationResponse>>> {
        let _noted = crate::pending::note(if delta < 0 { "page.goBack()" } else { "page.goForward()" }.to_string());
        let history = self.send("Page.getNavigationHistory", json!({})).await?;
        let target = history["currentIndex"].as_i64().unwrap_or(0) + delta;
        let Some(entry) = usize::try_from(target).ok().and_then(|i| history["entries"].get(i)).cloned() else {
            return Ok(None);
        };
        let mut events = self.connection().subscribe();
        self.send("Page.navigateToHistoryEntry", json!({ "entryId": entry["id"] })).await?;
        let url = entry["url"].as_str().unwrap_or("history entry").to_string();
        Ok(Some(self.await_navigation(&mut events, Start::Next, options, &url).await?))
    }

    /// Waits until a same-document navigation of the main frame is what the page reports: the
    /// renderer's `navigatedWithinDocument` (its URL in `url` when already seen), then the
    /// history showing that URL (the browser records the renderer's commit on a channel of its
    /// own, so the history may lag the event). Returns every URL the main frame moved to on the
    /// way, in order (two `pushState`s in a row are two navigations).
    async fn settle_same_document(
        &self,
        events: &mut broadcast::Receiver<Arc<CdpEvent>>,
        mut url: Option<String>,
        deadline: Instant,
        what: &str,
    ) -> Result<Vec<String>> {
        let main_frame = self.inner.frame_id.clone();
        let mut seen: Vec<String> = url.iter().cloned().collect();
        loop {
            if let Some(url) = &url {
                if self.url().await? == *url {
                    return Ok(seen);
                }
            }
            // Woken by the page's next event; the history has no event of its own, so it is
            // read again after a short pause when nothing else happens.
            let pause = if url.is_some() {
                Duration::from_millis(10)
            } else {
                deadline.saturating_duration_since(Instant::now())
            };
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(BrowserError::Timeout {
                    what: format!("{what} (a same-document navigation) to be committed"),
                    ms: self.timeout.as_millis(),
                });
            }
            match tokio::time::timeout(pause.min(left), events.recv()).await {
                Ok(Ok(event)) if event.method == "ferridriver.disconnected" => {
                    return Err(BrowserError::Disconnected(event.params.as_str().unwrap_or("closed").to_string()))
                }
                Ok(Ok(event)) if event.session_id.as_deref() == Some(self.session_id()) => {
                    let p = &event.params;
                    if event.method == "Page.navigatedWithinDocument" && p["frameId"].as_str() == Some(&main_frame) {
                        if let Some(next) = p["url"].as_str() {
                            seen.push(next.to_string());
                        }
                        url = p["url"].as_str().map(str::to_string).or(url);
                    }
                }
                Ok(Err(broadcast::error::RecvError::Closed)) => {
                    return Err(BrowserError::Disconnected("event stream closed".into()))
                }
                _ => {}
            }
        }
    }

    /// Waits for the navigation that `start` names to reach `options.wait_until`, following it
    /// to the document that takes its place in the main frame.
    pub(crate) async fn await_navigation(
        &self,
        events: &mut broadcast::Receiver<Arc<CdpEvent>>,
        start: Start,
        options: NavigateOptions,
        what: &str,
    ) -> Result<Option<NavigationResponse>> {
        self.await_navigation_to(events, start, options, what).await.map(|(response, _)| response)
    }

    /// [`Page::await_navigation`], with the URLs the navigation itself committed (the events',
    /// not the history's, which a later navigation may already have moved on from): the new
    /// document's, or each same-document move in order; empty when no commit was seen (the
    /// document the wait began on was the one that loaded).
    pub(crate) async fn await_navigation_to(
        &self,
        events: &mut broadcast::Receiver<Arc<CdpEvent>>,
        start: Start,
        options: NavigateOptions,
        what: &str,
    ) -> Result<(Option<NavigationResponse>, Vec<String>)> {
        let timeout = options.timeout.unwrap_or(self.timeout);
        let deadline = Instant::now() + timeout;
        let main_frame = self.inner.frame_id.clone();
        let mut current = match start {
            Start::Loader(l) => Some(l),
            Start::Next => None,
        };
        let mut responses: HashMap<String, NavigationResponse> = HashMap::new();
        // The requests of each document (by loader id), redirect hops included.
        let mut requests: HashMap<String, Vec<crate::response_details::NavigationRequest>> = HashMap::new();
        // A followed meta refresh: until when its navigation may still start.
        let mut refresh_until: Option<Instant> = None;
        let mut hops = 0;
        // The awaited point was reached: return unless an event already queued behind it says
        // the document is being replaced (a refresh or script that fired just now).
        let mut reached = false;
        // Whether the document of `current` committed (a stop after that ends its loading).
        let mut committed = false;
        // The committed document a script redirect or refresh was replacing: the page again if
        // that replacement is aborted before it commits (as in Playwright).
        let mut replaced: Option<String> = None;
        // The URL each document committed with (by loader id), for the one the wait ends on.
        let mut committed_urls: HashMap<String, String> = HashMap::new();
        let settled = |current: &Option<String>,
                       responses: &mut HashMap<String, NavigationResponse>,
                       urls: &HashMap<String, String>| {
            let url = current.as_ref().and_then(|l| urls.get(l).cloned());
            (current.as_ref().and_then(|l| responses.remove(l)), url.into_iter().collect())
        };
        loop {
            if reached {
                match events.try_recv() {
                    // A crash stops the loading too: that is no load.
                    Ok(event)
                        if event.method == "Inspector.targetCrashed"
                            && event.session_id.as_deref() == Some(self.session_id()) =>
                    {
                        return Err(BrowserError::TargetCrashed);
                    }
                    Ok(event) => {
                        if let Some(done) = self.replaced_by(&event, &mut current, &mut refresh_until, &mut hops) {
                            reached = !done;
                        }
                        continue;
                    }
                    Err(broadcast::error::TryRecvError::Lagged(_)) => continue,
                    Err(_) => return Ok(settled(&current, &mut responses, &committed_urls)),
                }
            }
            let until = refresh_until.map_or(deadline, |r| r.min(deadline));
            let event = match tokio::time::timeout(until.saturating_duration_since(Instant::now()), events.recv()).await
            {
                Err(_) if refresh_until.is_some_and(|r| r <= Instant::now()) && Instant::now() < deadline => {
                    // The refresh did not come: the document that loaded is the page.
                    return Ok(settled(&current, &mut responses, &committed_urls));
                }
                Err(_) => {
                    return Err(BrowserError::Timeout {
                        what: format!("{what} to {}", describe(options.wait_until)),
                        ms: timeout.as_millis(),
                    })
                }
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
                Ok(Err(broadcast::error::RecvError::Closed)) => {
                    return Err(BrowserError::Disconnected("event stream closed".into()))
                }
                Ok(Ok(e)) => e,
            };
            if event.method == "ferridriver.disconnected" {
                return Err(BrowserError::Disconnected(event.params.as_str().unwrap_or("closed").to_string()));
            }
            if event.session_id.as_deref() != Some(self.session_id()) {
                continue;
            }
            // Nothing more will load.
            if event.method == "Inspector.targetCrashed" {
                return Err(BrowserError::TargetCrashed);
            }
            let p = &event.params;
            let in_main_frame =
                p["frameId"].as_str().or_else(|| p.pointer("/frame/id").and_then(Value::as_str)) == Some(&main_frame);
            match event.method.as_str() {
                "Page.frameStartedNavigating" if in_main_frame => {
                    // sameDocument, historySameDocument…: nothing will load.
                    if p["navigationType"].as_str().is_some_and(|t| t.to_ascii_lowercase().contains("samedocument")) {
                        continue;
                    }
                    // Ours, or the document that takes its place (a script redirect, a refresh).
                    if let Some(loader) = p["loaderId"].as_str() {
                        if committed {
                            replaced = current.take();
                        }
                        current = Some(loader.to_string());
                        refresh_until = None;
                        committed = false;
                    }
                }
                "Page.navigatedWithinDocument" if in_main_frame && current.is_none() => {
                    let url = p["url"].as_str().map(str::to_string);
                    return self.settle_same_document(events, url, deadline, what).await.map(|seen| (None, seen));
                }
                "Network.requestWillBeSent" if p["type"] == "Document" && in_main_frame => {
                    if let Some(loader) = p["loaderId"].as_str() {
                        crate::response_details::follow(requests.entry(loader.to_string()).or_default(), p);
                    }
                }
                "Network.responseReceived" if p["type"] == "Document" && in_main_frame => {
                    if let Some(loader) = p["loaderId"].as_str() {
                        let id = p["requestId"].as_str().unwrap_or(loader);
                        let mut response = NavigationResponse::from_event(id, &p["response"]);
                        response.requests = requests.remove(loader).unwrap_or_default();
                        responses.insert(loader.to_string(), response);
                    }
                }
                "Network.loadingFailed" if p["type"] == "Document" => {
                    // A document request's id is its loader's id.
                    let failed = p["requestId"].as_str();
                    let aborted = p["errorText"].as_str() == Some("net::ERR_ABORTED");
                    if failed.is_some() && failed == current.as_deref() {
                        // The page stopped its own redirect (no error page follows an abort): it
                        // stays, and counts once loaded. Other failures show an error page.
                        if let Some(previous) = replaced.take().filter(|_| aborted) {
                            reached = self.reached_lifecycle(&previous, options.wait_until);
                            current = Some(previous);
                            committed = true;
                            continue;
                        }
                        let error = p["errorText"].as_str().unwrap_or("net::ERR_FAILED").to_string();
                        let error = crate::page_network::explain(&self.inner, error);
                        return Err(BrowserError::Navigation { url: what.to_string(), error });
                    }
                }
                "Page.frameNavigated" if in_main_frame => {
                    let loader = p.pointer("/frame/loaderId").and_then(Value::as_str).map(str::to_string);
                    if let Some(loader) = &loader {
                        let frame = &p["frame"];
                        let url = format!(
                            "{}{}",
                            frame["url"].as_str().unwrap_or(""),
                            frame["urlFragment"].as_str().unwrap_or("")
                        );
                        committed_urls.insert(loader.clone(), url);
                    }
                    // A document back from the back-forward cache keeps the loader it first
                    // loaded with (not the one its navigation started with), and is loaded
                    // already: it fires no lifecycle event again.
                    let restored = p["type"] == "BackForwardCacheRestore";
                    if current.is_none() || (restored && loader.is_some()) {
                        current = loader.clone();
                    }
                    committed = loader.is_some() && loader == current;
                    if restored && committed {
                        reached = true;
                        continue;
                    }
                    if options.wait_until == WaitUntil::Commit && loader.is_some() && loader == current {
                        return Ok(settled(&current, &mut responses, &committed_urls));
                    }
                }
                "Page.lifecycleEvent" if in_main_frame => {
                    let loader = p["loaderId"].as_str();
                    if current.is_none() && p["name"] == "init" {
                        current = loader.map(str::to_string);
                    }
                    if loader.is_none() || loader != current.as_deref() {
                        continue;
                    }
                    if Some(p["name"].as_str().unwrap_or("")) != options.wait_until.lifecycle() {
                        continue;
                    }
                    if hops < REFRESH_HOPS && options.wait_until != WaitUntil::Commit {
                        // An evaluation that fails means the document is already being replaced.
                        let delay = match self.evaluate_untraced(META_REFRESH).await {
                            Ok(v) => v.as_f64().unwrap_or(-1.0),
                            Err(_) => 0.0,
                        };
                        if (0.0..=FOLLOWED_REFRESH).contains(&delay) {
                            hops += 1;
                            refresh_until = Some(Instant::now() + Duration::from_secs_f64(delay + 1.0));
                            continue;
                        }
                    }
                    reached = true;
                }
                // The committed document stopped loading (`window.stop()`, or a load the browser
                // gave up): Chromium sends no `load` then, and Playwright counts the stop as it.
                // Not while a refresh this document asked for may still start: its stop would end
                // the wait on the document being replaced.
                "Page.frameStoppedLoading"
                    if in_main_frame
                        && committed
                        && refresh_until.is_none()
                        && matches!(options.wait_until, WaitUntil::Load | WaitUntil::DomContentLoaded) =>
                {
                    // A crashed renderer stops loading too, just before it says so: a stop ends
                    // the load only if the page still answers.
                    let alive = self.send("Runtime.evaluate", serde_json::json!({ "expression": "0" })).await;
                    if matches!(alive, Err(BrowserError::TargetCrashed)) {
                        return Err(BrowserError::TargetCrashed);
                    }
                    reached = true;
                }
                _ => {}
            }
        }
    }
}

impl Page {
    /// Whether document `loader` (the page's current one) already reached `wait_until`.
    fn reached_lifecycle(&self, loader: &str, wait_until: WaitUntil) -> bool {
        let Some(name) = wait_until.lifecycle() else { return true };
        self.inner.lifecycle.lock().is_ok_and(|state| state.0 == loader && state.1.iter().any(|n| n == name))
    }

    /// Whether a queued event shows the settled document being replaced in the main frame (a
    /// navigation started, now `current`, or a refresh about to start): `Some(true)` then, to
    /// keep waiting; `None` when the event says nothing of the kind.
    fn replaced_by(
        &self,
        event: &CdpEvent,
        current: &mut Option<String>,
        refresh_until: &mut Option<Instant>,
        hops: &mut u32,
    ) -> Option<bool> {
        if event.session_id.as_deref() != Some(self.session_id()) {
            return None;
        }
        let p = &event.params;
        if p["frameId"].as_str() != Some(self.inner.frame_id.as_str()) {
            return None;
        }
        match event.method.as_str() {
            "Page.frameStartedNavigating" => {
                let same_document =
                    p["navigationType"].as_str().is_some_and(|t| t.to_ascii_lowercase().contains("samedocument"));
                let loader = p["loaderId"].as_str().filter(|_| !same_document)?;
                *current = Some(loader.to_string());
                *refresh_until = None;
                Some(true)
            }
            "Page.frameScheduledNavigation" | "Page.frameRequestedNavigation"
                if *hops < REFRESH_HOPS && in_this_tab(p) =>
            {
                let delay = p["delay"].as_f64().unwrap_or(0.0);
                if delay > FOLLOWED_REFRESH {
                    return None;
                }
                *hops += 1;
                *refresh_until = Some(Instant::now() + Duration::from_secs_f64(delay + 1.0));
                Some(true)
            }
            _ => None,
        }
    }
}

/// After an action: if it started a main-frame navigation (a link, a form), waits until the
/// new document is committed, as Playwright's actions do. A navigation that fails, is stopped or
/// becomes a download ends the wait too; what follows is the next step's business.
pub(crate) async fn settle_started_navigation(
    page: &crate::page::PageInner,
    events: &mut broadcast::Receiver<Arc<CdpEvent>>,
) {
    let deadline = Instant::now() + page.action_timeout;
    // The input's answer comes back on another channel than the page's events, so the event of
    // a navigation the click requested (synchronously, in its handler: a link, a form's submit)
    // may still be on its way. One round trip through the page's own channel puts it behind us:
    // what the page requested by then is in `events`, and an action that navigates nowhere waits
    // for nothing more. (A plain evaluation runs at once; anything awaiting a page task would
    // wait for the frame the input caused, ~15 ms. While a navigation is pending Chromium holds
    // our messages until it commits or is cancelled, so this may itself last until then.)
    let _ = tokio::time::timeout_at(
        deadline.into(),
        page.connection.call_raw("Runtime.evaluate", serde_json::json!({"expression": "0"}), Some(&page.session)),
    )
    .await;
    let mut watch = ActionNavigation::default();
    while let Ok(event) = events.try_recv() {
        watch.observe(page, &event);
    }
    while watch.pending.is_some() {
        let event = match tokio::time::timeout_at(deadline.into(), events.recv()).await {
            Ok(Ok(e)) => e,
            Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
            _ => return,
        };
        if event.method == "ferridriver.disconnected" {
            return;
        }
        watch.observe(page, &event);
    }
}

/// What an action's main-frame navigation has done so far.
#[derive(Default)]
struct ActionNavigation {
    /// `Some` while a navigation is on its way: its loader (the document request's id) once
    /// Chromium has named it.
    pending: Option<Option<String>>,
}

impl ActionNavigation {
    fn observe(&mut self, page: &crate::page::PageInner, event: &CdpEvent) {
        if event.session_id.as_deref() != Some(page.session.as_str()) {
            return;
        }
        let p = &event.params;
        let ours = p["frameId"].as_str() == Some(page.frame_id.as_str())
            || p.pointer("/frame/id").and_then(Value::as_str) == Some(page.frame_id.as_str());
        match event.method.as_str() {
            "Page.frameStartedNavigating"
                if ours
                    && !p["navigationType"]
                        .as_str()
                        .is_some_and(|t| t.to_ascii_lowercase().contains("samedocument")) =>
            {
                self.pending = Some(p["loaderId"].as_str().map(str::to_string));
            }
            // Only a navigation of this tab: a link to a new tab or window (target=_blank, a
            // modified click) or a download never commits here.
            "Page.frameRequestedNavigation" if ours && self.pending.is_none() && in_this_tab(p) => {
                self.pending = Some(None)
            }
            // Committed, moved within the document, stopped, or turned into a download.
            "Page.frameNavigated"
            | "Page.navigatedWithinDocument"
            | "Page.frameStoppedLoading"
            | "Page.downloadWillBegin"
                if ours =>
            {
                self.pending = None
            }
            "Network.loadingFailed"
                if self
                    .pending
                    .as_ref()
                    .is_some_and(|loader| loader.is_some() && p["requestId"].as_str() == loader.as_deref()) =>
            {
                self.pending = None
            }
            _ => {}
        }
    }
}

pub(crate) fn describe(wait_until: WaitUntil) -> &'static str {
    match wait_until {
        WaitUntil::Load => "load",
        WaitUntil::DomContentLoaded => "reach DOMContentLoaded",
        WaitUntil::NetworkIdle => "reach network idle",
        WaitUntil::Commit => "commit",
    }
}

/// Whether a requested navigation is of this tab (`disposition` `currentTab`; the older
/// `frameScheduledNavigation` has none and always is).
fn in_this_tab(params: &Value) -> bool {
    params["disposition"].as_str().is_none_or(|d| d == "currentTab")
}

#[cfg(test)]
mod tests {
    use super::in_this_tab;
    use serde_json::json;

    #[test]
    fn only_navigations_of_this_tab_are_waited_for() {
        assert!(in_this_tab(&json!({ "disposition": "currentTab" })));
        assert!(in_this_tab(&json!({ "delay": 0 })), "frameScheduledNavigation has no disposition");
        for elsewhere in ["newTab", "newWindow", "download"] {
            assert!(!in_this_tab(&json!({ "disposition": elsewhere })), "{elsewhere}");
        }
    }
}
