//! Element handles (`page.$`, `page.$$`, `locator.elementHandle(s)`, `page.waitForSelector`,
//! a handle's `$`/`$eval`/`$$eval`) in real Chromium, case by case as Playwright 1.65.1
//! answered on the same page (recorded with it): a handle keeps naming its element when the
//! page changes around it, reads a removed element, and fails at once to act on it.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[(
    "/handles",
    r#"<title>Handles</title><ul><li class="i">a</li><li class="i">b</li></ul>
<div id="box"><span>in</span><span>side</span></div>
<button id="go" onclick="this.textContent = 'done'">go</button><button id="gone">gone</button>
<iframe srcdoc="<p id=f>framed</p>"></iframe>"#,
)];

const STEPS: &str = r##"import { Then } from '@cucumber/cucumber'
import { expect, ElementHandle } from '@playwright/test'

Then('handles name their elements', async function (this: any) {
  const page = this.page
  await page.goto('/handles')
  const first = await page.$('li.i')
  expect(first).toBeInstanceOf(ElementHandle)
  expect(await first.textContent()).toBe('a')
  expect(await page.$('#nothing')).toBeNull()
  const all = await page.$$('li.i')
  expect(await Promise.all(all.map((h: any) => h.textContent()))).toEqual(['a', 'b'])
  // Another element that matches now is not the handle's.
  await page.evaluate(() => { const li = document.createElement('li'); li.className = 'i'; li.textContent = 'z'; document.querySelector('ul')!.prepend(li) })
  expect(await first.textContent()).toBe('a')
  await expect(first).toHaveText('a')
  const box = await page.$('#box')
  expect(await (await box.$('span')).textContent()).toBe('in')
  expect((await box.$$('span')).length).toBe(2)
  expect(await box.$eval('span', (el: any, suffix: string) => el.textContent + suffix, '!')).toBe('in!')
  expect(await box.$$eval('span', (els: any[]) => els.map((e) => e.textContent).join(''))).toBe('inside')
  const button = await page.waitForSelector('#go')
  await button.click()
  expect(await button.textContent()).toBe('done')
  expect(await page.waitForSelector('#nothing', { state: 'detached' })).toBeNull()
  const framed = await page.frameLocator('iframe').locator('#f').elementHandle()
  expect(await framed.textContent()).toBe('framed')
  expect((await page.locator('li').elementHandles()).length).toBe(3)
  await first.dispose()
})

Then('handles of removed elements behave as Playwright\'s', async function (this: any) {
  const page = this.page
  await page.goto('/handles')
  const a = await page.$('li.i')
  const gone = await page.$('#gone')
  await page.evaluate(() => { document.querySelector('li')!.remove(); document.querySelector('#gone')!.remove() })
  // Reading a removed element works; acting on it fails at once.
  expect([await a.textContent(), await a.isVisible(), await a.getAttribute('class'), await a.evaluate((e: any) => e.isConnected), await a.boundingBox()])
    .toEqual(['a', false, 'i', false, null])
  const started = Date.now()
  await expect(gone.click({ timeout: 5000 })).rejects.toThrow('elementHandle.click: Element is not attached to the DOM')
  await expect(a.fill('x', { timeout: 5000 })).rejects.toThrow('elementHandle.fill: Element is not attached to the DOM')
  expect(Date.now() - started).toBeLessThan(4000)
  await expect((await page.$('ul')).$eval('#zzz', () => 1)).rejects.toThrow('elementHandle.$eval: Failed to find element matching selector "#zzz"')
  await expect(page.locator('#box span').elementHandle({ timeout: 300 })).rejects.toThrow(/strict mode violation/)
})
"##;

const FEATURE: &str = "Feature: element handles\n  Scenario: names\n    Then handles name their elements\n\n  Scenario: removed\n    Then handles of removed elements behave as Playwright's\n";

#[test]
fn element_handles_answer_as_playwrights_do() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "element-handles",
        &[("steps/handles.ts", STEPS), ("handles.feature", FEATURE)],
        "handles.feature",
        &base,
        2,
    );
}

const STATE_PAGES: &[(&str, &str)] = &[(
    "/",
    r#"<div id=box><p class=a>one</p><p class=b style='display:none'>two</p></div><button id=btn disabled>go</button><input id=ro readonly><span id=gone>x</span><script>setTimeout(() => { document.querySelector('.b').style.display = 'block'; document.getElementById('btn').disabled = false; document.getElementById('ro').readOnly = false; }, 300); setTimeout(() => { const p = document.createElement('p'); p.className = 'late'; p.textContent = 'late'; document.getElementById('box').appendChild(p); }, 300);</script>"#,
)];

const STATES: &str = r#"const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const base = args[0];
await page.goto(base + '/');
const box = await page.$('#box');
await attempt('childVisible', async () => { const h = await box.waitForSelector('.b'); return h && await h.textContent(); });
await attempt('childLate', async () => { const h = await box.waitForSelector('p.late', { state: 'attached' }); return h && await h.textContent(); });
await attempt('childHidden', async () => box.waitForSelector('.nope', { state: 'hidden' }));
await attempt('childTimeout', async () => box.waitForSelector('.nope', { timeout: 200 }));
await page.goto(base + '/');
await attempt('enabled', async () => { const b = await page.$('#btn'); await b.waitForElementState('enabled'); return b.isEnabled(); });
await attempt('editable', async () => { const b = await page.$('#ro'); await b.waitForElementState('editable'); return b.isEditable(); });
await attempt('visible', async () => { const b = await page.$('.b'); await b.waitForElementState('visible'); return b.isVisible(); });
await attempt('stable', async () => { const b = await page.$('#btn'); await b.waitForElementState('stable'); return 'stable'; });
await attempt('disabledTimeout', async () => { const b = await page.$('#btn'); await b.waitForElementState('disabled', { timeout: 200 }); return 'no'; });
await attempt('badState', async () => { const b = await page.$('#btn'); await b.waitForElementState('shiny'); return 'no'; });
await attempt('detached', async () => { const b = await page.$('#gone'); await page.evaluate(() => document.getElementById('gone').remove()); await b.waitForElementState('visible', { timeout: 500 }); return 'no'; });
await attempt('hiddenDetached', async () => { const b = await page.$('#box'); await page.evaluate(() => document.getElementById('box').remove()); await b.waitForElementState('hidden', { timeout: 500 }); return 'hidden'; });
await attempt('ownerFrame', async () => { const b = await page.$('#btn'); return (await b.ownerFrame()) === page.mainFrame(); });
return out;
"#;

/// Playwright 1.65.1's answers to `STATES` on `STATE_PAGES`.
const STATES_PLAYWRIGHT: &str = r#"{"childVisible": "two", "childLate": "late", "childHidden": null, "childTimeout": "error: elementHandle.waitForSelector: Timeout 200ms exceeded.", "enabled": true, "editable": true, "visible": true, "stable": "stable", "disabledTimeout": "error: elementHandle.waitForElementState: Timeout 200ms exceeded.", "badState": "error: elementHandle.waitForElementState: state: expected one of (visible|hidden|stable|enabled|disabled|editable)", "detached": "error: elementHandle.waitForElementState: Element is not attached to the DOM", "hiddenDetached": "hidden", "ownerFrame": true}"#;

/// A handle's own waits: `waitForSelector` inside it (visible, attached, hidden, a time-out in
/// Playwright's words) and `waitForElementState` for each of Playwright's six states, a
/// detached element, a state that does not exist; `ownerFrame`.
#[test]
fn handles_wait_for_their_elements_states_as_playwrights() {
    support::browser_available();
    let base = support::serve(STATE_PAGES);
    let playwright = serde_json::from_str(STATES_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("handle-states", &base, STATES, &playwright, &[]);
}
