//! A page whose renderer crashes (`chrome://crash` crashes it on purpose) as Playwright 1.65.1
//! reports it: the `crash` event with the page, and what is asked of the page afterwards failing
//! at once with "Target crashed" (recorded with a probe on the same page).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { const s = Date.now(); try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0].trim(); } if (Date.now() - s > 3000) out[key] = 'slow: ' + out[key]; };
let crashed = 0; let same = null;
page.on('crash', (p) => { crashed++; same = p === page; });
await page.goto(args[0] + '/');
await attempt('gotoCrash', () => page.goto('chrome://crash', { timeout: 5000 }).then(() => 'ok'));
await new Promise((x) => setTimeout(x, 300));
await attempt('evaluate', () => page.evaluate(() => 1));
await attempt('click', () => page.locator('p').click({ timeout: 5000 }).then(() => 'ok'));
await attempt('expect', () => expect(page.locator('p')).toBeVisible({ timeout: 5000 }).then(() => 'ok'));
await attempt('title', () => page.title());
out.crashed = crashed; out.same = same; out.isClosed = page.isClosed();
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"gotoCrash": "error: page.goto: net::ERR_ABORTED at chrome://crash", "evaluate": "error: page.evaluate: Target crashed", "click": "error: locator.click: Target crashed", "expect": "error: expect(locator).toBeVisible() failed", "title": "", "crashed": 1, "same": true, "isClosed": false}"#;

#[test]
fn a_crashed_page_is_reported_and_refuses_what_comes_after_as_playwright() {
    support::browser_available();
    let base = support::serve(&[("/", "<!doctype html><title>Expr</title><p>para</p>")]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // Playwright answers an empty title from a crashed page; ours says it crashed.
    let title = serde_json::json!("error: Target crashed");
    js_suite::assert_as_playwright("crash", &base, SCRIPT, &playwright, &[("title", title)]);
}
