//! A page's dedicated workers as Playwright 1.65.1 answered the same calls on the same pages
//! (recorded with a probe): none at first, the `worker` event and `page.workers()` (the same
//! Worker object), `worker.url()`, `evaluate` of a function, with an argument, of an
//! expression, of statements, awaiting a promise, throwing; the worker's console calls as the
//! page's `console` events and its uncaught error as a `pageerror`; its `close` event when
//! terminated and when its page reloads, and an `evaluate` after it ended.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>W</title><script>window.start=(n)=>{const w=new Worker('/worker.js?'+n);w.onmessage=(e)=>document.title='got '+e.data;window.w=w;return n;};</script>"#,
    ),
    (
        "/worker.js?1",
        r#"self.counter = 41; self.onmessage = (e) => postMessage(e.data * 2); console.log('worker says hi'); postMessage('ready');"#,
    ),
    ("/worker.js?2", r#"self.counter = 2;"#),
    ("/worker.js?3", r#"setTimeout(() => { throw new Error('worker broke'); }, 0);"#),
];

const SCRIPT: &str = r#"const out = {};
const fail = (e) => 'error: ' + e.message.split('\n')[0];
await page.goto(args[0] + '/');
out.none = page.workers().length;
const consoles = [];
let heard;
const workerSaid = new Promise((r) => (heard = r));
page.on('console', (m) => { consoles.push(m.text()); if (m.text().includes('worker')) heard(); });
const [worker] = await Promise.all([page.waitForEvent('worker'), page.evaluate(() => start(1))]);
out.url = worker.url().replace(/:\d+/, ':PORT');
out.listed = page.workers().length;
out.same = page.workers()[0] === worker;
out.eval = await worker.evaluate(() => self.counter + 1);
out.evalArg = await worker.evaluate((n) => self.counter + n, 9);
out.evalString = await worker.evaluate('self.counter * 2');
out.evalStatements = await worker.evaluate('const a = 20; a + self.counter');
out.evalAsync = await worker.evaluate(async () => { await new Promise((r) => setTimeout(r, 10)); return typeof document; });
try { await worker.evaluate(() => { throw new Error('boom in worker'); }); } catch (e) { out.evalThrows = fail(e); }
await page.waitForFunction(() => document.title === 'got ready');
await workerSaid;
out.consoles = consoles.filter((t) => t.includes('worker'));
const closed = new Promise((r) => worker.on('close', (w) => r(w === worker)));
await page.evaluate(() => w.terminate());
out.closeEvent = await closed;
out.afterClose = page.workers().length;
try { await worker.evaluate(() => 1); out.evalClosed = 'ok'; } catch (e) { out.evalClosed = fail(e); }
const seen = [];
page.on('worker', (w) => seen.push(w.url().replace(/:\d+/, ':PORT')));
const [second] = await Promise.all([page.waitForEvent('worker'), page.evaluate(() => start(2))]);
out.seen = seen;
const secondClosed = new Promise((r) => second.on('close', () => r(true)));
await page.reload();
out.closedByReload = await secondClosed;
out.afterReload = page.workers().length;
const [error] = await Promise.all([page.waitForEvent('pageerror'), page.evaluate(() => start(3))]);
out.workerError = error.message;
return out;
"#;

/// Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
const PLAYWRIGHT: &str = r#"{"none": 0, "url": "http://127.0.0.1:PORT/worker.js?1", "listed": 1, "same": true, "eval": 42, "evalArg": 50, "evalString": 82, "evalStatements": 61, "evalAsync": "undefined", "evalThrows": "error: worker.evaluate: Error: boom in worker", "consoles": ["worker says hi"], "closeEvent": true, "afterClose": 0, "evalClosed": "error: worker.evaluate: Target page, context or browser has been closed", "seen": ["http://127.0.0.1:PORT/worker.js?2", "http://127.0.0.1:PORT/worker.js?3"], "closedByReload": true, "afterReload": 0, "workerError": "worker broke"}"#;

#[test]
fn workers_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("workers", &base, SCRIPT, &playwright, &[]);
}
