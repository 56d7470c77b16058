//! JS handles (`page.evaluateHandle`, `locator.evaluateHandle`, a handle's `evaluate`,
//! `evaluateHandle`, `getProperty`, `getProperties`, `jsonValue`, `asElement`, `dispose`, and
//! handles passed to `evaluate` alone or inside an array or object) as Playwright 1.65.1
//! answered the same calls on the same page (recorded with a probe). Two answers differ in
//! wording only: what a disposed handle's use says.

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
