//! The page's methods that hand over to other parts: navigation (`navigation.rs`), locators and
//! their shortcuts (`page.click(selector)`), the keyboard and mouse (`keyboard.rs`), and traced
//! evaluation. `page.rs` holds what a page is; this file what it can be asked to do.

use crate::error::{BrowserError, Result};
use crate::page::Page;
use serde_json::Value;
use std::sync::Arc;

impl Page {
    /// Navigates and waits for the `load` event of the document that settles in the main
    /// frame (see [`Page::goto_with`]).
    pub async fn goto(&self, url: &str) -> Result<()> {
        self.goto_with(url, crate::navigation::NavigateOptions::default()).await.map(|_| ())
    }

    /// Reloads and waits for `load`.
    pub async fn reload(&self) -> Result<()> {
        self.reload_with(crate::navigation::NavigateOptions::default()).await.map(|_| ())
    }

    /// Goes back in history; false when there is nowhere to go.
    pub async fn go_back(&self) -> Result<bool> {
        Ok(self.history_with(-1, crate::navigation::NavigateOptions::default()).await?.is_some())
    }

    /// Goes forward in history; false when there is nowhere to go.
    pub async fn go_forward(&self) -> Result<bool> {
        Ok(self.history_with(1, crate::navigation::NavigateOptions::default()).await?.is_some())
    }

    /// Evaluates a JavaScript expression (awaiting a returned promise) and returns its value
    /// as JSON (`null` for `undefined`). A thrown error becomes [`BrowserError::Evaluation`].
    pub async fn evaluate(&self, expression: &str) -> Result<Value> {
        self.inner.traced(evaluation(expression), self.evaluate_untraced(expression)).await
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
        self.connection()
            .call_raw("Input.insertText", serde_json::json!({ "text": text }), Some(self.session_id()))
            .await
            .map(|_| ())
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
        self.connection().call_raw("Input.dispatchMouseEvent", params, Some(self.session_id())).await.map(|_| ())
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

    /// Locates elements by CSS selector (auto-waiting, strict when acting).
    pub fn locator(&self, selector: &str) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).locator(selector)
    }

    /// [`Page::locator`] where registered `engines` may be named too.
    pub fn locator_with(&self, selector: &str, engines: &crate::SelectorEngines) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).locator_with(selector, engines)
    }

    /// Locates elements inside the page's frame `id` (one of [`Page::frames`]); `label` names
    /// it in messages. Using it after the frame went away fails with "Frame was detached".
    pub fn frame_by_id(&self, id: &str, label: &str) -> crate::frame_locator::FrameLocator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).frame_owner(id, label).content_frame()
    }

    /// Locates elements inside the iframes matching `selector`, same- or cross-origin.
    pub fn frame_locator(&self, selector: &str) -> crate::frame_locator::FrameLocator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).frame_locator(selector)
    }

    /// Locates elements by ARIA role and, optionally, accessible name.
    pub fn get_by_role(&self, role: &str, name: Option<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_role(role, name)
    }

    /// `get_by_role` with Playwright's other options (`checked`, `level`, `includeHidden`…).
    pub fn get_by_role_with(
        &self,
        role: &str,
        name: Option<crate::text_match::TextMatch>,
        states: crate::locator::RoleStates,
    ) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_role_with(role, name, states)
    }

    /// Locates the deepest elements whose text matches.
    pub fn get_by_text(&self, text: impl Into<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_text(text)
    }

    /// Locates form controls by their label (`<label>`, `aria-label`, `aria-labelledby`).
    pub fn get_by_label(&self, text: impl Into<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_label(text)
    }

    /// Locates elements by placeholder.
    pub fn get_by_placeholder(&self, text: impl Into<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_placeholder(text)
    }

    /// Locates images by alt text.
    pub fn get_by_alt_text(&self, text: impl Into<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_alt_text(text)
    }

    /// Locates elements by title attribute.
    pub fn get_by_title(&self, text: impl Into<crate::text_match::TextMatch>) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_title(text)
    }

    /// Locates elements by `data-testid`.
    pub fn get_by_test_id(&self, id: &str) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_test_id(id)
    }

    /// Elements whose test id `attribute` is `id` (see [`crate::locator::Locator::get_by_test_id_in`]).
    pub fn get_by_test_id_in(&self, attribute: &str, id: &str) -> crate::locator::Locator {
        crate::locator::Locator::root(Arc::clone(&self.inner)).get_by_test_id_in(attribute, id)
    }

    /// Changes the emulated media type and features (Playwright's `page.emulateMedia`): what
    /// `change` leaves `None` stays, an empty string returns to the browser's own value.
    pub async fn emulate_media(&self, change: &crate::emulation::MediaEmulation) -> Result<()> {
        let next = change.over(&self.inner.media.lock().map(|m| m.clone()).unwrap_or_default());
        self.send("Emulation.setEmulatedMedia", next.params()?).await?;
        if let Ok(mut media) = self.inner.media.lock() {
            *media = next;
        }
        Ok(())
    }

    /// The page's last console messages ([`crate::PageEvent::Console`]), oldest first: those of
    /// its current document, or with `all` every one kept (`recent_events.rs`).
    pub fn console_messages(&self, all: bool) -> Vec<crate::events::PageEvent> {
        self.inner.recent.lock().map(|r| r.console(all)).unwrap_or_default()
    }

    /// The page's last requests (100 at most), oldest first, each with its response and how
    /// it ended (Playwright's `page.requests()`; kept while the Network domain is on).
    pub fn recent_requests(&self) -> Vec<crate::recent_requests::KeptRequest> {
        self.inner.requests.lock().map(|r| r.list()).unwrap_or_default()
    }

    /// Forgets the console messages kept (`clear_errors`: the page errors instead), as
    /// Playwright's `page.clearConsoleMessages()` / `clearPageErrors()`.
    pub fn clear_recent(&self, clear_errors: bool) {
        if let Ok(mut recent) = self.inner.recent.lock() {
            if clear_errors {
                recent.clear_errors();
            } else {
                recent.clear_console();
            }
        }
    }

    /// The page's last uncaught errors ([`crate::PageEvent::PageError`]), as
    /// [`Page::console_messages`].
    pub fn page_errors(&self, all: bool) -> Vec<crate::events::PageEvent> {
        self.inner.recent.lock().map(|r| r.errors(all)).unwrap_or_default()
    }
}

/// How a trace shows the evaluation of `expression` (page code, not a function's call).
pub(crate) fn evaluation(expression: &str) -> crate::trace::traced::Action<'static> {
    crate::trace::traced::Action {
        class: "Frame",
        method: "evaluateExpression",
        params: serde_json::json!({ "expression": expression, "isFunction": false }),
        title: None,
        waiting_for: None,
    }
}
