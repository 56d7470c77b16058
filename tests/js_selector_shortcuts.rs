//! The page's selector shortcuts (`page.click(selector)`, `page.fill`, `page.textContent`…, a
//! frame's too) act on the selector's first match as Playwright 1.65.1's do, where a locator
//! wants exactly one; `strict: true`, or a context made with `strictSelectors: true`, wants one
//! there too (and `strict: false` lets such a context take the first). Before, every shortcut
//! failed with a strict-mode error where Playwright's passes. Recorded with a probe on the same
//! pages.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
await attempt('click', async () => { await page.click('button', { timeout: 1000 }); return page.evaluate(() => window.clicked); });
await attempt('fill', async () => { await page.fill('input', 'x', { timeout: 1000 }); return page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.value).join(',')); });
await attempt('textContent', () => page.textContent('li', { timeout: 1000 }));
await attempt('innerText', () => page.innerText('li', { timeout: 1000 }));
await attempt('getAttribute', () => page.getAttribute('li', 'data-n', { timeout: 1000 }));
await attempt('isVisible', () => page.isVisible('li'));
await attempt('isEnabled', () => page.isEnabled('input', { timeout: 1000 }));
await attempt('inputValue', () => page.inputValue('input', { timeout: 1000 }));
await attempt('check', async () => { await page.check('[type=checkbox]', { timeout: 1000 }); return page.evaluate(() => [...document.querySelectorAll('[type=checkbox]')].map((i) => i.checked).join(',')); });
await attempt('hover', async () => { await page.hover('button', { timeout: 1000 }); return 'ok'; });
await attempt('focus', async () => { await page.focus('input', { timeout: 1000 }); return page.evaluate(() => document.activeElement.id); });
await attempt('press', async () => { await page.press('input', 'a', { timeout: 1000 }); return page.evaluate(() => document.activeElement.id); });
await attempt('dollarEval', () => page.$eval('li', (e) => e.textContent));
await attempt('waitForSelector', async () => { const h = await page.waitForSelector('li', { timeout: 1000 }); return h.textContent(); });
await attempt('dispatchEvent', async () => { await page.dispatchEvent('button', 'click', undefined, { timeout: 1000 }); return page.evaluate(() => window.clicked); });
await attempt('selectOption', async () => { return page.selectOption('select', 'b', { timeout: 1000 }); });
await attempt('strictOption', async () => { await page.click('button', { strict: true, timeout: 1000 }); return 'ok'; });
await attempt('frameClick', async () => { const f = page.frame({ name: 'kid' }); await f.click('b', { timeout: 1000 }); return f.evaluate(() => window.hit); });
await attempt('frameText', () => page.frame({ name: 'kid' }).textContent('b', { timeout: 1000 }));
await attempt('missingTimeout', () => page.click('#nothing', { timeout: 300 }).then(() => 'clicked'));
const c2 = await page.context().browser().newContext({ strictSelectors: true });
const p2 = await c2.newPage();
await p2.goto(args[0] + '/');
await attempt('ctxStrictClick', async () => { await p2.click('button', { timeout: 1000 }); return 'ok'; });
await attempt('ctxStrictText', async () => p2.textContent('li', { timeout: 1000 }));
await attempt('ctxStrictNonStrict', async () => { await p2.click('button', { strict: false, timeout: 1000 }); return p2.evaluate(() => window.clicked); });
await attempt('ctxStrictLocatorFirst', async () => { await p2.locator('button').first().click({ timeout: 1000 }); return 'ok'; });
await c2.close();
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"click": "one", "fill": "x,,on,on", "textContent": "first", "innerText": "first", "getAttribute": "1", "isVisible": true, "isEnabled": true, "inputValue": "x", "check": "true,false", "hover": "ok", "focus": "a", "press": "a", "dollarEval": "first", "waitForSelector": "first", "dispatchEvent": "one", "selectOption": ["b"], "strictOption": "error: page.click: Error: strict mode violation: locator('button') resolved to 2 elements:", "frameClick": "b1", "frameText": "b1", "missingTimeout": "error: page.click: Timeout 300ms exceeded.", "ctxStrictClick": "error: page.click: Error: strict mode violation: locator('button') resolved to 2 elements:", "ctxStrictText": "error: page.textContent: Error: strict mode violation: locator('li') resolved to 2 elements:", "ctxStrictNonStrict": "one", "ctxStrictLocatorFirst": "ok"}"#;

const PAGE: &str = r#"<!doctype html><title>S</title><button onclick="window.clicked='one'">One</button><button onclick="window.clicked='two'">Two</button><input id=a><input id=b><ul><li data-n=1>first</li><li data-n=2>second</li></ul><input type=checkbox id=c1><input type=checkbox id=c2><select><option>a</option><option>b</option></select><select><option>a</option><option>b</option></select><iframe name=kid src=/kid></iframe>"#;
const FRAME: &str = r#"<!doctype html><b onclick="window.hit='b1'">b1</b><b onclick="window.hit='b2'">b2</b>"#;

#[test]
fn selector_shortcuts_take_the_first_match_unless_strict() {
    support::browser_available();
    let base = support::serve(&[("/", PAGE), ("/kid", FRAME)]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("selector-shortcuts", &base, SCRIPT, &playwright, &[]);
}

/// `[browser] strictSelectors = true` in the config makes the scenario page's shortcuts want
/// one match, as Playwright's `strictSelectors` option does; `strict: false` still takes the
/// first.
#[test]
fn the_config_files_strict_selectors_reach_the_scenario_page() {
    support::browser_available();
    let base = support::serve(&[(
        "/",
        "<!doctype html><button onclick=\"window.hit='a'\">a</button><button onclick=\"window.hit='b'\">b</button>",
    )]);
    let steps = r#"import { Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

Then('the shortcuts are strict', async function (this: any) {
  await this.page.goto(this.parameters.baseUrl + '/')
  await expect(this.page.click('button', { timeout: 500 })).rejects.toThrow(/strict mode violation: locator\('button'\) resolved to 2 elements/)
  await this.page.click('button', { strict: false })
  expect(await this.page.evaluate(() => (window as any).hit)).toBe('a')
})
"#;
    let files = [
        ("steps/strict.ts", steps),
        ("strict.feature", "Feature: strict\n  Scenario: shortcuts\n    Then the shortcuts are strict\n"),
        ("ferridriver.toml", "[test]\nsteps = [\"steps/*.ts\"]\n\n[browser]\nstrictSelectors = true\n"),
    ];
    js_suite::assert_passes("strict-config", &files, "strict.feature", &base, 1);
}
