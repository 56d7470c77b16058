//! JS handles (`page.evaluateHandle`, `locator.evaluateHandle`, a handle's `evaluate`,
//! `evaluateHandle`, `getProperty`, `getProperties`, `jsonValue`, `asElement`, `dispose`, and
//! handles passed to `evaluate` alone or inside an array or object) as Playwright 1.65.1
//! answered the same calls on the same page (recorded with a probe). Two answers differ in
//! wording only: what a disposed handle's use says. And `page.waitForFunction`'s handle.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] =
    &[("/handles", "<!DOCTYPE html><title>Handles</title><h1>Hello</h1><button id=b>Press</button>")];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/handles');
const out = {};
const body = await page.evaluateHandle(() => document.body);
out.bodyIsElement = body.asElement() !== null;
out.bodyString = String(body);
out.bodyText = await page.evaluate((b) => b.querySelector('h1').textContent, body);
const obj = await page.evaluateHandle(() => ({ a: 1, b: 'two', nested: { c: [1, 2] } }));
out.objString = String(obj);
out.objJson = await obj.jsonValue();
out.objAsElement = obj.asElement();
const a = await obj.getProperty('a');
out.propString = String(a);
out.propJson = await a.jsonValue();
const props = await obj.getProperties();
out.propNames = [...props.keys()];
out.viaHandleEvaluate = await obj.evaluate((o, k) => o.nested.c.length + k, 10);
out.inObjectArg = await page.evaluate(({ o, n }) => o.b + n, { o: obj, n: '!' });
out.inArrayArg = await page.evaluate(([x, y]) => x.a + y.a, [obj, obj]);
const num = await page.evaluateHandle(() => 42);
out.numString = String(num);
out.numJson = await num.jsonValue();
const str = await page.evaluateHandle(() => 'hey');
out.strString = String(str);
const arr = await page.evaluateHandle(() => [1, 2, 3]);
out.arrString = String(arr);
out.arrProps = [...(await arr.getProperties()).keys()];
const promised = await page.evaluateHandle(async () => ({ later: true }));
out.awaited = await promised.jsonValue();
const win = await page.evaluateHandle(() => window);
out.windowString = String(win);
out.windowTitle = await win.evaluate((w) => w.document.title);
const button = await page.locator('button').evaluateHandle((el) => el);
out.locatorHandleElement = button.asElement() !== null;
out.locatorHandleText = await button.textContent();
const label = await page.locator('button').evaluateHandle((el, suffix) => el.textContent + suffix, '?');
out.locatorValue = await label.jsonValue();
const h1 = await page.$('h1');
out.elementGetProperty = await (await h1.getProperty('textContent')).jsonValue();
out.elementJsonArg = await page.evaluate((el) => el.tagName, h1);
out.locatorEvaluateHandleArg = await page.locator('button').evaluate((el, o) => el.id + o.a, obj);
const derived = await obj.evaluateHandle((o) => o.nested);
out.derivedJson = await derived.jsonValue();
await obj.dispose();
try { await obj.jsonValue(); out.afterDispose = 'ok'; } catch (e) { out.afterDispose = e.message.split('\n')[0]; }
try { await page.evaluate((o) => o.a, obj); out.disposedArg = 'ok'; } catch (e) { out.disposedArg = e.message.split('\n')[0]; }
return out;
"#;

/// Playwright's words for a disposed handle are about its own protocol ("no object with guid
/// handle@…", a closed target); ours say the handle is disposed.
fn different() -> [(&'static str, serde_json::Value); 2] {
    [
        ("afterDispose", serde_json::json!("JSHandle is disposed")),
        ("disposedArg", serde_json::json!("JSHandle is disposed")),
    ]
}

#[test]
fn js_handles_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "bodyIsElement": true,
        "bodyString": "JSHandle@node",
        "bodyText": "Hello",
        "objString": "Object",
        "objJson": { "a": 1, "b": "two", "nested": { "c": [1, 2] } },
        "objAsElement": null,
        "propString": "1",
        "propJson": 1,
        "propNames": ["a", "b", "nested"],
        "viaHandleEvaluate": 12,
        "inObjectArg": "two!",
        "inArrayArg": 2,
        "numString": "42",
        "numJson": 42,
        "strString": "hey",
        "arrString": "Array(3)",
        "arrProps": ["0", "1", "2"],
        "awaited": { "later": true },
        "windowString": "Window",
        "windowTitle": "Handles",
        "locatorHandleElement": true,
        "locatorHandleText": "Press",
        "locatorValue": "Press?",
        "elementGetProperty": "Hello",
        "elementJsonArg": "H1",
        "locatorEvaluateHandleArg": "b1",
        "derivedJson": { "c": [1, 2] },
        "afterDispose": "jsHandle.jsonValue: Target page, context or browser has been closed",
        "disposedArg": "page.evaluate: arg.handles[0]: no object with guid handle@75bf618923c21018ad8ea2b3a2b432ef"
    });
    js_suite::assert_as_playwright("handles", &base, SCRIPT, &playwright, &different());
}

/// `page.waitForFunction` resolves to a handle of the truthy value it saw (an element handle
/// for an element), as Playwright's does.
const WAITED: &str = r#"
await page.goto(args[0] + '/handles');
const out = {};
const title = await page.waitForFunction(() => document.title);
out.waitString = String(title);
out.waitJson = await title.jsonValue();
const heading = await page.waitForFunction(() => document.querySelector('h1'));
out.waitElement = heading.asElement() !== null;
out.waitElementText = await heading.evaluate((h) => h.textContent);
const later = page.waitForFunction((n) => window.count >= n && { count: window.count }, 3, { polling: 10 });
await page.evaluate(() => { window.count = 0; const t = setInterval(() => { window.count += 1; if (window.count > 5) clearInterval(t); }, 20); });
const kept = await later;
out.waitObjectString = String(kept);
out.waitObjectAtLeast = (await kept.evaluate((o) => o.count)) >= 3;
return out;
"#;

#[test]
fn wait_for_function_hands_back_the_value_it_saw() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "waitString": "Handles",
        "waitJson": "Handles",
        "waitElement": true,
        "waitElementText": "Hello",
        "waitObjectString": "Object",
        "waitObjectAtLeast": true
    });
    js_suite::assert_as_playwright("waited", &base, WAITED, &playwright, &[]);
}

/// What ferridriver refuses rather than answer with another value: a handle whose document is
/// gone (its number could name a value of the new document; element handles too), a handle of
/// another page; the refusals reject the call's promise (`.catch` sees them).
const REFUSED: &str = r#"
await page.goto(args[0] + '/handles');
const out = {};
const old = await page.evaluateHandle(() => ({ from: 'the first document' }));
const oldHeading = await page.$('h1');
await page.goto(args[0] + '/handles');
await page.evaluateHandle(() => ({ from: 'the second document' }));
await page.$('button');
out.staleElement = await oldHeading.textContent({ timeout: 300 }).then((t) => 'answered ' + t, () => 'refused');
out.stale = await page.evaluate((o) => o.from, old).catch((e) => e.message.split('\n')[0]);
const other = await context.newPage();
await other.goto(args[0] + '/handles');
const foreign = await other.evaluateHandle(() => 1);
out.foreign = await page.evaluate((n) => n, foreign).catch((e) => e.message.split('\n')[0]);
await foreign.dispose();
out.disposed = await foreign.evaluate((n) => n).catch((e) => e.message.split('\n')[0]);
out.noArgument = await (await page.evaluateHandle(() => 5)).evaluate((v, more) => [v, more === undefined]);
out.waitUndefined = await (await page.waitForFunction((x) => x === undefined)).jsonValue();
return out;
"#;

#[test]
fn stale_and_foreign_handles_are_refused() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("fd-handles-refused-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (envelope, stderr) = js_suite::run_script(&dir, REFUSED, &[&base]);
    let out = &envelope["value"];
    let stale = out["stale"].as_str().unwrap_or_default();
    assert!(stale.ends_with("JSHandle is disposed: its document is gone"), "{envelope}\n{stderr}");
    assert_eq!(out["foreign"], "page.evaluate: the handle belongs to another page", "{envelope}");
    assert_eq!(out["disposed"], "jsHandle.evaluate: JSHandle is disposed", "{envelope}");
    assert_eq!(out["noArgument"], serde_json::json!([5, true]), "{envelope}");
    assert_eq!(out["waitUndefined"], true, "{envelope}");
    assert_eq!(out["staleElement"], "refused", "an element handle of a document that is gone: {envelope}");
    let _ = std::fs::remove_dir_all(&dir);
}
