//! Pages that pages open, as Playwright 1.65.1 reported the same calls on the same pages
//! (recorded with a probe): `page.waitForEvent('popup')` and `context.waitForEvent('page')`
//! for a `target=_blank` link, a scripted `window.open`, a `window.open()` with no URL and a
//! popup's own popup; the popup's URL when announced, its opener, the context's pages before
//! and after one closes, what `context.on('page')` hears, and the timeout messages; and a
//! popup nobody listened for, found in `context.pages()` with its opener; and a context's
//! routes answering a popup's first request.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>Opener</title><a id=tab href="/popup" target=_blank>new tab</a><button id=open onclick="window.open('/popup?scripted')">open</button>"#,
    ),
    ("/popup", "<!DOCTYPE html><title>Popup</title>"),
    ("/popup?scripted", "<!DOCTYPE html><title>Scripted</title>"),
    ("/popup?third", "<!DOCTYPE html><title>Third</title>"),
    ("/popup?grand", "<!DOCTYPE html><title>Grand</title>"),
];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/');
const out = {};
const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#tab')]);
out.popupUrl = popup.url();
await popup.waitForLoadState();
out.popupTitle = await popup.title();
out.opener = (await popup.opener()) === page;
out.pageOpener = await page.opener();
out.pages = context.pages().length;
const [second] = await Promise.all([context.waitForEvent('page'), page.click('#open')]);
await second.waitForLoadState();
out.secondUrl = second.url();
out.secondOpener = (await second.opener()) === page;
const seen = [];
context.on('page', (p) => seen.push(p.url()));
const fresh = await context.newPage();
out.freshOpener = await fresh.opener();
const [third] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => { window.open('/popup?third'); })]);
await third.waitForLoadState();
out.seen = [...seen];
const [blank] = await Promise.all([page.waitForEvent('popup'), page.evaluate(() => { window.open(); })]);
out.blankUrl = blank.url();
await popup.close();
out.closed = popup.isClosed();
out.pagesAfterClose = context.pages().length;
const [grand] = await Promise.all([context.waitForEvent('page'), second.evaluate(() => { window.open('/popup?grand'); })]);
await grand.waitForLoadState();
out.grandOpener = (await grand.opener()) === second;
out.grandTitle = await grand.title();
try { await page.waitForEvent('popup', { timeout: 300 }); out.none = 'resolved'; } catch (e) { out.none = e.message.split('\n')[0]; }
try { await context.waitForEvent('page', { timeout: 300 }); out.noneContext = 'resolved'; } catch (e) { out.noneContext = e.message.split('\n')[0]; }
out.seenAll = seen.length;
return out;
"#;

#[test]
fn popups_and_context_pages_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "popupUrl": format!("{base}/popup"),
        "popupTitle": "Popup",
        "opener": true,
        "pageOpener": null,
        "pages": 2,
        "secondUrl": format!("{base}/popup?scripted"),
        "secondOpener": true,
        "freshOpener": null,
        "seen": ["about:blank", format!("{base}/popup?third")],
        "blankUrl": "about:blank",
        "closed": true,
        "pagesAfterClose": 5,
        "grandOpener": true,
        "grandTitle": "Grand",
        "none": "page.waitForEvent: Timeout 300ms exceeded while waiting for event \"popup\"",
        "noneContext": "browserContext.waitForEvent: Timeout 300ms exceeded while waiting for event \"page\"",
        "seenAll": 4
    });
    js_suite::assert_as_playwright("popups", &base, SCRIPT, &playwright, &[]);
}

const UNLISTENED: &str = r#"
await page.goto(args[0] + '/');
const out = {};
const before = context.pages().length;
await page.click('#tab');
await expect.poll(() => context.pages().length).toBe(before + 1);
const last = context.pages()[context.pages().length - 1];
await last.waitForLoadState();
out.unlistened = [context.pages().length - before, last.url().replace(args[0], ''), await last.title()];
out.opener = (await last.opener()) === page;
return out;
"#;

#[test]
fn a_popup_nobody_listened_for_is_among_the_contexts_pages() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({ "unlistened": [1, "/popup", "Popup"], "opener": true });
    js_suite::assert_as_playwright("popups-unlistened", &base, UNLISTENED, &playwright, &[]);
}

const ROUTED_PAGES: &[(&str, &str)] = &[
    ("/", "<title>home</title><a id=a target=_blank href='/popup'>open</a><button id=b onclick=\"window.open('/popup2')\">win</button><a id=c target=_blank href='/rich'>rich</a>"),
    ("/popup", "<title>real popup</title>"),
    ("/popup2", "<title>real popup2</title>"),
    // A popup that asks for more (a style sheet, an image, a script, a later fetch) once it
    // has its document: requests its context's routes see after it was announced.
    ("/rich", "<title>rich</title><link rel=stylesheet href='/s.css'><img src='/i.png'><script src='/x.js'></script><script>setTimeout(() => fetch('/late').then(() => document.title = 'rich done'), 50)</script>"),
];

const ROUTED: &str = r#"const out = {};
const base = args[0];
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const fresh = async () => { const c = await browser.newContext(); const p = await c.newPage(); await p.goto(base + '/'); return [c, p]; };
const mock = (r) => r.fulfill({ contentType: 'text/html', body: '<title>mocked ' + new URL(r.request().url()).pathname + '</title>' });
await attempt('event', async () => { const [c, p] = await fresh(); await c.route('**/popup*', mock); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#a')]); await pop.waitForLoadState(); return [await pop.title(), pop.url().replace(base, '')]; });
await attempt('noListener', async () => { const [c, p] = await fresh(); await c.route('**/popup*', mock); await p.click('#b'); await p.waitForTimeout(500); const pages = c.pages(); const pop = pages[pages.length - 1]; await pop.waitForLoadState(); return [pages.length, await pop.title()]; });
await attempt('contextPageEvent', async () => { const [c, p] = await fresh(); await c.route('**/popup*', mock); const [pop] = await Promise.all([c.waitForEvent('page'), p.click('#a')]); await pop.waitForLoadState(); return pop.title(); });
await attempt('fallback', async () => { const [c, p] = await fresh(); await c.route('**/popup*', (r) => r.fallback()); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#a')]); await pop.waitForLoadState(); return pop.title(); });
await attempt('pageRouteOnly', async () => { const [c, p] = await fresh(); await p.route('**/popup*', mock); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#a')]); await pop.waitForLoadState(); return pop.title(); });
await attempt('unrouted', async () => { const [c, p] = await fresh(); await c.route('**/popup*', mock); await c.unroute('**/popup*'); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#a')]); await pop.waitForLoadState(); return pop.title(); });
await attempt('requestSeen', async () => { const [c, p] = await fresh(); const seen = []; await c.route('**/*', (r) => { seen.push(new URL(r.request().url()).pathname); return r.continue(); }); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#b')]); await pop.waitForLoadState(); return seen.filter((s) => s !== '/favicon.ico'); });
await attempt('abort', async () => { const [c, p] = await fresh(); await c.route('**/popup*', (r) => r.abort()); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#a')]); await pop.waitForLoadState(); return pop.url(); });
await attempt('subresources', async () => { const [c, p] = await fresh(); const seen = []; await c.route('**/*', (r) => { seen.push(new URL(r.request().url()).pathname); return r.continue(); }); const [pop] = await Promise.all([p.waitForEvent('popup'), p.click('#c')]); await pop.waitForLoadState('load'); await pop.waitForFunction(() => document.title === 'rich done'); return [await pop.title(), seen.filter((s) => s !== '/favicon.ico').sort()]; });
await attempt('pagesList', async () => { const [c, p] = await fresh(); await c.route('**/*', (r) => r.continue()); await p.click('#c'); await p.waitForTimeout(300); const pop = c.pages()[c.pages().length - 1]; await pop.waitForFunction(() => document.title === 'rich done'); return pop.title(); });
export default out;
"#;

/// Playwright 1.65.1's answers to `ROUTED` on the same pages.
const ROUTED_PLAYWRIGHT: &str = r#"{"event":["mocked /popup","/popup"],"noListener":[2,"mocked /popup2"],"contextPageEvent":"mocked /popup","fallback":"real popup","pageRouteOnly":"real popup","unrouted":"real popup","requestSeen":["/popup2"],"abort":"chrome-error://chromewebdata/","subresources":["rich done",["/i.png","/late","/rich","/s.css","/x.js"]],"pagesList":"rich done"}"#;

/// A context's routes see a popup's requests from its very first (the document it opens
/// with), whether or not anyone listens for the popup, as Playwright's do; the opener's own
/// routes do not; `fallback` and `unroute` let it through.
#[test]
fn context_routes_answer_a_popups_first_request() {
    support::browser_available();
    let base = support::serve(ROUTED_PAGES);
    let playwright = serde_json::from_str(ROUTED_PLAYWRIGHT).unwrap();
    // After an aborted first document Playwright names the error page's URL; ours is the
    // history's entry, the URL asked for.
    let aborted = serde_json::json!(format!("{base}/popup"));
    js_suite::assert_module_as_playwright("popup-routes", &base, ROUTED, &playwright, &[("abort", aborted)]);
}

const KEPT_STEPS: &str = r#"import { When, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

When('the context mocks the popup', async function (this: any) {
  await this.context.route('**/popup', (r: any) => r.fulfill({ contentType: 'text/html', body: '<title>mocked</title>' }))
})

Then('the popup opens with the title {string}', async function (this: any, title: string) {
  await this.page.goto(this.parameters.baseUrl + '/')
  const [popup] = await Promise.all([this.page.waitForEvent('popup', { timeout: 5000 }), this.page.click('#a')])
  await popup.waitForLoadState('load', { timeout: 5000 })
  expect(await popup.title()).toBe(title)
})

// Nobody listens to the page: a popup held for routes would wait for ever.
Then('a popup nobody listens for loads {string}', async function (this: any, title: string) {
  await this.page.goto(this.parameters.baseUrl + '/')
  await this.page.evaluate(() => { window.open('/popup') })
  await this.page.waitForTimeout(500)
  const popup = this.context.pages()[this.context.pages().length - 1]
  await popup.waitForLoadState('load', { timeout: 5000 })
  expect(await popup.title()).toBe(title)
})
"#;

const KEPT_FEATURE: &str = "Feature: Kept context\n\n  Scenario: Routed\n    When the context mocks the popup\n    Then the popup opens with the title \"mocked\"\n\n  Scenario: Not routed any more\n    Then a popup nobody listens for loads \"real popup\"\n";

/// With the context kept between scenarios (`--isolation reset`), the routes of one scenario go
/// with it: the next scenario's popups are not held for routes nobody answers any more.
#[test]
fn a_kept_context_forgets_the_last_scenarios_routes() {
    support::browser_available();
    let base = support::serve(ROUTED_PAGES);
    let dir = js_suite::project_dir("popup-routes-kept");
    js_suite::write_files(&dir, &[("features/steps/popups.ts", KEPT_STEPS), ("features/popups.feature", KEPT_FEATURE)]);
    let (out, _, all) = js_suite::run_suite(&dir, &base, &["--isolation", "reset", "--parallel", "1"]);
    assert!(out.status.success(), "{all}");
    assert!(all.contains("2 scenarios (2 passed)"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}
