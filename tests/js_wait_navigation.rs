//! `page.waitForNavigation` in real Chromium, case by case as Playwright 1.65.1 answered on the
//! same pages (recorded with it): the response of a clicked link after `load`, `waitUntil`, a
//! script redirect followed to the URL asked for, same-document navigations (fragment,
//! `pushState`, two in a row matched by either URL) answering null, and time-outs when nothing
//! (or nothing matching) navigates.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/nav-a",
        r##"<title>A</title><a id="b" href="/nav-b">b</a><a id="c" href="/nav-c">c</a><a id="h" href="#x">hash</a>
<button id="p" onclick="history.pushState({}, '', '/pushed')">push</button>
<button id="twice" onclick="history.pushState({}, '', '/one'); history.pushState({}, '', '/two')">twice</button>"##,
    ),
    ("/nav-b", r#"<title>B</title><img src="/__slow?ms=600"><h1>B</h1>"#),
    ("/nav-c", r#"<title>C</title><script>location.href = '/nav-b'</script>"#),
];

const STEPS: &str = r##"import { Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

// One case a step: each has the step's own time, however busy the machine is.
const state = (page: any) => page.evaluate(() => document.readyState)

Then('a clicked link answers its response after load', async function (this: any) {
  const page = this.page
  await page.goto('/nav-a')
  const [clicked] = await Promise.all([page.waitForNavigation(), page.click('#b')])
  expect([new URL(clicked.url()).pathname, clicked.status(), await state(page)]).toEqual(['/nav-b', 200, 'complete'])
})

Then('waitUntil domcontentloaded answers earlier', async function (this: any) {
  const page = this.page
  await page.goto('/nav-a')
  const [early] = await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('#b')])
  expect([new URL(early.url()).pathname, await state(page)]).toEqual(['/nav-b', 'interactive'])
})

Then('a script redirect is followed to the URL asked for', async function (this: any) {
  const page = this.page
  await page.goto('/nav-a')
  const [redirected] = await Promise.all([page.waitForNavigation({ url: '**/nav-b' }), page.click('#c')])
  expect([new URL(redirected.url()).pathname, new URL(page.url()).pathname]).toEqual(['/nav-b', '/nav-b'])
})

Then('same-document navigations answer null', async function (this: any) {
  const page = this.page
  await page.goto('/nav-a')
  const [hash] = await Promise.all([page.waitForNavigation(), page.click('#h')])
  expect([hash, new URL(page.url()).hash]).toEqual([null, '#x'])
  await page.goto('/nav-a')
  const [pushed] = await Promise.all([page.waitForNavigation(), page.click('#p')])
  expect([pushed, new URL(page.url()).pathname]).toEqual([null, '/pushed'])
})

// Two pushStates in a row are two navigations: a wait for either URL ends (the history
// already shows the second when the first is judged).
Then('two pushStates in a row end a wait for the {word} URL', async function (this: any, want: string) {
  const page = this.page
  await page.goto('/nav-a')
  const [r] = await Promise.all([page.waitForNavigation({ url: '**/' + want, timeout: 3000 }), page.click('#twice')])
  expect([r, new URL(page.url()).pathname]).toEqual([null, '/two'])
})

Then('waitForNavigation times out as Playwright does', async function (this: any) {
  const page = this.page
  await page.goto('/nav-a')
  await expect(page.waitForNavigation({ timeout: 300 })).rejects.toThrow(/Timeout 300ms exceeded/)
  // A navigation elsewhere does not end a wait for another URL, nor does being there already.
  await expect(Promise.all([page.waitForNavigation({ url: /nomatch/, timeout: 1500 }), page.click('#b')])).rejects.toThrow(/Timeout 1500ms exceeded/)
  await page.goto('/nav-a')
  await expect(page.waitForNavigation({ url: '**/nav-a', timeout: 300 })).rejects.toThrow(/Timeout 300ms exceeded/)
})
"##;

const FEATURE: &str = "Feature: waitForNavigation
  Scenario: answers
    Then a clicked link answers its response after load
    And waitUntil domcontentloaded answers earlier
    And a script redirect is followed to the URL asked for
    And same-document navigations answer null
    And two pushStates in a row end a wait for the one URL
    And two pushStates in a row end a wait for the two URL

  Scenario: times out
    Then waitForNavigation times out as Playwright does
";

#[test]
fn wait_for_navigation_answers_and_times_out_as_playwright_does() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "wait-navigation",
        &[("steps/nav.ts", STEPS), ("nav.feature", FEATURE)],
        "nav.feature",
        &base,
        2,
    );
}

/// The pages of the child-frame waits: a frame to navigate, pages that move on by themselves.
const FRAME_PAGES: &[(&str, &str)] = &[
    ("/", r#"<!doctype html><title>Main</title><iframe name=kid src=/one></iframe>"#),
    ("/one", r#"<!doctype html><title>One</title><a id=to-two href=/two>two</a>"#),
    ("/two", r#"<!doctype html><title>Two</title><p>two</p>"#),
    ("/three", r#"<!doctype html><title>Three</title><p>three</p>"#),
    (
        "/hop",
        r#"<!doctype html><title>Hop</title><p>hop</p><script>setTimeout(() => location.replace('/two'), 100)</script>"#,
    ),
    ("/jump", r#"<!doctype html><title>Jump</title><script>location.replace('/two')</script>"#),
];

const FRAME_SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
const frame = page.frame({ name: 'kid' });
await attempt('link', async () => { const [r] = await Promise.all([frame.waitForNavigation(), frame.click('#to-two')]); return [r && r.url().replace(args[0], ''), r && r.status(), frame.url().replace(args[0], ''), await frame.title()]; });
await attempt('skipsOther', async () => { const [r] = await Promise.all([frame.waitForNavigation({ url: '**/two' }), frame.evaluate(() => { location.href = '/hop'; })]); return [r && r.url().replace(args[0], ''), frame.url().replace(args[0], '')]; });
await attempt('scripted', async () => { const [r] = await Promise.all([frame.waitForNavigation({ url: /three/ }), frame.evaluate(() => setTimeout(() => { location.href = '/three'; }, 100))]); return [r && r.url().replace(args[0], ''), frame.url().replace(args[0], '')]; });
await attempt('hash', async () => { const [r] = await Promise.all([frame.waitForNavigation(), frame.evaluate(() => { location.hash = 'x'; })]); return [r, frame.url().replace(args[0], '')]; });
await attempt('timeout', async () => { await frame.waitForNavigation({ timeout: 300 }); return 'resolved'; });
await attempt('mainUntouched', async () => page.url().replace(args[0], ''));
await attempt('badUntil', async () => { await frame.waitForNavigation({ waitUntil: 'idle', timeout: 300 }); return 'resolved'; });
return out;
"#;

/// Playwright 1.65.1's answers to `FRAME_SCRIPT`.
const FRAME_PLAYWRIGHT: &str = r#"{"link": ["/two", 200, "/two", "Two"], "skipsOther": ["/two", "/two"], "scripted": ["/three", "/three"], "hash": [null, "/three#x"], "timeout": "error: frame.waitForNavigation: Timeout 300ms exceeded.", "mainUntouched": "/", "badUntil": "error: frame.waitForNavigation: waitUntil: expected one of (load|domcontentloaded|networkidle|commit)"}"#;

/// A child frame's `waitForNavigation`: a link followed (its response), a navigation to another
/// URL let pass until the one asked for (a page that moves on by itself), a script's navigation,
/// a same-document one (null), a time-out, the main frame left alone.
#[test]
fn a_child_frames_wait_for_navigation_answers_as_playwright() {
    support::browser_available();
    let base = support::serve(FRAME_PAGES);
    let playwright = serde_json::from_str(FRAME_PLAYWRIGHT).unwrap();
    // Our time-out says what it waited for.
    let waited = serde_json::json!("error: Timeout 300ms exceeded (waiting for a navigation of the frame).");
    js_suite::assert_as_playwright("frame-wait-navigation", &base, FRAME_SCRIPT, &playwright, &[("timeout", waited)]);
}

const REPLACED: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
const frame = page.frame({ name: 'kid' });
await attempt('scriptRedirect', async () => { const [r] = await Promise.all([frame.waitForNavigation(), frame.evaluate(() => { location.href = '/jump'; })]); return [r && r.url().replace(args[0], ''), frame.url().replace(args[0], '')]; });
await frame.waitForLoadState();
await attempt('scriptRedirectToUrl', async () => { const [r] = await Promise.all([frame.waitForNavigation({ url: '**/two' }), frame.evaluate(() => { location.href = '/jump'; })]); return [r && r.url().replace(args[0], ''), frame.url().replace(args[0], '')]; });
return out;
"#;

/// A child frame's document replaced by its own script before it loads: the wait answers the
/// navigation it caught (the first document's response, the frame ending on the second), or,
/// with a `url` only the second matches, the second's — Playwright 1.65.1's answers.
#[test]
fn a_child_frames_wait_answers_the_navigation_it_matched() {
    support::browser_available();
    let base = support::serve(FRAME_PAGES);
    let playwright =
        serde_json::json!({ "scriptRedirect": ["/jump", "/two"], "scriptRedirectToUrl": ["/two", "/two"] });
    js_suite::assert_as_playwright("frame-wait-replaced", &base, REPLACED, &playwright, &[]);
}
