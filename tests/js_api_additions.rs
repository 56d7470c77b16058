//! Small Playwright 1.65 APIs suites call, compared with Playwright's answers on the same page:
//! `page.touchscreen.tap(x, y)` (refused without touch, in Playwright's words; the touch events
//! and the click Chromium makes of them with it), `locator.visible()`, and a launched
//! browser's `disconnected` event when the suite closes it.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"import { chromium } from 'playwright';
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const html = '<div id=t style="width:200px;height:200px;background:#eee" ontouchstart="window.log.push(\'start:\' + event.touches[0].clientX + \',\' + event.touches[0].clientY)" ontouchend="window.log.push(\'end\')" onclick="window.log.push(\'click\')"></div><script>window.log=[]</script>';
await attempt('noTouch', async () => { await page.setContent(html); await page.touchscreen.tap(50, 60); return page.evaluate(() => window.log); });
await attempt('touch', async () => { const c = await page.context().browser().newContext({ hasTouch: true }); const p = await c.newPage(); await p.setContent(html); await p.touchscreen.tap(50, 60); await p.waitForTimeout(100); return p.evaluate(() => window.log); });
await attempt('visible', async () => { await page.setContent('<button style="display:none">a</button><button>b</button>'); return page.locator('button').visible().textContent(); });
await attempt('visibleCount', async () => page.locator('button').visible().count());
await attempt('visibleString', async () => String(page.locator('button').visible()));
await attempt('browserEvents', async () => { const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] }); const seen = []; b.on('disconnected', () => seen.push('disconnected')); await b.close(); return [seen, b.isConnected()]; });
export default out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"noTouch":"error: touchscreen.tap: hasTouch must be enabled on the browser context before using the touchscreen.","touch":["start:50,60","end","click"],"visible":"b","visibleCount":1,"visibleString":"locator('button').visible()","browserEvents":[["disconnected"],false]}"#;

#[test]
fn touchscreen_visible_and_browser_events_as_playwrights() {
    support::browser_available();
    let base = support::serve(&[("/", "<title>home</title>")]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("api-additions", &base, SCRIPT, &playwright, &[]);
}
