//! `page.addLocatorHandler` as Playwright 1.65.1 answered the same calls on the same pages
//! (recorded with a probe): an overlay that appears before a click, a fill, an assertion and a
//! `waitFor` is dealt with by the suite's handler (given its locator), not by reads nor a forced
//! click; `removeLocatorHandler`, `times`, a handler that leaves the overlay up (the action
//! waits for it to hide) or is added with `noWaitAfter` (run again at each attempt), a locator
//! of another page, and a handler locator matching several elements; which operations let
//! handlers run (assertions, `evaluate`, `screenshot`, `focus`…) and which do not (reads,
//! `dispatchEvent`), and a handler that closes the page; actions that see the overlay at once
//! share one run of the handler. Then in a suite: a JS
//! handler added in a `Before` hook runs for the built-in Rust steps' clicks too, does not
//! outlive its scenario, and a handler that throws fails the action with its error.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>Shop</title><style>#overlay{position:fixed;inset:0;background:#0008;display:none}#overlay.on{display:block}</style><button id=buy onclick="document.querySelector('#out').textContent='bought '+(++window.n)">Buy</button><input id=name><p id=out></p><div id=overlay><p>We use cookies</p><button id=accept onclick="document.querySelector('#overlay').classList.remove('on')">Accept</button><button id=keep>Keep</button></div><script>window.n=0;function show(ms){setTimeout(()=>document.querySelector('#overlay').classList.add('on'),ms)}</script>"#,
    ),
    ("/two", r#"<!DOCTYPE html><p class=banner>a</p><p class=banner>b</p><button id=buy>Buy</button>"#),
];

const SCRIPT: &str = r#"
const base = args[0];
const out = {};
const msg = (e) => e.message.split('\n')[0];
await page.goto(base + '/');
const calls = [];
await page.addLocatorHandler(page.getByText('We use cookies'), async (l) => { calls.push(String(l)); await page.locator('#accept').click(); });
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
await page.locator('#buy').click();
out.clickAfterHandler = [await page.locator('#out').textContent(), calls.length, calls[0]];
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
await page.locator('#name').fill('tea');
out.fillAfterHandler = [await page.locator('#name').inputValue(), calls.length];
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
await expect(page.locator('#out')).toHaveText('bought 1');
out.expectRunsHandler = calls.length;
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
out.countIgnores = [await page.locator('#buy').count(), await page.locator('#buy').isVisible(), calls.length];
await page.locator('#buy').waitFor();
out.waitForRuns = calls.length;
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
await page.locator('#buy').click({ force: true });
out.forceSkips = [calls.length, await page.locator('#out').textContent()];
await page.removeLocatorHandler(page.getByText('We use cookies'));
await page.locator('#accept').click();
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
try { await page.locator('#buy').click({ timeout: 500 }); out.removed = 'clicked'; } catch (e) { out.removed = msg(e); }
out.removedCalls = calls.length;
await page.locator('#accept').click();
// times
const timed = [];
await page.addLocatorHandler(page.locator('#overlay'), async () => { timed.push(1); await page.locator('#accept').click(); }, { times: 1 });
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
await page.locator('#buy').click();
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
try { await page.locator('#buy').click({ timeout: 500 }); out.timesOnce = 'clicked'; } catch (e) { out.timesOnce = msg(e); }
out.timedCalls = timed.length;
await page.locator('#accept').click();
// handler that does not hide: waits for hidden until timeout
const stuck = [];
await page.addLocatorHandler(page.locator('#keep'), async () => { stuck.push(1); });
await page.evaluate(() => show(0));
await page.waitForTimeout(100);
try { await page.locator('#buy').click({ timeout: 700 }); out.stuck = 'clicked'; } catch (e) { out.stuck = msg(e); }
out.stuckCalls = stuck.length;
await page.removeLocatorHandler(page.locator('#keep'));
// noWaitAfter: handler runs, overlay stays, action retries and handler runs again
const nw = [];
await page.addLocatorHandler(page.locator('#keep'), async () => { nw.push(1); }, { noWaitAfter: true });
try { await page.locator('#buy').click({ timeout: 700 }); out.noWait = 'clicked'; } catch (e) { out.noWait = msg(e); }
out.noWaitMany = nw.length > 1;
await page.removeLocatorHandler(page.locator('#keep'));
await page.locator('#accept').click();
// other page's locator
const other = await context.newPage();
try { await page.addLocatorHandler(other.locator('#x'), async () => {}); out.otherPage = 'added'; } catch (e) { out.otherPage = msg(e); }
try { await page.addLocatorHandler(page.mainFrame().locator('#x'), async () => {}); out.mainFrameLoc = 'added'; } catch (e) { out.mainFrameLoc = msg(e); }
await page.removeLocatorHandler(page.mainFrame().locator('#x'));
// strict: the handler's locator matches two
await page.goto(base + '/two');
await page.addLocatorHandler(page.locator('.banner'), async () => {});
try { await page.locator('#buy').click({ timeout: 700 }); out.strict = 'clicked'; } catch (e) { out.strict = msg(e); }
return out;
"#;

#[test]
fn locator_handlers_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "clickAfterHandler": ["bought 1", 1, "getByText('We use cookies')"],
        "fillAfterHandler": ["tea", 2],
        "expectRunsHandler": 3,
        "countIgnores": [1, true, 3],
        "waitForRuns": 4,
        "forceSkips": [4, "bought 1"],
        "removed": "locator.click: Timeout 500ms exceeded.",
        "removedCalls": 4,
        "timesOnce": "locator.click: Timeout 500ms exceeded.",
        "timedCalls": 1,
        "stuck": "locator.click: Timeout 700ms exceeded.",
        "stuckCalls": 1,
        "noWait": "locator.click: Timeout 700ms exceeded.",
        "noWaitMany": true,
        "otherPage": "Locator must belong to the main frame of this page",
        "mainFrameLoc": "added",
        "strict": "locator.click: Error: strict mode violation: locator('.banner') resolved to 2 elements:"
    });
    js_suite::assert_as_playwright("locator-handlers", &base, SCRIPT, &playwright, &[]);
}

const MORE: &str = r#"
const base = args[0];
const out = {};
const msg = (e) => 'error: ' + e.message.split('\n')[0];
const show = async () => { await page.evaluate(() => document.querySelector('#overlay').classList.add('on')); };
await page.goto(base + '/');
let calls = 0;
await page.addLocatorHandler(page.getByText('We use cookies'), async () => { calls++; await page.locator('#accept').click(); });
await show();
await expect(page).toHaveURL(/\//);
out.pageAssertion = calls;
await show();
out.textContent = [await page.locator('#out').textContent(), await page.locator('#buy').getAttribute('id'), await page.locator('#name').inputValue(), calls];
out.evaluate = [await page.locator('#buy').evaluate((b) => b.id), calls];
await show();
await page.locator('#buy').screenshot();
out.screenshot = calls;
await show();
await page.locator('#buy').click({ timeout: 0 });
out.noLimit = [calls, await page.locator('#out').textContent()];
await show();
await page.locator('#name').focus();
out.focus = calls;
await show();
await page.locator('#buy').boundingBox();
out.boundingBox = calls;
await show();
await page.locator('#buy').scrollIntoViewIfNeeded();
out.scroll = calls;
await show();
await page.locator('#buy').dispatchEvent('click');
out.dispatch = [calls, await page.locator('#out').textContent()];
await page.locator('#buy').isVisible();
out.isVisible = calls;
await page.removeLocatorHandler(page.getByText('We use cookies'));
// the handler closes the page
await page.addLocatorHandler(page.locator('#overlay'), async () => { await page.close(); });
await show();
const t0 = Date.now();
try { await page.locator('#buy').click({ timeout: 5000 }); out.closed = 'clicked'; } catch (e) { out.closed = msg(e); }
out.closedFast = Date.now() - t0 < 3000;
return out;
"#;

/// Where Playwright lets handlers run and where not: a page assertion, a locator's `evaluate`,
/// `screenshot`, `focus`, `boundingBox`, `scrollIntoViewIfNeeded` and an action without a
/// time limit do; reads, `isVisible` and `dispatchEvent` do not; a handler that closes the
/// page fails the action at once.
#[test]
fn where_handlers_run_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "pageAssertion": 1,
        "textContent": ["", "buy", "", 1],
        "evaluate": ["buy", 2],
        "screenshot": 3,
        "noLimit": [4, "bought 1"],
        "focus": 5,
        "boundingBox": 6,
        "scroll": 7,
        "dispatch": [7, "bought 2"],
        "isVisible": 7,
        "closed": "error: locator.click: Target page, context or browser has been closed",
        "closedFast": true
    });
    js_suite::assert_as_playwright("locator-handlers-where", &base, MORE, &playwright, &[]);
}

const CONCURRENT: &str = r#"
await page.goto(args[0] + '/');
let calls = 0;
await page.addLocatorHandler(page.getByText('We use cookies'), async () => { calls++; await page.locator('#accept').click(); });
await page.evaluate(() => document.querySelector('#overlay').classList.add('on'));
await Promise.all([page.locator('#buy').click(), page.locator('#name').fill('both'), expect(page.locator('#buy')).toBeVisible()]);
return [calls, await page.locator('#out').textContent(), await page.locator('#name').inputValue()];
"#;

/// Actions that see the overlay at the same moment wait for one run of the handler. (Playwright
/// 1.65.1 runs it once per action there, and its second run waits for ever for the button the
/// first one hid: the probe times out.)
#[test]
fn concurrent_actions_run_the_handler_once() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("locator-handlers-concurrent");
    let (envelope, stderr) = js_suite::run_script(&dir, CONCURRENT, &[&base]);
    assert_eq!(envelope["value"], serde_json::json!([1, "bought 1", "both"]), "{envelope}\n{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

const SUITE_STEPS: &str = r#"import { Before, Then, When } from '@cucumber/cucumber';

let calls = 0;

Before({ tags: '@handled' }, async function () {
  await this.page.addLocatorHandler(this.page.getByText('We use cookies'), async () => {
    calls++;
    await this.page.locator('#accept').click();
  });
});

Before({ tags: '@throwing' }, async function () {
  await this.page.addLocatorHandler(this.page.locator('#overlay'), async () => {
    throw new Error('the banner handler broke');
  });
});

When('the cookie banner shows', async function () {
  await this.page.evaluate(() => document.querySelector('#overlay').classList.add('on'));
});

Then('the handler ran {int} time(s)', function (n: number) {
  if (calls !== n) throw new Error(`the handler ran ${calls} time(s)`);
});

Then('clicking Buy fails within 500 ms', async function () {
  try {
    await this.page.locator('#buy').click({ timeout: 500 });
  } catch (e) {
    // The banner takes the click: no handler of the last scenario was asked to run.
    if (String(e.message).includes('would receive the click instead')) return;
    throw e;
  }
  throw new Error('clicked through the banner');
});
"#;

const SUITE_FEATURE: &str = r#"Feature: Overlays

  @handled
  Scenario: the suite's handler deals with the banner before a built-in click
    Given I open "/"
    When the cookie banner shows
    And I click the "Buy" button
    Then I should see "bought 1"
    And the handler ran 1 time

  Scenario: the handler went with its scenario
    Given I open "/"
    When the cookie banner shows
    Then clicking Buy fails within 500 ms
    And the handler ran 1 time
"#;

/// A handler a `Before` hook adds runs for the built-in steps' actions too, and ends with its
/// scenario (the next one, on the same kept page, has none); one that throws fails the action
/// with its error.
#[test]
fn a_suites_handler_serves_rust_steps_and_ends_with_its_scenario() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("locator-handler-suite");
    js_suite::write_files(
        &dir,
        &[("features/steps/overlay.ts", SUITE_STEPS), ("features/overlay.feature", SUITE_FEATURE)],
    );
    let (out, _, text) = js_suite::run_suite(&dir, &base, &["--parallel", "1", "--isolation", "reset"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("2 scenarios (2 passed)"), "{text}");

    let throwing = "Feature: Overlays\n\n  @throwing\n  Scenario: the handler throws\n    Given I open \"/\"\n    When the cookie banner shows\n    And I click the \"Buy\" button\n";
    js_suite::write_files(&dir, &[("features/overlay.feature", throwing)]);
    let (out, _, text) = js_suite::run_suite(&dir, &base, &["--parallel", "1"]);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("the locator handler of locator('#overlay') threw: Error: the banner handler broke"),
        "{text}"
    );
    assert!(text.contains("1 scenario (1 failed)"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
