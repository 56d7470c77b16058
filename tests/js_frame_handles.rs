//! A child frame's JS handles as Playwright 1.65.1 answers them on the same pages:
//! `frame.waitForFunction` (a function, a string, an argument, a timeout, an element found late),
//! `frame.evaluateHandle` (objects, the window, properties), handles and element handles given
//! back to the frame's `evaluate` (alone or in an array), a locator of `frame.locator()` making
//! and taking handles, and a frame's handle refused by the page's `evaluate`; a frame's
//! locator evaluating with the frame's globals.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
const frame = page.frame({ name: 'kid' });
await attempt('wffValue', async () => { const h = await frame.waitForFunction(() => window.ready, undefined, { timeout: 3000 }); return h.jsonValue(); });
await attempt('wffString', async () => { const h = await frame.waitForFunction('document.title === "Kid" && document.title'); return h.jsonValue(); });
await attempt('wffArg', async () => { const h = await frame.waitForFunction((n) => document.querySelectorAll('b').length >= n && document.querySelectorAll('b').length, 2); return h.jsonValue(); });
await attempt('wffTimeout', async () => { await frame.waitForFunction(() => window.never, undefined, { timeout: 300 }); return 'resolved'; });
await attempt('wffElement', async () => { const h = await frame.waitForFunction(() => document.querySelector('b#late')); return [String(h), await h.evaluate((el) => el.textContent), await h.textContent()]; });
await attempt('evalHandleObj', async () => { const h = await frame.evaluateHandle(() => ({ title: document.title, n: 2 })); return [String(h), await h.jsonValue(), await (await h.getProperty('title')).jsonValue()]; });
await attempt('evalHandleWindow', async () => { const h = await frame.evaluateHandle(() => window); return [String(h), await h.evaluate((w) => w.document.title)]; });
await attempt('handleAsArg', async () => { const h = await frame.evaluateHandle(() => ({ n: 5 })); return frame.evaluate((o) => o.n * 2, h); });
await attempt('handleInArray', async () => { const h = await frame.evaluateHandle(() => ({ n: 5 })); return frame.evaluate(([o, k]) => o.n + k, [h, 3]); });
await attempt('elementAsArg', async () => { const el = await frame.$('b'); return frame.evaluate((e) => e.textContent, el); });
await attempt('frameHandleToPage', async () => { const h = await frame.evaluateHandle(() => ({ n: 5 })); return page.evaluate((o) => o.n, h); });
await attempt('disposed', async () => { const h = await frame.evaluateHandle(() => ({ n: 5 })); await h.dispose(); return h.jsonValue(); });
await attempt('locatorHandle', async () => { const h = await frame.locator('b').first().evaluateHandle((e) => e.textContent); return h.jsonValue(); });
await attempt('locatorEvalWithHandle', async () => { const h = await frame.evaluateHandle(() => '!'); return frame.locator('b').first().evaluate((e, s) => e.textContent + s, h); });
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"wffValue": "yes", "wffString": "Kid", "wffArg": 2, "wffTimeout": "error: frame.waitForFunction: Timeout 300ms exceeded.", "wffElement": ["JSHandle@node", "late", "late"], "evalHandleObj": ["Object", {"title": "Kid", "n": 2}, "Kid"], "evalHandleWindow": ["Window", "Kid"], "handleAsArg": 10, "handleInArray": 8, "elementAsArg": "one", "frameHandleToPage": "error: page.evaluate: JSHandles can be evaluated only in the context they were created!", "disposed": "error: jsHandle.jsonValue: Target page, context or browser has been closed", "locatorHandle": "one", "locatorEvalWithHandle": "one!"}"#;

#[test]
fn a_child_frames_handles_and_waits_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(&[
        ("/", r#"<!doctype html><title>Main</title><iframe name=kid src=/kid></iframe>"#),
        (
            "/kid",
            r#"<!doctype html><title>Kid</title><b>one</b><script>setTimeout(() => { window.ready = 'yes'; const b = document.createElement('b'); b.id = 'late'; b.textContent = 'late'; document.body.append(b); }, 200)</script>"#,
        ),
    ]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // A disposed handle says so (Playwright's says its target was closed).
    let disposed = serde_json::json!("error: JSHandle is disposed");
    js_suite::assert_as_playwright("frame-handles", &base, SCRIPT, &playwright, &[("disposed", disposed)]);
}

const REALM: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
const f = page.frame({ name: 'kid' });
await attempt('frameLocatorGlobals', () => f.locator('b').evaluate((el) => [document.title, el.ownerDocument === document, typeof window.kidOnly]));
await attempt('frameLocatorOfPage', () => page.frameLocator('iframe').locator('b').evaluate((el) => [document.title, window.kidOnly]));
await attempt('evaluateAllGlobals', () => f.locator('b').evaluateAll((els) => [els.length, document.title, els[0] instanceof HTMLElement]));
await attempt('mainStillMain', () => page.locator('p#one').evaluate((el) => [document.title, el instanceof HTMLElement]));
await attempt('dateFromFrame', () => f.locator('b').evaluate(() => new Date(0)).then((d) => d instanceof Date));
await attempt('noMatchInFrame', () => f.locator('i.none').evaluateAll((els) => [els.length, document.title]));
await attempt('noMatchInFrameString', () => f.locator('i.none').evaluateAll('document.title'));
return out;
"#;

/// A function given to a locator inside a frame runs with the frame's globals (`document`,
/// `window`, its classes), as Playwright's runs in the frame's context — also `evaluateAll` when
/// nothing matches: the element is reached from the page's main world, whose globals ours used
/// to see. Playwright 1.65.1's answers.
#[test]
fn a_frames_locator_evaluates_with_the_frames_globals() {
    support::browser_available();
    let base = support::serve(&[
        (
            "/",
            r#"<!doctype html><title>Expr</title><p id=one>para</p><p id=two>two</p><iframe name=kid src=/kid></iframe>"#,
        ),
        ("/kid", r#"<!doctype html><title>Kid</title><b>bold</b><script>window.kidOnly = 'kid'</script>"#),
    ]);
    let playwright = serde_json::from_str(r#"{"frameLocatorGlobals":["Kid",true,"string"],"frameLocatorOfPage":["Kid","kid"],"evaluateAllGlobals":[1,"Kid",true],"mainStillMain":["Expr",true],"dateFromFrame":true,"noMatchInFrame":[0,"Kid"],"noMatchInFrameString":"Kid"}"#).unwrap();
    js_suite::assert_as_playwright("frame-realm", &base, REALM, &playwright, &[]);
}
