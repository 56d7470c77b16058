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

Then('waitForNavigation answers as Playwright does', async function (this: any) {
  const page = this.page
  const state = () => page.evaluate(() => document.readyState)
  await page.goto('/nav-a')
  const [clicked] = await Promise.all([page.waitForNavigation(), page.click('#b')])
  expect([new URL(clicked.url()).pathname, clicked.status(), await state()]).toEqual(['/nav-b', 200, 'complete'])

  await page.goto('/nav-a')
  const [early] = await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('#b')])
  expect([new URL(early.url()).pathname, await state()]).toEqual(['/nav-b', 'interactive'])

  await page.goto('/nav-a')
  const [redirected] = await Promise.all([page.waitForNavigation({ url: '**/nav-b' }), page.click('#c')])
  expect([new URL(redirected.url()).pathname, new URL(page.url()).pathname]).toEqual(['/nav-b', '/nav-b'])

  await page.goto('/nav-a')
  const [hash] = await Promise.all([page.waitForNavigation(), page.click('#h')])
  expect([hash, new URL(page.url()).hash]).toEqual([null, '#x'])

  await page.goto('/nav-a')
  const [pushed] = await Promise.all([page.waitForNavigation(), page.click('#p')])
  expect([pushed, new URL(page.url()).pathname]).toEqual([null, '/pushed'])

  // Two pushStates in a row are two navigations: a wait for either URL ends (the history
  // already shows the second when the first is judged).
  for (const want of ['one', 'two']) {
    await page.goto('/nav-a')
    const [r] = await Promise.all([page.waitForNavigation({ url: '**/' + want, timeout: 3000 }), page.click('#twice')])
    expect([r, new URL(page.url()).pathname]).toEqual([null, '/two'])
  }
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

const FEATURE: &str = "Feature: waitForNavigation\n  Scenario: answers\n    Then waitForNavigation answers as Playwright does\n\n  Scenario: times out\n    Then waitForNavigation times out as Playwright does\n";

#[test]
fn wait_for_navigation_answers_and_times_out_as_playwright_does() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "wait-navigation",
        &[("steps/nav.ts", STEPS), ("nav.feature", FEATURE)],
        "nav.feature",
        &base,
        2,
    );
}
