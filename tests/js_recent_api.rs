//! Playwright's newer page and locator API, answered as Playwright 1.65.1 answers it on the same
//! pages: `page.consoleMessages()` and `page.pageErrors()` (kept whether or not anyone
//! listened: the current document's, or every one kept with `filter: 'all'`, at most 200 with
//! the oldest 20 dropped past that), `page.requestGC()`, and `locator.describe()` /
//! `description()` (the locator named in messages until another part follows).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
await page.evaluate(() => { console.log('one', 2); console.warn('careful'); setTimeout(() => { throw new TypeError('late boom'); }, 0); });
await page.waitForTimeout(200);
await attempt('messages', async () => (await page.consoleMessages()).map((m) => [m.type(), m.text(), m.location().lineNumber]));
await attempt('errors', async () => (await page.pageErrors()).map((e) => [e.name, e.message, String(e.stack).split('\n')[0]]));
await attempt('messagesIsArray', async () => Array.isArray((await page.consoleMessages())));
await attempt('messagesThen', async () => typeof (await page.consoleMessages()).then);
await page.goto(args[0] + '/other');
await attempt('allAfterNav', async () => (await page.consoleMessages({ filter: 'all' })).map((m) => m.text()));
await attempt('afterNav', async () => (await page.consoleMessages()).map((m) => m.text()));
await attempt('errorsAfterNav', async () => (await page.pageErrors()).map((e) => e.message));
await page.evaluate(() => { for (let i = 0; i < 250; i++) console.log('m' + i); });
await page.waitForTimeout(300);
await attempt('count', async () => [(await page.consoleMessages()).length, (await page.consoleMessages())[0].text(), (await page.consoleMessages()).at(-1).text()]);
await attempt('gc', async () => { const r = await page.requestGC(); return r === undefined ? 'undefined' : r; });
await attempt('pause', async () => { const t = Date.now(); const r = await page.pause(); return [r === undefined ? 'undefined' : r, Date.now() - t < 2000]; });
const l = page.locator('#b').describe('the buy button');
await attempt('describeString', async () => String(l));
await attempt('describeDescription', async () => typeof l.description === 'function' ? l.description() : 'none');
await attempt('plainDescription', async () => typeof page.locator('#b').description === 'function' ? page.locator('#b').description() : 'none');
await attempt('describeChained', async () => String(l.first()));
await attempt('describeText', async () => l.textContent());
await attempt('describeTimeout', async () => page.locator('#nothing').describe('the ghost').click({ timeout: 300 }));
await attempt('describeExpect', async () => { await expect(page.locator('#nothing').describe('the ghost')).toBeVisible({ timeout: 300 }); return 'passed'; });
try { await expect(page.locator('#nothing').describe('the ghost')).toBeVisible({ timeout: 300 }); } catch (e) { out.describeExpectFull = e.message.split('\n').slice(0, 6); }
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"messages": [["log", "from load", 0], ["log", "one 2", 0], ["warning", "careful", 0]], "errors": [["TypeError", "late boom", "TypeError: late boom"]], "messagesIsArray": true, "messagesThen": "undefined", "allAfterNav": ["from load", "one 2", "careful", "other page"], "afterNav": ["other page"], "errorsAfterNav": [], "count": [194, "m56", "m249"], "gc": "undefined", "pause": ["undefined", true], "describeString": "the buy button", "describeDescription": "the buy button", "plainDescription": null, "describeChained": "locator('#b').first()", "describeText": "Buy", "describeTimeout": "error: locator.click: Timeout 300ms exceeded.", "describeExpect": "error: expect(locator).toBeVisible() failed", "describeExpectFull": ["expect(locator).toBeVisible() failed", "", "Locator: the ghost", "Expected: visible", "Timeout: 300ms", "Error: element(s) not found"]}"#;

#[test]
fn console_history_gc_and_described_locators_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(&[
        (
            "/",
            r#"<!doctype html><link rel=icon href="data:,"><title>C</title><script>console.log('from load')</script><button id=b>Buy</button>"#,
        ),
        (
            "/other",
            r#"<!doctype html><link rel=icon href="data:,"><title>O</title><script>console.info('other page')</script><button id=b>Buy</button>"#,
        ),
    ]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("recent-api", &base, SCRIPT, &playwright, &[]);
}
