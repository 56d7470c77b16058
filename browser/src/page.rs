//! A page (tab): navigation, evaluation, content, screenshots. Names follow Playwright.

use crate::connection::{CdpEvent, Connection};
use crate::error::{BrowserError, Result};
use base64::Engine;
use chromiumoxide_cdp::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, GetFrameTreeParams, SetDocumentContentParams,
};
use chromiumoxide_cdp::cdp::browser_protocol::target::{CloseTargetParams, TargetId};
use chromiumoxide_cdp::cdp::js_protocol::runtime::EvaluateParams;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// The Markdown rendering of a document (`Page::markdown`).
const MARKDOWN: &str = include_str!("injected/markdown.js");

/// What a page and its locators share.
pub(crate) struct PageInner {
    /// Screenshots wait for each other (`screenshot.rs`): one prepares and restores the page.
    pub(crate) screenshots: Arc<tokio::sync::Mutex<()>>,
    pub(crate) connection: Connection,
    pub(crate) session: String,
    /// Default timeout of actions and web-first assertions (Playwright's `actionTimeout`).
    pub(crate) action_timeout: Duration,
    /// Console errors and uncaught exceptions not yet taken by [`Page::take_console_errors`].
    pub(crate) console_errors: std::sync::Mutex<Vec<String>>,
    /// The last console messages and page errors (`page.consoleMessages()`/`pageErrors()`).
    pub(crate) recent: std::sync::Mutex<crate::recent_events::RecentEvents>,
    /// Messages of the dialogs (alert, confirm, prompt) that were dismissed.
    pub(crate) dialogs: std::sync::Mutex<Vec<String>>,
    /// Locator operations running and finished since their handles were last released.
    pub(crate) handles: std::sync::Mutex<Handles>,
    /// Where [`crate::events::PageEvent`]s go (see `events.rs`).
    pub(crate) events: broadcast::Sender<crate::events::PageEvent>,
    /// Whether the Network domain was turned on for request/response events.
    pub(crate) network_watched: std::sync::atomic::AtomicBool,
    /// Whether dialogs wait for a listener to answer them instead of being dismissed.
    pub(crate) manual_dialogs: std::sync::atomic::AtomicBool,
    /// Modifier keys held down (DevTools bits: Alt 1, Control 2, Meta 4, Shift 8).
    pub(crate) modifiers: std::sync::atomic::AtomicI64,
    /// Where the last mouse event was (for `mouse.down`/`up`/`wheel`).
    pub(crate) mouse_at: std::sync::Mutex<(f64, f64)>,
    /// The page's main frame id (its target id), to recognise its downloads.
    pub(crate) frame_id: String,
    /// The viewport size set with `set_viewport_size`.
    pub(crate) viewport: std::sync::Mutex<(u32, u32)>,
    /// The device scale factor and mobile flag the context emulates (a device's), kept when
    /// the viewport changes size.
    pub(crate) device: std::sync::Mutex<(f64, bool)>,
    /// The media type and features emulated now (`emulation.rs`).
    pub(crate) media: std::sync::Mutex<crate::emulation::MediaEmulation>,
    /// The main frame's URL as its navigations report it (see [`Page::last_known_url`]).
    pub(crate) known_url: std::sync::Mutex<String>,
    /// Downloads this page started, until they end.
    pub(crate) downloads: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Whether the left button is held (moves then drag).
    pub(crate) mouse_down: std::sync::atomic::AtomicBool,
    /// The main frame's current document (loader id) and the lifecycle events it reached
    /// (`DOMContentLoaded`, `load`, `networkIdle`…), for `wait_for_load_state`.
    pub(crate) lifecycle: std::sync::Mutex<(String, Vec<String>)>,
    /// Bumped by the page's watcher after each event that may have moved the URL or the load
    /// state, once `lifecycle` and `known_url` are up to date: waits wake on it (waits.rs), so
    /// they never read the state before the watcher has written it.
    pub(crate) moved: tokio::sync::watch::Sender<u64>,
    /// The `seq` of the last connection event the page's watcher handled to the end (see
    /// [`PageInner::caught_up`]).
    pub(crate) seen: tokio::sync::watch::Sender<u64>,
    /// Whether the main frame committed a navigation since the page was attached (a popup is
    /// announced once its first document is there, as Playwright's `popup` event).
    pub(crate) committed: std::sync::atomic::AtomicBool,
    /// Whether the page is gone: closed through any of its handles, or by itself.
    pub(crate) gone: std::sync::atomic::AtomicBool,
    /// The pages this one opened that were announced and not taken yet, by target id
    /// (`popups.rs`).
    pub(crate) popups: std::sync::Mutex<std::collections::HashMap<String, Page>>,
    /// The target id of the page that opened this one (a popup's opener, `popups.rs`).
    pub(crate) opener: std::sync::OnceLock<String>,
    /// The page that opened this one, while it lives: a popup's requests its context's routes
    /// pause before anyone listens to the popup go to the opener's listeners (`popups.rs`).
    pub(crate) opener_page: std::sync::OnceLock<std::sync::Weak<PageInner>>,
    /// Whether this popup was announced to its opener ([`crate::events::PageEvent::Popup`]):
    /// its paused requests go to its opener's listeners only before that (`popups.rs`).
    pub(crate) announced: std::sync::atomic::AtomicBool,
    /// The pages this one opened, by target id, while they live (never taken: a popup's
    /// routed requests find it through its opener before and after it is announced).
    pub(crate) opened: std::sync::Mutex<std::collections::HashMap<String, std::sync::Weak<PageInner>>>,
    /// Requests routing paused while nobody listened to the page, given to its first
    /// listener (`Page::events`).
    pub(crate) unclaimed_routes: std::sync::Mutex<Vec<crate::events::PageEvent>>,
    /// Whether the page takes touches (its context's `hasTouch`): `tap.rs`.
    pub(crate) touch: std::sync::atomic::AtomicBool,
    /// The page's video while it is filmed: its context records them, or a run films it
    /// (`video.rs`).
    pub(crate) video: std::sync::Mutex<Option<crate::video::Video>>,
    /// Whether the binding of exposed functions was added (`bindings.rs`).
    pub(crate) binding_added: std::sync::atomic::AtomicBool,
    /// The page's frames, kept from its events (`frames.rs`).
    pub(crate) frames: std::sync::Mutex<crate::frame_tree::FrameTree>,
    /// Origins any frame of this page showed (what a context reset must clear).
    pub(crate) origins: std::sync::Mutex<std::collections::BTreeSet<String>>,
    /// Identifiers of the init scripts added to this page (removed by a context reset).
    /// The init scripts added to the page: identifier, source, and whether its context's
    /// (`BrowserContext::add_init_script`) rather than its own.
    pub(crate) init_scripts: std::sync::Mutex<Vec<(String, String, bool)>>,
    /// The extra HTTP headers of the page's requests (see [`ExtraHeaders`]).
    pub(crate) extra_headers: std::sync::Mutex<ExtraHeaders>,
    /// Request interception, the file gate and HTTP authentication (see `network.rs`).
    pub(crate) network: crate::network::Network,
    /// The tracer of the page's context while it is traced (`trace/`).
    pub(crate) trace: crate::trace::recorder::TraceSlot,
    /// Its last requests, for `page.requests()` (`recent_requests.rs`).
    pub(crate) requests: std::sync::Mutex<crate::recent_requests::RecentRequests>,
    /// Its last responses' headers as the server sent them (`raw_headers.rs`).
    pub(crate) raw_headers: crate::raw_headers::RawHeaders,
    /// The HAR its context records (`recordHar`), set once when the page is set up.
    pub(crate) har: std::sync::OnceLock<crate::har_recorder::HarSlot>,
    /// The in-page helper objects made so far (`helper_objects.rs`).
    pub(crate) helpers: std::sync::Mutex<crate::helper_objects::HelperObjects>,
    /// The coverage runs under way (`coverage.rs`).
    pub(crate) coverage: std::sync::Mutex<crate::coverage::CoverageState>,
    /// `page.addLocatorHandler`'s overlays and their handlers' state (`locator_handlers.rs`).
    pub(crate) locator_handlers: crate::locator_handlers::LocatorHandlers,
    /// Its dedicated workers now (`workers.rs`).
    pub(crate) workers: std::sync::Mutex<Vec<crate::workers::WorkerInfo>>,
    /// Woken when a worker's context is reported or a worker ends.
    pub(crate) workers_changed: tokio::sync::Notify,
}

/// The extra HTTP headers a page's requests carry: its context's and its own
/// (`page.setExtraHTTPHeaders`), which win over the context's of the same name, case aside.
#[derive(Debug, Default)]
pub(crate) struct ExtraHeaders {
    pub(crate) context: serde_json::Map<String, Value>,
    pub(crate) own: serde_json::Map<String, Value>,
}

impl ExtraHeaders {
    fn merged(&self) -> serde_json::Map<String, Value> {
        let mut merged: serde_json::Map<String, Value> = self
            .context
            .iter()
            .filter(|(name, _)| !self.own.keys().any(|own| own.eq_ignore_ascii_case(name)))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        merged.extend(self.own.iter().map(|(k, v)| (k.clone(), v.clone())));
        merged
    }
}

/// A page's count of locator operations, between two releases of their remote handles (see
/// `handles.rs`).
#[derive(Debug, Default)]
pub(crate) struct Handles {
    /// Operations running now.
    pub(crate) running: usize,
    /// Operations finished since the last release.
    pub(crate) since_release: usize,
}

/// One page, attached over its own DevTools session. Clones share the page.
#[derive(Clone)]
pub struct Page {
    pub(crate) inner: Arc<PageInner>,
    connection: Connection,
    session: String,
    target: TargetId,
    closed: bool,
    /// Default timeout of navigations and waits.
    pub timeout: Duration,
}

impl Page {
    /// The page over `inner` (see `page_watch.rs`, which attaches and builds it).
    pub(crate) fn from_parts(inner: Arc<PageInner>, connection: Connection, session: String, target: TargetId) -> Page {
        Page { inner, connection, session, target, closed: false, timeout: Duration::from_secs(30) }
    }

    /// Another handle on the page `inner` belongs to.
    pub(crate) fn from_inner(inner: Arc<PageInner>) -> Page {
        let (connection, session) = (inner.connection.clone(), inner.session.clone());
        let target = TargetId::from(inner.frame_id.clone());
        Page::from_parts(inner, connection, session, target)
    }

    fn s(&self) -> Option<&str> {
        Some(&self.session)
    }

    pub(crate) fn connection(&self) -> &Connection {
        &self.connection
    }

    pub(crate) fn session_id(&self) -> &str {
        &self.session
    }

    /// Runs `source` in this page's every new document before the page's own scripts
    /// (`page.addInitScript`), remembered so that a reset page forgets it.
    /// Answers the script's identifier, for [`Page::remove_init_script`].
    pub async fn add_init_script(&self, source: &str) -> Result<String> {
        self.add_script_of(source, false).await
    }

    /// [`Page::add_init_script`], remembered as its context's (`of_context`) or its own.
    pub(crate) async fn add_script_of(&self, source: &str, of_context: bool) -> Result<String> {
        let added = self.send("Page.addScriptToEvaluateOnNewDocument", serde_json::json!({ "source": source })).await?;
        let id = added["identifier"].as_str().unwrap_or_default().to_string();
        if let Ok(mut ids) = self.inner.init_scripts.lock() {
            ids.push((id.clone(), source.to_string(), of_context));
        }
        Ok(id)
    }

    /// Stops init script `id` (from [`Page::add_init_script`]) running in new documents.
    pub async fn remove_init_script(&self, id: &str) -> Result<()> {
        if let Ok(mut ids) = self.inner.init_scripts.lock() {
            ids.retain(|(kept, _, _)| kept != id);
        }
        self.send("Page.removeScriptToEvaluateOnNewDocument", serde_json::json!({ "identifier": id })).await.map(|_| ())
    }

    /// [`Page::evaluate`] as part of another operation (reading the title), not an action.
    pub(crate) async fn evaluate_untraced(&self, expression: &str) -> Result<Value> {
        let params = EvaluateParams {
            return_by_value: Some(true),
            await_promise: Some(true),
            user_gesture: Some(true),
            ..EvaluateParams::new(expression)
        };
        // During a document swap it is sent again once the page has moved on.
        let reply = self.through_swaps("Runtime.evaluate", || self.connection.call(params.clone(), self.s())).await?;
        if let Some(details) = reply.exception_details {
            let description = details.exception.as_ref().and_then(|e| e.description.clone()).unwrap_or(details.text);
            return Err(BrowserError::Evaluation(description));
        }
        Ok(reply.result.value.unwrap_or(Value::Null))
    }

    /// The page as Markdown: headings, paragraphs, links, lists, tables, code, images and form
    /// fields in reading order, without scripts, styles or hidden elements.
    pub async fn markdown(&self) -> Result<String> {
        Ok(self.evaluate_untraced(MARKDOWN).await?.as_str().unwrap_or_default().to_string())
    }

    /// Brings the page's tab to the front (`page.bringToFront`): it becomes the visible one,
    /// so `document.visibilityState` of the others turns `hidden` in a headed browser.
    pub async fn bring_to_front(&self) -> Result<()> {
        self.send("Page.bringToFront", serde_json::json!({})).await.map(|_| ())
    }

    /// Asks the page's JavaScript engine to collect garbage now (`page.requestGC`), so a test
    /// can check that a `WeakRef` lets go.
    pub async fn request_gc(&self) -> Result<()> {
        self.send("HeapProfiler.collectGarbage", serde_json::json!({})).await.map(|_| ())
    }

    /// The document's title.
    pub async fn title(&self) -> Result<String> {
        Ok(self.evaluate_untraced("document.title").await?.as_str().unwrap_or_default().to_string())
    }

    /// The page's URL.
    pub async fn url(&self) -> Result<String> {
        // The history's current entry: committed documents, fragments and pushState alike, and
        // no race with a document being replaced (an evaluation could land between two).
        let history = self.send("Page.getNavigationHistory", serde_json::json!({})).await?;
        let current = history["currentIndex"].as_u64().unwrap_or(0) as usize;
        let url = history["entries"][current]["url"].as_str().unwrap_or("about:blank").to_string();
        if let Ok(mut known) = self.inner.known_url.lock() {
            known.clone_from(&url);
        }
        Ok(url)
    }

    /// Resizes the page's viewport (CSS pixels), as Playwright's `page.setViewportSize`.
    pub async fn set_viewport_size(&self, width: u32, height: u32) -> Result<()> {
        if width == 0 || height == 0 {
            return Err(BrowserError::Evaluation("setViewportSize: width and height must be positive".into()));
        }
        // The screen follows the new viewport; the device's pixel ratio and mobile flag stay,
        // as in Playwright.
        let mut metrics = self.inner.metrics(width, height);
        metrics["screenWidth"] = serde_json::json!(width);
        metrics["screenHeight"] = serde_json::json!(height);
        self.connection.call_raw("Emulation.setDeviceMetricsOverride", metrics, self.s()).await?;
        if let Ok(mut v) = self.inner.viewport.lock() {
            *v = (width, height);
        }
        Ok(())
    }

    /// The viewport size last set (`page.viewportSize()`).
    pub fn viewport_size(&self) -> (u32, u32) {
        self.inner.viewport.lock().map(|v| *v).unwrap_or(crate::defaults::DEFAULT_VIEWPORT)
    }

    /// The URL of the main frame's last committed navigation (a page reload, a link, a
    /// script, `pushState` or a fragment change) or of the last [`Page::url`] read, without
    /// asking the page: what a synchronous `page.url()` can answer. It follows the page's
    /// events, so right after a navigation nobody read it may lag by the time the event takes.
    pub fn last_known_url(&self) -> String {
        self.inner.known_url.lock().map(|u| u.clone()).unwrap_or_default()
    }

    /// The full HTML of the document, doctype included (only the doctype while a document has
    /// no root element, as Playwright's: between documents, or after a script removed it).
    pub async fn content(&self) -> Result<String> {
        let html = self
            .evaluate_untraced(
                "(() => { const d = document.doctype; \
                 const dt = d ? `<!DOCTYPE ${d.name}${d.publicId ? ` PUBLIC \"${d.publicId}\"` : ''}${d.systemId ? ` \"${d.systemId}\"` : ''}>` : ''; \
                 return dt + (document.documentElement ? document.documentElement.outerHTML : ''); })()",
            )
            .await?;
        Ok(html.as_str().unwrap_or_default().to_string())
    }

    /// Replaces the document with `html`.
    pub async fn set_content(&self, html: &str) -> Result<()> {
        self.set_content_until(html, "load").await
    }

    /// Replaces the document's content and waits as Playwright's `setContent` does: until
    /// `wait_until` (`load`, the default there: frames and images too; `domcontentloaded`;
    /// `commit`: not at all). Then the page's own record (its frames) includes what the new
    /// content brought.
    pub async fn set_content_until(&self, html: &str, wait_until: &str) -> Result<()> {
        let tree = self.connection.call(GetFrameTreeParams::default(), self.s()).await?;
        self.connection.call(SetDocumentContentParams::new(tree.frame_tree.frame.id, html), self.s()).await?;
        // The new content's `init` came before the reply: once the watcher has read it, the
        // load state is the new document's.
        self.inner.caught_up().await;
        if wait_until != "commit" {
            let deadline = std::time::Instant::now() + self.timeout;
            self.load_state_by(wait_until, deadline).await.map_err(|e| match e {
                BrowserError::Timeout { ms, .. } => BrowserError::Timeout {
                    what: format!("the new content to reach \"{wait_until}\" (page.setContent)"),
                    ms,
                },
                other => other,
            })?;
        }
        self.inner.caught_up().await;
        Ok(())
    }

    /// A PNG screenshot of the viewport.
    pub async fn screenshot(&self) -> Result<Vec<u8>> {
        let params = CaptureScreenshotParams { format: Some(CaptureScreenshotFormat::Png), ..Default::default() };
        let shot = self.connection.call(params, self.s()).await?;
        let data: &str = shot.data.as_ref();
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|e| BrowserError::Decode { method: "Page.captureScreenshot".into(), reason: e.to_string() })
    }

    /// A PNG of the whole page, beyond the viewport (Playwright's `fullPage: true`).
    pub async fn screenshot_full_page(&self) -> Result<Vec<u8>> {
        let metrics = self.send("Page.getLayoutMetrics", serde_json::json!({})).await?;
        let size =
            |key: &str| metrics.pointer(&format!("/cssContentSize/{key}")).and_then(Value::as_f64).unwrap_or(0.0);
        self.inner.screenshot_clip(0.0, 0.0, size("width").ceil(), size("height").ceil()).await
    }

    /// Sends a raw DevTools command to this page's session (again after a document swap, see
    /// [`Page::through_swaps`]).
    pub(crate) async fn send(&self, method: &str, params: Value) -> Result<Value> {
        self.through_swaps(method, || self.connection.call_raw(method, params.clone(), self.s())).await
    }

    /// Runs `call` (a command to this page's session) until it reaches the page. A command that
    /// arrives while the page swaps its document (a navigation committing in another renderer)
    /// did not run: it is sent again once the page has moved on, for as long as a navigation
    /// may take; then the error says what happened, not the protocol's words. Subscribed at the
    /// first refusal, so the swap's end wakes the next try; the event may also have come before
    /// the subscription, so a try is made after a short look anyway.
    pub(crate) async fn through_swaps<T, F, Fut>(&self, what: &str, mut call: F) -> Result<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T>>,
    {
        let deadline = std::time::Instant::now() + self.timeout;
        let mut events: Option<broadcast::Receiver<Arc<CdpEvent>>> = None;
        loop {
            match call().await {
                Err(e) if swapping(&e) => {
                    let now = std::time::Instant::now();
                    if now >= deadline {
                        return Err(BrowserError::Timeout {
                            what: format!("the page to finish replacing its document ({what} could not reach it)"),
                            ms: self.timeout.as_millis(),
                        });
                    }
                    let events = events.get_or_insert_with(|| self.connection.subscribe());
                    let session = self.session.clone();
                    let next_of_page = async {
                        loop {
                            match events.recv().await {
                                Ok(event) if event.session_id.as_deref() == Some(session.as_str()) => return,
                                Err(broadcast::error::RecvError::Closed) => return,
                                _ => {}
                            }
                        }
                    };
                    let _ = tokio::time::timeout(Duration::from_millis(50).min(deadline - now), next_of_page).await;
                }
                other => return other,
            }
        }
    }

    /// Console errors (`console.error`, uncaught exceptions) since the last call.
    pub fn take_console_errors(&self) -> Vec<String> {
        self.inner.console_errors.lock().map(|mut e| std::mem::take(&mut *e)).unwrap_or_default()
    }

    /// Messages of the dialogs dismissed so far (a page's `alert`/`confirm`/`prompt` would
    /// otherwise block it; like Playwright without a handler, they are dismissed).
    pub fn dismissed_dialogs(&self) -> Vec<String> {
        self.inner.dialogs.lock().map(|d| d.clone()).unwrap_or_default()
    }

    /// Sets the default timeout of actions and assertions (default 5 s).
    pub fn set_action_timeout(&mut self, timeout: Duration) {
        if let Some(inner) = Arc::get_mut(&mut self.inner) {
            inner.action_timeout = timeout;
        }
    }

    /// Closes the page.
    pub async fn close(&mut self) -> Result<()> {
        if !self.is_closed() {
            self.connection.call(CloseTargetParams::new(self.target.clone()), None).await?;
            self.closed = true;
            self.inner.gone.store(true, std::sync::atomic::Ordering::Relaxed);
            self.inner.raw_headers.close();
        }
        // As Playwright's: once the page is closed, its video is complete (an encoder's error
        // is the video's to report, not the close's).
        if let Some(video) = self.inner.video() {
            video.end();
            let _ = video.finished().await;
        }
        Ok(())
    }

    /// Sends the page's extra HTTP headers (its context's and its own) to the browser.
    pub(crate) async fn apply_extra_headers(&self) -> Result<()> {
        let merged = self.inner.extra_headers.lock().map(|h| h.merged()).unwrap_or_default();
        // Extra headers only apply once the Network domain is on for the page.
        self.send("Network.enable", serde_json::json!({})).await?;
        self.send("Network.setExtraHTTPHeaders", serde_json::json!({ "headers": merged })).await.map(|_| ())
    }

    /// Headers added to every request of this page (Playwright's `page.setExtraHTTPHeaders`):
    /// they replace the page's earlier ones and win over its context's of the same name.
    pub async fn set_extra_http_headers(&self, headers: &[(&str, &str)]) -> Result<()> {
        if let Ok(mut h) = self.inner.extra_headers.lock() {
            h.own = headers.iter().map(|(k, v)| (k.to_string(), Value::String(v.to_string()))).collect();
        }
        self.apply_extra_headers().await
    }

    /// Forgets the page's own extra headers (a context reset); whether it had any.
    pub(crate) fn forget_own_headers(&self) -> bool {
        self.inner.extra_headers.lock().map(|mut h| !std::mem::take(&mut h.own).is_empty()).unwrap_or(false)
    }

    /// The page's target id (also its main frame's id), which tells pages apart.
    pub fn target_id(&self) -> &str {
        &self.inner.frame_id
    }

    /// The target id of the page that opened this one, if a page did (a popup).
    pub fn opener_target_id(&self) -> Option<&str> {
        self.inner.opener.get().map(String::as_str)
    }

    /// The page's video, while it is filmed (`recordVideo`, or `bdd --video`).
    pub fn video(&self) -> Option<crate::video::Video> {
        self.inner.video()
    }

    /// Whether [`Page::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.closed || self.inner.gone.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl PageInner {
    /// The device metrics of a `width`×`height` viewport (CSS pixels) with the device the
    /// context emulates (desktop at scale 1 unless it says otherwise).
    pub(crate) fn metrics(&self, width: u32, height: u32) -> Value {
        let (scale, mobile) = self.device.lock().map(|d| *d).unwrap_or((1.0, false));
        // `window.screen` has the viewport's size, as Playwright emulates it (the `screen`
        // context option replaces it).
        serde_json::json!({ "width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile, "screenWidth": width, "screenHeight": height })
    }
}

/// Whether a command never reached the page because its document was being swapped (a
/// navigation committing in another renderer): it did not run, so asking again is safe.
pub(crate) fn swapping(e: &BrowserError) -> bool {
    matches!(e, BrowserError::Protocol { message, .. } if message.contains("Not attached to an active page"))
}

/// How long [`PageInner::caught_up`] waits for a watcher that stopped (a closed page's).
const CATCH_UP_LIMIT: Duration = Duration::from_secs(2);

impl PageInner {
    /// Waits until the page's watcher has handled every event that arrived before now, so what
    /// it keeps from events (frames, URL, load state) includes them: a reply can reach its
    /// caller before the watcher has read the events the browser sent ahead of it.
    pub(crate) async fn caught_up(&self) {
        let arrived = self.connection.events_arrived();
        let mut seen = self.seen.subscribe();
        let _ = tokio::time::timeout(CATCH_UP_LIMIT, seen.wait_for(|handled| *handled >= arrived)).await;
    }

    /// A PNG of a rectangle of the document (CSS pixels, document coordinates).
    pub(crate) async fn screenshot_clip(&self, x: f64, y: f64, width: f64, height: f64) -> Result<Vec<u8>> {
        if width <= 0.0 || height <= 0.0 {
            return Err(BrowserError::Evaluation("screenshot: the area to capture is empty".into()));
        }
        let params = serde_json::json!({
            "format": "png",
            "clip": { "x": x, "y": y, "width": width, "height": height, "scale": 1 },
            "captureBeyondViewport": true,
        });
        let shot = self.connection.call_raw("Page.captureScreenshot", params, Some(&self.session)).await?;
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or(""))
            .map_err(|e| BrowserError::Decode { method: "Page.captureScreenshot".into(), reason: e.to_string() })
    }
}
