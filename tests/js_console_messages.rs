//! Console messages as Playwright 1.65.1 reported them on the same page (recorded with a
//! probe): the browser's own message about a resource that failed to load (an `error` at the
//! resource's URL, no worker), a dedicated worker's messages on the page with
//! `ConsoleMessage.worker()` naming it, and on the worker's own `console` event.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>W</title><script>window.start=(n)=>{const w=new Worker('/worker.js?'+n);window.w=w;return n;};</script>"#,
    ),
    ("/worker.js?1", r#"console.log('worker says hi'); self.onmessage = (e) => console.warn('got ' + e.data);"#),
];

const SCRIPT: &str = r#"const out = {};
await page.goto(args[0] + '/');
const seen = [];
page.on('console', (m) => seen.push([m.type(), m.text(), m.worker() === null ? 'page' : m.worker().url().replace(/:\d+/, ':PORT'), m.page() === page]));
await page.evaluate(() => console.log('from the page'));
// the browser's own message about a resource that failed to load
const [resourceError] = await Promise.all([
  page.waitForEvent('console', (m) => m.type() === 'error' && m.location().url.endsWith('/missing.png')),
  page.evaluate(() => { const i = new Image(); i.src = '/missing.png'; document.body.append(i); }),
]);
out.resourceError = [resourceError.type(), resourceError.text(), resourceError.location().url.replace(/:\d+/, ':PORT'), resourceError.worker()];
const [worker] = await Promise.all([page.waitForEvent('worker'), page.evaluate(() => start(1))]);
const first = await page.waitForEvent('console', { predicate: (m) => m.text() === 'worker says hi', timeout: 2000 }).catch(() => null);
out.sameWorker = first ? first.worker() === worker : 'missed';
await page.evaluate(() => w.postMessage('x'));
await page.waitForEvent('console', { predicate: (m) => m.text() === 'got x', timeout: 2000 }).catch(() => null);
out.workerConsole = [];
worker.on('console', (m) => out.workerConsole.push(m.text()));
await worker.evaluate(() => console.log('direct'));
await new Promise((r) => setTimeout(r, 500));
out.seen = seen.filter((s) => !s[1].startsWith('Failed to load resource'));
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"resourceError":["error","Failed to load resource: the server responded with a status of 404 (Not Found)","http://127.0.0.1:PORT/missing.png",null],"sameWorker":true,"workerConsole":["direct"],"seen":[["log","from the page","page",true],["log","worker says hi","http://127.0.0.1:PORT/worker.js?1",true],["warning","got x","http://127.0.0.1:PORT/worker.js?1",true],["log","direct","http://127.0.0.1:PORT/worker.js?1",true]]}"#;

#[test]
fn console_messages_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("console-messages", &base, SCRIPT, &playwright, &[]);
}
