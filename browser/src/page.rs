//! A page (tab): navigation, evaluation, content, screenshots. Names follow Playwright.

use crate::connection::{CdpEvent, Connection};
use crate::{BrowserError, Result};
use base64::Engine;
use chromiumoxide_cdp::cdp::browser_protocol::page::{
    CaptureScreenshotFormat, CaptureScreenshotParams, EnableParams, GetFrameTreeParams, SetDocumentContentParams,
    SetLifecycleEventsEnabledParams,
};
use chromiumoxide_cdp::cdp::browser_protocol::target::{AttachToTargetParams, CloseTargetParams, TargetId};
use chromiumoxide_cdp::cdp::js_protocol::runtime::EvaluateParams;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// The Markdown rendering of a document (`Page::markdown`).
const MARKDOWN: &str = include_str!("injected/markdown.js");

/// What a page and its locators share.
pub(crate) struct PageInner {
    pub(crate) connection: Connection,
    pub(crate) session: String,
    /// Default timeout of actions and web-first assertions (Playwright's `actionTimeout`).
    pub(crate) action_timeout: Duration,
    /// Console errors and uncaught exceptions not yet taken by [`Page::take_console_errors`].
    pub(crate) console_errors: std::sync::Mutex<Vec<String>>,
    /// Messages of the dialogs (alert, confirm, prompt) that were dismissed.
    pub(crate) dialogs: std::sync::Mutex<Vec<String>>,
    /// Locator operations running and finished since their handles were last released.
    pub(crate) handles: std::sync::Mutex<crate::handles::Handles>,
    /// Where [`crate::PageEvent`]s go (see `events.rs`).
    pub(crate) events: broadcast::Sender<crate::PageEvent>,
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
    /// The media type and features emulated now (`emulation.rs`).
    pub(crate) media: std::sync::Mutex<crate::MediaEmulation>,
    /// The main frame's URL as its navigations report it (see [`Page::last_known_url`]).
    pub(crate) known_url: std::sync::Mutex<String>,
    /// Downloads this page started, until they end.
    pub(crate) downloads: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Whether the left button is held (moves then drag).
    pub(crate) mouse_down: std::sync::atomic::AtomicBool,
    /// The main frame's current document (loader id) and the lifecycle events it reached
    /// (`DOMContentLoaded`, `load`, `networkIdle`…), for `wait_for_load_state`.
    pub(crate) lifecycle: std::sync::Mutex<(String, Vec<String>)>,
    /// Origins any frame of this page showed (what a context reset must clear).
    pub(crate) origins: std::sync::Mutex<std::collections::BTreeSet<String>>,
    /// Identifiers of the init scripts added to this page (removed by a context reset).
    pub(crate) init_scripts: std::sync::Mutex<Vec<String>>,
    /// Request interception, the file gate and HTTP authentication (see `network.rs`).
    pub(crate) network: crate::network::Network,
    /// The tracer of the page's context while it is traced (`trace/`).
    pub(crate) trace: crate::trace::traced::TraceSlot,
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
    pub(crate) async fn attach(
        connection: Connection,
        target: TargetId,
        trace: crate::trace::traced::TraceSlot,
    ) -> Result<Page> {
        let attached =
            connection.call(AttachToTargetParams { target_id: target.clone(), flatten: Some(true) }, None).await?;
        let session = attached.session_id.inner().clone();
        connection.call(EnableParams::default(), Some(&session)).await?;
        connection.call(SetLifecycleEventsEnabledParams::new(true), Some(&session)).await?;
        let events = connection.subscribe();
        connection.call_raw("Runtime.enable", serde_json::json!({}), Some(&session)).await?;
        let inner = Arc::new(PageInner {
            connection: connection.clone(),
            session: session.clone(),
            action_timeout: Duration::from_secs(5),
            console_errors: std::sync::Mutex::new(Vec::new()),
            dialogs: std::sync::Mutex::new(Vec::new()),
            handles: std::sync::Mutex::new(crate::handles::Handles::default()),
            events: broadcast::channel(crate::events::EVENT_BUFFER).0,
            network_watched: std::sync::atomic::AtomicBool::new(false),
            manual_dialogs: std::sync::atomic::AtomicBool::new(false),
            modifiers: std::sync::atomic::AtomicI64::new(0),
            mouse_at: std::sync::Mutex::new((0.0, 0.0)),
            mouse_down: std::sync::atomic::AtomicBool::new(false),
            frame_id: target.inner().clone(),
            downloads: std::sync::Mutex::default(),
            known_url: std::sync::Mutex::new("about:blank".to_string()),
            viewport: std::sync::Mutex::new(crate::context::DEFAULT_VIEWPORT),
            media: std::sync::Mutex::default(),
            // The first document (about:blank) counts as loaded, as in Playwright.
            origins: std::sync::Mutex::default(),
            init_scripts: std::sync::Mutex::default(),
            network: crate::network::Network::default(),
            trace,
            lifecycle: std::sync::Mutex::new((
                String::new(),
                ["DOMContentLoaded", "load", "networkIdle"].map(str::to_string).to_vec(),
            )),
        });
        tokio::spawn(watch_page(Arc::downgrade(&inner), events));
        Ok(Page { inner, connection, session, target, closed: false, timeout: Duration::from_secs(30) })
    }

    fn s(&self) -> Option<&str> {
        Some(&self.session)
    }

    /// Navigates and waits for the `load` event of the document that settles in the main
    /// frame (see [`Page::goto_with`]).
    pub async fn goto(&self, url: &str) -> Result<()> {
        self.goto_with(url, crate::NavigateOptions::default()).await.map(|_| ())
    }

    /// Reloads and waits for `load`.
    pub async fn reload(&self) -> Result<()> {
        self.reload_with(crate::NavigateOptions::default()).await.map(|_| ())
    }

    /// Goes back in history; false when there is nowhere to go.
    pub async fn go_back(&self) -> Result<bool> {
        Ok(self.history_with(-1, crate::NavigateOptions::default()).await?.is_some())
    }

    /// Goes forward in history; false when there is nowhere to go.
    pub async fn go_forward(&self) -> Result<bool> {
        Ok(self.history_with(1, crate::NavigateOptions::default()).await?.is_some())
    }

    pub(crate) fn connection(&self) -> &Connection {
        &self.connection
    }

    pub(crate) fn session_id(&self) -> &str {
        &self.session
    }

    /// Runs `source` in this page's every new document before the page's own scripts
    /// (`page.addInitScript`), remembered so that a reset page forgets it.
    pub async fn add_init_script(&self, source: &str) -> Result<()> {
        let added = self.send("Page.addScriptToEvaluateOnNewDocument", serde_json::json!({ "source": source })).await?;
        if let (Some(id), Ok(mut ids)) = (added["identifier"].as_str(), self.inner.init_scripts.lock()) {
            ids.push(id.to_string());
        }
        Ok(())
    }

    /// Evaluates a JavaScript expression (awaiting a returned promise) and returns its value
    /// as JSON (`null` for `undefined`). A thrown error becomes [`BrowserError::Evaluation`].
    pub async fn evaluate(&self, expression: &str) -> Result<Value> {
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "evaluateExpression",
            params: serde_json::json!({ "expression": expression, "isFunction": false }),
            title: None,
            waiting_for: None,
        };
        self.inner.traced(action, self.evaluate_untraced(expression)).await
    }

    /// [`Page::evaluate`] as part of another operation (reading the title), not an action.
    pub(crate) async fn evaluate_untraced(&self, expression: &str) -> Result<Value> {
        let params = EvaluateParams {
            return_by_value: Some(true),
            await_promise: Some(true),
            user_gesture: Some(true),
            ..EvaluateParams::new(expression)
        };
        let mut tries = 0;
        let reply = loop {
            match self.connection.call(params.clone(), self.s()).await {
                Err(e) if tries < 5 && swapping(&e) => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
                other => break other?,
            }
        };
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

    /// Resizes the page's viewport (CSS pixels, device scale 1), as Playwright's
    /// `page.setViewportSize`.
    pub async fn set_viewport_size(&self, width: u32, height: u32) -> Result<()> {
        if width == 0 || height == 0 {
            return Err(BrowserError::Evaluation("setViewportSize: width and height must be positive".into()));
        }
        let params = serde_json::json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false });
        self.connection.call_raw("Emulation.setDeviceMetricsOverride", params, self.s()).await?;
        if let Ok(mut v) = self.inner.viewport.lock() {
            *v = (width, height);
        }
        Ok(())
    }

    /// The viewport size last set (`page.viewportSize()`).
    pub fn viewport_size(&self) -> (u32, u32) {
        self.inner.viewport.lock().map(|v| *v).unwrap_or(crate::context::DEFAULT_VIEWPORT)
    }

    /// The URL of the main frame's last committed navigation (a page reload, a link, a
    /// script, `pushState` or a fragment change) or of the last [`Page::url`] read, without
    /// asking the page: what a synchronous `page.url()` can answer. It follows the page's
    /// events, so right after a navigation nobody read it may lag by the time the event takes.
    pub fn last_known_url(&self) -> String {
        self.inner.known_url.lock().map(|u| u.clone()).unwrap_or_default()
    }

    /// The full HTML of the document, doctype included.
    pub async fn content(&self) -> Result<String> {
        let html = self
            .evaluate_untraced(
                "(() => { const d = document.doctype; \
                 const dt = d ? `<!DOCTYPE ${d.name}${d.publicId ? ` PUBLIC \"${d.publicId}\"` : ''}${d.systemId ? ` \"${d.systemId}\"` : ''}>` : ''; \
                 return dt + document.documentElement.outerHTML; })()",
            )
            .await?;
        Ok(html.as_str().unwrap_or_default().to_string())
    }

    /// Replaces the document with `html`.
    pub async fn set_content(&self, html: &str) -> Result<()> {
        let tree = self.connection.call(GetFrameTreeParams::default(), self.s()).await?;
        self.connection.call(SetDocumentContentParams::new(tree.frame_tree.frame.id, html), self.s()).await?;
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

    /// Sends a raw DevTools command to this page's session.
    pub(crate) async fn send(&self, method: &str, params: Value) -> Result<Value> {
        // A command that reaches the page while it swaps its document (a navigation committing
        // in another renderer) did not run: it is sent again once the page has moved on, for as
        // long as a navigation may take; then the error says what happened, not the protocol's
        // words. Subscribed at the first refusal, so the swap's end wakes the next try.
        let deadline = std::time::Instant::now() + self.timeout;
        let mut events: Option<broadcast::Receiver<Arc<CdpEvent>>> = None;
        loop {
            match self.connection.call_raw(method, params.clone(), self.s()).await {
                Err(e) if swapping(&e) => {
                    let now = std::time::Instant::now();
                    if now >= deadline {
                        return Err(BrowserError::Timeout {
                            what: format!("the page to finish replacing its document ({method} could not reach it)"),
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
                    // The page's next event (its new document), or a short look again: the event
                    // may have come before the subscription.
                    let _ = tokio::time::timeout(Duration::from_millis(50).min(deadline - now), next_of_page).await;
                }
                other => return other,
            }
        }
    }

    /// Waits until an element matching the selector is visible.
    pub async fn wait_for_selector(&self, selector: &str) -> Result<()> {
        let locator = self.locator(selector).first().with_timeout(self.timeout);
        crate::expect(&locator)
            .to_be_visible()
            .await
            .map_err(|e| BrowserError::Timeout { what: e.0, ms: self.timeout.as_millis() })
    }

    /// Clicks the element matching the selector (Playwright's `page.click`).
    pub async fn click(&self, selector: &str) -> Result<()> {
        self.locator(selector).click().await
    }

    /// Fills the element matching the selector.
    pub async fn fill(&self, selector: &str, value: &str) -> Result<()> {
        self.locator(selector).fill(value).await
    }

    /// Presses a key in the element matching the selector.
    pub async fn press(&self, selector: &str, key: &str) -> Result<()> {
        self.locator(selector).press(key).await
    }

    /// Types text into the element matching the selector.
    pub async fn type_text(&self, selector: &str, text: &str) -> Result<()> {
        self.locator(selector).type_text(text).await
    }

    /// Hovers the element matching the selector.
    pub async fn hover(&self, selector: &str) -> Result<()> {
        self.locator(selector).hover().await
    }

    /// Checks the checkbox matching the selector.
    pub async fn check(&self, selector: &str) -> Result<()> {
        self.locator(selector).check().await
    }

    /// Unchecks the checkbox matching the selector.
    pub async fn uncheck(&self, selector: &str) -> Result<()> {
        self.locator(selector).uncheck().await
    }

    /// Selects options of the `<select>` matching the selector.
    pub async fn select_option(&self, selector: &str, values: &[&str]) -> Result<Vec<String>> {
        self.locator(selector).select_option(values).await
    }

    /// The text content of the element matching the selector.
    pub async fn text_content(&self, selector: &str) -> Result<String> {
        self.locator(selector).text_content().await
    }

    /// The inner text of the element matching the selector.
    pub async fn inner_text(&self, selector: &str) -> Result<String> {
        self.locator(selector).inner_text().await
    }

    /// The inner HTML of the element matching the selector.
    pub async fn inner_html(&self, selector: &str) -> Result<String> {
        self.locator(selector).inner_html().await
    }

    /// The value of the input matching the selector.
    pub async fn input_value(&self, selector: &str) -> Result<String> {
        self.locator(selector).input_value().await
    }

    /// An attribute of the element matching the selector.
    pub async fn get_attribute(&self, selector: &str, name: &str) -> Result<Option<String>> {
        self.locator(selector).get_attribute(name).await
    }

    /// Presses a key on the focused element (Playwright's `page.keyboard.press`).
    pub async fn keyboard_press(&self, key: &str) -> Result<()> {
        self.inner.press_key(key).await
    }

    /// Holds a key down (`page.keyboard.down`); modifiers apply to later keys and clicks.
    pub async fn keyboard_down(&self, key: &str) -> Result<()> {
        self.inner.key_down(key).await
    }

    /// Releases a key (`page.keyboard.up`).
    pub async fn keyboard_up(&self, key: &str) -> Result<()> {
        self.inner.key_up(key).await
    }

    /// Inserts text as an IME would, with no key events (`page.keyboard.insertText`).
    pub async fn keyboard_insert_text(&self, text: &str) -> Result<()> {
        self.connection.call_raw("Input.insertText", serde_json::json!({ "text": text }), self.s()).await.map(|_| ())
    }

    /// Presses the left button where the mouse is (`page.mouse.down`).
    pub async fn mouse_down(&self) -> Result<()> {
        let (x, y) = self.mouse_position();
        self.inner.mouse_event("mousePressed", x, y, 1).await
    }

    /// Releases the left button where the mouse is (`page.mouse.up`).
    pub async fn mouse_up(&self) -> Result<()> {
        let (x, y) = self.mouse_position();
        self.inner.mouse_event("mouseReleased", x, y, 1).await
    }

    /// Double-clicks at page coordinates (`page.mouse.dblclick`).
    pub async fn mouse_dblclick(&self, x: f64, y: f64) -> Result<()> {
        self.inner.mouse_sequence(crate::keyboard::DOUBLE_CLICK, x, y).await
    }

    /// Scrolls by a wheel event where the mouse is (`page.mouse.wheel`).
    pub async fn mouse_wheel(&self, delta_x: f64, delta_y: f64) -> Result<()> {
        let (x, y) = self.mouse_position();
        let modifiers = self.inner.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        let params = serde_json::json!({"type": "mouseWheel", "x": x, "y": y, "deltaX": delta_x, "deltaY": delta_y,
            "modifiers": modifiers});
        self.connection.call_raw("Input.dispatchMouseEvent", params, self.s()).await.map(|_| ())
    }

    fn mouse_position(&self) -> (f64, f64) {
        self.inner.mouse_at.lock().map(|at| *at).unwrap_or((0.0, 0.0))
    }

    /// Types text key by key into the focused element (`page.keyboard.type`).
    pub async fn keyboard_type(&self, text: &str) -> Result<()> {
        for c in text.chars() {
            self.inner.press_key(&c.to_string()).await?;
        }
        Ok(())
    }

    /// Moves the mouse to page coordinates (`page.mouse.move`).
    pub async fn mouse_move(&self, x: f64, y: f64) -> Result<()> {
        self.inner.mouse_event("mouseMoved", x, y, 0).await
    }

    /// Clicks at page coordinates (`page.mouse.click`).
    pub async fn mouse_click(&self, x: f64, y: f64) -> Result<()> {
        self.inner.mouse_sequence(crate::keyboard::CLICK, x, y).await
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

    /// Locates elements by CSS selector (auto-waiting, strict when acting).
    pub fn locator(&self, selector: &str) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).locator(selector)
    }

    /// Locates elements inside the iframes matching `selector`, same- or cross-origin.
    pub fn frame_locator(&self, selector: &str) -> crate::FrameLocator {
        crate::Locator::root(Arc::clone(&self.inner)).frame_locator(selector)
    }

    /// Locates elements by ARIA role and, optionally, accessible name.
    pub fn get_by_role(&self, role: &str, name: Option<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_role(role, name)
    }

    /// `get_by_role` with Playwright's other options (`checked`, `level`, `includeHidden`…).
    pub fn get_by_role_with(
        &self,
        role: &str,
        name: Option<crate::TextMatch>,
        states: crate::RoleStates,
    ) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_role_with(role, name, states)
    }

    /// Locates the deepest elements whose text matches.
    pub fn get_by_text(&self, text: impl Into<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_text(text)
    }

    /// Locates form controls by their label (`<label>`, `aria-label`, `aria-labelledby`).
    pub fn get_by_label(&self, text: impl Into<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_label(text)
    }

    /// Locates elements by placeholder.
    pub fn get_by_placeholder(&self, text: impl Into<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_placeholder(text)
    }

    /// Locates images by alt text.
    pub fn get_by_alt_text(&self, text: impl Into<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_alt_text(text)
    }

    /// Locates elements by title attribute.
    pub fn get_by_title(&self, text: impl Into<crate::TextMatch>) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_title(text)
    }

    /// Locates elements by `data-testid`.
    pub fn get_by_test_id(&self, id: &str) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_test_id(id)
    }

    /// Elements whose test id `attribute` is `id` (see [`crate::Locator::get_by_test_id_in`]).
    pub fn get_by_test_id_in(&self, attribute: &str, id: &str) -> crate::Locator {
        crate::Locator::root(Arc::clone(&self.inner)).get_by_test_id_in(attribute, id)
    }

    /// Closes the page.
    pub async fn close(&mut self) -> Result<()> {
        if !self.closed {
            self.connection.call(CloseTargetParams::new(self.target.clone()), None).await?;
            self.closed = true;
        }
        Ok(())
    }

    /// Whether [`Page::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.closed
    }
}

/// Whether a command never reached the page because its document was being swapped (a
/// navigation committing in another renderer): it did not run, so asking again is safe.
pub(crate) fn swapping(e: &BrowserError) -> bool {
    matches!(e, BrowserError::Protocol { message, .. } if message.contains("Not attached to an active page"))
}

/// Watches one page's events for as long as the page is alive: dismisses dialogs so that they
/// never block the page, and collects console errors for the report.
async fn watch_page(page: std::sync::Weak<PageInner>, mut events: broadcast::Receiver<Arc<CdpEvent>>) {
    loop {
        let event = match events.recv().await {
            Ok(e) => e,
            Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
        };
        let Some(page) = page.upgrade() else { return };
        if event.method == "ferridriver.disconnected" {
            return;
        }
        // Downloads are reported by the browser, not the page's session.
        if event.method.starts_with("Browser.download") {
            if let Some(e) = download_event(&page, &event) {
                let _ = page.events.send(e);
            }
            continue;
        }
        if event.session_id.as_deref() != Some(page.session.as_str()) {
            continue;
        }
        // A paused request's fate is decided once, before anyone sees it (network.rs); a
        // refused one never reaches routes or listeners.
        let paused = (event.method == "Fetch.requestPaused").then(|| page.network.decide(&event.params));
        if let Some(crate::network::Paused::Refused(reason)) = paused.clone() {
            crate::network::refuse(&page, &event.params, reason).await;
            continue;
        }
        if event.method == "Page.screencastFrame" {
            page.screencast_frame(crate::trace::traced::current(&page.trace), &event);
            continue;
        }
        if event.method.starts_with("Network.") {
            if let Some(tracer) = crate::trace::traced::current(&page.trace) {
                tracer.network_event(&page.trace_id(), &event, &page.connection, &page.session);
            }
        }
        // Events are only built while someone listens.
        if page.events.receiver_count() > 0 {
            for e in crate::events::translate(&event) {
                let _ = page.events.send(e);
            }
        }
        if let Some(paused) = &paused {
            crate::network::pass(&page, &event.params, paused).await;
        }
        if event.method == "Page.frameNavigated" {
            let origin = event.params.pointer("/frame/securityOrigin").and_then(Value::as_str).unwrap_or("");
            if origin.starts_with("http") {
                if let Ok(mut origins) = page.origins.lock() {
                    origins.insert(origin.to_string());
                }
            }
        }
        match event.method.as_str() {
            "Page.frameNavigated" if event.params.pointer("/frame/parentId").is_none() => {
                let frame = &event.params["frame"];
                let url =
                    format!("{}{}", frame["url"].as_str().unwrap_or(""), frame["urlFragment"].as_str().unwrap_or(""));
                if let Ok(mut known) = page.known_url.lock() {
                    *known = url;
                }
            }
            "Page.lifecycleEvent" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                let loader = event.params["loaderId"].as_str().unwrap_or("");
                let name = event.params["name"].as_str().unwrap_or("");
                if let Ok(mut state) = page.lifecycle.lock() {
                    if state.0 != loader {
                        *state = (loader.to_string(), Vec::new());
                    }
                    state.1.push(name.to_string());
                }
            }
            // A document that stopped loading (`window.stop()`) fires no `load`; as Playwright,
            // count the stop as its DOMContentLoaded and load.
            "Page.frameStoppedLoading" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                if let Ok(mut state) = page.lifecycle.lock() {
                    for name in ["DOMContentLoaded", "load"] {
                        if !state.1.iter().any(|n| n == name) {
                            state.1.push(name.to_string());
                        }
                    }
                }
            }
            "Page.navigatedWithinDocument" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                if let Ok(mut known) = page.known_url.lock() {
                    *known = event.params["url"].as_str().unwrap_or("").to_string();
                }
            }
            "Fetch.authRequired" => crate::network::answer_challenge(&page, &event.params).await,
            "Page.javascriptDialogOpening" => {
                // A listener answers it (see `set_manual_dialogs`); only dismissed ones are noted.
                if page.manual_dialogs.load(std::sync::atomic::Ordering::Relaxed) {
                    continue;
                }
                let message = event.params["message"].as_str().unwrap_or("").to_string();
                if let Ok(mut d) = page.dialogs.lock() {
                    d.push(message);
                }
                let accept = event.params["type"].as_str() == Some("beforeunload");
                let _ = page
                    .connection
                    .call_raw(
                        "Page.handleJavaScriptDialog",
                        serde_json::json!({ "accept": accept }),
                        Some(&page.session),
                    )
                    .await;
            }
            "Runtime.consoleAPICalled" => {
                let text = crate::events::console_text(&event.params);
                let kind = event.params["type"].as_str().unwrap_or("log");
                if let Some(tracer) = crate::trace::traced::current(&page.trace) {
                    let frame = event.params.pointer("/stackTrace/callFrames/0").unwrap_or(&Value::Null);
                    let at = (
                        frame["url"].as_str().unwrap_or(""),
                        frame["lineNumber"].as_u64().unwrap_or(0),
                        frame["columnNumber"].as_u64().unwrap_or(0),
                    );
                    tracer.console(&page.trace_id(), kind, &text, at);
                }
                if kind == "error" {
                    if let Ok(mut e) = page.console_errors.lock() {
                        e.push(format!("console.error: {text}"));
                    }
                }
            }
            "Runtime.exceptionThrown" => {
                let text = crate::events::exception_text(&event.params["exceptionDetails"]);
                if let Some(tracer) = crate::trace::traced::current(&page.trace) {
                    let details = &event.params["exceptionDetails"];
                    let message = details.pointer("/exception/description").and_then(Value::as_str).unwrap_or(&text);
                    let name = details.pointer("/exception/className").and_then(Value::as_str).unwrap_or("Error");
                    let first_line = message.lines().next().unwrap_or("");
                    let message = first_line.strip_prefix(&format!("{name}: ")).unwrap_or(first_line);
                    tracer.page_error(&page.trace_id(), name, message, &text);
                }
                if let Ok(mut e) = page.console_errors.lock() {
                    e.push(format!("uncaught: {text}"));
                }
            }
            _ => {}
        }
    }
}

impl PageInner {
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

/// A browser download event that concerns `page`: one its main frame started, or the end of
/// one of those.
fn download_event(page: &PageInner, event: &CdpEvent) -> Option<crate::PageEvent> {
    let p = &event.params;
    let guid = p["guid"].as_str()?.to_string();
    let mut mine = page.downloads.lock().ok()?;
    match event.method.as_str() {
        "Browser.downloadWillBegin" if p["frameId"].as_str() == Some(page.frame_id.as_str()) => {
            mine.insert(guid.clone());
            Some(crate::PageEvent::Download {
                guid,
                url: p["url"].as_str().unwrap_or("").to_string(),
                suggested_filename: p["suggestedFilename"].as_str().unwrap_or("").to_string(),
            })
        }
        "Browser.downloadProgress" if mine.contains(&guid) => {
            let state = p["state"].as_str().unwrap_or("");
            if state == "inProgress" {
                return None;
            }
            mine.remove(&guid);
            Some(crate::PageEvent::DownloadFinished { guid, state: state.to_string() })
        }
        _ => None,
    }
}
