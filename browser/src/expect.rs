//! Web-first assertions: each re-checks the page until it holds or the timeout passes, and a
//! failure says what was expected, what was found last, and with which locator.

use crate::{Locator, Page, TextMatch};

// The array forms (`toHaveText([..])` and friends) live in their own file.
mod lists;
use std::future::Future;
use std::time::{Duration, Instant};

/// A failed assertion, ready to show: `expect(locator).toHaveText(expected)` with the
/// expected and received values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectError(pub String);

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
}

/// Starts assertions about `locator`.
pub fn expect(locator: &Locator) -> LocatorAssertions<'_> {
    LocatorAssertions { locator, negate: false, timeout: None }
}

/// What one poll observed: whether the condition holds, and what to report as received.
type Observation = (bool, String);

/// Polls `observe` until it agrees with `!negate` or the timeout passes; a browser that went
/// away (`connection` closed) ends the wait at once, as nothing can change any more.
async fn poll<F, Fut>(timeout: Duration, negate: bool, connection: &crate::Connection, mut observe: F) -> (bool, String)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Observation>,
{
    let start = Instant::now();
    let mut pause = 0u64;
    loop {
        let (holds, received) = observe().await;
        if holds != negate {
            return (true, received);
        }
        if start.elapsed() >= timeout || connection.closed_reason().is_some() {
            return (false, received);
        }
        pause = (pause * 2).clamp(20, 250);
        tokio::time::sleep(Duration::from_millis(pause)).await;
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

    fn fail(&self, matcher: &str, expected: &str, received: &str, timeout: Duration) -> ExpectError {
        let not = if self.negate { ".not" } else { "" };
        ExpectError(format!(
            "expect(locator){not}.{matcher}() failed\n\nLocator: {}\nExpected: {}{expected}\nReceived: {received}\nTimeout: {}ms",
            self.locator.description(),
            if self.negate { "not " } else { "" },
            timeout.as_millis()
        ))
    }

    async fn check<F, Fut>(&self, matcher: &str, expected: &str, observe: F) -> Result<(), ExpectError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Observation>,
    {
        let timeout = self.timeout.unwrap_or_else(|| self.locator.timeout());
        match poll(timeout, self.negate, &self.locator.page.connection, observe).await {
            (true, _) => Ok(()),
            (false, received) => Err(self.fail(matcher, expected, &received, timeout)),
        }
    }

    async fn flag(&self, matcher: &str, expected: &str, read: impl AsyncFlag) -> Result<(), ExpectError> {
        let l = self.locator;
        self.check(matcher, expected, || async {
            match read.read(l).await {
                Ok(v) => (v, if v { expected.to_string() } else { format!("not {expected}") }),
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }

    /// The element is visible.
    pub async fn to_be_visible(&self) -> Result<(), ExpectError> {
        self.flag("toBeVisible", "visible", Flag::Visible).await
    }

    /// No matching element is visible.
    pub async fn to_be_hidden(&self) -> Result<(), ExpectError> {
        self.flag("toBeHidden", "hidden", Flag::Hidden).await
    }

    /// The element is enabled.
    pub async fn to_be_enabled(&self) -> Result<(), ExpectError> {
        self.flag("toBeEnabled", "enabled", Flag::Enabled).await
    }

    /// The element is disabled.
    pub async fn to_be_disabled(&self) -> Result<(), ExpectError> {
        self.flag("toBeDisabled", "disabled", Flag::Disabled).await
    }

    /// The checkbox or radio is checked.
    pub async fn to_be_checked(&self) -> Result<(), ExpectError> {
        self.flag("toBeChecked", "checked", Flag::Checked).await
    }

    async fn text_like(&self, matcher: &str, expected: TextMatch) -> Result<(), ExpectError> {
        let l = self.locator;
        let shown = expected.describe();
        self.check(matcher, &shown, || async {
            match l.text_content().await {
                Ok(t) => (expected.matches(&t), format!("'{}'", t.split_whitespace().collect::<Vec<_>>().join(" "))),
                Err(e) => (false, e.to_string()),
            }
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
        let l = self.locator;
        self.check("toHaveValue", &expected.describe(), || async {
            match l.input_value().await {
                Ok(v) => (expected.matches(&v), format!("'{v}'")),
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }

    /// An attribute's value: a string (exact) or a regular expression.
    pub async fn to_have_attribute(&self, name: &str, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        let l = self.locator;
        self.check("toHaveAttribute", &format!("{name}={}", expected.describe()), || async {
            match l.get_attribute(name).await {
                Ok(v) => (v.as_deref().is_some_and(|v| expected.matches(v)), format!("{name}={v:?}")),
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }

    /// The whole `class` attribute: a string (exact) or a regular expression (Playwright's
    /// `toHaveClass`; use [`LocatorAssertions::to_contain_class`] for one class among others).
    pub async fn to_have_class(&self, expected: impl Into<TextMatch>) -> Result<(), ExpectError> {
        let expected = expected.into().exact_if_plain();
        let l = self.locator;
        self.check("toHaveClass", &expected.describe(), || async {
            match l.get_attribute("class").await {
                Ok(v) => {
                    let v = v.unwrap_or_default();
                    (expected.matches(&v), format!("'{v}'"))
                }
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }

    /// The element has these classes (space-separated), among others.
    pub async fn to_contain_class(&self, classes: &str) -> Result<(), ExpectError> {
        let l = self.locator;
        self.check("toContainClass", classes, || async {
            match l.get_attribute("class").await {
                Ok(v) => {
                    let v = v.unwrap_or_default();
                    let has = classes.split_whitespace().all(|c| v.split_whitespace().any(|x| x == c));
                    (has, format!("'{v}'"))
                }
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }

    /// Exactly `n` elements match.
    pub async fn to_have_count(&self, n: usize) -> Result<(), ExpectError> {
        let l = self.locator;
        self.check("toHaveCount", &n.to_string(), || async {
            match l.count().await {
                Ok(c) => (c == n, c.to_string()),
                Err(e) => (false, e.to_string()),
            }
        })
        .await
    }
}

#[derive(Clone, Copy)]
enum Flag {
    Visible,
    Hidden,
    Enabled,
    Disabled,
    Checked,
}

trait AsyncFlag: Copy {
    fn read(self, l: &Locator) -> impl Future<Output = crate::Result<bool>>;
}

impl AsyncFlag for Flag {
    async fn read(self, l: &Locator) -> crate::Result<bool> {
        match self {
            Flag::Visible => l.is_visible().await,
            Flag::Hidden => l.is_hidden().await,
            Flag::Enabled => l.is_enabled().await,
            Flag::Disabled => l.is_disabled().await,
            Flag::Checked => l.is_checked().await,
        }
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
        let page = self.page;
        let (ok, received) = poll(self.timeout, self.negate, &page.inner.connection, || async {
            let value = if url { page.url().await } else { page.title().await };
            match value {
                Ok(v) => (expected.matches(&v), format!("'{v}'")),
                Err(e) => (false, e.to_string()),
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
