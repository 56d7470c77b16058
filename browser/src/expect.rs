//! Web-first assertions: each re-checks the page until it holds or the timeout passes, and a
//! failure says what was expected, what was found last, and with which locator. Reads the
//! page only: may not act on it.

use crate::error::BrowserError;
use crate::locator::Locator;
use crate::page::Page;
use crate::resolve::Element;
use crate::text_match::TextMatch;
use serde_json::{json, Value};

// The array forms (`toHaveText([..])` and friends) and the assertions about one element's
// properties (CSS, JS properties, role, accessible name…) live in their own files.
mod lists;
mod properties;
mod viewport;
use std::future::Future;
use std::time::{Duration, Instant};

/// A failed assertion, ready to show: `expect(locator).toHaveText(expected)` with the
/// expected and received values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectError(pub String);

/// Traced as a plain `Error`, as Playwright names a failed assertion in its traces.
impl crate::trace::traced::TracedError for ExpectError {}

impl std::fmt::Display for ExpectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExpectError {}

/// Assertions about a locator.
pub struct LocatorAssertions<'a> {
    locator: &'a Locator,
    negate: bool,
    timeout: Option<Duration>,
    /// Text assertions read `innerText` (what is rendered) instead of `textContent`.
    inner_text: bool,
}

/// Starts assertions about `locator`.
pub fn expect(locator: &Locator) -> LocatorAssertions<'_> {
    LocatorAssertions { locator, negate: false, timeout: None, inner_text: false }
}

/// What one poll saw.
pub(crate) enum Seen {
    /// The condition, evaluated: whether it holds, and what to show as received.
    Value(bool, String),
    /// Nothing to evaluate (no element matches, or the page is between documents): neither the
    /// assertion nor its negation holds, as in Playwright, so polling goes on.
    Missing(String),
    /// An error no wait can cure (a strict mode violation, the element cannot have the state,
    /// the browser gone): fails at once.
    Fatal(String),
}

impl Seen {
    /// A read that failed: fatal when waiting cannot help, else nothing seen this time.
    pub(crate) fn from_error(e: BrowserError) -> Seen {
        match e {
            // The page's own answer that the element cannot have what is asserted ("Not a
            // checkbox or radio button"), like Playwright's errors thrown in the page, is final.
            BrowserError::StrictMode(_)
            | BrowserError::Disconnected(_)
            | BrowserError::Evaluation(_)
            | BrowserError::TargetCrashed => Seen::Fatal(e.to_string()),
            other => Seen::Missing(other.to_string()),
        }
    }
}

/// What Playwright shows as received when no element matched.
const NOT_FOUND: &str = "<element(s) not found>";

/// Polls `observe` until what it sees agrees with `!negate` or the timeout passes; a browser
/// that went away (`connection` closed) ends the wait at once, as nothing can change any more.
/// No pause goes past the deadline, nor any look but the first (given `FIRST_LOOK`); a look the
/// page does not answer in time is the last one. Returns whether the assertion passed and the last thing received.
/// Before each look, an overlay the suite has a locator handler for is dealt with
/// (`locator_handlers.rs`), as Playwright's assertions do.
async fn poll<F, Fut>(
    timeout: Duration,
    negate: bool,
    page: &std::sync::Arc<crate::page::PageInner>,
    mut observe: F,
) -> (bool, String)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Seen>,
{
    let start = Instant::now();
    let deadline = start + timeout;
    let mut pause = 0u64;
    let mut last = NOT_FOUND.to_string();
    let mut first = true;
    loop {
        // The first look gets at least FIRST_LOOK to answer, even past a shorter timeout: its
        // answer says why (a strict-mode violation must not turn into "not found" on a slow
        // page); later looks end at the deadline.
        let cut = if first { deadline.max(start + crate::actions::FIRST_LOOK) } else { deadline };
        first = false;
        let look = async {
            if !timeout.is_zero() {
                match crate::locator_handlers::checkpoint(page, "expect", deadline).await {
                    Ok(None) => {}
                    // Out of time waiting for the handler: what it waited for is the news.
                    Ok(Some(reason)) => return Seen::Missing(reason),
                    Err(e) => return Seen::Fatal(e.to_string()),
                }
            }
            observe().await
        };
        let seen = if timeout.is_zero() {
            look.await
        } else {
            match tokio::time::timeout_at(cut.into(), look).await {
                Ok(seen) => seen,
                Err(_) => return (false, last),
            }
        };
        let received = match seen {
            Seen::Value(holds, received) if holds != negate => return (true, received),
            Seen::Value(_, received) | Seen::Missing(received) => received,
            Seen::Fatal(reason) => return (false, reason),
        };
        if Instant::now() >= deadline || page.connection.closed_reason().is_some() {
            return (false, received);
        }
        last = received;
        pause = (pause * 2).clamp(20, 250);
        tokio::time::sleep(Duration::from_millis(pause).min(deadline.saturating_duration_since(Instant::now()))).await;
    }
}

impl<'a> LocatorAssertions<'a> {
    /// The opposite assertion.
    #[allow(clippy::should_implement_trait)]
    pub fn not(mut self) -> Self {
        self.negate = !self.negate;
        self
    }

    /// A timeout for this assertion.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Text assertions read what is rendered (`innerText`: hidden parts left out) rather than
    /// all of the text (Playwright's `useInnerText`).
    pub fn use_inner_text(mut self) -> Self {
        self.inner_text = true;
        self
    }

    /// Where the element's text is read from (see [`LocatorAssertions::use_inner_text`]).
    pub(crate) fn text_source(&self) -> &'static str {
        if self.inner_text {
            "innerText"
        } else {
            "text"
        }
    }

    fn fail(&self, matcher: &str, expected: &str, received: &str, timeout: Duration) -> ExpectError {
        let not = if self.negate { ".not" } else { "" };
        // Nothing matched: Playwright 1.65 says so after the timeout rather than as received.
        let (received, error) = match received {
            NOT_FOUND => (String::new(), "\nError: element(s) not found"),
            received => (format!("\nReceived: {received}"), ""),
        };
        ExpectError(format!(
            "expect(locator){not}.{matcher}() failed\n\nLocator: {}\nExpected: {}{expected}{received}\nTimeout: {}ms{error}",
            self.locator.description(),
            if self.negate { "not " } else { "" },
            timeout.as_millis()
        ))
    }

    pub(crate) async fn check<F, Fut>(&self, matcher: &str, expected: &str, observe: F) -> Result<(), ExpectError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Seen>,
    {
        let timeout = self.timeout.unwrap_or_else(|| self.locator.timeout());
        let not = if self.negate { ".not" } else { "" };
        let _noted = crate::pending::note(format!("expect({}){not}.{matcher}({expected})", self.locator.description()));
        let params =
            json!({ "expression": expression(matcher), "isNot": self.negate, "timeout": timeout.as_millis() as u64 });
        let title = Some(format!("Expect \"{matcher}\""));
        let checked = async {
            match poll(timeout, self.negate, &self.locator.page, observe).await {
                (true, _) => Ok(()),
                (false, received) => Err(self.fail(matcher, expected, &received, timeout)),
            }
        };
        self.locator.traced("expect", params, title, checked).await
    }

    /// Polls a condition on the one element the locator names: no match is neither a pass
    /// nor a failure of the condition (the assertion waits, then fails, negated or not), and
    /// several matches fail at once (strict mode), as Playwright's single-element assertions.
    /// `read` answers whether the condition holds and what to show as received.
    pub(crate) async fn on_one<F, Fut>(&self, matcher: &str, expected: &str, read: F) -> Result<(), ExpectError>
    where
        F: Fn(Element) -> Fut,
        Fut: Future<Output = crate::error::Result<(bool, String)>>,
    {
        self.on_one_or(matcher, expected, None, read).await
    }

    /// [`Self::on_one`], where `absent` (when given) is whether the condition holds when
    /// nothing matches (the states Playwright decides without an element).
    async fn on_one_or<F, Fut>(
        &self,
        matcher: &str,
        expected: &str,
        absent: Option<bool>,
        read: F,
    ) -> Result<(), ExpectError>
    where
        F: Fn(Element) -> Fut,
        Fut: Future<Output = crate::error::Result<(bool, String)>>,
    {
        let l = self.locator;
        let read = &read;
        self.check(matcher, expected, || async move {
            let seen = l.op(matcher, async {
                Ok(match (l.single_now(matcher).await?, absent) {
                    (None, Some(holds)) => Seen::Value(holds, NOT_FOUND.to_string()),
                    (None, None) => Seen::Missing(NOT_FOUND.to_string()),
                    (Some(el), _) => match read(el).await {
                        Ok((holds, received)) => Seen::Value(holds, received),
                        Err(e) => Seen::from_error(e),
                    },
                })
            });
            seen.await.unwrap_or_else(Seen::from_error)
        })
        .await
    }

    /// Polls one element's value as the helper's `read` gives it (`what`, `arg`) against `test`.
    pub(crate) async fn on_value(
        &self,
        matcher: &str,
        expected: &str,
        what: &str,
        arg: Value,
        test: impl Fn(&Value) -> (bool, String),
    ) -> Result<(), ExpectError> {
        let page = &self.locator.page;
        let (arg, test) = (&arg, &test);
        self.on_one(matcher, expected, |el| async move {
            let v = page
                .helper_value(&el, "read", vec![json!(what), arg.clone()])
                .await
                .map_err(crate::resolve::without_stack)?;
            Ok(test(&v))
        })
        .await
    }

    /// Polls an element state (the helper's `state`). No element counts as `absent` for the
    /// states Playwright decides without one (visible, hidden, attached), else as missing.
    async fn state(&self, matcher: &str, state: &'static str, absent: Option<bool>) -> Result<(), ExpectError> {
        let page = &self.locator.page;
        self.on_one_or(matcher, state, absent, |el| async move {
            let v = page.helper_value(&el, "state", vec![json!(state)]).await.map_err(crate::resolve::without_stack)?;
            let holds = v.as_bool() == Some(true);
            Ok((holds, if holds { state.to_string() } else { format!("not {state}") }))
        })
        .await
    }

    /// The element is visible (fails when nothing matches; `.not()` passes then).
    pub async fn to_be_visible(&self) -> Result<(), ExpectError> {
        self.state("toBeVisible", "visible", Some(false)).await
    }

    /// The element is hidden, or nothing matches.
    pub async fn to_be_hidden(&self) -> Result<(), ExpectError> {
        self.state("toBeHidden", "hidden", Some(true)).await
    }

    /// The element is in the DOM (fails when nothing matches; `.not()` passes then).
    pub async fn to_be_attached(&self) -> Result<(), ExpectError> {
        self.state("toBeAttached", "attached", Some(false)).await
    }

    /// The element is enabled.
    pub async fn to_be_enabled(&self) -> Result<(), ExpectError> {
        self.state("toBeEnabled", "enabled", None).await
    }

    /// The element is disabled (natively, by a disabled fieldset, or by aria-disabled).
    pub async fn to_be_disabled(&self) -> Result<(), ExpectError> {
        self.state("toBeDisabled", "disabled", None).await
    }

    /// The checkbox or radio (or ARIA checkbox-like element) is checked.
    pub async fn to_be_checked(&self) -> Result<(), ExpectError> {
        self.state("toBeChecked", "checked", None).await
    }

    /// The checkbox is indeterminate (`toBeChecked({ indeterminate: true })`).
    pub async fn to_be_indeterminate(&self) -> Result<(), ExpectError> {
        self.state("toBeChecked", "mixed", None).await
    }

    /// The element is editable: enabled and not read-only.
    pub async fn to_be_editable(&self) -> Result<(), ExpectError> {
        self.state("toBeEditable", "editable", None).await
    }

    /// The element has focus.
    pub async fn to_be_focused(&self) -> Result<(), ExpectError> {
        self.state("toBeFocused", "focused", None).await
    }

    /// The input or textarea has no value, or the element no text.
    pub async fn to_be_empty(&self) -> Result<(), ExpectError> {
        self.state("toBeEmpty", "empty", None).await
    }

    async fn text_like(&self, matcher: &str, expected: TextMatch) -> Result<(), ExpectError> {
        let shown = expected.describe();
        self.on_value(matcher, &shown, self.text_source(), Value::Null, |v| {
            let t = v.as_str().unwrap_or("");
            // Strings compare with whitespace collapsed; a RegExp sees the text as it is.
            let holds =
                if matches!(expected, TextMatch::Regex { .. }) { expected.matches_raw(t) } else { expected.matches(t) };
            (holds, format!("'{}'", t.split_whitespace().collect::<Vec<_>>().join(" ")))
        })
        .await
    }

    /// The element's text equals `expected` (whitespace normalised); a regex may be given.
    pub async fn to_have_text(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        self.text_like("toHaveText", expected.into().exact_if_plain()).await
    }

    /// The element's text contains `expected` (case-sensitive in Playwright; here too).
    pub async fn to_contain_text(&self, expected: &str) -> Result<(), ExpectError> {
        self.text_like("toContainText", TextMatch::containing(expected)).await
    }

    /// The input's value: a string (exact) or a regular expression.
    pub async fn to_have_value(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        self.on_value("toHaveValue", &expected.describe(), "value", Value::Null, |v| {
            let v = v.as_str().unwrap_or("");
            (expected.matches(v), format!("'{v}'"))
        })
        .await
    }

    /// An attribute's value: a string (exact) or a regular expression.
    pub async fn to_have_attribute(&self, name: &str, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        self.on_value("toHaveAttribute", &format!("{name}={}", expected.describe()), "attribute", json!(name), |v| {
            let v = v.as_str();
            (v.is_some_and(|v| expected.matches(v)), format!("{name}={v:?}"))
        })
        .await
    }

    /// The whole `class` attribute: a string (exact) or a regular expression (Playwright's
    /// `toHaveClass`; use [`LocatorAssertions::to_contain_class`] for one class among others).
    pub async fn to_have_class(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        self.on_value("toHaveClass", &expected.describe(), "class", Value::Null, |v| {
            let v = v.as_str().unwrap_or("");
            (expected.matches(v), format!("'{v}'"))
        })
        .await
    }

    /// The element has these classes (space-separated), among others.
    pub async fn to_contain_class(&self, classes: &str) -> Result<(), ExpectError> {
        self.on_value("toContainClass", classes, "class", Value::Null, |v| {
            let v = v.as_str().unwrap_or("");
            let has = classes.split_whitespace().all(|c| v.split_whitespace().any(|x| x == c));
            (has, format!("'{v}'"))
        })
        .await
    }

    /// Exactly `n` elements match.
    pub async fn to_have_count(&self, n: usize) -> Result<(), ExpectError> {
        let l = self.locator;
        self.check("toHaveCount", &n.to_string(), || async {
            match l.count().await {
                Ok(c) => Seen::Value(c == n, c.to_string()),
                Err(e) => Seen::from_error(e),
            }
        })
        .await
    }
}

/// Assertions about a page.
pub struct PageAssertions<'a> {
    page: &'a Page,
    negate: bool,
    timeout: Duration,
}

/// Starts assertions about `page`.
pub fn expect_page(page: &Page) -> PageAssertions<'_> {
    PageAssertions { page, negate: false, timeout: Duration::from_secs(5) }
}

impl<'a> PageAssertions<'a> {
    /// The opposite assertion.
    #[allow(clippy::should_implement_trait)]
    pub fn not(mut self) -> Self {
        self.negate = !self.negate;
        self
    }

    /// A timeout for this assertion.
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    async fn check(&self, matcher: &str, expected: &TextMatch, url: bool) -> Result<(), ExpectError> {
        let params = json!({ "expression": expression(matcher), "isNot": self.negate,
            "timeout": self.timeout.as_millis() as u64 });
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "expect",
            params,
            title: Some(format!("Expect \"{matcher}\"")),
            waiting_for: None,
        };
        self.page.inner.traced(action, self.check_untraced(matcher, expected, url)).await
    }

    async fn check_untraced(&self, matcher: &str, expected: &TextMatch, url: bool) -> Result<(), ExpectError> {
        let page = self.page;
        let (ok, received) = poll(self.timeout, self.negate, &page.inner, || async {
            let value = if url { page.url().await } else { page.title().await };
            match value {
                Ok(v) => Seen::Value(expected.matches(&v), format!("'{v}'")),
                Err(e) => Seen::from_error(e),
            }
        })
        .await;
        if ok {
            return Ok(());
        }
        let not = if self.negate { ".not" } else { "" };
        Err(ExpectError(format!(
            "expect(page){not}.{matcher}() failed\n\nExpected: {}{}\nReceived: {received}\nTimeout: {}ms",
            if self.negate { "not " } else { "" },
            expected.describe(),
            self.timeout.as_millis()
        )))
    }

    /// The page's URL equals `expected` (or matches a regex).
    pub async fn to_have_url(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let m = match expected.into() {
            TextMatch::Substring(s) => TextMatch::Exact(s),
            other => other,
        };
        self.check("toHaveURL", &m, true).await
    }

    /// The page's title equals `expected` (or matches a regex).
    pub async fn to_have_title(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let m = match expected.into() {
            TextMatch::Substring(s) => TextMatch::Exact(s),
            other => other,
        };
        self.check("toHaveTitle", &m, false).await
    }
}

/// A matcher's name as Playwright's trace writes it: `toBeVisible` is `to.be.visible`.
fn expression(matcher: &str) -> String {
    let mut out = String::new();
    for c in matcher.chars() {
        if c.is_ascii_uppercase() {
            out.push('.');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
