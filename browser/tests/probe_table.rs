//! Every locator assertion and state query against Playwright's own outcomes: `probe_table.json`
//! holds each case (an assertion or a query on one matching element, on none, on several) with
//! what Playwright 1.65 answered on the same page in the same Chromium
//! (`tests/playwright-probe/record.mjs` records it). An assertion may pass here only where
//! Playwright's passes, and a strict mode violation must fail at once here as there.

mod support;

use ferridriver_browser::{expect, BrowserError, Locator, Page, TextMatch};
use serde::Deserialize;
use serde_json::Value;
use std::time::Duration;

const PAGES: &[(&str, &str)] = &[("/probe.html", include_str!("site/probe.html"))];

#[derive(Debug, Deserialize)]
struct Table {
    playwright: String,
    #[serde(rename = "timeoutMs")]
    timeout_ms: u64,
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
struct Case {
    locator: String,
    kind: String,
    matcher: Option<String>,
    query: Option<String>,
    args: Vec<Value>,
    #[serde(default)]
    not: bool,
    outcome: String,
    reason: Option<String>,
    #[serde(default)]
    value: Value,
}

impl Case {
    fn name(&self) -> String {
        let what = self.matcher.as_deref().or(self.query.as_deref()).unwrap_or("?");
        let not = if self.not { ".not" } else { "" };
        format!(
            "{}{not}.{what}({})",
            self.locator,
            self.args.iter().map(Value::to_string).collect::<Vec<_>>().join(", ")
        )
    }
}

/// A recorded argument as a text matcher: a string (exact) or `{"regex", "flags"}`.
fn text(v: &Value) -> TextMatch {
    match v {
        Value::String(s) => TextMatch::Exact(s.clone()),
        Value::Object(o) => TextMatch::regex(
            o["regex"].as_str().unwrap_or_default(),
            o.get("flags").and_then(Value::as_str).unwrap_or_default(),
        ),
        other => panic!("not a text argument: {other}"),
    }
}

fn texts(v: &Value) -> Vec<TextMatch> {
    v.as_array().expect("an array argument").iter().map(text).collect()
}

/// What our implementation answered: `Ok(())` for a pass (or a query's value), else the error
/// and whether it was a strict mode violation.
enum Ours {
    Pass(Value),
    Fail { strict: bool, message: String },
}

async fn run_expect(locator: &Locator, case: &Case, timeout: Duration) -> Ours {
    let matcher = case.matcher.as_deref().unwrap_or_default();
    let mut args = case.args.clone();
    // Playwright's `{ visible: false }` and the like mean the negated assertion.
    let mut negate = case.not;
    // `{ indeterminate: true }` is the mixed state, as the JS API maps it.
    let indeterminate = args.last().and_then(|a| a.get("indeterminate")) == Some(&Value::Bool(true));
    if let Some(Value::Object(options)) = args.last().filter(|a| a.get("regex").is_none()) {
        let keys = ["visible", "attached", "checked", "enabled", "editable"];
        if keys.iter().any(|k| options.get(*k) == Some(&Value::Bool(false))) {
            negate = !negate;
        }
        args.pop();
    }
    let mut a = expect(locator).timeout(timeout);
    if negate {
        a = a.not();
    }
    let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::Null);
    let string = |i: usize| arg(i).as_str().unwrap_or_default().to_string();
    let result = match matcher {
        "toBeVisible" => a.to_be_visible().await,
        "toBeHidden" => a.to_be_hidden().await,
        "toBeAttached" => a.to_be_attached().await,
        "toBeEnabled" => a.to_be_enabled().await,
        "toBeDisabled" => a.to_be_disabled().await,
        "toBeChecked" if indeterminate => a.to_be_indeterminate().await,
        "toBeChecked" => a.to_be_checked().await,
        "toBeEditable" => a.to_be_editable().await,
        "toBeEmpty" => a.to_be_empty().await,
        "toBeFocused" => a.to_be_focused().await,
        "toHaveText" if arg(0).is_array() => a.to_have_texts(&texts(&arg(0))).await,
        "toHaveText" => a.to_have_text(text(&arg(0))).await,
        "toContainText" if arg(0).is_array() => {
            let list: Vec<TextMatch> = arg(0)
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().map(TextMatch::containing).unwrap_or_else(|| text(v)))
                .collect();
            a.to_contain_matches(&list).await
        }
        "toContainText" => match &arg(0) {
            Value::String(s) => a.to_contain_text(s).await,
            regex => a.to_have_text(text(regex)).await,
        },
        "toHaveValue" => a.to_have_value(text(&arg(0))).await,
        "toHaveValues" => a.to_have_values(&texts(&arg(0))).await,
        "toHaveAttribute" if args.len() == 1 => a.to_have_attribute(&string(0), TextMatch::regex("", "")).await,
        "toHaveAttribute" => a.to_have_attribute(&string(0), text(&arg(1))).await,
        "toHaveClass" if arg(0).is_array() => a.to_have_classes(&texts(&arg(0))).await,
        "toHaveClass" => a.to_have_class(text(&arg(0))).await,
        "toContainClass" if arg(0).is_array() => {
            let list: Vec<String> = serde_json::from_value(arg(0)).unwrap();
            a.to_contain_classes(&list.iter().map(String::as_str).collect::<Vec<_>>()).await
        }
        "toContainClass" => a.to_contain_class(&string(0)).await,
        "toHaveCount" => a.to_have_count(arg(0).as_u64().unwrap() as usize).await,
        "toHaveCSS" => a.to_have_css(&string(0), text(&arg(1))).await,
        "toHaveJSProperty" => a.to_have_js_property(&string(0), arg(1)).await,
        "toHaveId" => a.to_have_id(text(&arg(0))).await,
        "toHaveRole" => a.to_have_role(&string(0)).await,
        "toHaveAccessibleName" => a.to_have_accessible_name(text(&arg(0))).await,
        "toHaveAccessibleDescription" => a.to_have_accessible_description(text(&arg(0))).await,
        other => panic!("the probe table has a matcher this test does not know: {other}"),
    };
    match result {
        Ok(()) => Ours::Pass(Value::Null),
        Err(e) => Ours::Fail { strict: e.0.contains("strict mode violation"), message: e.0 },
    }
}

async fn run_query(locator: &Locator, case: &Case) -> Ours {
    let query = case.query.as_deref().unwrap_or_default();
    let value = match query {
        "isVisible" => locator.is_visible().await.map(Value::from),
        "isHidden" => locator.is_hidden().await.map(Value::from),
        "isEnabled" => locator.is_enabled().await.map(Value::from),
        "isDisabled" => locator.is_disabled().await.map(Value::from),
        "isChecked" => locator.is_checked().await.map(Value::from),
        "isEditable" => locator.is_editable().await.map(Value::from),
        "textContent" => locator.text_content().await.map(Value::from),
        "innerText" => locator.inner_text().await.map(Value::from),
        "inputValue" => locator.input_value().await.map(Value::from),
        "getAttribute" => locator
            .get_attribute(case.args[0].as_str().unwrap())
            .await
            .map(|v| v.map(Value::from).unwrap_or(Value::Null)),
        other => panic!("the probe table has a query this test does not know: {other}"),
    };
    match value {
        Ok(v) => Ours::Pass(v),
        Err(e) => Ours::Fail { strict: matches!(e, BrowserError::StrictMode(_)), message: e.to_string() },
    }
}

/// How our answer differs from Playwright's, if it does.
fn disagreement(case: &Case, ours: &Ours) -> Option<String> {
    let playwright_passed = case.outcome == "pass" || case.outcome == "ok";
    match ours {
        Ours::Pass(_) if !playwright_passed => Some(format!("passes here, Playwright fails ({:?})", case.reason)),
        Ours::Pass(v) if case.kind == "query" && *v != case.value => {
            Some(format!("answers {v}, Playwright {}", case.value))
        }
        Ours::Pass(_) => None,
        Ours::Fail { message, .. } if playwright_passed => Some(format!("fails here, Playwright passes: {message}")),
        Ours::Fail { strict, message } if *strict != (case.reason.as_deref() == Some("strict")) => Some(format!(
            "fails {} here, Playwright {:?}: {message}",
            if *strict { "as a strict mode violation" } else { "otherwise" },
            case.reason
        )),
        Ours::Fail { .. } => None,
    }
}

async fn run_case(page: &Page, case: &Case, timeout: Duration) -> Option<String> {
    let locator = page.locator(&case.locator).with_timeout(timeout);
    let ours = match case.kind.as_str() {
        "expect" => run_expect(&locator, case, timeout).await,
        "query" => run_query(&locator, case).await,
        other => panic!("unknown case kind {other}"),
    };
    disagreement(case, &ours).map(|d| format!("{}: {d}", case.name()))
}

#[tokio::test(flavor = "current_thread")]
async fn every_assertion_and_query_agrees_with_playwright() {
    let table: Table = serde_json::from_str(include_str!("probe_table.json")).expect("probe_table.json parses");
    assert!(table.cases.len() > 300, "the whole table is read");
    let Some((browser, page, _)) = support::open_at(PAGES, "/probe.html").await else { return };
    let timeout = Duration::from_millis(table.timeout_ms);
    let mut disagreements = Vec::new();
    // Cases only read the page, so a batch runs at once: failing cases each wait the timeout.
    for batch in table.cases.chunks(24) {
        let results = futures::future::join_all(batch.iter().map(|case| run_case(&page, case, timeout))).await;
        disagreements.extend(results.into_iter().flatten());
    }
    browser.close().await;
    assert!(
        disagreements.is_empty(),
        "{} of {} cases disagree with Playwright {}:\n{}",
        disagreements.len(),
        table.cases.len(),
        table.playwright,
        disagreements.join("\n")
    );
}

/// A strict mode violation does not wait for the locator to become unique: it fails at once,
/// negated or not, as Playwright's does.
#[tokio::test(flavor = "current_thread")]
async fn a_strict_mode_violation_fails_at_once() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/probe.html").await else { return };
    let several = page.locator("#several .item");
    let started = std::time::Instant::now();
    let err = expect(&several).not().timeout(Duration::from_secs(5)).to_have_text("nothing like it").await.unwrap_err();
    assert!(err.0.contains("strict mode violation") && err.0.contains("2 elements"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(2), "no waiting for the timeout: {:?}", started.elapsed());
    browser.close().await;
}
