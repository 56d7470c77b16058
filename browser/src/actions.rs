//! What locators do: auto-waiting, strict actions (click, fill, press…) and reads.
//!
//! Every action resolves the locator again and again until exactly one element is attached and
//! actionable (visible, stable, enabled, receiving the pointer — as the action needs) or the
//! timeout passes. Several matches is an immediate error naming them (strict mode).

use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use crate::resolve::Element;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// How long the first look of a wait (an action's attempt, an assertion's check) may take even
/// past a shorter timeout: its answer is the one that says why, and a page that does not answer
/// one look in this time is taken as not answering.
pub(crate) const FIRST_LOOK: Duration = Duration::from_secs(2);

/// Pauses between attempts, as Playwright backs off.
pub(crate) const BACKOFF_MS: &[u64] = &[0, 20, 50, 100, 100, 250];

impl Locator {
    /// Whether an attempt at `action` lets the page's locator handlers run first, as
    /// Playwright's action pre-checks do: actions on the element (a pointer action only when
    /// it checks the element, i.e. is not forced) and a locator's `evaluate` (which Playwright
    /// waits for with them; a handle's does not), not reads such as `textContent`.
    fn runs_locator_handlers(&self, action: &str, checks: &[&str]) -> bool {
        self.intercepts
            && match action {
                "press" | "type" | "pressSequentially" | "setInputFiles" | "ariaSnapshot" => true,
                "evaluate" => !self.is_element_handle(),
                "click" | "dblclick" | "hover" | "tap" | "fill" | "selectOption" | "check" | "uncheck" | "dragTo"
                | "screenshot" => !checks.is_empty(),
                _ => false,
            }
    }
}

impl Locator {
    /// Waits for exactly one element that passes `checks`; returns it.
    pub(crate) async fn wait_for_one(&self, action: &str, checks: &[&str]) -> Result<Element> {
        self.wait_for_point(action, checks, false).await.map(|(el, _, _)| el)
    }

    /// Waits for exactly one element that passes `checks`; returns it with the point at its
    /// center (after scrolling it into view when the action needs the pointer).
    /// With `hover`, the mouse is moved there too, and the element must still be under it once
    /// the page has handled the move (see `hover_at`).
    pub(crate) async fn wait_for_point(
        &self,
        action: &str,
        checks: &[&str],
        hover: bool,
    ) -> Result<(Element, f64, f64)> {
        self.wait_for_point_at(action, checks, hover, None).await
    }

    /// [`Locator::wait_for_point`] at `at` (CSS pixels from the element's top-left corner)
    /// instead of its center, when given.
    pub(crate) async fn wait_for_point_at(
        &self,
        action: &str,
        checks: &[&str],
        hover: bool,
        at: Option<(f64, f64)>,
    ) -> Result<(Element, f64, f64)> {
        let started = Instant::now();
        let timeout = self.timeout();
        let deadline = started + timeout;
        let mut last_reason = "no element matches".to_string();
        let mut log = AttemptLog::default();
        let mut looked = false;
        for attempt in 0.. {
            let pause = BACKOFF_MS[attempt.min(BACKOFF_MS.len() - 1)];
            if attempt > 0 && log.tried {
                crate::trace::traced::action_log(&format!("retrying {action} action, attempt #{}", attempt + 1));
                if pause > 0 {
                    crate::trace::traced::action_log(&format!("  - waiting {pause}ms"));
                }
            }
            if pause > 0 {
                // Never past the deadline: the last attempt is made at it, not after it.
                tokio::time::sleep(
                    Duration::from_millis(pause).min(deadline.saturating_duration_since(Instant::now())),
                )
                .await;
            }
            // Time is up: the last attempt that was made says why (none is started with no
            // time left, which could only fail for want of time).
            if attempt > 0 && Instant::now() >= deadline {
                break;
            }
            // An overlay the suite has a handler for is dealt with first (Playwright's action
            // pre-checks), within this action's time.
            if !timeout.is_zero() && self.runs_locator_handlers(action, checks) {
                // Bounded as an attempt is: a page that stops answering ends the wait.
                let cut = if attempt == 0 { deadline.max(started + FIRST_LOOK) } else { deadline };
                let checkpoint = crate::locator_handlers::checkpoint(&self.page, action, deadline);
                match tokio::time::timeout_at(cut.into(), checkpoint).await {
                    Ok(Ok(None)) => {}
                    Ok(Ok(Some(reason))) => {
                        last_reason = reason;
                        break;
                    }
                    Ok(Err(e)) => return Err(e),
                    Err(_) => {
                        last_reason = "the page did not answer whether a locator handler's overlay shows".to_string();
                        break;
                    }
                }
            }
            let one = self.attempt_point(action, checks, hover, at, &mut last_reason, &mut log);
            // An attempt is bounded by the time left (a page that stops answering mid-attempt
            // ends the wait at its deadline, named as this action's); a zero timeout allows one.
            let outcome = if timeout.is_zero() {
                one.await
            } else {
                let cut = if attempt == 0 { deadline.max(started + FIRST_LOOK) } else { deadline };
                match tokio::time::timeout_at(cut.into(), one).await {
                    Ok(outcome) => outcome,
                    Err(_) => {
                        // Only when no attempt ever came back is the page to blame.
                        if !looked {
                            last_reason = "the page did not answer".to_string();
                        }
                        break;
                    }
                }
            };
            looked = true;
            if let Some(found) = outcome? {
                return Ok(found);
            }
            if Instant::now() >= deadline {
                break;
            }
        }
        Err(BrowserError::Timeout {
            what: format!("{} ({last_reason}) to {action}", self.description()),
            ms: timeout.as_millis(),
        })
    }

    /// One attempt: the element and its point when exactly one passes `checks`, `None` (with
    /// `last_reason` saying why) when the next attempt may do better, or an error that ends the
    /// wait (several matches, an element handle whose document is gone).
    async fn attempt_point(
        &self,
        action: &str,
        checks: &[&str],
        hover: bool,
        at: Option<(f64, f64)>,
        last_reason: &mut String,
        log: &mut AttemptLog,
    ) -> Result<Option<(Element, f64, f64)>> {
        let (found, swapping) = match self.page.resolve(&self.parts).await {
            Ok(found) => (found, false),
            // The page is between two documents: its elements come with the new one.
            Err(e) if crate::page::swapping(&e) => (Vec::new(), true),
            Err(e) => return Err(e),
        };
        match found.len() {
            0 if swapping => *last_reason = "the page is replacing its document".to_string(),
            0 => *last_reason = "no element matches".to_string(),
            1 => {
                self.log_attempt(&found[0], action, checks, log).await;
                match self.try_point(&found[0], action, checks, hover, at).await {
                    Ok(Ok((x, y))) => {
                        if log.traced {
                            if !checks.is_empty() {
                                crate::trace::traced::action_log(&format!("  - element is {}", wanted(checks)));
                            }
                            crate::trace::traced::action_log(&format!("  - performing {action} action"));
                        }
                        return Ok(Some((found.into_iter().next().expect("one element"), x, y)));
                    }
                    Ok(Err(reason)) => {
                        crate::trace::traced::action_log(&format!("  - {reason}"));
                        *last_reason = reason
                    }
                    // The document was replaced between finding the element and asking it (its
                    // context or object is gone): the next attempt finds it in the new one.
                    // A handle's element went with its document: it will not come back.
                    Err(e) if stale(&e) && self.is_element_handle() => {
                        return Err(BrowserError::Evaluation(format!(
                            "elementHandle.{action}: Element is not attached to the DOM"
                        )))
                    }
                    Err(e) if stale(&e) => *last_reason = "the page is replacing its document".to_string(),
                    Err(e) => return Err(e),
                }
            }
            _ => return Err(self.strict_violation(action, &found).await),
        }
        Ok(None)
    }

    /// The log lines of an attempt at `el` (when traced): what the locator resolved to, the
    /// first time, and which checks the attempt makes.
    async fn log_attempt(&self, el: &Element, action: &str, checks: &[&str], log: &mut AttemptLog) {
        if !crate::trace::traced::action_logged() {
            return;
        }
        log.traced = true;
        if !log.resolved {
            log.resolved = true;
            let preview = match self.page.helper_value(el, "describe", vec![]).await {
                Ok(v) => v.as_str().unwrap_or("an element").to_string(),
                Err(_) => "an element".to_string(),
            };
            crate::trace::traced::action_log(&format!("  - locator resolved to {preview}"));
        }
        log.tried = true;
        crate::trace::traced::action_log(&format!("attempting {action} action"));
        if !checks.is_empty() {
            crate::trace::traced::action_log(&format!("  - waiting for element to be {}", wanted(checks)));
        }
    }

    /// One attempt at `el`: its point (`Ok(Ok)`) when it passes `checks` (and, with `hover`, is
    /// still under the mouse once the move is handled), else why not (`Ok(Err)`).
    async fn try_point(
        &self,
        el: &Element,
        action: &str,
        checks: &[&str],
        hover: bool,
        at: Option<(f64, f64)>,
    ) -> Result<std::result::Result<(f64, f64), String>> {
        let position = at.map_or(Value::Null, |(x, y)| json!({ "x": x, "y": y }));
        let state = self.page.helper_value(el, "actionable", vec![json!(checks), position.clone()]).await?;
        match state["reason"].as_str() {
            Some("") | None => {
                let framed = state["framed"].as_bool() == Some(true);
                let mut point = Some((state["x"].as_f64().unwrap_or(0.0), state["y"].as_f64().unwrap_or(0.0)));
                if framed {
                    // Inside a cross-origin frame only the browser knows where the element is on
                    // the page; without its answer, try again.
                    point = self.page.layout_center(el).await?;
                }
                Ok(match point {
                    Some((x, y)) if hover => match self.hover_at(el, checks, (x, y), framed, &position).await? {
                        None => Ok((x, y)),
                        Some(reason) => Err(reason),
                    },
                    Some(at) => Ok(at),
                    None => Err("element has no box on the page yet".to_string()),
                })
            }
            // A handle's element was removed: it will not come back (another one matching now is
            // not it), so the action fails at once, as Playwright's.
            Some(r) if self.is_element_handle() && r == "element is not attached to the DOM" => {
                Err(BrowserError::Evaluation(format!("elementHandle.{action}: Element is not attached to the DOM")))
            }
            Some(r) => Ok(Err(r.to_string())),
        }
    }

    /// Moves the mouse to `point`, then asks the page whether `el` is still there to receive the
    /// press: hover effects (a menu opening over it, an element that jumps away) run while the
    /// move is handled, as Playwright's hit-target check after the move finds them. `Some`
    /// reason when it is not, to try again.
    async fn hover_at(
        &self,
        el: &Element,
        checks: &[&str],
        point: (f64, f64),
        framed: bool,
        position: &Value,
    ) -> Result<Option<String>> {
        self.mouse("mouseMoved", point.0, point.1, 0).await?;
        if framed {
            // Inside a cross-origin frame the point comes from the browser's layout only.
            return Ok(None);
        }
        let checks_now: Vec<&str> = checks.iter().copied().filter(|c| *c != "stable").collect();
        let state = self.page.helper_value(el, "actionable", vec![json!(checks_now), position.clone()]).await?;
        Ok(match state["reason"].as_str() {
            Some("") | None if (state["x"].as_f64(), state["y"].as_f64()) == (Some(point.0), Some(point.1)) => None,
            Some("") | None => Some("element moved when the mouse reached it".to_string()),
            Some(reason) => Some(reason.to_string()),
        })
    }

    async fn mouse(&self, kind: &str, x: f64, y: f64, clicks: i64) -> Result<()> {
        self.page.mouse_event(kind, x, y, clicks).await
    }

    /// Clicks the element's center once it is visible, stable, enabled and receives the pointer.
    pub async fn click(&self) -> Result<()> {
        self.traced("click", json!({}), None, self.click_untraced()).await
    }

    /// [`Locator::click`] as part of another action (`check`), not an action of its own.
    async fn click_untraced(&self) -> Result<()> {
        self.op("click", async {
            let (_, x, y) =
                self.wait_for_point("click", &["visible", "stable", "enabled", "receivesEvents"], true).await?;
            let mut events = self.page.connection.subscribe();
            self.page.mouse_sequence(crate::keyboard::PRESS_RELEASE, x, y).await?;
            crate::navigation::settle_started_navigation(&self.page, &mut events).await;
            Ok(())
        })
        .await
    }

    /// A PNG of the element, once it is visible and stable (scrolled into view first).
    pub async fn screenshot(&self) -> Result<Vec<u8>> {
        self.traced(
            "screenshot",
            json!({}),
            Some("Screenshot".to_string()),
            self.op("screenshot", async {
                // An element under an overlay still has a picture: no hit test, only scrolling.
                let (el, _, _) = self.wait_for_point("screenshot", &["visible", "stable", "inView"], false).await?;
                let (x, y, width, height) = self
                    .page
                    .document_box(&el)
                    .await?
                    .ok_or_else(|| BrowserError::Evaluation("locator.screenshot: the element has no box".into()))?;
                self.page.screenshot_clip(x, y, width, height).await
            }),
        )
        .await
    }

    /// Double-clicks.
    pub async fn dblclick(&self) -> Result<()> {
        self.traced(
            "dblclick",
            json!({}),
            None,
            self.op("dblclick", async {
                let (_, x, y) =
                    self.wait_for_point("dblclick", &["visible", "stable", "enabled", "receivesEvents"], true).await?;
                self.page.mouse_sequence(crate::keyboard::PRESS_RELEASE_TWICE, x, y).await
            }),
        )
        .await
    }

    /// Moves the mouse over the element.
    pub async fn hover(&self) -> Result<()> {
        self.traced(
            "hover",
            json!({}),
            None,
            self.op("hover", async {
                // The mouse is there once the element is found stable under it.
                self.wait_for_point("hover", &["visible", "stable", "receivesEvents"], true).await.map(|_| ())
            }),
        )
        .await
    }

    /// Replaces the value of an input, textarea or contenteditable, as typing would.
    pub async fn fill(&self, value: &str) -> Result<()> {
        self.traced(
            "fill",
            json!({ "value": value }),
            None,
            self.op("fill", async {
                let el = self.wait_for_one("fill", &["visible", "enabled", "editable"]).await?;
                let refused = self.page.helper_value(&el, "unfillable", vec![]).await?;
                if let Some(reason) = refused.as_str().filter(|r| !r.is_empty()) {
                    return Err(BrowserError::Evaluation(format!("Error: {reason}")));
                }
                self.page.helper_value(&el, "selectAll", vec![]).await?;
                let session = Some(self.page.session.as_str());
                if value.is_empty() {
                    self.page
                        .connection
                        .call_raw(
                            "Input.dispatchKeyEvent",
                            json!({"type": "keyDown", "key": "Delete", "code": "Delete", "windowsVirtualKeyCode": 46}),
                            session,
                        )
                        .await?;
                    self.page
                        .connection
                        .call_raw(
                            "Input.dispatchKeyEvent",
                            json!({"type": "keyUp", "key": "Delete", "code": "Delete", "windowsVirtualKeyCode": 46}),
                            session,
                        )
                        .await?;
                } else {
                    self.page.connection.call_raw("Input.insertText", json!({"text": value}), session).await?;
                }
                Ok(())
            }),
        )
        .await
    }

    async fn key(&self, name: &str) -> Result<()> {
        self.page.press_key(name).await
    }

    async fn focus(&self, el: &Element) -> Result<()> {
        self.page
            .connection
            .call_raw(
                "Runtime.callFunctionOn",
                json!({"functionDeclaration": "function() { this.focus(); }", "objectId": el.object_id}),
                Some(&self.page.session),
            )
            .await
            .map(|_| ())
    }

    /// Focuses the element and presses a key (`Enter`, `Tab`, `a`…).
    pub async fn press(&self, key: &str) -> Result<()> {
        self.traced(
            "press",
            json!({ "key": key }),
            None,
            self.op("press", async {
                let el = self.wait_for_one("press", &[]).await?;
                self.focus(&el).await?;
                let mut events = self.page.connection.subscribe();
                self.key(key).await?;
                // Enter in a form submits it: wait for that navigation to commit, as a click does.
                crate::navigation::settle_started_navigation(&self.page, &mut events).await;
                Ok(())
            }),
        )
        .await
    }

    /// Types text key by key (Playwright's `pressSequentially`).
    pub async fn type_text(&self, text: &str) -> Result<()> {
        self.traced(
            "type",
            json!({ "text": text }),
            None,
            self.op("pressSequentially", async {
                let el = self.wait_for_one("type", &["visible", "enabled"]).await?;
                self.focus(&el).await?;
                for c in text.chars() {
                    self.key(&c.to_string()).await?;
                }
                Ok(())
            }),
        )
        .await
    }

    /// Checks a checkbox or radio button (nothing to do when it is checked already).
    pub async fn check(&self) -> Result<()> {
        self.set_checked_with(true, &crate::ClickOptions::default()).await
    }

    /// Unchecks a checkbox (nothing to do when it is unchecked already).
    pub async fn uncheck(&self) -> Result<()> {
        self.set_checked_with(false, &crate::ClickOptions::default()).await
    }

    /// Evaluates `function(el) { … }`-style code on the single matching element.
    async fn read(&self, what: &str, declaration: &str) -> Result<Value> {
        self.traced(
            what,
            json!({}),
            None,
            self.op(what, async {
                let el = self.wait_for_one(what, &[]).await?;
                let reply = self
                    .page
                    .connection
                    .call_raw(
                        "Runtime.callFunctionOn",
                        json!({"functionDeclaration": declaration, "objectId": el.object_id, "returnByValue": true}),
                        Some(&self.page.session),
                    )
                    .await?;
                evaluation_result(reply).map_err(crate::resolve::without_stack)
            }),
        )
        .await
    }

    /// Calls `function` (JavaScript source of `(element, arg) => …`, may be async) with the
    /// single matching element and `arg`; returns its result as JSON (`null` for `undefined`).
    /// A throw becomes [`BrowserError::Evaluation`].
    pub async fn evaluate(&self, function: &str, arg: Value) -> Result<Value> {
        self.traced(
            "evalOnSelector",
            json!({ "expression": function }),
            None,
            self.op("evaluate", async {
                let el = self.wait_for_one("evaluate", &[]).await?;
                let declaration = format!("function(arg) {{ return {}(this, arg); }}", in_realm_of(function, "this"));
                let reply = self
                .page
                .connection
                .call_raw(
                    "Runtime.callFunctionOn",
                    json!({"functionDeclaration": declaration, "objectId": el.object_id, "arguments": [{"value": arg}],
                           "returnByValue": true, "awaitPromise": true}),
                    Some(&self.page.session),
                )
                .await?;
                evaluation_result(reply)
            }),
        )
        .await
    }

    /// Calls `function` (`(elements, arg) => …`, may be async) once with every current match,
    /// in document order (an empty array when nothing matches; it does not wait).
    pub async fn evaluate_all(&self, function: &str, arg: Value) -> Result<Value> {
        self.op("evaluateAll", async {
            let found = self.page.resolve(&self.parts).await?;
            let session = Some(self.page.session.as_str());
            let reply = match found.first() {
                // The elements travel as remote-object arguments; the last argument is `arg`.
                Some(first) => {
                    let mut arguments: Vec<Value> = found.iter().map(|e| json!({"objectId": e.object_id})).collect();
                    arguments.push(json!({"value": arg}));
                    let declaration = format!(
                        "function(...items) {{ const arg = items.pop(); return {}(items, arg); }}",
                        in_realm_of(function, "items[0]")
                    );
                    self.page
                        .connection
                        .call_raw(
                            "Runtime.callFunctionOn",
                            json!({"functionDeclaration": declaration, "objectId": first.object_id,
                                   "arguments": arguments, "returnByValue": true, "awaitPromise": true}),
                            session,
                        )
                        .await?
                }
                // No match: still in the frame's window when the locator is inside a frame.
                None => match self.frame_root().await? {
                    Some(root) => {
                        let declaration =
                            format!("function(arg) {{ return {}([], arg); }}", in_realm_of(function, "this"));
                        self.page
                            .connection
                            .call_raw(
                                "Runtime.callFunctionOn",
                                json!({"functionDeclaration": declaration, "objectId": root.object_id,
                                       "arguments": [{"value": arg}], "returnByValue": true, "awaitPromise": true}),
                                session,
                            )
                            .await?
                    }
                    None => {
                        let expression = format!("({function})([], {arg})");
                        self.page
                            .connection
                            .call_raw(
                                "Runtime.evaluate",
                                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
                                session,
                            )
                            .await?
                    }
                },
            };
            evaluation_result(reply)
        })
        .await
    }

    /// The root element of the frame this locator searches in, when it is inside one.
    async fn frame_root(&self) -> Result<Option<Element>> {
        let Some(entered) = self.parts.iter().rposition(|p| matches!(p, crate::locator::Part::EnterFrame)) else {
            return Ok(None);
        };
        let mut parts = self.parts[..=entered].to_vec();
        parts.push(crate::locator::Part::Css(":root".into()));
        Ok(self.page.resolve(&parts).await?.into_iter().next())
    }

    /// The element's `textContent`.
    pub async fn text_content(&self) -> Result<String> {
        Ok(self
            .read("textContent", "function() { return this.textContent; }")
            .await?
            .as_str()
            .unwrap_or("")
            .to_string())
    }

    /// The element's `innerText` (rendered text).
    pub async fn inner_text(&self) -> Result<String> {
        Ok(self.read("innerText", "function() { return this.innerText; }").await?.as_str().unwrap_or("").to_string())
    }

    /// The element's `innerHTML`.
    pub async fn inner_html(&self) -> Result<String> {
        Ok(self.read("innerHTML", "function() { return this.innerHTML; }").await?.as_str().unwrap_or("").to_string())
    }

    /// The value of an input, textarea or select.
    /// An element of another kind is an error, as in Playwright (a `<label>` reads its control).
    pub async fn input_value(&self) -> Result<String> {
        let declaration = "function() { const el = this.localName === 'label' && this.control ? this.control : this; \
            if (!['input', 'textarea', 'select'].includes(el.localName)) \
              throw new Error('Node is not an <input>, <textarea> or <select> element'); return el.value; }";
        Ok(self.read("inputValue", declaration).await?.as_str().unwrap_or("").to_string())
    }

    /// An attribute's value, `None` when absent.
    pub async fn get_attribute(&self, name: &str) -> Result<Option<String>> {
        let declaration = format!("function() {{ return this.getAttribute({}); }}", json!(name));
        Ok(self.read("getAttribute", &declaration).await?.as_str().map(str::to_string))
    }

    /// How many elements match now (no waiting).
    pub async fn count(&self) -> Result<usize> {
        self.op("count", async { self.page.resolve(&self.parts).await.map(|v| v.len()) }).await
    }

    /// One locator per current match.
    pub async fn all(&self) -> Result<Vec<Locator>> {
        Ok((0..self.count().await?).map(|i| self.nth(i as i64)).collect())
    }

    /// The error for a locator that must name one element and matched several (Playwright's
    /// strict mode), naming up to five of them.
    pub(crate) async fn strict_violation(&self, action: &str, found: &[Element]) -> BrowserError {
        let mut names = Vec::new();
        for el in found.iter().take(5) {
            let name = match self.page.helper_value(el, "describe", vec![]).await {
                Ok(v) => v.as_str().unwrap_or("?").to_string(),
                Err(_) => "?".to_string(),
            };
            names.push(name);
        }
        BrowserError::StrictMode(format!(
            "locator.{action}: strict mode violation: {} resolved to {} elements:\n    {}\n  hint: make the locator unique, or use .first(), .last() or .nth(i)",
            self.description(),
            found.len(),
            names.join("\n    ")
        ))
    }

    /// The one element the locator matches now, `None` when none does (no waiting); several
    /// are a strict mode violation.
    pub(crate) async fn single_now(&self, action: &str) -> Result<Option<Element>> {
        let mut found = self.page.resolve(&self.parts).await?;
        match found.len() {
            0 => Ok(None),
            1 => Ok(found.pop()),
            _ => Err(self.strict_violation(action, &found).await),
        }
    }

    /// Waits for the one element, then reads its state (`name` as the helper's `state`).
    async fn state(&self, action: &str, name: &str) -> Result<bool> {
        self.op(action, async {
            let el = self.wait_for_one(action, &[]).await?;
            Ok(self
                .page
                .helper_value(&el, "state", vec![json!(name)])
                .await
                .map_err(crate::resolve::without_stack)?
                .as_bool()
                == Some(true))
        })
        .await
    }

    /// Whether the element is visible: `false` when nothing matches (no waiting, as
    /// Playwright's); several matches are a strict mode violation.
    pub async fn is_visible(&self) -> Result<bool> {
        self.op("isVisible", async {
            match self.single_now("isVisible").await? {
                None => Ok(false),
                Some(el) => Ok(self.page.helper_value(&el, "isVisible", vec![]).await?.as_bool() == Some(true)),
            }
        })
        .await
    }

    /// Whether the element is hidden or nothing matches (no waiting).
    pub async fn is_hidden(&self) -> Result<bool> {
        Ok(!self.is_visible().await?)
    }

    /// Whether the element is enabled; waits for the element (strict).
    pub async fn is_enabled(&self) -> Result<bool> {
        self.state("isEnabled", "enabled").await
    }

    /// Whether the element is disabled (natively, in a disabled fieldset, or by aria-disabled);
    /// waits for the element (strict).
    pub async fn is_disabled(&self) -> Result<bool> {
        self.state("isDisabled", "disabled").await
    }

    /// Whether the checkbox or radio (or ARIA checkbox-like element) is checked; waits for the
    /// element (strict); an element without a checked state is an error.
    pub async fn is_checked(&self) -> Result<bool> {
        self.state("isChecked", "checked").await
    }

    /// Whether the element is editable (enabled and not read-only); waits for the element
    /// (strict); an element that cannot be edited at all is an error.
    pub async fn is_editable(&self) -> Result<bool> {
        self.state("isEditable", "editable").await
    }
}

/// The value of a `Runtime.evaluate`/`callFunctionOn` reply, or the page's exception.
fn evaluation_result(reply: Value) -> Result<Value> {
    if let Some(details) = reply.get("exceptionDetails") {
        return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
    }
    Ok(reply.pointer("/result/value").cloned().unwrap_or(Value::Null))
}

/// Whether `e` says the element's document is gone (a navigation committed between finding it
/// and acting on it): its page is swapping, or its execution context or remote object no
/// longer exists. The protocol says so only in its messages.
fn stale(e: &BrowserError) -> bool {
    crate::page::swapping(e)
        || match e {
            BrowserError::Protocol { message, .. } | BrowserError::Evaluation(message) => [
                "Cannot find context with specified id",
                "Could not find object with given id",
                "Execution context was destroyed",
            ]
            .iter()
            .any(|m| message.contains(m)),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::stale;
    use crate::error::BrowserError;

    #[test]
    fn a_gone_document_is_stale_and_other_errors_are_not() {
        let protocol = |m: &str| BrowserError::Protocol { method: "Runtime.callFunctionOn".into(), message: m.into() };
        assert!(stale(&protocol("Not attached to an active page")));
        assert!(stale(&protocol("Cannot find context with specified id")));
        assert!(stale(&BrowserError::Evaluation("Execution context was destroyed.".into())));
        assert!(!stale(&protocol("Invalid parameters")));
        assert!(!stale(&BrowserError::Evaluation("elementHandle.click: Element is not attached to the DOM".into())));
    }
}

/// What the action log has said so far in one wait (Playwright names the element once and counts
/// the attempts).
#[derive(Debug, Default)]
struct AttemptLog {
    /// The action is traced.
    traced: bool,
    /// "locator resolved to …" was logged.
    resolved: bool,
    /// An attempt at an element was made (later ones are "retrying").
    tried: bool,
}

/// Playwright's words for what an action waits for ("visible, enabled and stable").
fn wanted(checks: &[&str]) -> String {
    // In Playwright's order, whatever order the checks come in.
    let words: Vec<&str> =
        ["visible", "enabled", "editable", "stable"].into_iter().filter(|w| checks.contains(w)).collect();
    match words.as_slice() {
        [] => "attached".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Page code for `function` compiled in the realm of `element` (page code naming an element):
/// an element inside a frame is reached from the page's main world, whose globals (`document`,
/// `window`) are not the frame's, so the frame's own window compiles it there, as Playwright
/// evaluates in the frame's context.
fn in_realm_of(function: &str, element: &str) -> String {
    let source = serde_json::Value::String(format!("({function})")).to_string();
    format!(
        "((view) => (view && view !== window ? view.eval({source}) : ({function})))({element} && {element}.ownerDocument && {element}.ownerDocument.defaultView)"
    )
}
