//! Pages that pages open, as Playwright 1.65.1 reported the same calls on the same pages
//! (recorded with a probe): `page.waitForEvent('popup')` and `context.waitForEvent('page')`
//! for a `target=_blank` link, a scripted `window.open`, a `window.open()` with no URL and a
//! popup's own popup; the popup's URL when announced, its opener, the context's pages before
//! and after one closes, what `context.on('page')` hears, and the timeout messages; and a
//! popup nobody listened for, found in `context.pages()` with its opener.

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
