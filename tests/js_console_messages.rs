//! Console messages as Playwright 1.65.1 reported them on the same page (recorded with a
//! probe): the browser's own message about a resource that failed to load (an `error` at the
//! resource's URL, no worker), a dedicated worker's messages on the page with
//! `ConsoleMessage.worker()` naming it (not in `page.consoleMessages()`, as Playwright's), and
//! on the worker's own `console` event (once: reading the kept messages fires nothing). And a
//! context's events from its pages (`request`, `response`, `requestfinished`, `console`,
//! `weberror`, `dialog`), heard before the page's own listeners and from a page opened after
//! the listeners were added.

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
// reading the kept messages fires nothing again
const before = out.workerConsole.length;
const kept = await page.consoleMessages();
await page.consoleMessages();
out.replayed = [out.workerConsole.length - before, kept.filter((m) => m.worker() === worker).length];
out.kept = kept.filter((m) => !m.text().startsWith('Failed to load resource')).map((m) => [m.text(), m.worker() ? 'worker' : 'page']);
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"resourceError":["error","Failed to load resource: the server responded with a status of 404 (Not Found)","http://127.0.0.1:PORT/missing.png",null],"sameWorker":true,"workerConsole":["direct"],"seen":[["log","from the page","page",true],["log","worker says hi","http://127.0.0.1:PORT/worker.js?1",true],["warning","got x","http://127.0.0.1:PORT/worker.js?1",true],["log","direct","http://127.0.0.1:PORT/worker.js?1",true]],"replayed":[0,0],"kept":[["from the page","page"],["worker says hi","page"],["got x","page"],["direct","page"]]}"#;

#[test]
fn console_messages_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("console-messages", &base, SCRIPT, &playwright, &[]);
}

const CONTEXT_SCRIPT: &str = r#"const out = {};
await page.goto(args[0] + '/');
const seen = [];
const name = (p) => (p === page ? 'page' : 'other');
context.on('request', (r) => seen.push(['context request', new URL(r.url()).pathname, name(r.frame().page())]));
context.on('response', (r) => seen.push(['context response', new URL(r.url()).pathname, r.status()]));
context.on('requestfinished', (r) => seen.push(['context finished', new URL(r.url()).pathname]));
context.on('console', (m) => seen.push(['context console', m.text(), name(m.page())]));
context.on('weberror', (e) => seen.push(['context weberror', e.error().message, name(e.page())]));
page.on('request', (r) => seen.push(['page request', new URL(r.url()).pathname]));
await page.evaluate(() => fetch('/worker.js?1').then((r) => r.text()));
await page.evaluate(() => console.log('hello'));
const thrown = page.waitForEvent('pageerror');
await page.evaluate(() => setTimeout(() => { throw new Error('boom'); }, 0));
await thrown;
const other = await context.newPage();
await other.goto(args[0] + '/');
await other.evaluate(() => console.log('from other'));
const logged = other.waitForEvent('console');
await other.evaluate(() => console.log('again'));
await logged;
out.seen = seen.filter((s) => !/favicon/.test(s[1]) && !/Failed to load/.test(s[1]));
await other.close();
return out;
"#;

/// Playwright 1.65.1's answers to `CONTEXT_SCRIPT`.
const CONTEXT_PLAYWRIGHT: &str = r#"{"seen":[["context request","/worker.js","page"],["page request","/worker.js"],["context response","/worker.js",200],["context finished","/worker.js"],["context console","hello","page"],["context weberror","boom","page"],["context request","/","other"],["context response","/",200],["context finished","/"],["context console","from other","other"],["context console","again","other"]]}"#;

#[test]
fn context_events_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(CONTEXT_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("context-events", &base, CONTEXT_SCRIPT, &playwright, &[]);
}

const DIALOGS: &str = r#"const out = {};
await page.goto(args[0] + '/');
const seen = [];
context.on('dialog', async (d) => { seen.push(['context', d.type(), d.message(), d.page() === page]); await d.accept('typed'); });
out.prompt = await page.evaluate(() => prompt('name?', 'x'));
page.on('dialog', (d) => seen.push(['page', d.type()]));
out.confirm = await page.evaluate(() => confirm('sure?'));
const other = await context.newPage();
await other.goto(args[0] + '/');
out.otherConfirm = await other.evaluate(() => confirm('other?'));
out.seen = seen;
await other.close();
return out;
"#;

/// Playwright 1.65.1's answers to `DIALOGS`: a context's `dialog` listener answers every page's
/// dialogs (heard before the page's own listener).
const DIALOGS_PLAYWRIGHT: &str = r#"{"prompt":"typed","confirm":true,"otherConfirm":true,"seen":[["context","prompt","name?",true],["context","confirm","sure?",true],["page","confirm"],["context","confirm","other?",false]]}"#;

#[test]
fn a_contexts_dialog_listener_answers_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(DIALOGS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("context-dialogs", &base, DIALOGS, &playwright, &[]);
}
