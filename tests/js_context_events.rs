//! A context's events from its pages (`request`, `response`, `requestfinished`, `console`,
//! `weberror`), heard before the page's own listeners and from a page opened after the
//! listeners were added, as Playwright 1.65.1 reported them on the same pages (recorded with a
//! probe).

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

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"seen":[["context request","/worker.js","page"],["page request","/worker.js"],["context response","/worker.js",200],["context finished","/worker.js"],["context console","hello","page"],["context weberror","boom","page"],["context request","/","other"],["context response","/",200],["context finished","/"],["context console","from other","other"],["context console","again","other"]]}"#;

#[test]
fn context_events_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("context-events", &base, SCRIPT, &playwright, &[]);
}
