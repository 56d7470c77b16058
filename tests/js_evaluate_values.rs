//! `evaluate` answers `undefined` where Playwright 1.65.1's does (page, locator, `evaluateAll`,
//! a child frame), so that `toBeNull()` on a missing value fails as it does there; recorded
//! with a probe on the same page.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
await page.setContent('<p>x</p><iframe name=f srcdoc="<b>y</b>"></iframe>');
await page.frame('f').waitForLoadState();
const t = async (p) => { const v = await p; return v === undefined ? 'undefined' : v; };
let nullPasses;
try { expect(await page.evaluate(() => window.nope)).toBeNull(); nullPasses = true; } catch (e) { nullPasses = false; }
return {
  page: await t(page.evaluate(() => undefined)),
  pageNull: await t(page.evaluate(() => null)),
  pageAsync: await t(page.evaluate(async () => { await 0; })),
  missing: await t(page.evaluate(() => window.nope)),
  locator: await t(page.locator('p').evaluate(() => undefined)),
  locatorValue: await t(page.locator('p').evaluate((e) => e.textContent)),
  all: await t(page.locator('p').evaluateAll(() => undefined)),
  frame: await t(page.frame('f').evaluate(() => undefined)),
  frameValue: await t(page.frame('f').evaluate(() => document.body.textContent)),
  string: await t(page.evaluate('1 + 1')),
  nullPasses,
};
"#;

#[test]
fn evaluate_answers_undefined_as_playwright() {
    support::browser_available();
    let base = support::serve(&[("/", "<p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "page": "undefined", "pageNull": null, "pageAsync": "undefined", "missing": "undefined",
        "locator": "undefined", "locatorValue": "x", "all": "undefined", "frame": "undefined",
        "frameValue": "y", "string": 2, "nullPasses": false
    });
    js_suite::assert_as_playwright("evaluate-values", &base, SCRIPT, &playwright, &[]);
}
