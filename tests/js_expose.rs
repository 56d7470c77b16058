//! `page.exposeFunction` and `context.exposeFunction` as Playwright 1.65.1 answered the same
//! calls on the same pages (recorded with a probe): a page's call answered with the value (also
//! an async one, an object), a throw rejecting the page's promise with its message, the page's
//! own click calling it, the function kept across a navigation, a context's function in a new
//! and an open page, and the errors of a name registered twice; `exposeBinding` (page and
//! context) whose callback gets `{ context, page, frame }` of the call, from an iframe too, and
//! values for `{ handle: true }` (Playwright 1.65 no longer hands out handles there).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/expose",
        r#"<!DOCTYPE html><title>Expose</title><button id=go onclick="window.shout('clicked').then((v) => { document.getElementById('out').textContent = v })">Go</button><p id=out></p>"#,
    ),
    ("/expose?again", "<!DOCTYPE html><title>Again</title>"),
];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/expose');
const out = {};
const calls = [];
await page.exposeFunction('shout', (text) => { calls.push(text); return text.toUpperCase(); });
out.call = await page.evaluate(async () => await window.shout('abc'));
out.type = await page.evaluate(() => typeof window.shout);
await page.exposeFunction('add', async (a, b) => ({ sum: a.n + b }));
out.async = await page.evaluate(async () => await window.add({ n: 2 }, 3));
await page.exposeFunction('boom', () => { throw new Error('kaput'); });
out.error = await page.evaluate(async () => { try { await window.boom(); return 'no error'; } catch (e) { return e.message; } });
out.undef = await page.evaluate(async () => { const v = await window.shout('x'); return [typeof v, v]; });
try { await page.exposeFunction('shout', () => 1); out.twice = 'ok'; } catch (e) { out.twice = e.message.split('\n')[0]; }
await page.click('#go');
await page.waitForFunction(() => document.querySelector('#out').textContent !== '');
out.fromPage = await page.textContent('#out');
await page.goto(args[0] + '/expose?again');
out.afterNavigation = await page.evaluate(async () => await window.shout('nav'));
await context.exposeFunction('ctx', () => 'from context');
const other = await context.newPage();
await other.goto(args[0] + '/expose');
out.contextNewPage = await other.evaluate(async () => await window.ctx());
out.contextOldPage = await page.evaluate(async () => await window.ctx());
try { await page.exposeFunction('ctx', () => 1); out.pageAfterContext = 'ok'; } catch (e) { out.pageAfterContext = e.message.split('\n')[0]; }
out.calls = calls;
return out;
"#;

#[test]
fn exposed_functions_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "call": "ABC",
        "type": "function",
        "async": { "sum": 5 },
        "error": "kaput",
        "undef": ["string", "X"],
        "twice": "page.exposeFunction: Function \"shout\" has been already registered",
        "fromPage": "CLICKED",
        "afterNavigation": "NAV",
        "contextNewPage": "from context",
        "contextOldPage": "from context",
        "pageAfterContext": "page.exposeFunction: Function \"ctx\" has been already registered in the browser context",
        "calls": ["abc", "x", "clicked", "nav"]
    });
    js_suite::assert_as_playwright("expose", &base, SCRIPT, &playwright, &[]);
}

const BINDING: &str = r#"
await page.goto(args[0] + '/expose');
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.exposeBinding('whoami', (source, x) => [source.page === page, source.context === context, source.frame === page.mainFrame(), source.frame.url().endsWith('/expose'), x]);
await attempt('main', () => page.evaluate(() => window.whoami(5)));
await attempt('twice', () => page.exposeBinding('whoami', () => 1));
await attempt('asFunction', () => page.exposeFunction('whoami', () => 1));
await context.exposeBinding('ctxb', (source, a, b) => ({ same: source.page === page, sum: a + b }));
await attempt('context', () => page.evaluate(() => window.ctxb(2, 3)));
await attempt('contextTwice', () => page.exposeBinding('ctxb', () => 1));
await page.setContent(`<iframe name=kid src="${args[0]}/expose?again"></iframe>`);
await page.waitForLoadState('load');
const kid = page.frame('kid');
await page.exposeBinding('where', (source) => [source.frame === kid, source.frame.name(), source.frame.url().endsWith('?again')]);
await attempt('fromFrame', () => kid.evaluate(() => window.where()));
await attempt('fromMain', () => page.evaluate(() => window.where()));
await attempt('handleOption', async () => { await page.exposeBinding('valued', (source, v, w) => [typeof v, JSON.stringify(v), w], { handle: true }); return page.evaluate(() => window.valued({ a: 1 }, 2)); });
await attempt('throws', async () => { await page.exposeBinding('bad', () => { throw new Error('nope'); }); return page.evaluate(async () => { try { await window.bad(); return 'ok'; } catch (e) { return e.message; } }); });
return out;
"#;

#[test]
fn exposed_bindings_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "main": [true, true, true, true, 5],
        "twice": "error: page.exposeBinding: Function \"whoami\" has been already registered",
        "asFunction": "error: page.exposeFunction: Function \"whoami\" has been already registered",
        "context": { "same": true, "sum": 5 },
        "contextTwice": "error: page.exposeBinding: Function \"ctxb\" has been already registered in the browser context",
        "fromFrame": [true, "kid", true],
        "fromMain": [false, "", false],
        "throws": "nope",
        "handleOption": ["object", "{\"a\":1}", 2]
    });
    js_suite::assert_as_playwright("binding", &base, BINDING, &playwright, &[]);
}
