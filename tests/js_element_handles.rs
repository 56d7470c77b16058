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
