//! Playwright's `filechooser` event, as Playwright 1.65.1 answered the same calls on the same
//! page (recorded with a probe): no listener, no chooser and no hang; a chooser for a single
//! and a multiple input (`isMultiple`, `page`, `element`), files set through it (too many for
//! a single input refused with Playwright's words), a hidden input opened by a button's
//! `input.click()`, an input inside an iframe, `page.on` next to `waitForEvent`, and a wait
//! that times out.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>Upload</title><input id=one type=file><input id=many type=file multiple><button id=pick onclick="document.getElementById('hidden').click()">Pick</button><input id=hidden type=file style=display:none><iframe src=/frame></iframe><script>window.changes=[];for(const i of document.querySelectorAll('input'))i.addEventListener('change',()=>changes.push(i.id+':'+[...i.files].map(f=>f.name).join(',')))</script>"#,
    ),
    ("/frame", r#"<!DOCTYPE html><input id=inframe type=file>"#),
];

const SCRIPT: &str = r#"const out = {};
const fail = (e) => e.message.split('\n')[0];
await page.goto(args[0] + '/');
// no listener: clicking a file input opens nothing and does not hang
await page.locator('#one').click();
out.noListener = 'clicked';
const [one] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#one').click()]);
out.one = [one.isMultiple(), one.page() === page, await one.element().evaluate((el) => el.id)];
await one.setFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
out.oneTooMany = await one.setFiles([{ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }, { name: 'y.txt', mimeType: 'text/plain', buffer: Buffer.from('y') }]).then(() => 'set', fail);
const chooserP = page.waitForEvent('filechooser');
await page.locator('#many').click();
const many = await chooserP;
out.many = many.isMultiple();
await many.setFiles([{ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }, { name: 'y.txt', mimeType: 'text/plain', buffer: Buffer.from('y') }]);
const seen = [];
page.on('filechooser', (c) => seen.push(c.isMultiple()));
const [hidden] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#pick').click()]);
out.hidden = await hidden.element().evaluate((el) => el.id);
await hidden.setFiles([]);
const [framed] = await Promise.all([page.waitForEvent('filechooser'), page.frameLocator('iframe').locator('#inframe').click()]);
out.framed = await framed.element().evaluate((el) => el.id + ' in ' + location.pathname);
await framed.setFiles({ name: 'f.txt', mimeType: 'text/plain', buffer: Buffer.from('f') });
out.framedFiles = await page.frameLocator('iframe').locator('#inframe').evaluate((el) => [...el.files].map((f) => f.name));
out.seen = seen;
out.changes = await page.evaluate(() => window.changes);
try { await page.waitForEvent('filechooser', { timeout: 200 }); } catch (e) { out.timeout = fail(e); }
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"noListener":"clicked","one":[false,true,"one"],"oneTooMany":"fileChooser.setFiles: Error: Non-multiple file input can only accept single file","many":true,"hidden":"hidden","framed":"inframe in /frame","framedFiles":["f.txt"],"seen":[false,false],"changes":["one:a.txt","many:x.txt,y.txt","hidden:"],"timeout":"page.waitForEvent: Timeout 200ms exceeded while waiting for event \"filechooser\""}"#;

#[test]
fn file_choosers_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("file-chooser", &base, SCRIPT, &playwright, &[]);
}

const LISTENERS: &str = r#"const out = {};
await page.goto(args[0] + '/');
const [c] = await Promise.all([page.waitForEvent('filechooser'), page.locator('#one').click()]);
out.first = c.isMultiple();
const cancelled = page.evaluate(() => new Promise((ok) => { document.querySelector('#one').addEventListener('cancel', () => ok('cancelled')); setTimeout(() => ok('nothing'), 2000); }));
await page.locator('#one').click();
out.afterWait = await cancelled;
const handler = () => undefined;
page.on('filechooser', handler);
const held = page.evaluate(() => new Promise((ok) => { document.querySelector('#many').addEventListener('cancel', () => ok('cancelled')); setTimeout(() => ok('nothing'), 1000); }));
await page.locator('#many').click();
out.whileListening = await held;
page.off('filechooser', handler);
const again = page.evaluate(() => new Promise((ok) => { document.querySelector('#many').addEventListener('cancel', () => ok('cancelled')); setTimeout(() => ok('nothing'), 2000); }));
await page.locator('#many').click();
out.afterOff = await again;
return out;
"#;

/// Playwright 1.65.1's answers to `LISTENERS`: a chooser is held only while someone listens
/// (a finished `waitForEvent` or `off` lets the page cancel the next one).
const LISTENERS_PLAYWRIGHT: &str =
    r#"{"first":false,"afterWait":"cancelled","whileListening":"nothing","afterOff":"cancelled"}"#;

#[test]
fn file_choosers_are_held_only_while_someone_listens() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(LISTENERS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("file-chooser-listeners", &base, LISTENERS, &playwright, &[]);
}
