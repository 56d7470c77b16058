//! Playwright methods built on the existing bindings (locator.focus/blur/dispatchEvent/
//! boundingBox/scrollIntoViewIfNeeded, page.$eval/$$eval/waitForFunction, expect(fn).toPass)
//! in real Chromium: what they do, and that each fails where Playwright's fails.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGE: &str = r#"<!doctype html><title>Extras</title>
<input id="name"><button id="go" onclick="this.dataset.clicked = event.constructor.name">Go</button>
<div id="box" style="position:absolute;left:40px;top:70px;width:120px;height:30px">box</div>
<div id="gone" style="display:none">gone</div>
<div id="half" style="position:absolute;left:300px;top:670px;width:100px;height:100px">half</div>
<div id="far" style="position:absolute;left:0;top:3000px">far</div>
<ul><li>a</li><li>b</li><li>c</li></ul>
<script>setTimeout(() => { window.ready = 'yes' }, 200)</script>"#;

const PAGES: &[(&str, &str)] = &[("/extras", PAGE)];

const STEPS: &str = r##"import { Given, Then } from '@cucumber/cucumber'
import { expect, selectors } from '@playwright/test'

Given('the extras page', async function (this: any) {
  await this.page.goto('/extras')
})

Then('the extra methods work', async function (this: any) {
  const page = this.page
  // Before anything scrolls: #half shows its upper half in the 1280x720 viewport.
  await expect(page.locator('#box')).toBeInViewport()
  await expect(page.locator('#half')).toBeInViewport({ ratio: 0.5 })
  await expect(page.locator('#far')).not.toBeInViewport()
  await expect(page.locator('#missing')).not.toBeInViewport({ timeout: 300 })
  await page.locator('#name').focus()
  expect(await page.evaluate(() => document.activeElement && document.activeElement.id)).toBe('name')
  await page.locator('#name').blur()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  await page.locator('#go').dispatchEvent('click')
  expect(await page.locator('#go').getAttribute('data-clicked')).toBe('MouseEvent')
  expect(await page.locator('#box').boundingBox()).toEqual({ x: 40, y: 70, width: 120, height: 30 })
  expect(await page.locator('#gone').boundingBox()).toBeNull()
  await page.locator('#box').scrollIntoViewIfNeeded()
  expect(await page.$eval('#box', (el: any, suffix: string) => el.textContent + suffix, '!')).toBe('box!')
  expect(await page.$$eval('li', (els: any[]) => els.map((e) => e.textContent).join(''))).toBe('abc')
  const ready = await page.waitForFunction(() => (window as any).ready)
  expect(await ready.jsonValue()).toBe('yes')
  const all = await page.waitForFunction('[...document.querySelectorAll("li")].every((li) => li.textContent.length === 1)')
  expect(await all.jsonValue()).toBe(true)
  // A string is an expression, not called: Playwright answers the function, which comes back undefined.
  expect(await page.$eval('#box', 'el => el.id')).toBeUndefined()
  expect(await page.$eval('#box', 'document.title')).toBe(await page.title())
  let tries = 0
  await expect(async () => {
    tries++
    expect(tries).toBeGreaterThan(2)
  }).toPass({ intervals: [10] })
  expect(tries).toBe(3)
  const matches = (q: string) => page.evaluate(`matchMedia(${JSON.stringify(q)}).matches`)
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(await matches('(prefers-color-scheme: dark)')).toBe(true)
  await page.emulateMedia({ media: 'print' })
  expect([await matches('print'), await matches('(prefers-color-scheme: dark)')]).toEqual([true, true])
  await page.emulateMedia({ colorScheme: null, media: null })
  expect([await matches('print'), await matches('(prefers-color-scheme: dark)')]).toEqual([false, false])
  await page.keyboard.press('Tab')
  // As Playwright 1.65 (recorded with it): a locator keeps the test id attribute it was made with.
  await page.setContent('<button data-testid="save">old</button><button data-test="save">new</button>')
  const before = page.getByTestId('save')
  selectors.setTestIdAttribute('data-test')
  const after = page.getByTestId('save')
  expect([await before.textContent(), await after.textContent()]).toEqual(['old', 'new'])
  selectors.setTestIdAttribute('data-testid')
  const pdf = await page.pdf({ format: 'A4', path: 'out/page.pdf', margin: { top: '1cm' }, preferCSSPageSize: false })
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.toString('latin1')).toMatch(/MediaBox \[0 0 595\.\d+ 841\.\d+\]|MediaBox \[0 0 595\.\d+ 842\.\d+\]/)
  await expect(page.pdf({ format: 'B7' })).rejects.toThrow(/unknown paper format B7/)
  // selectText, as Playwright 1.65 (recorded with it): the text of an element, the value of a field.
  await page.setContent('<p id="p">Hello <b>bold</b> world</p><input id="i" value="typed"><p id="h" style="display:none">x</p><p>a</p>')
  await page.locator('#p').selectText()
  expect(await page.evaluate(() => [getSelection()!.toString(), document.activeElement!.localName])).toEqual(['Hello bold world', 'body'])
  await page.locator('#i').selectText()
  expect(await page.evaluate(() => { const i = document.querySelector('input')!; return [i.selectionStart, i.selectionEnd, document.activeElement!.id] })).toEqual([0, 5, 'i'])
  // waitFor's failures are Playwright's: a TimeoutError, and a strict mode violation at once.
  const failure = async (p: Promise<unknown>) => p.then(() => 'passed', (e: any) => [e.name, e.message.split('\n')[0]])
  expect(await failure(page.locator('#h').waitFor({ timeout: 300 }))).toEqual(['TimeoutError', 'locator.waitFor: Timeout 300ms exceeded.'])
  expect(await failure(page.locator('#h').selectText({ timeout: 300 }))).toEqual(['TimeoutError', 'locator.selectText: Timeout 300ms exceeded.'])
  expect(await failure(page.locator('p').waitFor({ timeout: 300 }))).toEqual(['Error', "locator.waitFor: strict mode violation: locator('p') resolved to 3 elements:"])
  // page.addInitScript runs in the page's next documents; page.focus is the locator's.
  await page.addInitScript((v: number) => { (window as any).__early = v }, 7)
  await page.goto('/extras')
  expect(await page.evaluate(() => (window as any).__early)).toBe(7)
  await page.focus('#name')
  expect(await page.evaluate(() => document.activeElement!.id)).toBe('name')
  // What ferridriver lacks says so by name.
  expect(() => (page as any).pickLocator()).toThrow('page.pickLocator() is not supported by ferridriver yet')
  expect(() => page.locator('#name').highlight()).toThrow('locator.highlight() is not supported by ferridriver yet')
  expect(() => selectors.setTestIdAttribute('')).toThrow(/pass an attribute name/)
})

Then('they fail where Playwright fails', async function (this: any) {
  const page = this.page
  // As Playwright 1.65 (recorded with it): the received ratio is in the message.
  await expect(expect(page.locator('#half')).toBeInViewport({ ratio: 0.6, timeout: 300 })).rejects.toThrow(/Expected: in viewport\nReceived: viewport ratio 0.5/)
  await expect(expect(page.locator('#far')).toBeInViewport({ timeout: 300 })).rejects.toThrow(/Received: viewport ratio 0\n/)
  await expect(expect(page.locator('#gone')).toBeInViewport({ timeout: 300 })).rejects.toThrow(/viewport ratio 0/)
  await expect((async () => expect(page.locator('#box')).toBeInViewport({ ratio: 2 }))()).rejects.toThrow(/ratio must be a number from 0 to 1/)
  await expect(page.locator('#missing').boundingBox({ timeout: 300 })).rejects.toThrow()
  await expect(page.locator('#missing').focus({ timeout: 300 })).rejects.toThrow()
  await expect(page.locator('li').dispatchEvent('click', {}, { timeout: 300 })).rejects.toThrow(/strict mode/i)
  await expect(page.$eval('#missing', (el: any) => el.id)).rejects.toThrow(/Failed to find element matching selector "#missing"/)
  await expect(page.waitForFunction(() => false, undefined, { timeout: 200 })).rejects.toThrow(/Timeout 200ms exceeded/)
  await expect(expect(() => { throw new Error('never') }).toPass({ timeout: 200, intervals: [20] })).rejects.toThrow(/never/)
  await expect(page.emulateMedia({ media: 'tv' })).rejects.toThrow(/media must be one of screen, print/)
  this.context.setDefaultTimeout(400)
  await expect(page.locator('#missing').click()).rejects.toThrow(/400\s?ms/)
  page.setDefaultTimeout(300)
  const started = Date.now()
  await expect(page.locator('#missing').click()).rejects.toThrow(/300\s?ms/)
  await expect(page.waitForEvent('download')).rejects.toThrow(/Timeout 300ms exceeded/)
  await expect(page.waitForRequest('**/never')).rejects.toThrow(/Timeout 300ms exceeded/)
  expect(Date.now() - started).toBeLessThan(3000)
})
"##;

const FEATURE: &str = "Feature: extras\n  Scenario: they work\n    Given the extras page\n    Then the extra methods work\n\n  Scenario: they fail\n    Given the extras page\n    Then they fail where Playwright fails\n";

#[test]
fn the_extra_methods_work_and_fail_where_playwright_fails() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "page-extras",
        &[("steps/extras.ts", STEPS), ("extras.feature", FEATURE)],
        "extras.feature",
        &base,
        2,
    );
}

/// `[browser] testIdAttribute` is what `getByTestId` matches from the start, as Playwright's
/// `testIdAttribute` option; a value that is not a name is a config error.
#[test]
fn the_configured_test_id_attribute_is_what_get_by_test_id_matches() {
    if !support::browser_available() {
        return;
    }
    let steps = "import { Then } from '@cucumber/cucumber'\nimport { expect } from '@playwright/test'\n\
        Then('the test id is data-test', async function (this: any) {\n  \
        await this.page.setContent('<button data-testid=\"save\">old</button><button data-test=\"save\">new</button>')\n  \
        expect(await this.page.getByTestId('save').textContent()).toBe('new')\n})\n";
    let feature = "Feature: T\n  Scenario: S\n    Then the test id is data-test\n";
    let config = "[browser]\ntestIdAttribute = \"data-test\"\n";
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "test-id-attribute",
        &[("ferridriver.toml", config), ("steps/t.ts", steps), ("t.feature", feature)],
        "t.feature",
        &base,
        1,
    );
    let dir = js_suite::project_dir("test-id-attribute-bad");
    js_suite::write_files(&dir, &[("ferridriver.toml", "[browser]\ntestIdAttribute = 3\n"), ("t.feature", feature)]);
    let (out, text) = js_suite::run_feature(&dir, "t.feature", &base);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("[browser] testIdAttribute must be an attribute name"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

const NEVER_SETTLES: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
await attempt('pageNeverSettles', async () => { await page.waitForFunction(() => new Promise(() => {}), undefined, { timeout: 300 }); return 'resolved'; });
await attempt('frameNeverSettles', async () => { await page.frame({ name: 'kid' }).waitForFunction(() => new Promise(() => {}), undefined, { timeout: 300 }); return 'resolved'; });
await attempt('slowTruthy', async () => { const h = await page.waitForFunction(() => new Promise((r) => setTimeout(() => r('late'), 100)), undefined, { timeout: 2000 }); return h.jsonValue(); });
return out;
"#;

/// A `waitForFunction` whose function answers a promise that never settles ends at its
/// time-out (it waited for ever), in the page and in a child frame; a slow one still counts.
/// Playwright 1.65.1's answers.
#[test]
fn wait_for_function_ends_at_its_time_out_when_the_page_never_answers() {
    support::browser_available();
    let base = support::serve(&[
        (
            "/",
            r#"<!doctype html><title>Expr</title><p id=one>para</p><p id=two>two</p><iframe name=kid src=/kid></iframe>"#,
        ),
        ("/kid", r#"<!doctype html><title>Kid</title><b>bold</b>"#),
    ]);
    let playwright = serde_json::json!({
        "pageNeverSettles": "error: page.waitForFunction: Timeout 300ms exceeded.",
        "frameNeverSettles": "error: frame.waitForFunction: Timeout 300ms exceeded.",
        "slowTruthy": "late"
    });
    js_suite::assert_as_playwright("never-settles", &base, NEVER_SETTLES, &playwright, &[]);
}
